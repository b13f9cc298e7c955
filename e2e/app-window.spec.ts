import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { WINDOW_STATE_FILE } from './shell/app-window.js';
import { launchShell, type Shell } from './shell/shell.js';

// These tests reopen the app on the same data folder, so each makes its own instead of using the fixture.
let dataDir: string;
const open: Shell[] = [];

test.beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'burrow-e2e-window-'));
});

test.afterEach(async () => {
  for (const shell of open.splice(0)) await shell.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function launch(): Promise<Shell> {
  const shell = await launchShell({ headless: true, dataDir });
  open.push(shell);
  await expect(shell.page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  return shell;
}

async function closeShell(shell: Shell): Promise<void> {
  open.splice(open.indexOf(shell), 1);
  await shell.close();
}

const stateFile = () => join(dataDir, WINDOW_STATE_FILE);
const savedState = async () => JSON.parse(await readFile(stateFile(), 'utf8').catch(() => 'null')) as unknown;
const pageSize = (shell: Shell) => shell.page.evaluate(() => ({ width: innerWidth, height: innerHeight }));

// The shell's headless screen is 1920×1080; a fresh window is 1280×800, centred on it.
const DEFAULT_WINDOW = { bounds: { x: 320, y: 140, width: 1280, height: 800 }, maximized: false };

test('a first launch opens a centred window of the default size, titled Burrow, that the page fills', async () => {
  const shell = await launch();
  await expect(shell.page).toHaveTitle('Burrow');
  expect(await shell.window.state()).toEqual(DEFAULT_WINDOW);
  expect(await pageSize(shell)).toEqual({ width: 1280, height: 800 });
  // Back cannot leave the app for the blank page the window opened on.
  expect(await shell.page.evaluate(() => history.length)).toBe(1);
});

/** Resizes the window behind the shell's back, as a window manager does when the user drags the frame. */
async function dragFrame(shell: Shell, bounds: { x: number; y: number; width: number; height: number }): Promise<void> {
  const cdp = await shell.page.context().newCDPSession(shell.page);
  const { windowId } = await cdp.send('Browser.getWindowForTarget');
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: { left: bounds.x, top: bounds.y, width: bounds.width, height: bounds.height } });
  await cdp.detach();
}

test('a window the user resizes is written to the state file while open, and reopens at that place and size', async () => {
  const first = await launch();
  const bounds = { x: 100, y: 60, width: 1000, height: 700 };
  await dragFrame(first, bounds);
  await expect.poll(savedState).toEqual({ bounds, maximized: false });
  expect(await pageSize(first)).toEqual({ width: 1000, height: 700 });
  await closeShell(first);

  const second = await launch();
  expect(await second.window.state()).toEqual({ bounds, maximized: false });
  expect(await pageSize(second)).toEqual({ width: 1000, height: 700 });
});

test('closing saves the last place even straight after a move, and a maximized window reopens maximized', async () => {
  const first = await launch();
  const bounds = { x: 40, y: 30, width: 900, height: 600 };
  await first.window.setBounds(bounds);
  await first.window.maximize();
  await closeShell(first);
  // The restored place is kept beside the flag, so un-maximizing later returns there.
  expect(await savedState()).toEqual({ bounds, maximized: true });

  const second = await launch();
  expect(await second.window.state()).toEqual({ bounds, maximized: true });
});

test('a saved state that is junk, too small or off every screen opens the default window instead', async () => {
  const unusable = [
    'not json',
    JSON.stringify({ bounds: { x: 10, y: 10, width: 300, height: 200 }, maximized: false }),
    JSON.stringify({ bounds: { x: 5000, y: 3000, width: 1000, height: 700 }, maximized: false }),
    JSON.stringify({ bounds: { x: 10, y: 10, width: 1000.5, height: 700 }, maximized: false }),
  ];
  for (const text of unusable) {
    await writeFile(stateFile(), text);
    const shell = await launch();
    expect(await shell.window.state(), text).toEqual(DEFAULT_WINDOW);
    await closeShell(shell);
    expect(await savedState(), text).toEqual(DEFAULT_WINDOW);
  }
});
