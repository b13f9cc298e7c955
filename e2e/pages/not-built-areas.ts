/**
 * Apps and Logs have no screens yet, only a "not built" notice: their page objects open the area and find the
 * notice, nothing more, until the screens land. Videos has its screen (./videos.ts); it is exported from here too
 * so the app shell's page object finds every area in one place.
 */
import { expect } from '@playwright/test';
import type { Locator } from 'playwright-core';
import { AreaPage } from './area-page.js';

abstract class NotBuiltArea extends AreaPage {
  /** The notice the area shows until its feature lands. */
  get notBuilt(): Locator {
    return this.content.getByTestId('not-built');
  }

  protected override async settled(): Promise<void> {
    await expect(this.notBuilt).toBeVisible();
  }
}

/** The Apps area (Magic Containers). */
export class AppsPage extends NotBuiltArea {
  readonly id = 'apps' as const;
}

/** The Logs area (CDN logging). */
export class LogsPage extends NotBuiltArea {
  readonly id = 'logs' as const;
}

export { VideosPage } from './videos.js';
