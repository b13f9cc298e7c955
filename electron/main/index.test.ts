import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DROP_CHANNEL, INVOKE_CHANNEL } from '../../shared/channels.js';
import { CONTENT_SECURITY_POLICY } from '../../shared/csp.js';

/** A mocked `electron` that records what the main process does with it. */
const h = vi.hoisted(() => {
  // vi.hoisted runs before imports exist, so the module is required here.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { EventEmitter: Emitter } = require('node:events') as typeof import('node:events');

  class FakeContents extends Emitter {
    static nextId = 1;
    id = FakeContents.nextId++;
    openHandler: ((d: { url: string }) => { action: string }) | null = null;
    setWindowOpenHandler(fn: (d: { url: string }) => { action: string }) {
      this.openHandler = fn;
    }
    send() {}
    isDestroyed() {
      return false;
    }
  }

  const state = {
    userData: '',
    lock: true,
    windows: [] as FakeWindow[],
    handlers: new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>(),
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    privileged: [] as unknown[],
    permissionRequest: null as null | ((wc: unknown, p: string, cb: (g: boolean) => void, d: { requestingUrl: string }) => void),
    permissionCheck: null as null | ((wc: unknown, p: string, origin: string, d: unknown) => boolean),
    menu: null as unknown,
    order: [] as string[],
  };

  class FakeWindow extends Emitter {
    options: Record<string, unknown>;
    webContents = new FakeContents();
    loaded: string[] = [];
    shown = 0;
    focused = 0;
    maximized = false;
    destroyed = false;
    constructor(options: Record<string, unknown>) {
      super();
      this.options = options;
      state.windows.push(this);
      state.order.push('BrowserWindow');
    }
    static getAllWindows() {
      return state.windows.filter((w) => !w.destroyed);
    }
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
    show() {
      this.shown++;
    }
    focus() {
      this.focused++;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    maximize() {
      this.maximized = true;
    }
    isMaximized() {
      return this.maximized;
    }
    isDestroyed() {
      return this.destroyed;
    }
    getNormalBounds() {
      return { x: 40, y: 30, width: 1100, height: 720 };
    }
    setProgressBar() {}
  }

  const app = Object.assign(new Emitter(), {
    requestSingleInstanceLock: vi.fn(() => state.lock),
    quit: vi.fn(),
    exit: vi.fn(),
    enableSandbox: vi.fn(() => void state.order.push('enableSandbox')),
    whenReady: vi.fn(() => {
      state.order.push('whenReady');
      return Promise.resolve();
    }),
    getPath: vi.fn((name: string) => {
      if (name !== 'userData') throw new Error(`unexpected getPath(${name})`);
      return state.userData;
    }),
    getVersion: vi.fn(() => '0.1.0'),
    isPackaged: false,
    setAppUserModelId: vi.fn(),
  });

  const electron = {
    app,
    BrowserWindow: FakeWindow,
    protocol: {
      registerSchemesAsPrivileged: vi.fn((schemes: unknown[]) => {
        state.order.push('registerSchemesAsPrivileged');
        state.privileged.push(...schemes);
      }),
      handle: vi.fn((scheme: string, fn: (request: Request) => Promise<Response>) => void state.protocolHandlers.set(scheme, fn)),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn((fn: typeof state.permissionRequest) => void (state.permissionRequest = fn)),
        setPermissionCheckHandler: vi.fn((fn: typeof state.permissionCheck) => void (state.permissionCheck = fn)),
      },
    },
    ipcMain: {
      handle: vi.fn((channel: string, fn: (event: unknown, ...args: unknown[]) => Promise<unknown>) => void state.handlers.set(channel, fn)),
      on: vi.fn(),
      removeHandler: vi.fn((channel: string) => void state.handlers.delete(channel)),
      removeAllListeners: vi.fn(),
    },
    Menu: { buildFromTemplate: vi.fn((t: unknown) => ({ template: t })), setApplicationMenu: vi.fn((m: unknown) => void (state.menu = m)) },
    screen: { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }]) },
    dialog: { showErrorBox: vi.fn(), showOpenDialog: vi.fn(), showSaveDialog: vi.fn() },
    Notification: Object.assign(class {
      show() {}
    }, { isSupported: () => false }),
    safeStorage: {
      isAsyncEncryptionAvailable: vi.fn(async () => true),
      encryptStringAsync: vi.fn(async (s: string) => Buffer.from(s)),
      decryptStringAsync: vi.fn(async (b: Buffer) => ({ result: b.toString(), shouldReEncrypt: false })),
      getSelectedStorageBackend: vi.fn(() => 'gnome_libsecret'),
    },
    shell: { openExternal: vi.fn(async () => {}) },
    nativeTheme: { shouldUseDarkColors: false },
  };

  /** A stand-in core: records the ports it was given; the bundle smoke test runs the real one. */
  const core = {
    ports: null as null | Record<string, unknown>,
    closed: 0,
    async create(ports: Record<string, unknown>) {
      core.ports = ports;
      state.order.push('createCore');
      return {
        invoke: async (method: unknown) =>
          method === 'app.info'
            ? { ok: true, value: { name: 'Burrow', version: ports.appVersion, shell: ports.shell, platform: ports.platform, dataDir: ports.dataDir } }
            : { ok: false, error: { kind: 'unknown_method', title: 'Unknown method' } },
        on: () => () => {},
        emit: () => {},
        registerDroppedFile: async () => ({ ok: false, error: { kind: 'not_found', title: 'File not found' } }),
        close: async () => {
          core.closed++;
        },
      };
    },
  };

  return { state, electron, FakeContents, core };
});

vi.mock('electron', () => ({ ...h.electron, default: h.electron }));
vi.mock('../core/index.js', () => ({ createCore: (ports: Record<string, unknown>) => h.core.create(ports) }));

const appFrame = { url: 'app://burrow/index.html', origin: 'app://burrow', parent: null };

async function startMain(): Promise<void> {
  vi.resetModules();
  await import('./index.js');
}

async function startedWindow() {
  await startMain();
  await vi.waitFor(() => expect(h.state.windows).toHaveLength(1));
  const win = h.state.windows[0];
  if (!win) throw new Error('no window');
  return win;
}

beforeEach(() => {
  vi.clearAllMocks();
  h.electron.app.removeAllListeners();
  h.state.userData = mkdtempSync(join(tmpdir(), 'burrow-main-'));
  h.state.lock = true;
  h.state.windows.length = 0;
  h.state.handlers.clear();
  h.state.protocolHandlers.clear();
  h.state.privileged.length = 0;
  h.state.permissionRequest = null;
  h.state.permissionCheck = null;
  h.state.order.length = 0;
  h.core.ports = null;
  h.core.closed = 0;
});

afterEach(async () => {
  // Close a started core the way the app does, so nothing it opened outlives the test.
  const event = { preventDefault: vi.fn() };
  const quits = h.electron.app.quit.mock.calls.length;
  h.electron.app.emit('before-quit', event);
  if (event.preventDefault.mock.calls.length > 0) await vi.waitFor(() => expect(h.electron.app.quit.mock.calls.length).toBeGreaterThan(quits));
  rmSync(h.state.userData, { recursive: true, force: true });
});

describe('main process start-up', () => {
  it('registers the app scheme as privileged and enables the sandbox before ready', async () => {
    await startedWindow();
    expect(h.state.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
    expect(h.state.order.indexOf('registerSchemesAsPrivileged')).toBeLessThan(h.state.order.indexOf('whenReady'));
    expect(h.state.order.indexOf('enableSandbox')).toBeLessThan(h.state.order.indexOf('whenReady'));
  });

  it('quits at once when another instance holds the lock, registering nothing', async () => {
    h.state.lock = false;
    await startMain();
    expect(h.electron.app.quit).toHaveBeenCalled();
    expect(h.electron.app.whenReady).not.toHaveBeenCalled();
    expect(h.electron.ipcMain.handle).not.toHaveBeenCalled();
    expect(h.electron.app.listenerCount('web-contents-created')).toBe(0);
  });

  it('creates one window with the hardened, literal webPreferences (S1), hidden until ready-to-show', async () => {
    const win = await startedWindow();
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      disableBlinkFeatures: 'Auxclick',
      webSecurity: true,
      spellcheck: false,
    });
    expect(String(prefs.preload)).toMatch(/preload\.cjs$/);
    for (const bad of ['allowRunningInsecureContent', 'experimentalFeatures', 'enableBlinkFeatures', 'nodeIntegrationInWorker']) {
      expect(prefs, bad).not.toHaveProperty(bad);
    }
    expect(win.options.show).toBe(false);
    expect(win.loaded).toEqual(['app://burrow/index.html']);
    expect(win.shown).toBe(0);
    win.emit('ready-to-show');
    expect(win.shown).toBe(1);
  });

  it('sets a minimal application menu', async () => {
    await startedWindow();
    expect(h.electron.Menu.setApplicationMenu).toHaveBeenCalledTimes(1);
  });
});

describe('guards wired by the entry', () => {
  it('attaches navigation guards to every new web contents (S2)', async () => {
    await startedWindow();
    const contents = new h.FakeContents();
    h.electron.app.emit('web-contents-created', {}, contents);
    for (const url of ['https://evil.example', 'app://other/', 'javascript:alert(1)', 'file:///etc/passwd', '//evil']) {
      const event = { url, preventDefault: vi.fn() };
      contents.emit('will-navigate', event, url);
      expect(event.preventDefault, url).toHaveBeenCalled();
      expect(contents.openHandler?.({ url })).toEqual({ action: 'deny' });
    }
    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview, {}, {});
    expect(webview.preventDefault).toHaveBeenCalled();
    await new Promise((r) => setImmediate(r));
    expect(h.electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('denies permissions on the default session (S3)', async () => {
    await startedWindow();
    const request = h.state.permissionRequest;
    const check = h.state.permissionCheck;
    if (!request || !check) throw new Error('permission handlers missing');
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      const answers: boolean[] = [];
      request(null, permission, (g) => void answers.push(g), { requestingUrl: 'app://burrow/index.html' });
      expect(answers, permission).toEqual([false]);
      expect(check(null, permission, 'app://burrow', {}), permission).toBe(false);
    }
  });

  it('serves the renderer through protocol.handle with the CSP and refuses traversal (S5)', async () => {
    await startedWindow();
    const handler = h.state.protocolHandlers.get('app');
    if (!handler) throw new Error('app protocol not handled');
    const traversal = await handler({ url: 'app://burrow/%2e%2e/package.json', method: 'GET' } as Request);
    expect(traversal.status).toBe(403);
    expect(traversal.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('IPC through the entry', () => {
  it('hands the core Electron ports: userData as data dir, the safeStorage cipher, an allow-listed openExternal', async () => {
    await startedWindow();
    const ports = h.core.ports;
    if (!ports) throw new Error('core not created');
    expect(ports).toMatchObject({ shell: 'electron', appVersion: '0.1.0', platform: process.platform, dataDir: h.state.userData });
    const cipher = ports.cipher as { encrypt(s: string): Promise<string>; backend(): Promise<string> };
    await cipher.encrypt('k');
    expect(h.electron.safeStorage.encryptStringAsync).toHaveBeenCalledWith('k');
    const openExternal = ports.openExternal as (url: string) => Promise<void>;
    await openExternal('file:///etc/passwd');
    expect(h.electron.shell.openExternal).not.toHaveBeenCalled();
    await openExternal('https://docs.bunny.net/');
    expect(h.electron.shell.openExternal).toHaveBeenCalledWith('https://docs.bunny.net/');
    expect(h.state.order.indexOf('createCore')).toBeLessThan(h.state.order.indexOf('BrowserWindow'));
  });

  it('registers only the invoke and drop handlers, and round-trips app.info to the core', async () => {
    await startedWindow();
    expect([...h.state.handlers.keys()].sort()).toEqual([DROP_CHANNEL, INVOKE_CHANNEL].sort());
    const invoke = h.state.handlers.get(INVOKE_CHANNEL);
    if (!invoke) throw new Error('no invoke handler');
    const sender = new h.FakeContents();
    const result = await invoke({ senderFrame: appFrame, sender }, { method: 'app.info', input: {} });
    expect(result).toMatchObject({ ok: true, value: { name: 'Burrow', shell: 'electron', version: '0.1.0', dataDir: h.state.userData } });
  });

  it('refuses a foreign origin and a subframe (S6)', async () => {
    await startedWindow();
    const invoke = h.state.handlers.get(INVOKE_CHANNEL);
    if (!invoke) throw new Error('no invoke handler');
    const sender = new h.FakeContents();
    for (const frame of [
      { url: 'https://evil.example/', origin: 'https://evil.example', parent: null },
      { ...appFrame, parent: appFrame },
      null,
    ]) {
      expect(await invoke({ senderFrame: frame, sender }, { method: 'app.info', input: {} })).toMatchObject({ ok: false, error: { kind: 'auth' } });
    }
  });
});

describe('lifecycle', () => {
  it('focuses the existing window on a second instance', async () => {
    const win = await startedWindow();
    h.electron.app.emit('second-instance', {}, [], '/');
    expect(win.focused).toBe(1);
  });

  it('quits when all windows close (except on macOS)', async () => {
    await startedWindow();
    h.electron.app.emit('window-all-closed');
    if (process.platform === 'darwin') expect(h.electron.app.quit).not.toHaveBeenCalled();
    else expect(h.electron.app.quit).toHaveBeenCalledTimes(1);
  });

  it('closes the core before quitting, then quits for real', async () => {
    await startedWindow();
    const event = { preventDefault: vi.fn() };
    h.electron.app.emit('before-quit', event);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(h.electron.app.quit).toHaveBeenCalledTimes(1));
    const second = { preventDefault: vi.fn() };
    h.electron.app.emit('before-quit', second);
    expect(second.preventDefault).not.toHaveBeenCalled();
    expect(h.core.closed).toBe(1);
    expect(h.state.handlers.size).toBe(0);
  });

  it('saves the window bounds on close and restores them on the next start', async () => {
    const first = await startedWindow();
    first.emit('close', {});
    const saved = JSON.parse(readFileSync(join(h.state.userData, 'window-state.json'), 'utf8'));
    expect(saved).toEqual({ bounds: { x: 40, y: 30, width: 1100, height: 720 }, maximized: false });

    h.state.windows.length = 0;
    h.electron.app.removeAllListeners();
    const second = await startedWindow();
    expect(second.options).toMatchObject({ x: 40, y: 30, width: 1100, height: 720 });
  });
});
