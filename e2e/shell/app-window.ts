/**
 * The Chromium shell's window, made to look and behave like the desktop app's: an `--app` window (no tabs,
 * address bar or navigation buttons), titled by the page, with its size and place remembered under the rules
 * the Electron window follows (electron/main/window-state.ts, reused as is).
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { DEFAULT_SIZE, fitBoundsToDisplays, saveWindowState, type Rect, type WindowState } from '../../electron/main/window-state.js';

/** The state file's name in the data folder: the one the Electron window uses, so both hosts share it. */
export const WINDOW_STATE_FILE = 'window-state.json';

/**
 * The page the app window opens on, before the shell has its routes and bridge in place. It carries the app's
 * title (so the window is "Burrow" from its first frame) and follows the OS colour scheme.
 */
const PLACEHOLDER_URL = 'data:text/html,<meta name="color-scheme" content="light dark"><title>Burrow</title>';

/** How often the shell looks where the window is: a page sees no event when only its window moves. */
const TRACK_INTERVAL_MS = 1000;
/** Resizing by dragging reports many sizes in a row; the file is written once they stop. */
const WRITE_DELAY_MS = 250;

/** Reads the saved window state as stored; it is checked against the screen once the window can measure it. */
export function readSavedWindowState(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// Before the screen is known only the saved state's shape and size can be checked: every place fits this one.
const ANY_PLACE: Rect = { x: -(2 ** 31), y: -(2 ** 31), width: 2 ** 32, height: 2 ** 32 };

/** Chromium switches that open the app window at the saved place, or at the default size. */
export function appWindowArgs(saved: unknown, headless: boolean): string[] {
  const plausible = fitBoundsToDisplays(saved, [ANY_PLACE]);
  const size = plausible?.bounds ?? DEFAULT_SIZE;
  return [
    `--app=${PLACEHOLDER_URL}`,
    `--window-size=${size.width},${size.height}`,
    ...(plausible ? [`--window-position=${plausible.bounds.x},${plausible.bounds.y}`] : []),
    // The window class desktops group windows by: Burrow, not Chromium.
    '--class=Burrow',
    // Without it Chromium puts a bar across the app warning about --no-sandbox, which the shell needs as root.
    '--test-type',
    // Headless Chromium's screen is 800×600, smaller than the default window; give it a desktop's.
    ...(headless ? ['--screen-info={1920x1080}'] : []),
  ];
}

/** The shell's handle on its window: what a user does with the window frame, for tests and the state file. */
export interface AppWindow {
  /** The window's place, size and maximized flag as the browser reports them now. */
  state(): Promise<WindowState>;
  /** Moves and resizes the (restored) window, as a user dragging its frame would. */
  setBounds(bounds: Rect): Promise<void>;
  /** Maximizes the window, as its title bar's button would. */
  maximize(): Promise<void>;
  /** Reads the window once more and writes the state file; the last thing done before the window closes. */
  saveNow(): Promise<void>;
  /** Writes the last state seen (synchronously: the window may already be gone) and stops watching. */
  stop(): void;
}

type CdpBounds = { left?: number; top?: number; width?: number; height?: number; windowState?: string };

/**
 * Takes over the window the app page lives in: restores (or centres) it on its screen, then watches it and
 * keeps the state file current, so the window's place survives however the window is closed.
 */
export async function attachAppWindow(context: BrowserContext, page: Page, stateFile: string, saved: unknown): Promise<AppWindow> {
  // A resize reaches the page as an event (its binding is set up while the window is placed); a move does not, so
  // the window is also looked at now and then.
  let onResize = () => {};
  const resizes = context
    .exposeBinding('__burrowWindowResized', () => onResize())
    .then(() =>
      context.addInitScript(() => {
        const w = window as unknown as Record<string, unknown>;
        const notify = w.__burrowWindowResized as () => Promise<void>;
        delete w.__burrowWindowResized;
        if (typeof notify !== 'function') return;
        addEventListener('resize', () => void notify().catch(() => {}));
      }),
    );
  // Awaited once the window is placed; a failure before then must not go unhandled.
  resizes.catch(() => {});
  const cdp: CDPSession = await context.newCDPSession(page);
  const { windowId } = (await cdp.send('Browser.getWindowForTarget')) as { windowId: number };
  const read = async () => ((await cdp.send('Browser.getWindowBounds', { windowId })) as { bounds: CdpBounds }).bounds;
  const setBounds = async (b: Rect) => {
    // A maximized window ignores new bounds until it is restored.
    await cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'normal' } });
    await cdp.send('Browser.setWindowBounds', { windowId, bounds: { left: b.x, top: b.y, width: b.width, height: b.height } });
  };

  // The screen the window opened on decides, as in Electron: the saved place if it still fits, else a centred default.
  const area = await page.evaluate(() => {
    const s = screen as Screen & { availLeft?: number; availTop?: number };
    return { x: s.availLeft ?? 0, y: s.availTop ?? 0, width: s.availWidth, height: s.availHeight };
  });
  const restored = fitBoundsToDisplays(saved, [area]);
  const target = restored?.bounds ?? centred(area);
  if (!sameRect(toRect(await read()), target)) await setBounds(target);
  if (restored?.maximized) await cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'maximized' } });

  let last: WindowState = { bounds: target, maximized: restored?.maximized ?? false };
  let pending: NodeJS.Timeout | undefined;
  const write = () => {
    clearTimeout(pending);
    pending = undefined;
    try {
      saveWindowState(stateFile, last);
    } catch {
      // A read-only data folder must not stop the app from working or closing.
    }
  };
  const observe = (b: CdpBounds) => {
    const next = nextState(last, b);
    if (sameState(next, last)) return;
    last = next;
    clearTimeout(pending);
    pending = setTimeout(write, WRITE_DELAY_MS);
  };
  const refresh = async () => observe(await read());
  const userSetBounds = async (b: Rect) => {
    await setBounds(b);
    // Seen at once: a move fires no event, and a maximize right after it would hide the restored place.
    await refresh();
  };

  onResize = () => void refresh().catch(() => {});
  await resizes;
  const timer = setInterval(() => refresh().catch(() => {}), TRACK_INTERVAL_MS);
  timer.unref();

  let stopped = false;
  return {
    async state() {
      return nextState(last, await read());
    },
    setBounds: userSetBounds,
    async maximize() {
      await cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'maximized' } });
    },
    async saveNow() {
      await refresh().catch(() => {});
      write();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      write();
    },
  };
}

/** The default size, centred in the work area and never larger than it. */
function centred(area: Rect): Rect {
  const width = Math.min(DEFAULT_SIZE.width, area.width);
  const height = Math.min(DEFAULT_SIZE.height, area.height);
  return { x: area.x + Math.floor((area.width - width) / 2), y: area.y + Math.floor((area.height - height) / 2), width, height };
}

function toRect(b: CdpBounds): Rect {
  return { x: b.left ?? 0, y: b.top ?? 0, width: b.width ?? 0, height: b.height ?? 0 };
}

/**
 * What the browser reports, in the state file's terms. As Electron's normal bounds do, the file keeps the
 * restored window's place while the window is maximized, and a minimized or full-screen window changes nothing.
 */
function nextState(last: WindowState, b: CdpBounds): WindowState {
  if (b.windowState === 'normal') return { bounds: toRect(b), maximized: false };
  if (b.windowState === 'maximized') return { bounds: last.bounds, maximized: true };
  return last;
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

function sameState(a: WindowState, b: WindowState): boolean {
  return a.maximized === b.maximized && sameRect(a.bounds, b.bounds);
}
