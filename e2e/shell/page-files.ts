/**
 * Turns the page's File objects into the paths on disk behind them, without reading a byte: Chromium's
 * DevTools protocol knows the path of every File that came from the file manager or a file chooser.
 */
import type { CDPSession, Page } from 'playwright-core';

/** The page-side lookup the bridge defines for files handed to `files.drop` (see bridge-init.ts). */
export const DROPPED_FILE_LOOKUP = '__burrowDroppedFile';

/** What a file chooser may be limited to, as the core's Dialogs port describes it. */
export interface ChooserOptions {
  readonly multiple: boolean;
  /** Extensions without the dot; `*` (or none) means any file. */
  readonly extensions?: readonly string[];
}

const DROP_ID = /^drop-\d+$/;

/** Resolves page Files to paths through one DevTools session on the app's page. */
export class PageFiles {
  readonly #page: Page;
  #session: Promise<CDPSession> | undefined;

  constructor(page: Page) {
    this.#page = page;
  }

  /** The path of the File the bridge holds under `id`, or '' when it has none (built in the page, not from disk). */
  async droppedPath(id: string): Promise<string> {
    // The id is interpolated into an expression: only the bridge's own ids are accepted.
    if (!DROP_ID.test(id)) throw new Error('Not a dropped file id');
    const session = await this.#cdp();
    const { result } = await session.send('Runtime.evaluate', { expression: `globalThis.${DROPPED_FILE_LOOKUP}?.(${JSON.stringify(id)})` });
    if (!result.objectId || result.className !== 'File') throw new Error('The dropped file is no longer in the page');
    return this.#pathOf(session, result.objectId);
  }

  /**
   * Opens the page's file chooser and resolves the chosen files' paths ([] when cancelled). Headed, with nobody
   * intercepting it, Chromium shows the OS dialog; a test can answer it through Playwright's 'filechooser' event.
   */
  async choose(options: ChooserOptions): Promise<string[]> {
    const session = await this.#cdp();
    const accept = (options.extensions ?? []).filter((e) => e !== '*').map((e) => `.${e}`).join(',');
    // The input lives outside the app's #root and only for this one choice, so the renderer never sees it.
    const { result: input } = await session.send('Runtime.evaluate', {
      expression: `(() => {
        const input = document.createElement('input');
        input.type = 'file';
        input.multiple = ${options.multiple};
        input.accept = ${JSON.stringify(accept)};
        input.hidden = true;
        input.setAttribute('data-burrow-shell-chooser', '');
        document.documentElement.append(input);
        return input;
      })()`,
    });
    if (!input.objectId) return [];
    const inputId = input.objectId;
    try {
      // A file chooser opens only on a user gesture; the protocol can mark this click as one.
      const { result: count } = await session.send('Runtime.callFunctionOn', {
        objectId: inputId,
        functionDeclaration: `function () {
          return new Promise((resolve) => {
            this.addEventListener('change', () => resolve(this.files.length), { once: true });
            this.addEventListener('cancel', () => resolve(0), { once: true });
            this.click();
          });
        }`,
        awaitPromise: true,
        returnByValue: true,
        userGesture: true,
      });
      const n = typeof count.value === 'number' ? count.value : 0;
      const paths: string[] = [];
      for (let i = 0; i < n; i++) {
        const { result: file } = await session.send('Runtime.callFunctionOn', {
          objectId: inputId,
          functionDeclaration: 'function (i) { return this.files[i]; }',
          arguments: [{ value: i }],
        });
        const path = file.objectId ? await this.#pathOf(session, file.objectId) : '';
        if (path) paths.push(path);
      }
      return paths;
    } catch {
      // The page reloaded or closed while the chooser was open: nothing was chosen.
      return [];
    } finally {
      await session
        .send('Runtime.callFunctionOn', { objectId: inputId, functionDeclaration: 'function () { this.remove(); }' })
        .then(() => session.send('Runtime.releaseObject', { objectId: inputId }))
        .catch(() => undefined);
    }
  }

  async #pathOf(session: CDPSession, objectId: string): Promise<string> {
    try {
      return (await session.send('DOM.getFileInfo', { objectId })).path;
    } finally {
      await session.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
    }
  }

  // One session for the page's life: it follows the page across reloads.
  #cdp(): Promise<CDPSession> {
    this.#session ??= this.#page.context().newCDPSession(this.#page);
    return this.#session;
  }
}
