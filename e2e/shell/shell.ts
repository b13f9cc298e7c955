/**
 * The Chromium shell: the second host of the core. It runs the core in this Node process,
 * opens the built renderer in Debian's Chromium, and gives the page the preload's exact API.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { EVENT_NAMES, METHOD_NAMES } from '../../shared/channels.js';
import { appError, err } from '../../shared/result.js';
import { createCore, type Core } from '../../electron/core/index.js';
import { installBridge, NAME_HELPER_SHIM } from './bridge-init.js';
import { PlainCipher, RecordingNotifier, ScriptedDialogs } from './ports.js';
import { SHELL_ORIGIN, serveRenderer } from './serve.js';

export interface ShellOptions {
  readonly headless?: boolean;
  /** Data folder for the core; a fresh temp dir (removed on close) when absent. */
  readonly dataDir?: string;
  /** The built renderer; defaults to dist/renderer of this checkout. */
  readonly distDir?: string;
  readonly chromiumPath?: string;
  readonly viewport?: { readonly width: number; readonly height: number };
  readonly colorScheme?: 'light' | 'dark';
}

export interface Shell {
  readonly page: Page;
  readonly core: Core;
  readonly dataDir: string;
  readonly dialogs: ScriptedDialogs;
  readonly notifier: RecordingNotifier;
  readonly openedExternal: string[];
  /** Resolves when the user closes the browser window (headed use). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** The args that keep Chromium quiet on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const repoRoot = resolve(import.meta.dirname, '../..');

/** Finds Chromium: CHROMIUM_PATH, then Debian's /usr/bin/chromium. */
export function chromiumPath(explicit?: string): string {
  const candidates = [explicit, process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error('Chromium was not found. Install it with: apt-get install -y --no-install-recommends chromium (or set CHROMIUM_PATH).');
  return found;
}

/** Starts the core and opens the app in Chromium. */
export async function launchShell(options: ShellOptions = {}): Promise<Shell> {
  const distDir = options.distDir ?? join(repoRoot, 'dist/renderer');
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No built renderer in ${distDir}: run npm run build first.`);
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'burrow-shell-')));
  const dialogs = new ScriptedDialogs();
  const notifier = new RecordingNotifier();
  const openedExternal: string[] = [];
  const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { version: string };

  const core = await createCore({
    shell: 'chromium',
    appVersion: pkg.version,
    platform: process.platform,
    dataDir,
    cipher: new PlainCipher(),
    dialogs,
    notifier,
    openExternal: async (url) => {
      openedExternal.push(url);
    },
  });

  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(options.chromiumPath), headless: options.headless ?? true, args: CHROMIUM_ARGS });
    const context = await browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 800 },
      colorScheme: options.colorScheme ?? 'light',
    });
    await serveRenderer(context, distDir);
    const page = await context.newPage();
    await bindCore(context, page, core, dataDir);
    await page.goto(`${SHELL_ORIGIN}/index.html`);
    const closed = new Promise<void>((r) => page.once('close', () => r()));
    const b = browser;
    return {
      page,
      core,
      dataDir,
      dialogs,
      notifier,
      openedExternal,
      closed,
      async close() {
        await b.close().catch(() => {});
        await core.close();
        if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await browser?.close().catch(() => {});
    await core.close();
    throw e;
  }
}

/** Wires window.burrow to the core; calls from any frame but the app's main frame are refused, as in Electron. */
async function bindCore(context: BrowserContext, page: Page, core: Core, dataDir: string): Promise<void> {
  const fromApp = (frame: { url(): string; parentFrame(): unknown }) => frame.parentFrame() === null && frame.url().startsWith(`${SHELL_ORIGIN}/`);
  const refused = () => err(appError('auth', 'Call refused', { detail: 'Only the app’s own window may call the core.' }));

  await context.exposeBinding('__burrowInvoke', async ({ frame }, method: unknown, input: unknown) =>
    fromApp(frame) ? core.invoke(method, input) : refused(),
  );
  const dropDir = join(dataDir, 'dropped');
  await context.exposeBinding('__burrowDrop', async ({ frame }, name: unknown, base64: unknown) => {
    if (!fromApp(frame)) return refused();
    if (typeof name !== 'string' || typeof base64 !== 'string') return err(appError('validation', 'Not a file'));
    await mkdir(dropDir, { recursive: true });
    const path = join(await mkdtemp(join(dropDir, 'f-')), basename(name) || 'file');
    await writeFile(path, Buffer.from(base64, 'base64'));
    return core.registerDroppedFile(path);
  });
  await context.addInitScript({ content: NAME_HELPER_SHIM });
  await context.addInitScript(installBridge, { methods: [...METHOD_NAMES], events: [...EVENT_NAMES] });
  for (const event of EVENT_NAMES) {
    core.on(event, (payload) => {
      page.evaluate(([e, p]) => (window as unknown as { __burrowDeliver?: (e: string, p: unknown) => void }).__burrowDeliver?.(e, p), [event, payload] as const).catch(() => {
        // The page is gone or reloading; it resyncs with list calls when it comes back.
      });
    });
  }
}
