/** Real files for the page, as the file manager hands them over: Files backed by their paths on disk, never read. */
import type { JSHandle, Page } from 'playwright-core';

/**
 * The page's Files for these paths. A hidden input outside the app takes them the way a file chooser would
 * (Playwright passes a local browser the paths, not the bytes); the input is gone again before this returns.
 */
export async function pageFilesFor(page: Page, paths: readonly string[]): Promise<JSHandle<File[]>> {
  const input = await page.evaluateHandle(() => {
    const el = document.createElement('input');
    el.type = 'file';
    el.multiple = true;
    el.hidden = true;
    document.documentElement.append(el);
    return el;
  });
  try {
    await input.asElement()!.setInputFiles([...paths]);
    return await input.evaluateHandle((el) => [...(el as HTMLInputElement).files!]);
  } finally {
    await input.evaluate((el) => el.remove());
    await input.dispose();
  }
}

/** Drops files from disk on an element of the page (the whole window by default), with the drag events a real drop sends. */
export async function dropFiles(page: Page, paths: readonly string[], selector = 'body'): Promise<void> {
  const files = await pageFilesFor(page, paths);
  try {
    await page.locator(selector).evaluate((target, list) => {
      const dataTransfer = new DataTransfer();
      for (const f of list) dataTransfer.items.add(f);
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
      }
    }, files);
  } finally {
    await files.dispose();
  }
}
