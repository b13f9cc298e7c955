/** The page object of the Console: a command line, a JSON body, the response and what can be done with it. */
import { expect } from '@playwright/test';
import type { Locator } from 'playwright-core';
import { AreaPage } from './area-page.js';

/** The forms the response's request can be copied as. */
export type CopyForm = 'curl' | 'burrow api';

/** The Console area. */
export class ConsolePage extends AreaPage {
  readonly id = 'console' as const;

  /** The command line (`api get /pullzone`). */
  get command(): Locator {
    return this.page.getByLabel('Command', { exact: true });
  }

  get sendButton(): Locator {
    return this.page.getByRole('button', { name: 'Send' });
  }

  get cancelButton(): Locator {
    return this.page.getByRole('button', { name: 'Cancel' });
  }

  /** The request body's editor (CodeMirror). */
  get bodyEditor(): Locator {
    return this.page.getByTestId('body-editor');
  }

  /** The whole response panel. */
  get response(): Locator {
    return this.page.getByTestId('response');
  }

  /** The status line, e.g. "200 OK". */
  get status(): Locator {
    return this.page.getByTestId('response-status');
  }

  /** A JSON body, shown as a tree. */
  get jsonTree(): Locator {
    return this.page.getByTestId('json-tree');
  }

  /** A text body, with control characters shown escaped. */
  get bodyText(): Locator {
    return this.page.getByTestId('body-text');
  }

  /** The request and response details `--verbose` shows. */
  get verbose(): Locator {
    return this.page.getByTestId('verbose');
  }

  get rawBody(): Locator {
    return this.page.getByTestId('raw-body');
  }

  get historySearch(): Locator {
    return this.page.getByLabel('Search history');
  }

  /** An entry of the history list, by its command. */
  historyEntry(line: string): Locator {
    return this.page.locator('.history-list').getByRole('button', { name: line });
  }

  /** An alert (a refused line, a failed or cancelled request) containing the text. */
  alert(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  protected override async settled(): Promise<void> {
    await expect(this.command).toBeVisible();
  }

  /** Types a line into the command line and sends it with Enter (the response is not awaited). */
  async send(line: string): Promise<void> {
    await this.command.fill(line);
    await this.command.press('Enter');
  }

  /** Sends a line and waits for a response whose status matches, e.g. `/^200/`. */
  async sendExpecting(line: string, status: RegExp): Promise<void> {
    await this.send(line);
    await expect(this.status).toHaveText(status);
  }

  /** Replaces the request body in the editor. */
  async setBody(json: string): Promise<void> {
    await this.bodyEditor.locator('.cm-content').fill(json);
  }

  /** Loads the body from a file, answering the open dialog with the path. */
  async loadBodyFrom(path: string): Promise<void> {
    this.app.shell.dialogs.openAnswers.push([path]);
    await this.page.getByRole('button', { name: 'Load from file…' }).click();
  }

  /** Saves the response to a file, answering the save dialog with the path, and waits for the confirmation. */
  async saveResponseTo(path: string): Promise<void> {
    this.app.shell.dialogs.saveAnswers.push(path);
    await this.page.getByRole('button', { name: 'Save to file…' }).click();
    await expect(this.page.getByText(/^Saved \d/)).toBeVisible();
  }

  /** Cancels the request in flight, with the Cancel button or with Escape in the command line. */
  async cancel(via: 'button' | 'keyboard' = 'button'): Promise<void> {
    await expect(this.cancelButton).toBeVisible();
    if (via === 'button') await this.cancelButton.click();
    else await this.command.press('Escape');
    await expect(this.alert('Cancelled')).toBeVisible();
  }

  /** Copies the request of the shown response in a form, and returns what reached the clipboard. */
  async copyAs(form: CopyForm): Promise<string> {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await this.page.getByRole('button', { name: `Copy as ${form}` }).click();
    return this.page.evaluate(() => navigator.clipboard.readText());
  }
}
