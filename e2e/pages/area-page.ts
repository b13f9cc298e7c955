/** What every area's page object shares: how to open it and what shows it is open. */
import { expect } from '@playwright/test';
import type { Locator, Page } from 'playwright-core';
import type { Shell } from '../shell/shell.js';

/** The five areas in sidebar order, which Ctrl+1…5 follow; labels are the sidebar's and the heading's text. */
export const AREAS = [
  { id: 'apps', label: 'Apps' },
  { id: 'videos', label: 'Videos' },
  { id: 'logs', label: 'Logs' },
  { id: 'console', label: 'Console' },
  { id: 'settings', label: 'Settings' },
] as const;

export type AreaId = (typeof AREAS)[number]['id'];

/** How a user reaches an area: a click in the sidebar, Ctrl+1…5, or the command palette. */
export type AreaRoute = 'sidebar' | 'keyboard' | 'palette';

/** The label of an area, as the sidebar and the heading show it. */
export function areaLabel(id: AreaId): string {
  return AREAS.find((a) => a.id === id)!.label;
}

/** What an area's page object uses of the app's frame (app-shell.ts), declared here so the imports go one way. */
export interface AreaHost {
  readonly page: Page;
  readonly shell: Shell;
  goTo(id: AreaId, via?: AreaRoute): Promise<void>;
}

/** An area of the app; subclasses add what their screen does. */
export abstract class AreaPage {
  abstract readonly id: AreaId;
  readonly page: Page;

  constructor(readonly app: AreaHost) {
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
