/** The one BrowserWindow: hardened preferences (no Node, isolated, sandboxed), shown when ready, its place remembered. */
import { BrowserWindow, nativeTheme } from 'electron';
import { join } from 'node:path';
import { APP_ORIGIN } from '../../shared/common/csp.js';
import { DEFAULT_SIZE, MIN_SIZE, saveWindowState, type WindowState } from './window-state.js';

/** The page the window loads; the app:// handler serves it from dist/renderer. */
export const START_URL = `${APP_ORIGIN}/index.html`;

export interface MainWindowOptions {
  /** Restored bounds that already fit a display, or null for a centred default. */
  readonly state: WindowState | null;
  /** Where the bounds are saved when the window closes. */
  readonly stateFile: string;
  /** Told once the page has loaded (or failed to): the core starts then. */
  readonly onLoaded: () => void;
}

/** Creates the main window and starts loading the app. */
export function createMainWindow({ state, stateFile, onLoaded }: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    ...(state ? state.bounds : { width: DEFAULT_SIZE.width, height: DEFAULT_SIZE.height, center: true }),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Burrow',
    // Matches the renderer's light/dark base colour so a resize never flashes the wrong one.
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#111318' : '#ffffff',
    webPreferences: {
      preload: join(__dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      disableBlinkFeatures: 'Auxclick',
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
    },
  });

  win.once('ready-to-show', () => {
    if (state?.maximized) win.maximize();
    win.show();
  });

  win.on('close', () => {
    try {
      saveWindowState(stateFile, { bounds: win.getNormalBounds(), maximized: win.isMaximized() });
    } catch {
      // A read-only profile folder must not stop the window from closing.
    }
  });

  void win
    .loadURL(START_URL)
    .catch(() => {
      // Show the window anyway: a visible blank window with a working menu beats an invisible process.
      if (!win.isDestroyed()) win.show();
    })
    .finally(onLoaded);
  return win;
}
