/**
 * The one fake `electron` module: the main-process tests mock 'electron' with it, and the bundle smoke test
 * (scripts/smoke-main.cjs) puts it under require('electron'). It behaves as much like Electron as those two need —
 * a second handler on one channel throws, every new window's web contents is announced, IPC payloads are
 * structured-cloned — and records what the main process and the preload did with it, in `rec`.
 * Plain CommonJS with no dependencies, so a plain `node` script can load it; types in fake-electron.d.cts.
 */
'use strict';
const { EventEmitter } = require('node:events');

/** The app's own top-level frame, as IPC events from the window carry it. */
const APP_FRAME = Object.freeze({ url: 'app://burrow/index.html', origin: 'app://burrow', parent: null });

/**
 * A fresh fake. `onFatal` hears about app.exit() and dialog.showErrorBox() (a start-up that gave up);
 * both are recorded either way.
 */
function createFakeElectron(options = {}) {
  const onFatal = options.onFatal ?? (() => {});
  const rec = {
    userData: options.userData ?? '',
    /** What requestSingleInstanceLock answers. */
    lock: true,
    windows: [],
    handlers: new Map(),
    handleCalls: 0,
    mainListeners: new Map(),
    rendererListeners: new Map(),
    protocolHandlers: new Map(),
    privileged: [],
    exposed: new Map(),
    permissionRequest: null,
    permissionCheck: null,
    menu: null,
    menusSet: 0,
    /** The order of the calls start-up order depends on. */
    order: [],
    quits: 0,
    messageBoxes: [],
    messageBoxResponse: 0,
    exits: [],
    errorBoxes: [],
    encrypted: [],
    openedExternal: [],
  };

  let nextContentsId = 1;
  class FakeWebContents extends EventEmitter {
    constructor() {
      super();
      this.id = nextContentsId++;
      this.openHandler = null;
      this.destroyed = false;
    }
    setWindowOpenHandler(fn) {
      this.openHandler = fn;
    }
    // main → renderer: what ipcRenderer.on listeners receive, structured-cloned like real IPC.
    send(channel, ...args) {
      for (const fn of rec.rendererListeners.get(channel) ?? []) fn({}, ...structuredClone(args));
    }
    isDestroyed() {
      return this.destroyed;
    }
    destroy() {
      this.destroyed = true;
      this.emit('destroyed');
    }
  }

  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    requestSingleInstanceLock: () => rec.lock,
    enableSandbox() {
      rec.order.push('enableSandbox');
    },
    whenReady() {
      rec.order.push('whenReady');
      return Promise.resolve();
    },
    getPath(name) {
      if (name !== 'userData') throw new Error(`unexpected app.getPath(${name})`);
      return rec.userData;
    },
    getVersion: () => '0.1.0',
    setAppUserModelId() {},
    quit() {
      rec.quits++;
    },
    exit(code) {
      rec.exits.push(code);
      onFatal(new Error(`app.exit(${code})`));
    },
  });

  class BrowserWindow extends EventEmitter {
    constructor(windowOptions) {
      super();
      this.options = windowOptions;
      this.webContents = new FakeWebContents();
      this.loaded = [];
      this.shown = 0;
      this.focused = 0;
      this.maximized = false;
      this.destroyed = false;
      rec.windows.push(this);
      rec.order.push('BrowserWindow');
      // As in Electron: every web contents, a window's included, is announced to the app.
      app.emit('web-contents-created', {}, this.webContents);
    }
    static getAllWindows() {
      return rec.windows.filter((w) => !w.destroyed);
    }
    loadURL(url) {
      this.loaded.push(url);
      return Promise.resolve();
    }
    show() {
      this.shown++;
    }
    focus() {
      this.focused++;
    }
    restore() {}
    isMinimized() {
      return false;
    }
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

  const trustedEvent = () => ({ senderFrame: APP_FRAME, sender: rec.windows[0]?.webContents });

  const electron = {
    app,
    BrowserWindow,
    protocol: {
      registerSchemesAsPrivileged(schemes) {
        rec.order.push('registerSchemesAsPrivileged');
        rec.privileged.push(...schemes);
      },
      handle: (scheme, fn) => void rec.protocolHandlers.set(scheme, fn),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn) => void (rec.permissionRequest = fn),
        setPermissionCheckHandler: (fn) => void (rec.permissionCheck = fn),
      },
    },
    ipcMain: {
      handle(channel, fn) {
        rec.handleCalls++;
        // Electron refuses a second handler for one channel; so does the fake.
        if (rec.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        rec.handlers.set(channel, fn);
      },
      on: (channel, fn) => void rec.mainListeners.set(channel, [...(rec.mainListeners.get(channel) ?? []), fn]),
      removeHandler: (channel) => void rec.handlers.delete(channel),
      removeAllListeners: (channel) => void rec.mainListeners.delete(channel),
    },
    Menu: {
      buildFromTemplate: (template) => ({ template }),
      setApplicationMenu(menu) {
        rec.menu = menu;
        rec.menusSet++;
      },
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] },
    dialog: {
      showErrorBox(title, message) {
        rec.errorBoxes.push({ title, message });
        onFatal(new Error(`${title}: ${message}`));
      },
      showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
      showSaveDialog: async () => ({ canceled: true }),
      /** Answers with `rec.messageBoxResponse` (0 = the first button) and records what was asked. */
      async showMessageBox(...args) {
        rec.messageBoxes.push(args.at(-1));
        return { response: rec.messageBoxResponse, checkboxChecked: false };
      },
    },
    Notification: Object.assign(
      class {
        show() {}
      },
      { isSupported: () => false },
    ),
    nativeTheme: { shouldUseDarkColors: false },
    safeStorage: {
      isAsyncEncryptionAvailable: async () => true,
      async encryptStringAsync(text) {
        rec.encrypted.push(text);
        return Buffer.from(text, 'utf8');
      },
      decryptStringAsync: async (data) => ({ result: Buffer.from(data).toString('utf8'), shouldReEncrypt: false }),
      getSelectedStorageBackend: () => 'gnome_libsecret',
    },
    shell: {
      async openExternal(url) {
        rec.openedExternal.push(url);
      },
    },
    // The renderer side, for the preload: calls arrive in main as if from the first window's top frame.
    contextBridge: { exposeInMainWorld: (key, api) => void rec.exposed.set(key, api) },
    ipcRenderer: {
      async invoke(channel, ...args) {
        const handler = rec.handlers.get(channel);
        if (!handler) throw new Error(`No handler registered for '${channel}'`);
        return structuredClone(await handler(trustedEvent(), ...structuredClone(args)));
      },
      send(channel, ...args) {
        for (const fn of rec.mainListeners.get(channel) ?? []) fn(trustedEvent(), ...structuredClone(args));
      },
      on: (channel, fn) => void rec.rendererListeners.set(channel, [...(rec.rendererListeners.get(channel) ?? []), fn]),
    },
    webUtils: { getPathForFile: (file) => file.path ?? '' },
  };

  /** Forgets everything recorded and every app listener, for the next start of the main process. */
  function reset(userData) {
    app.removeAllListeners();
    rec.userData = userData;
    rec.lock = true;
    rec.windows.length = 0;
    for (const key of ['handlers', 'mainListeners', 'rendererListeners', 'protocolHandlers', 'exposed']) rec[key].clear();
    for (const key of ['privileged', 'order', 'exits', 'errorBoxes', 'encrypted', 'openedExternal']) rec[key].length = 0;
    rec.permissionRequest = null;
    rec.permissionCheck = null;
    rec.menu = null;
    rec.menusSet = 0;
    rec.handleCalls = 0;
    rec.quits = 0;
    rec.messageBoxes = [];
    rec.messageBoxResponse = 0;
  }

  return { electron, rec, FakeWebContents, reset };
}

module.exports = { APP_FRAME, createFakeElectron };
