import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DROP_CHANNEL, EVENT_CHANNEL, INVOKE_CHANNEL, SUBSCRIBE_CHANNEL } from '../../shared/contract/channels.js';
import type { BurrowBridge } from '../../shared/contract/index.js';

const h = vi.hoisted(() => {
  const exposed = new Map<string, unknown>();
  const rendererListeners = new Map<string, (event: unknown, message: unknown) => void>();
  return {
    exposed,
    rendererListeners,
    contextBridge: { exposeInMainWorld: vi.fn((key: string, api: unknown) => void exposed.set(key, api)) },
    ipcRenderer: {
      invoke: vi.fn(async (_channel: string, _arg: unknown): Promise<unknown> => ({ ok: true, value: 'from-main' })),
      send: vi.fn(),
      on: vi.fn((channel: string, fn: (event: unknown, message: unknown) => void) => void rendererListeners.set(channel, fn)),
    },
    webUtils: { getPathForFile: vi.fn((_file: unknown) => '/home/user/video.mp4') },
  };
});

vi.mock('electron', () => ({ contextBridge: h.contextBridge, ipcRenderer: h.ipcRenderer, webUtils: h.webUtils }));

let burrow: BurrowBridge;

beforeEach(async () => {
  vi.resetModules();
  h.exposed.clear();
  h.rendererListeners.clear();
  vi.clearAllMocks();
  await import('./index.js');
  burrow = h.exposed.get('burrow') as BurrowBridge;
});

function push(event: string, payload: unknown): void {
  h.rendererListeners.get(EVENT_CHANNEL)?.({}, { event, payload });
}

describe('preload bridge', () => {
  it('exposes exactly window.burrow = { invoke, on, files: { drop } }, all functions, nothing else', () => {
    expect(h.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect([...h.exposed.keys()]).toEqual(['burrow']);
    expect(Object.keys(burrow).sort()).toEqual(['files', 'invoke', 'on']);
    expect(Object.keys(burrow.files)).toEqual(['drop']);
    expect(typeof burrow.invoke).toBe('function');
    expect(typeof burrow.on).toBe('function');
    expect(typeof burrow.files.drop).toBe('function');
    const values = [...Object.values(burrow), ...Object.values(burrow.files)];
    expect(values).not.toContain(h.ipcRenderer);
    expect(values).not.toContain(h.webUtils);
  });

  it('sends known methods on the one invoke channel and returns main’s result', async () => {
    await expect(burrow.invoke('desktop.info', {})).resolves.toEqual({ ok: true, value: 'from-main' });
    expect(h.ipcRenderer.invoke).toHaveBeenCalledWith(INVOKE_CHANNEL, { method: 'desktop.info', input: {} });
    await burrow.invoke('desktop.info');
    expect(h.ipcRenderer.invoke).toHaveBeenLastCalledWith(INVOKE_CHANNEL, { method: 'desktop.info', input: {} });
  });

  it.each(['app.secret', 'burrow:invoke', '__proto__', 'constructor', '', 'APP.INFO'])('refuses the unknown method %j without sending', async (name) => {
    const result = await burrow.invoke(name, {});
    expect(result).toMatchObject({ ok: false, error: { kind: 'unknown_method' } });
    expect(h.ipcRenderer.invoke).not.toHaveBeenCalled();
  });

  it('refuses non-string method names', async () => {
    const result = await burrow.invoke(42 as unknown as string, {});
    expect(result).toMatchObject({ ok: false, error: { kind: 'unknown_method' } });
    expect(h.ipcRenderer.invoke).not.toHaveBeenCalled();
  });

  it('turns a broken transport into an internal error result instead of a rejection', async () => {
    h.ipcRenderer.invoke.mockRejectedValueOnce(new Error("No handler registered for 'burrow:invoke'"));
    await expect(burrow.invoke('desktop.info', {})).resolves.toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('throws on an unknown event and subscribes nothing', () => {
    expect(() => burrow.on('app.everything', () => {})).toThrow(/Unknown event/);
    expect(() => burrow.on('burrow:event', () => {})).toThrow(/Unknown event/);
    expect(h.ipcRenderer.send).not.toHaveBeenCalled();
  });

  it('subscribes once per event, delivers pushes, and unsubscribes when the last listener leaves', () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = burrow.on('desktop.notice', a);
    const offB = burrow.on('desktop.notice', b);
    expect(h.ipcRenderer.send).toHaveBeenCalledTimes(1);
    expect(h.ipcRenderer.send).toHaveBeenCalledWith(SUBSCRIBE_CHANNEL, { event: 'desktop.notice', subscribe: true });

    push('desktop.notice', { level: 'info', message: 'hi' });
    push('something.else', { level: 'info', message: 'ignored' });
    expect(a).toHaveBeenCalledWith({ level: 'info', message: 'hi' });
    expect(b).toHaveBeenCalledTimes(1);

    offA();
    offA();
    expect(h.ipcRenderer.send).toHaveBeenCalledTimes(1);
    offB();
    expect(h.ipcRenderer.send).toHaveBeenLastCalledWith(SUBSCRIBE_CHANNEL, { event: 'desktop.notice', subscribe: false });
    push('desktop.notice', { level: 'info', message: 'late' });
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering when one listener throws', () => {
    const good = vi.fn();
    burrow.on('desktop.notice', () => {
      throw new Error('broken');
    });
    burrow.on('desktop.notice', good);
    push('desktop.notice', { level: 'warning', message: 'x' });
    expect(good).toHaveBeenCalledTimes(1);
  });

  it('a drop is one message on the drop channel: every real path and the call to make; the page gets the call’s result, never a path', async () => {
    h.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { added: 2 } });
    h.webUtils.getPathForFile.mockImplementation((f) => `/home/user/${(f as { name: string }).name}`);
    const files = [{ name: 'a.mp4' }, { name: 'b.mov' }];
    const dropped = await burrow.files.drop(files, 'videos.add', { libraryId: 7, collectionId: null });
    expect(h.ipcRenderer.invoke).toHaveBeenCalledTimes(1);
    expect(h.ipcRenderer.invoke).toHaveBeenCalledWith(DROP_CHANNEL, { paths: ['/home/user/a.mp4', '/home/user/b.mov'], method: 'videos.add', input: { libraryId: 7, collectionId: null } });
    expect(dropped).toEqual({ result: { ok: true, value: { added: 2 } }, refused: [] });
    h.webUtils.getPathForFile.mockReset();
  });

  it('files with no path on disk are named and left out; with none left, or an unknown method, nothing is sent', async () => {
    h.webUtils.getPathForFile.mockImplementation((f) => {
      if ((f as { name?: string }).name === 'page-made.mp4') return '';
      if (typeof f !== 'object') throw new TypeError('Argument must be a File');
      return '/home/user/real.mp4';
    });
    const some = await burrow.files.drop([{ name: 'page-made.mp4' }, { name: 'real.mp4' }], 'files.list');
    expect(h.ipcRenderer.invoke).toHaveBeenCalledWith(DROP_CHANNEL, { paths: ['/home/user/real.mp4'], method: 'files.list', input: {} });
    expect(some.refused).toEqual(['page-made.mp4']);
    h.ipcRenderer.invoke.mockClear();
    expect(await burrow.files.drop([{ name: 'page-made.mp4' }, 'nope' as unknown as object], 'files.list')).toEqual({ result: null, refused: ['page-made.mp4', 'a file'] });
    expect(await burrow.files.drop('nope' as unknown as object[], 'files.list')).toEqual({ result: null, refused: [] });
    expect((await burrow.files.drop([{ name: 'real.mp4' }], 'files.secret')).result).toMatchObject({ ok: false, error: { kind: 'unknown_method' } });
    expect(h.ipcRenderer.invoke).not.toHaveBeenCalled();
    h.webUtils.getPathForFile.mockReset();
  });
});
