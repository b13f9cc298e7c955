/**
 * Electron entry: one instance, the app:// protocol, the core behind one IPC transport, one hardened window.
 * Everything that can be decided without Electron lives in the small modules beside this file.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, protocol, safeStorage, screen, session, shell } from 'electron';
import { join } from 'node:path';
import { APP_SCHEME } from '../../shared/common/csp.js';
import { createCore, startingCore, type StartingCore } from '../core/index.js';
import { attachNavigationGuards, denyPermissions } from './guards.js';
import { registerIpc, type Transport } from './ipc.js';
import { buildMenuTemplate } from './menu.js';
import { createAppProtocolHandler } from './protocol.js';
import { createDialogs, createNotifier, createOpenExternal, createSafeStorageCipher } from './shell-ports.js';
import { loadWindowState } from './window-state.js';
import { listenForLinks } from './logs-links.js';
import { LINK_SCHEME } from '../../shared/logs/link.js';
import { createMainWindow } from './window.js';

const DOCS_URL = 'https://docs.bunny.net/';

// Both must happen before `ready`: the scheme gets standard-URL, secure-context and fetch privileges,
// and every renderer is sandboxed even if some future window forgets to ask.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  // Another Burrow owns the profile and the upload queue; it gets focused through 'second-instance'.
  app.quit();
} else {
  start();
}

function start(): void {
  let mainWindow: BrowserWindow | null = null;
  let core: StartingCore | null = null;
  let transport: Transport | null = null;
  let closed = false;
  let closing = false;

  const openExternal = createOpenExternal(shell);
  const openAllowed = (url: string) => {
    void openExternal(url).catch(() => {});
  };
  const getWindow = () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null);

  const openWindow = () => {
    const stateFile = join(app.getPath('userData'), 'window-state.json');
    const state = loadWindowState(stateFile, screen.getAllDisplays().map((d) => d.workArea));
    const win = createMainWindow({ state, stateFile, onLoaded: () => core?.start() });
    win.on('closed', () => {
      if (mainWindow === win) mainWindow = null;
    });
    mainWindow = win;
  };

  // Logs links from the OS go to the core's inbox; the packaged app is their handler (a dev run does not claim it).
  const links = listenForLinks(app, process.argv);
  if (app.isPackaged) app.setAsDefaultProtocolClient(LINK_SCHEME); // eng-disable PROTOCOL_HANDLER_JS_CHECK reason: a burrow: link is only text for the core's inbox, read by the logs link parser (zone, times, filter, request id), never loaded or navigated to

  app.on('second-instance', () => {
    const win = getWindow();
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  });

  // Every web contents ever created (windows, devtools, anything a bug might open) gets the same guards.
  app.on('web-contents-created', (_event, contents) => attachNavigationGuards(contents, openAllowed));
  app.on('session-created', (created) => denyPermissions(created));

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('activate', () => {
    if (core && BrowserWindow.getAllWindows().length === 0) openWindow();
  });

  let quitConfirmed = false;
  app.on('before-quit', (event) => {
    if (closed || !core) return;
    // Let the core persist its queue and stop its servers before the process goes.
    event.preventDefault();
    if (closing) return;
    const question = quitConfirmed ? null : core.quitQuestion();
    if (question) {
      // Uploads would be interrupted: the user decides, told what restarts next launch.
      const win = getWindow();
      const options = { type: 'question' as const, buttons: ['Quit', 'Keep uploading'], defaultId: 1, cancelId: 1, message: question.message, detail: question.detail };
      void (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options)).then(({ response }) => {
        if (response !== 0) return;
        quitConfirmed = true;
        app.quit();
      });
      return;
    }
    closing = true;
    const finish = () => {
      closed = true;
      app.quit();
    };
    transport?.dispose();
    core.close().then(finish, finish);
  });

  const ready = () => {
    if (process.platform === 'win32') app.setAppUserModelId('net.burrow.app');
    denyPermissions(session.defaultSession);
    protocol.handle(APP_SCHEME, createAppProtocolHandler(join(__dirname, '../dist/renderer')));
    // The window opens first and the core starts once its page has loaded (until then this process serves the page its
    // files), so the shell paints first; calls wait for the core, and a core that cannot start answers each with why.
    const started = startingCore(() =>
      createCore({
        shell: 'electron',
        appVersion: app.getVersion(),
        platform: process.platform,
        dataDir: app.getPath('userData'),
        cipher: createSafeStorageCipher(safeStorage, process.platform),
        dialogs: createDialogs(dialog, getWindow),
        notifier: createNotifier(Notification, getWindow),
        openExternal: async (url) => {
          await openExternal(url);
        },
        // Built beside main.cjs (see build:electron): log files are read off the main process's thread.
        logsWorkerScript: join(__dirname, 'logsworker.cjs'),
      }),
    );
    core = started;
    transport = registerIpc(ipcMain, started);
    links.attach((url) => void started.invoke('logs.linkDeliver', { url }));
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(buildMenuTemplate({ isMac: process.platform === 'darwin', isPackaged: app.isPackaged, openDocs: () => openAllowed(DOCS_URL) })),
    );
    openWindow();
  };

  app.whenReady().then(ready).catch((e: unknown) => {
    dialog.showErrorBox('Burrow could not start', e instanceof Error ? e.message : String(e));
    app.exit(1);
  });
}
