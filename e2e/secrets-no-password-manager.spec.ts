/**
 * Nothing secret is offered to a password manager. Chromium's own log of its password manager
 * (chrome://password-manager-internals, open in a second tab of the app's browser) says whether it would ask
 * "Save password?"; the profile's login store (`Default/Login Data`, an SQLite file) says whether anything was kept.
 *
 * With the password manager left on, the app's secret fields (an app's env value, a fetch header's value, a
 * profile's account key) are filled and sent, and no prompt is asked for; a plain login form on another origin, in
 * the same browser, is asked about, which shows the log is listening. The shell as started has the manager off.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { AppShell } from './pages/app-shell.js';
import { sandboxOf } from './pages/apps.js';
import { loginStorePath } from './shell/chromium-profile.js';
import { launchShell, type Shell } from './shell/shell.js';

const DB_PASSWORD = 'e2e-db-pa55-s3cret';
const HEADER_VALUE = 'Bearer e2e-header-s3cret';
const ACCOUNT_KEY = 'e2e-account-key-s3cret-0001';
const PROMPT = /Show password prompt|Decision: ASK the user/;

let dataDir: string;
let shell: Shell | undefined;

test.beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'burrow-e2e-secrets-'));
});
test.afterEach(async () => {
  await shell?.close();
  shell = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

/** Chromium's password manager log, in a tab of the app's browser; it records while it is open. */
async function openPasswordLog(s: Shell): Promise<{ text: () => Promise<string> }> {
  const tab = await s.page.context().newPage();
  await tab.goto('chrome://password-manager-internals');
  await s.page.bringToFront();
  return { text: () => tab.evaluate(() => document.body.innerText) };
}

/** Signs in on a plain login form of another origin (served to that tab alone): what any password manager offers to save. */
async function signIn(page: Page): Promise<void> {
  const tab = await page.context().newPage();
  await tab.route('http://login.localhost/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: route.request().method() === 'POST' ? '<p>Signed in</p>' : '<form action="/done" method="post"><label>User <input name="u"></label><label>Password <input name="p" type="password"></label><button>Sign in</button></form>',
    }),
  );
  await tab.goto('http://login.localhost/');
  await tab.getByLabel('User').fill('someone');
  await tab.getByLabel('Password').fill('hunter2-login');
  await Promise.all([tab.waitForURL('**/done'), tab.getByRole('button', { name: 'Sign in' }).click()]);
  await tab.close();
}

/** The rows of the profile's login store, read once Chromium has closed it. */
function savedLogins(profileDir: string): string[] {
  const file = loginStorePath(profileDir);
  if (!existsSync(file)) return [];
  const script = 'import sqlite3,sys\nfor r in sqlite3.connect(sys.argv[1]).execute("select origin_url, username_value from logins"): print(r[0], r[1])';
  return execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

async function fillEverySecret(app: AppShell, s: Shell): Promise<void> {
  const { page } = app;
  // An app's env value, sent with Create; Review masks it until revealed, the platform gets the real value.
  await app.apps.open();
  const sb = await sandboxOf(s);
  await app.apps.newApp.click();
  const form = app.apps.content.getByRole('form', { name: 'New app' });
  await form.getByLabel('Name', { exact: true }).fill('E2E secrets');
  await form.getByLabel('Frankfurt: Required').check();
  await form.getByLabel('Container name').fill('db');
  await form.getByLabel('Image reference').fill('postgres:16');
  await form.getByRole('button', { name: 'Environment variables', exact: true }).click();
  await form.getByRole('button', { name: 'Add variable' }).click();
  await form.getByLabel('Variable 1 name').fill('DB_PASSWORD');
  const value = form.getByLabel('Variable 1 value');
  await value.fill(DB_PASSWORD);
  await expect(value).toHaveAttribute('type', 'password');
  await form.getByRole('button', { name: 'Review' }).click();
  const body = app.apps.content.getByTestId('review-body');
  await expect(body).toContainText('"value": "••••••••"');
  await expect(body).not.toContainText(DB_PASSWORD);
  const reveal = app.apps.content.getByRole('button', { name: 'Show secret values (1)' });
  await reveal.focus();
  await page.keyboard.press('Space');
  await expect(body).toContainText(DB_PASSWORD);
  await page.keyboard.press('Space');
  await expect(body).not.toContainText(DB_PASSWORD);
  sb.containers.resetReceived();
  await app.apps.content.getByRole('button', { name: 'Create' }).click();
  await expect(app.apps.detailHeading).toHaveText('E2E secrets');
  const sent = sb.containers.received().map((r) => JSON.parse(r.body) as { containerTemplates: { environmentVariables: unknown[] }[] });
  expect(sent.map((b) => b.containerTemplates[0]!.environmentVariables)).toEqual([[{ name: 'DB_PASSWORD', value: DB_PASSWORD }]]);

  // A fetch header's value ("Authorization" as its name), sent with Fetch.
  await app.videos.open();
  const fetchForm = page.getByRole('form', { name: 'Fetch from a URL' });
  await page.getByTestId('fetch-panel').getByRole('button', { name: 'Fetch from a URL…' }).click();
  await fetchForm.getByLabel('URL of the video file').fill('http://127.0.0.1:9/talk.mp4');
  await fetchForm.getByRole('button', { name: 'Add header' }).click();
  await expect(fetchForm.getByLabel('Header 1 name')).toBeFocused();
  await page.keyboard.type('Authorization');
  await fetchForm.getByLabel('Header 1 value').fill(HEADER_VALUE);
  await fetchForm.getByRole('button', { name: 'Fetch', exact: true }).click();
  await expect(fetchForm).toBeHidden();

  // A profile's account key, saved with its field's Save.
  await app.settings.open();
  await app.settings.addProfile('Production');
  await expect(app.settings.detailHeading).toContainText('Production');
  await app.settings.setAccountKey(ACCOUNT_KEY);
}

test('secret fields are never offered to a password manager, even one that is on', async () => {
  test.setTimeout(120_000);
  shell = await launchShell({ headless: true, dataDir, passwordManager: 'as-profile-has-it' });
  const app = new AppShell(shell);
  await app.ready();
  const log = await openPasswordLog(shell);

  await fillEverySecret(app, shell);
  // The manager looked at what the app's forms sent, and asked about none of it.
  await expect.poll(log.text).toContain('PasswordManager::ProvisionallySaveForm');
  expect(await log.text()).not.toMatch(PROMPT);

  // The same browser asks about a real login form: the log would have shown a prompt for the app's fields.
  await signIn(shell.page);
  await expect.poll(log.text).toMatch(PROMPT);

  const profile = shell.chromiumProfileDir;
  await shell.close();
  shell = undefined;
  expect(savedLogins(profile)).toEqual([]);
});

test('the shell starts Chromium with its password manager off: not even a login form is asked about', async () => {
  shell = await launchShell({ headless: true, dataDir });
  await new AppShell(shell).ready();
  const log = await openPasswordLog(shell);
  await signIn(shell.page);
  await expect.poll(log.text).toContain('Saving disabled');
  expect(await log.text()).not.toMatch(PROMPT);
  const profile = shell.chromiumProfileDir;
  await shell.close();
  shell = undefined;
  expect(savedLogins(profile)).toEqual([]);
});
