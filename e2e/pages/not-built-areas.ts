/**
 * Apps, Videos and Logs have no screens yet, only a "not built" notice: their page objects open the area
 * and find the notice, nothing more, until the screens land.
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

/** The Videos area (video libraries and uploads). */
export class VideosPage extends NotBuiltArea {
  readonly id = 'videos' as const;
}

/** The Logs area (CDN logging). */
export class LogsPage extends NotBuiltArea {
  readonly id = 'logs' as const;
}
