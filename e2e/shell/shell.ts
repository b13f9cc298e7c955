/**
 * The Chromium shell: the second host of the core. It runs the core in this Node process,
 * opens the built renderer in Debian's Chromium as an app window, and gives the page the preload's exact API.
 */
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { EVENT_NAMES, METHOD_NAMES } from '../../shared/contract/channels.js';
import { appError, err } from '../../shared/contract/result.js';
import { createCore, startingCore, type Core, type CorePorts } from '../../electron/core/index.js';
import { appWindowArgs, attachAppWindow, readSavedWindowState, WINDOW_STATE_FILE, type AppWindow } from './app-window.js';
import { installBridge, NAME_HELPER_SHIM, type BridgeInitArgs } from './bridge-init.js';
import { turnOffPasswordManager } from './chromium-profile.js';
import { DROPPED_FILE_LOOKUP, PageFiles } from './page-files.js';
import { ChromiumDialogs, PlainCipher, RecordingNotifier, ScriptedDialogs } from './ports.js';
import { SHELL_ORIGIN, serveRenderer } from './serve.js';

export interface ShellOptions {
  readonly headless?: boolean;
  /** Data folder for the core; a fresh temp dir (removed on close) when absent. */
  readonly dataDir?: string;
  /** The built renderer; defaults to dist/renderer of this checkout. */
  readonly distDir?: string;
  readonly chromiumPath?: string;
  readonly colorScheme?: 'light' | 'dark';
  /** The page's time zone (an IANA name), for tests of local times; the machine's by default. */
  readonly timezoneId?: string;
  /** With no scripted answer, "Choose files…" opens the page's real file chooser; by default only when headed. */
  readonly fileChooser?: boolean;
  /**
   * Open the window without a place of its own, as the desktop app does (the sandbox's first look then shows Logs).
   * Tests open it on the first area (`#/apps`) by default, so each starts where it expects without Logs' traffic.
   */
  readonly firstLook?: boolean;
  /**
   * Chromium's password manager is turned off in the profile before it starts ('off', the default), so nothing of
   * Burrow's is ever offered to it; 'as-profile-has-it' leaves the profile alone, for tests of the fields' own marks.
   */
  readonly passwordManager?: 'off' | 'as-profile-has-it';
  /** Starts the core: createCore by default; tests hold it back or make it fail. */
  readonly startCore?: (ports: CorePorts) => Promise<Core>;
  /** Told as start-up passes each point, for the launch bench: Chromium is up, the page has loaded, the core has started. */
  readonly onMark?: (mark: 'chromium' | 'page' | 'core') => void;
}

/** One drop the shell handed to the core: the paths it found for the files, and the call made on them. */
export interface ShellDrop {
  readonly paths: readonly string[];
  readonly method: string;
}

export interface Shell {
  readonly page: Page;
  /** The core, usable at once: calls made while it starts are answered once it is up (see startingCore). */
  readonly core: Core;
  readonly dataDir: string;
  /** Chromium's profile (user data dir) inside the data folder: its password manager is off. */
  readonly chromiumProfileDir: string;
  readonly dialogs: ScriptedDialogs;
  /** Every drop handed to the core, with the paths the shell found for its files. */
  readonly drops: readonly ShellDrop[];
  readonly notifier: RecordingNotifier;
  readonly openedExternal: string[];
  /** The app window: its place and size, as the user sets them and as the state file remembers them. */
  readonly window: AppWindow;
  /** Resolves when the user closes the browser window (headed use). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** The page the app is served as. */
export const APP_URL = `${SHELL_ORIGIN}/index.html`;

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

/** Opens the app in Chromium while the core starts; resolves once the page has loaded, whether or not the core is up. */
export async function launchShell(options: ShellOptions = {}): Promise<Shell> {
  const distDir = options.distDir ?? join(repoRoot, 'dist/renderer');
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No built renderer in ${distDir}: run npm run build first.`);
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'burrow-shell-')));
  const headless = options.headless ?? true;
  // The page that exists once Chromium is up; a chooser can only open there.
  let pageFiles: PageFiles | undefined;
  const dialogs = new ScriptedDialogs((options.fileChooser ?? !headless) ? new ChromiumDialogs(() => pageFiles, { announce: (m) => console.log(m) }) : undefined);
  const drops: ShellDrop[] = [];
  const notifier = new RecordingNotifier();
  const openedExternal: string[] = [];
  const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { version: string };

  // As in Electron: the page is bound to the core at once, and the core starts once the page has loaded (until then
  // this process serves the page its files) or at the page's first call; calls wait for it.
  const ports: CorePorts = {
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
    // The shell runs the core from source: the worker loads the parser's module through tsx.
    logsWorkerScript: fileURLToPath(new URL('../../electron/core/logs/rows/rows-worker.ts', import.meta.url)),
  };
  const core = startingCore(async () => {
    const started = await (options.startCore ?? createCore)(ports);
    options.onMark?.('core');
    return started;
  });

  const stateFile = join(dataDir, WINDOW_STATE_FILE);
  const savedWindow = readSavedWindowState(stateFile);
  let context: BrowserContext | undefined;
  let appWindow: AppWindow | undefined;
  const chromiumProfileDir = join(dataDir, 'Chromium');
  try {
    if (options.passwordManager !== 'as-profile-has-it') await turnOffPasswordManager(chromiumProfileDir);
    // A persistent context is the only launch that opens Chromium's own first window, the one `--app` makes;
    // its profile (caches, page storage) lives in the data folder, as Electron's does.
    context = await chromium.launchPersistentContext(chromiumProfileDir, {
      executablePath: chromiumPath(options.chromiumPath),
      headless,
      args: [...CHROMIUM_ARGS, ...appWindowArgs(savedWindow, headless)],
      // The automation switch puts a "controlled by automated test software" bar across the app.
      ignoreDefaultArgs: ['--enable-automation'],
      // The page is as large as the window, so what tests see and capture is what a user's window shows.
      viewport: null,
      colorScheme: options.colorScheme ?? 'light',
      ...(options.timezoneId !== undefined ? { timezoneId: options.timezoneId } : {}),
    });
    const page = context.pages()[0] ?? (await context.waitForEvent('page'));
    options.onMark?.('chromium');
    const files = (pageFiles = new PageFiles(page));
    // Window placement, serving the renderer and binding the core are independent: done side by side.
    const ctx0 = context;
    const [win] = await Promise.all([
      attachAppWindow(ctx0, page, stateFile, savedWindow).then((w) => (appWindow = w)),
      serveRenderer(ctx0, distDir),
      bindCore(ctx0, page, core, files, drops),
    ]);
    await page.goto(options.firstLook === true ? APP_URL : `${APP_URL}#/apps`);
    options.onMark?.('page');
    core.start();
    // Back (Alt+Left, a mouse's back button) must not leave the app for the placeholder it replaced.
    await (await context.newCDPSession(page)).send('Page.resetNavigationHistory');
    const closed = new Promise<void>((r) =>
      page.once('close', () => {
        win.stop();
        r();
      }),
    );
    const ctx = context;
    return {
      page,
      core,
      dataDir,
      chromiumProfileDir,
      dialogs,
      drops,
      notifier,
      openedExternal,
      window: win,
      closed,
      async close() {
        if (!page.isClosed()) await win.saveNow();
        win.stop();
        await ctx.close().catch(() => {});
        await core.close();
        if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    appWindow?.stop();
    await context?.close().catch(() => {});
    // Nothing the core opened stays behind (closing a core that failed to start does nothing).
    await core.close();
    throw e;
  }
}

/** Wires window.burrow to the core; calls from any frame but the app's main frame are refused, as in Electron. */
async function bindCore(context: BrowserContext, page: Page, core: Core, files: PageFiles, drops: ShellDrop[]): Promise<void> {
  const fromApp = (frame: { url(): string; parentFrame(): unknown }) => frame.parentFrame() === null && frame.url().startsWith(`${SHELL_ORIGIN}/`);
  const refused = () => err(appError('auth', 'Call refused', { detail: 'Only the app’s own window may call the core.' }));

  // As in Electron, the window's calls share one signal that aborts when the window goes: closing it stops their work.
  const windowScope = new AbortController();
  page.once('close', () => windowScope.abort());
  // The two bindings are set up side by side; the bridge that takes them (one init script with its shim) comes after.
  const invoke = context.exposeBinding('__burrowInvoke', async ({ frame }, method: unknown, input: unknown) =>
    fromApp(frame) ? core.invoke(method, input, { signal: windowScope.signal }) : refused(),
  );
  // As in Electron, a drop hands the core the files' paths, never their bytes (Chromium says where each File lives),
  // with the call to make on them, in one call. A File built in the page has no path: it is refused, never copied.
  const drop = context.exposeBinding('__burrowDrop', async ({ frame }, ids: unknown, method: unknown, input: unknown) => {
    if (!fromApp(frame)) return { result: refused(), refused: [] };
    const list = Array.isArray(ids) ? ids : [];
    const paths = await Promise.all(list.map((id) => (typeof id === 'string' ? files.droppedPath(id).catch(() => '') : '')));
    const found = paths.filter((p) => p !== '');
    const refusedIds = list.filter((_id, i) => paths[i] === '');
    if (found.length === 0) return { result: null, refused: refusedIds };
    drops.push({ paths: found, method: String(method) });
    return { result: await core.invokeWithFiles(found, method, input, { signal: windowScope.signal }), refused: refusedIds };
  });
  await Promise.all([invoke, drop]);
  const args: BridgeInitArgs = { methods: [...METHOD_NAMES], events: [...EVENT_NAMES], droppedFileLookup: DROPPED_FILE_LOOKUP };
  await context.addInitScript({ content: `${NAME_HELPER_SHIM}\n(${String(installBridge)})(${JSON.stringify(args)});` });
  for (const event of EVENT_NAMES) {
    core.on(event, (payload) => {
      page.evaluate(([e, p]) => (window as unknown as { __burrowDeliver?: (e: string, p: unknown) => void }).__burrowDeliver?.(e, p), [event, payload] as const).catch(() => {
        // The page is gone or reloading; it resyncs with list calls when it comes back.
      });
    });
  }
}
