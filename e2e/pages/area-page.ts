/** What every area's page object shares: how to open it and what shows it is open. */
import { expect } from '@playwright/test';
import type { Locator, Page } from 'playwright-core';
import type { AppShell, AreaId, AreaRoute } from './app-shell.js';

/** An area of the app; subclasses add what their screen does. */
export abstract class AreaPage {
  abstract readonly id: AreaId;
  readonly page: Page;

  constructor(readonly app: AppShell) {
    this.page = app.page;
  }

  /** The area's content below its heading. */
  get content(): Locator {
    return this.page.getByTestId(`area-${this.id}`);
  }

  /** Goes to the area (by the sidebar unless told otherwise) and waits until its screen is usable. */
  async open(via: AreaRoute = 'sidebar'): Promise<void> {
    await this.app.goTo(this.id, via);
    await expect(this.content).toBeVisible();
    await this.settled();
  }

  /** Waits for what the screen shows once its data is in; the heading alone is enough by default. */
  protected async settled(): Promise<void> {}
}
