import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DROP_CHANNEL, INVOKE_CHANNEL } from '../../shared/contract/channels.js';
import { CONTENT_SECURITY_POLICY } from '../../shared/common/csp.js';

/** The fake `electron` the bundle smoke test uses too, and a stand-in core that records the ports it was given. */
const h = vi.hoisted(() => {
  // vi.hoisted runs before imports exist, so the shared CommonJS fake is required here.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { APP_FRAME, createFakeElectron } = require('../../scripts/fake-electron.cjs') as typeof import('../../scripts/fake-electron.cjs');
  const fake = createFakeElectron();

  /** The bundle smoke test runs the real core; here only what the entry hands it matters. */
  const core = {
    ports: null as null | Record<string, unknown>,
    closed: 0,
    question: null as null | { message: string; detail: string },
    /** When set, the core's start waits for it; a rejection is a failed start. */
    hold: null as null | Promise<void>,
    async create(ports: Record<string, unknown>) {
      core.ports = ports;
      fake.rec.order.push('createCore');
      await core.hold;
      return {
        invoke: async (method: unknown) =>
          method === 'desktop.info'
            ? { ok: true, value: { name: 'Burrow', version: ports.appVersion, shell: ports.shell, platform: ports.platform, dataDir: ports.dataDir } }
            : { ok: false, error: { kind: 'unknown_method', title: 'Unknown method' } },
        on: () => () => {},
        emit: () => {},
        invokeWithFiles: async () => ({ ok: false, error: { kind: 'not_found', title: 'File not found' } }),
        quitQuestion: () => core.question,
        close: async () => {
          core.closed++;
        },
      };
    },
  };

  return { ...fake, APP_FRAME, state: fake.rec, core };
});

vi.mock('electron', () => ({ ...h.electron, default: h.electron }));
vi.mock('../core/index.js', async () => ({ ...(await import('../core/starting.js')), createCore: (ports: Record<string, unknown>) => h.core.create(ports) }));

const appFrame = h.APP_FRAME;

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
  h.reset(mkdtempSync(join(tmpdir(), 'burrow-main-')));
  h.core.ports = null;
  h.core.closed = 0;
  h.core.question = null;
  h.core.hold = null;
});

afterEach(async () => {
  // Close a started core the way the app does, so nothing it opened outlives the test.
  const event = { preventDefault: vi.fn() };
  const quits = h.state.quits;
  h.electron.app.emit('before-quit', event);
  if (event.preventDefault.mock.calls.length > 0) await vi.waitFor(() => expect(h.state.quits).toBeGreaterThan(quits));
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
    expect(h.state.quits).toBe(1);
    expect(h.state.order).not.toContain('whenReady');
    expect(h.state.handleCalls).toBe(0);
    expect(h.electron.app.listenerCount('web-contents-created')).toBe(0);
  });

  it('creates one window with the hardened, literal webPreferences hidden until ready-to-show', async () => {
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
    expect(h.state.menusSet).toBe(1);
    expect(h.state.menu).toMatchObject({ template: expect.any(Array) });
  });
});

describe('guards wired by the entry', () => {
  it('attaches navigation guards to every new web contents', async () => {
    await startedWindow();
    const contents = new h.FakeWebContents();
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
    expect(h.state.openedExternal).toEqual([]);
  });

  it('denies permissions on the default session', async () => {
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

  it('serves the renderer through protocol.handle with the CSP and refuses traversal', async () => {
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
    await vi.waitFor(() => expect(h.core.ports).not.toBeNull());
    const ports = h.core.ports;
    if (!ports) throw new Error('core not created');
    expect(ports).toMatchObject({ shell: 'electron', appVersion: '0.1.0', platform: process.platform, dataDir: h.state.userData });
    // Log files are read by the worker script the build writes beside main.cjs.
    expect(String(ports.logsWorkerScript)).toMatch(/[\\/]logsworker\.cjs$/);
    const cipher = ports.cipher as { encrypt(s: string): Promise<string>; backend(): Promise<string> };
    await cipher.encrypt('k');
    expect(h.state.encrypted).toEqual(['k']);
    const openExternal = ports.openExternal as (url: string) => Promise<void>;
    await openExternal('file:///etc/passwd');
    await openExternal('https://github.com/');
    expect(h.state.openedExternal).toEqual([]);
    await openExternal('https://docs.bunny.net/');
    expect(h.state.openedExternal).toEqual(['https://docs.bunny.net/']);
    // The window comes first: the core starts once its page has loaded.
    expect(h.state.order.indexOf('BrowserWindow')).toBeLessThan(h.state.order.indexOf('createCore'));
  });

  it('registers only the invoke and drop handlers, and round-trips app.info to the core', async () => {
    await startedWindow();
    expect([...h.state.handlers.keys()].sort()).toEqual([DROP_CHANNEL, INVOKE_CHANNEL].sort());
    const invoke = h.state.handlers.get(INVOKE_CHANNEL);
    if (!invoke) throw new Error('no invoke handler');
    const sender = new h.FakeWebContents();
    const result = await invoke({ senderFrame: appFrame, sender }, { method: 'desktop.info', input: {} });
    expect(result).toMatchObject({ ok: true, value: { name: 'Burrow', shell: 'electron', version: '0.1.0', dataDir: h.state.userData } });
  });

  it('opens the window while the core starts: a call made meanwhile is answered once it is up', async () => {
    let release = () => {};
    h.core.hold = new Promise<void>((r) => (release = r));
    const win = await startedWindow();
    expect(win.loaded).toEqual(['app://burrow/index.html']);
    const invoke = h.state.handlers.get(INVOKE_CHANNEL);
    if (!invoke) throw new Error('no invoke handler');
    let answered = false;
    const call = invoke({ senderFrame: appFrame, sender: new h.FakeWebContents() }, { method: 'desktop.info', input: {} }).finally(() => (answered = true));
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    release();
    expect(await call).toMatchObject({ ok: true, value: { name: 'Burrow', shell: 'electron' } });
  });

  it('answers every call with the reason when the core cannot start', async () => {
    h.core.hold = Promise.reject(new Error('The data folder is read-only'));
    await startedWindow();
    const invoke = h.state.handlers.get(INVOKE_CHANNEL);
    if (!invoke) throw new Error('no invoke handler');
    expect(await invoke({ senderFrame: appFrame, sender: new h.FakeWebContents() }, { method: 'desktop.info', input: {} })).toEqual({
      ok: false,
      error: { kind: 'internal', title: 'Burrow could not start', detail: 'The data folder is read-only' },
    });
  });

  it('refuses a foreign origin and a subframe', async () => {
    await startedWindow();
    const invoke = h.state.handlers.get(INVOKE_CHANNEL);
    if (!invoke) throw new Error('no invoke handler');
    const sender = new h.FakeWebContents();
    for (const frame of [
      { url: 'https://evil.example/', origin: 'https://evil.example', parent: null },
      { ...appFrame, parent: appFrame },
      null,
    ]) {
      expect(await invoke({ senderFrame: frame, sender }, { method: 'desktop.info', input: {} })).toMatchObject({ ok: false, error: { kind: 'auth' } });
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
    expect(h.state.quits).toBe(process.platform === 'darwin' ? 0 : 1);
  });

  it('closes the core before quitting, then quits for real', async () => {
    await startedWindow();
    const event = { preventDefault: vi.fn() };
    h.electron.app.emit('before-quit', event);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(h.state.quits).toBe(1));
    const second = { preventDefault: vi.fn() };
    h.electron.app.emit('before-quit', second);
    expect(second.preventDefault).not.toHaveBeenCalled();
    expect(h.core.closed).toBe(1);
    expect(h.state.handlers.size).toBe(0);
  });

  it('asks before quitting while uploads run: "Keep uploading" keeps the app, "Quit" closes the core and quits', async () => {
    await startedWindow();
    h.core.question = { message: '2 uploads are running. Quit anyway?', detail: 'They restart on the same videos next launch.' };
    h.state.messageBoxResponse = 1;
    const first = { preventDefault: vi.fn() };
    h.electron.app.emit('before-quit', first);
    expect(first.preventDefault).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(h.state.messageBoxes).toHaveLength(1));
    expect(h.state.messageBoxes[0]).toMatchObject({ message: '2 uploads are running. Quit anyway?', detail: 'They restart on the same videos next launch.', buttons: ['Quit', 'Keep uploading'], cancelId: 1 });
    expect(h.core.closed).toBe(0);
    expect(h.state.quits).toBe(0);
    h.state.messageBoxResponse = 0;
    h.electron.app.emit('before-quit', { preventDefault: vi.fn() });
    await vi.waitFor(() => expect(h.state.quits).toBe(1));
    expect(h.state.messageBoxes).toHaveLength(2);
    // app.quit() starts the quit again (Electron emits before-quit once more): now confirmed, it closes the core.
    h.core.question = { message: 'still running', detail: '' };
    h.electron.app.emit('before-quit', { preventDefault: vi.fn() });
    await vi.waitFor(() => expect(h.core.closed).toBe(1));
    await vi.waitFor(() => expect(h.state.quits).toBe(2));
    expect(h.state.messageBoxes).toHaveLength(2);
  });

  it('saves the window bounds on close and restores them on the next start', async () => {
    const first = await startedWindow();
    first.emit('close', {});
    const saved = JSON.parse(readFileSync(join(h.state.userData, 'window-state.json'), 'utf8'));
    expect(saved).toEqual({ bounds: { x: 40, y: 30, width: 1100, height: 720 }, maximized: false });

    // A new process: nothing of the first start is left but the data folder.
    h.reset(h.state.userData);
    const second = await startedWindow();
    expect(second.options).toMatchObject({ x: 40, y: 30, width: 1100, height: 720 });
  });
});
