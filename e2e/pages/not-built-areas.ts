/**
 * Apps has no screen yet, only a "not built" notice: its page object opens the area and finds the notice, nothing
 * more, until the screen lands. Videos and Logs have their screens (./videos.ts, ./logs.ts); they are exported from
 * here too so the app shell's page object finds every area in one place.
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

export { LogsPage } from './logs.js';
export { VideosPage } from './videos.js';
