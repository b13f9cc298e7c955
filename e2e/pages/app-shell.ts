/** The page object of the app's frame: the sidebar, the area heading, the command palette and the status. */
import { expect } from '@playwright/test';
import type { Locator, Page } from 'playwright-core';
import type { Shell } from '../shell/shell.js';
import { AppsPage } from './apps.js';
import { areaLabel, AREAS, type AreaHost, type AreaId, type AreaRoute } from './area-page.js';
import { ConsolePage } from './console.js';
import { LogsPage } from './logs.js';
import { SettingsPage } from './settings.js';
import { VideosPage } from './videos.js';

/** The whole app as a user sees it, with one page object per area. */
export class AppShell implements AreaHost {
  readonly page: Page;
  /** The area's heading (the one h1). */
  readonly heading: Locator;
  readonly activeProfile: Locator;
  readonly connection: Locator;
  /** The command palette's dialog; absent while closed. */
  readonly palette: Locator;
  readonly apps: AppsPage;
  readonly videos: VideosPage;
  readonly logs: LogsPage;
  readonly console: ConsolePage;
  readonly settings: SettingsPage;

  constructor(readonly shell: Shell) {
    this.page = shell.page;
    this.heading = this.page.getByRole('heading', { level: 1 });
    this.activeProfile = this.page.getByTestId('active-profile');
    this.connection = this.page.getByTestId('connection');
    this.palette = this.page.getByRole('dialog', { name: 'Command palette' });
    this.apps = new AppsPage(this);
    this.videos = new VideosPage(this);
    this.logs = new LogsPage(this);
    this.console = new ConsolePage(this);
    this.settings = new SettingsPage(this);
  }

  /** Waits until the app has heard from the core (the root's data-app-state is "ready"). */
  async ready(): Promise<void> {
    await expect(this.page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  }

  /** Reloads the page and waits for the app to be ready again. */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.ready();
  }

  /** The sidebar's button for an area. */
  navItem(id: AreaId): Locator {
    return this.page.getByTestId(`nav-${id}`);
  }

  /** Goes to an area the way a user would, and waits for its heading. */
  async goTo(id: AreaId, via: AreaRoute = 'sidebar'): Promise<void> {
    if (via === 'sidebar') await this.navItem(id).click();
    else if (via === 'keyboard') await this.page.keyboard.press(`Control+${AREAS.findIndex((a) => a.id === id) + 1}`);
    else await this.runCommand(`go to ${areaLabel(id)}`);
    await expect(this.heading).toHaveText(areaLabel(id));
  }

  /** The area the sidebar marks as current, or null if none is. */
  async activeArea(): Promise<AreaId | null> {
    const current = this.page.getByRole('navigation', { name: 'Areas' }).locator('[aria-current="page"]');
    if ((await current.count()) !== 1) return null;
    const id = (await current.getAttribute('data-testid'))?.replace(/^nav-/, '');
    return AREAS.find((a) => a.id === id)?.id ?? null;
  }

  /** Opens the command palette with Ctrl+K and returns its input. */
  async openPalette(): Promise<Locator> {
    await this.page.keyboard.press('Control+k');
    const input = this.palette.getByRole('combobox', { name: 'Command' });
    await expect(input).toBeFocused();
    return input;
  }

  /** Types a command into the palette and runs the best match with Enter. */
  async runCommand(text: string): Promise<void> {
    const input = await this.openPalette();
    await input.fill(text);
    await input.press('Enter');
  }
}
