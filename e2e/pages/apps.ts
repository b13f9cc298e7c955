/**
 * The page object of the Apps area: the list of applications (rows, Refresh, Load more, New app), its empty state,
 * the opened app's detail pane with Copy id, and the dialog Delete asks in.
 */
import { expect } from '@playwright/test';
import type { Locator } from 'playwright-core';
import { fullApp } from '../../sandbox/apps/testing/harness.js';
import type { Sandbox } from '../../sandbox/server.js';
import type { Shell } from '../shell/shell.js';
import { AreaPage } from './area-page.js';

/** The embedded sandbox; it starts when the Apps screen, the first one shown, asks for the list. */
export async function sandboxOf(shell: Shell): Promise<Sandbox> {
  await expect.poll(async () => (await shell.core.embeddedSandbox()) !== null).toBe(true);
  return (await shell.core.embeddedSandbox())!;
}

/** Calls the sandbox's containers API with the account key, as the dashboard or `burrow apps` would. */
export async function containersCall(sb: Sandbox, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${sb.containersUrl}${path}`, {
    method,
    headers: { AccessKey: sb.accountKey, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? undefined : JSON.parse(text) };
}

/** Creates a fully featured app (one container, both endpoint kinds, probes, a volume) on the platform; its id. */
export async function createOnPlatform(sb: Sandbox, name: string): Promise<string> {
  const created = await containersCall(sb, 'POST', '/apps', { ...fullApp(), name });
  expect(created.status).toBe(201);
  return (created.json as { id: string }).id;
}

/**
 * Creates a fully featured app that the platform reports as not deployed. The embedded sandbox's realism gives a
 * few app ids a status Burrow does not know, for good; such an app is deleted and another one made.
 */
export async function createUndeployed(sb: Sandbox, name: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const id = await createOnPlatform(sb, name);
    const got = await containersCall(sb, 'GET', `/apps/${id}`);
    if (String((got.json as { status?: unknown }).status).toLowerCase() === 'inactive') return id;
    expect((await containersCall(sb, 'DELETE', `/apps/${id}`)).status).toBe(200);
  }
  throw new Error('The sandbox gave no app a known status in 20 attempts');
}

/** The Apps area (Magic Containers). */
export class AppsPage extends AreaPage {
  readonly id = 'apps' as const;

  /** The list of applications (absent when there is none). */
  get list(): Locator {
    return this.content.getByRole('list', { name: /^Applications/ });
  }

  get rows(): Locator {
    return this.content.getByTestId('app-row');
  }

  /** The row of the app with this name. */
  row(name: string): Locator {
    return this.rows.filter({ has: this.page.locator('.apps-row-name', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  }

  /** What the screen shows when the account has no applications. */
  get empty(): Locator {
    return this.content.getByTestId('apps-empty');
  }

  /** The list's "New app" (the empty state shows a second one). */
  get newApp(): Locator {
    return this.content.getByRole('button', { name: 'New app' }).first();
  }

  /** The list's heading, with the count of apps. */
  get heading(): Locator {
    return this.content.getByRole('heading', { name: /^Applications/, level: 2 });
  }

  get refresh(): Locator {
    return this.content.getByRole('button', { name: /^Refresh/ });
  }

  get detail(): Locator {
    return this.content.getByTestId('app-detail');
  }

  get detailHeading(): Locator {
    return this.detail.getByRole('heading', { level: 2 });
  }

  get copyId(): Locator {
    return this.detail.getByRole('button', { name: 'Copy id' });
  }

  /** The id the detail shows. */
  get shownId(): Locator {
    return this.detail.getByTestId('app-id');
  }

  /** The dialog Delete asks in (portalled outside the area). */
  get deleteDialog(): Locator {
    return this.page.getByRole('alertdialog');
  }

  /** Asks for the list again (what it then shows, the caller waits for). */
  async reread(): Promise<void> {
    await this.refresh.first().click();
  }

  /** Opens an app from its row by keyboard (focus, Enter) and waits for its detail. */
  async openApp(name: string): Promise<void> {
    await this.row(name).focus();
    await this.page.keyboard.press('Enter');
    await expect(this.detailHeading).toHaveText(name);
  }

  /** Presses Delete… in the open app's detail and waits for the question. */
  async askToDelete(): Promise<void> {
    await this.detail.getByRole('button', { name: 'Delete…' }).click();
    await expect(this.deleteDialog).toBeVisible();
  }

  async confirmDelete(): Promise<void> {
    await this.deleteDialog.getByRole('button', { name: 'Delete application' }).click();
    await expect(this.deleteDialog).toHaveCount(0);
  }

  /** The list or its empty state is drawn once the first page has answered. */
  protected override async settled(): Promise<void> {
    await expect(this.list.or(this.empty).or(this.content.getByRole('alert')).first()).toBeVisible();
  }
}
