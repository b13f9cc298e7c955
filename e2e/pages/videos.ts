/**
 * The page object of the Videos area: the library and collection pickers, drops and "Choose files…", the queue's
 * rows and their controls, the toolbar, the tray in the sidebar and the toasts adding files raises.
 */
import { expect } from '@playwright/test';
import type { Locator } from 'playwright-core';
import { AreaPage } from './area-page.js';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The Videos area (the upload queue). */
export class VideosPage extends AreaPage {
  readonly id = 'videos' as const;

  get library(): Locator {
    return this.content.getByRole('combobox', { name: 'Library' });
  }

  get collection(): Locator {
    return this.content.getByRole('combobox', { name: /^Collection/ });
  }

  /** The header's "Choose files…" (the empty queue shows a second one). */
  get chooseFiles(): Locator {
    return this.content.getByRole('button', { name: 'Choose files…' }).first();
  }

  /** The drop target an empty queue shows. */
  get emptyQueue(): Locator {
    return this.content.getByTestId('queue-empty');
  }

  get queue(): Locator {
    return this.content.getByRole('list', { name: 'Upload queue' });
  }

  /** The rows drawn now (the list is virtualized: only those in view). */
  get rows(): Locator {
    return this.queue.getByRole('listitem');
  }

  /** The row of the job with this title. */
  row(title: string): Locator {
    return this.queue.getByRole('listitem', { name: new RegExp(`^${escapeRegExp(title)},`) });
  }

  /** A row's state in words ("Uploading", "Ready", "Failed"…). */
  state(title: string): Locator {
    return this.row(title).getByTestId('job-state');
  }

  progress(title: string): Locator {
    return this.row(title).getByRole('progressbar');
  }

  titleField(title: string): Locator {
    return this.row(title).getByRole('textbox', { name: /^Title of / });
  }

  /** Renames a row inline and waits until the row carries the new title. */
  async rename(title: string, next: string): Promise<void> {
    const field = this.titleField(title);
    await field.fill(next);
    await field.press('Enter');
    await expect(this.row(next)).toBeVisible();
  }

  /** Presses a row's control: Pause, Resume, Cancel, Retry, or "Move … to the top". */
  async rowAction(title: string, action: 'Pause' | 'Resume' | 'Cancel' | 'Retry'): Promise<void> {
    await this.row(title).getByRole('button', { name: `${action} ${title}`, exact: true }).click();
  }

  /** The question a pause of a plain upload asks first ("Pause and start over?"). */
  get pauseQuestion(): Locator {
    return this.page.getByRole('dialog', { name: 'Pause and start over?' });
  }

  /** Pauses a plain upload sending now, answering the question it asks first with "Pause anyway". */
  async pausePlain(title: string): Promise<void> {
    await this.rowAction(title, 'Pause');
    await this.pauseQuestion.getByRole('button', { name: 'Pause anyway' }).click();
    await expect(this.pauseQuestion).toHaveCount(0);
  }

  /** The titles of the rows drawn now, top to bottom. */
  async titles(): Promise<string[]> {
    return this.rows.getByTestId('job-title').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
  }

  get concurrency(): Locator {
    return this.content.getByRole('combobox', { name: 'At once' });
  }

  toolbarButton(name: 'Pause all' | 'Resume all' | 'Clear completed' | RegExp): Locator {
    return this.content.getByRole('group', { name: 'Whole queue' }).getByRole('button', { name });
  }

  /** Cancels every open row, answering the question it asks first. */
  async cancelAll(): Promise<void> {
    await this.toolbarButton(/^Cancel all$/).click();
    await this.page.getByRole('dialog').getByRole('button', { name: /^Cancel uploads?$/ }).click();
    await expect(this.page.getByRole('dialog')).toHaveCount(0);
  }

  /** The "Uploaded before" question. */
  get uploadedBefore(): Locator {
    return this.page.getByRole('dialog', { name: 'Uploaded before' });
  }

  /** What the polite live region says now. */
  get announcer(): Locator {
    return this.content.getByTestId('queue-announcer');
  }

  /** The tray in the sidebar (absent while the queue is empty). */
  get tray(): Locator {
    return this.page.getByTestId('uploads-tray');
  }

  /** A toast with this text. */
  toast(text: string | RegExp): Locator {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text });
  }

  /**
   * Drops files and folders from disk on the middle of the area, as the file manager does: Chromium turns each
   * path into a File (a folder into a folder entry), never reading it.
   */
  async drop(paths: readonly string[]): Promise<void> {
    const box = (await this.content.boundingBox())!;
    const at = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + Math.min(box.height / 2, 200)) };
    const cdp = await this.page.context().newCDPSession(this.page);
    try {
      const data = { items: [], files: [...paths], dragOperationsMask: 1 };
      for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
    } finally {
      await cdp.detach();
    }
  }

  /** Waits until the pickers and the queue (rows, or the empty drop target) are drawn. */
  protected override async settled(): Promise<void> {
    await expect(this.library).toBeVisible();
    await expect(this.queue.or(this.emptyQueue)).toBeVisible();
  }
}
