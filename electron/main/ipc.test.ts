import { EventEmitter } from 'node:events';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { IpcMain } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { DROP_CHANNEL, EVENT_CHANNEL, INVOKE_CHANNEL, SUBSCRIBE_CHANNEL } from '../../shared/contract/channels.js';
import { MASK, redactError } from '../../shared/common/redact.js';
import type { AppError } from '../../shared/contract/result.js';
import { REFUSED, registerIpc, type TransportCore } from './ipc.js';

/** A key the fake core knows, as the real core knows the profiles' keys. */
const KNOWN_KEY = 'acct-9f8e7d6c-5b4a-3210-fedc-ba9876543210';

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;
type OnListener = (event: unknown, ...args: unknown[]) => void;

const appFrame = { url: 'app://burrow/index.html', origin: 'app://burrow', parent: null };

function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  const listeners = new Map<string, OnListener[]>();
  const ipcMain = {
    handle: vi.fn((channel: string, fn: Handler) => void handlers.set(channel, fn)),
    on: vi.fn((channel: string, fn: OnListener) => void listeners.set(channel, [...(listeners.get(channel) ?? []), fn])),
    removeHandler: vi.fn((channel: string) => void handlers.delete(channel)),
    removeAllListeners: vi.fn((channel: string) => void listeners.delete(channel)),
  };
  return { ipcMain: ipcMain as unknown as IpcMain, handlers, listeners, raw: ipcMain };
}

let nextId = 1;
function fakeSender() {
  const emitter = new EventEmitter();
  const sent: unknown[][] = [];
  let destroyed = false;
  return Object.assign(emitter, {
    id: nextId++,
    sent,
    send: (...args: unknown[]) => void sent.push(args),
    isDestroyed: () => destroyed,
    destroy() {
      destroyed = true;
      emitter.emit('destroyed');
    },
  });
}

function fakeCore(opts: { redactor?: 'core' | 'none' | 'broken' } = {}) {
  const bus = new EventEmitter();
  const redactor = opts.redactor ?? 'core';
  const core = {
    invoke: vi.fn(async (method: unknown, input: unknown, _ctx?: { signal?: AbortSignal }) => ({ ok: true as const, value: { method, input } })),
    on: vi.fn((event: unknown, listener: (p: unknown) => void) => {
      bus.on(String(event), listener);
      return () => void bus.off(String(event), listener);
    }),
    emit: (event: string, payload: unknown) => bus.emit(event, payload),
    invokeWithFiles: vi.fn(async (paths: readonly string[], method: unknown, input: unknown, _ctx?: { signal?: AbortSignal }) => ({ ok: true as const, value: { paths, method, input } })),
    close: vi.fn(async () => {}),
    ...(redactor === 'none'
      ? {}
      : {
          redactError: vi.fn(async (e: AppError) => {
            if (redactor === 'broken') throw new Error(`secret store unreadable near ${KNOWN_KEY}`);
            return redactError(e, [KNOWN_KEY]);
          }),
        }),
  };
  return { core: core as unknown as TransportCore, raw: core, bus };
}

function setup(opts: Parameters<typeof fakeCore>[0] = {}) {
  const ipc = fakeIpcMain();
  const c = fakeCore(opts);
  const transport = registerIpc(ipc.ipcMain, c.core);
  const call = (channel: string, frame: unknown, arg: unknown, sender = fakeSender()) => {
    const handler = ipc.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ senderFrame: frame, sender }, arg);
  };
  const send = (channel: string, frame: unknown, arg: unknown, sender: ReturnType<typeof fakeSender>) => {
    for (const l of ipc.listeners.get(channel) ?? []) l({ senderFrame: frame, sender }, arg);
  };
  return { ...ipc, ...c, transport, call, send };
}

describe('IPC transport', () => {
  it('registers exactly the invoke and drop handlers and the subscribe listener', () => {
    const s = setup();
    expect([...s.handlers.keys()].sort()).toEqual([DROP_CHANNEL, INVOKE_CHANNEL].sort());
    expect([...s.listeners.keys()]).toEqual([SUBSCRIBE_CHANNEL]);
  });

  it('passes a trusted call to the core with an abort signal and returns its result', async () => {
    const s = setup();
    const result = await s.call(INVOKE_CHANNEL, appFrame, { method: 'desktop.info', input: {} });
    expect(result).toEqual({ ok: true, value: { method: 'desktop.info', input: {} } });
    const ctx = s.raw.invoke.mock.calls[0]?.[2];
    expect(ctx?.signal).toBeInstanceOf(AbortSignal);
  });

  const foreign: [string, unknown][] = [
    ['a null senderFrame', null],
    ['a missing senderFrame', undefined],
    ['https://evil.example', { url: 'https://evil.example/', origin: 'https://evil.example', parent: null }],
    ['app://other', { url: 'app://other/index.html', origin: 'app://other', parent: null }],
    ['a file: page', { url: 'file:///tmp/x.html', origin: 'file://', parent: null }],
    ['a subframe of the app', { ...appFrame, parent: appFrame }],
    ['a sandboxed frame with an opaque origin', { ...appFrame, origin: 'null' }],
  ];

  it.each(foreign)('refuses a call from %s without touching the core', async (_label, frame) => {
    const s = setup();
    expect(await s.call(INVOKE_CHANNEL, frame, { method: 'desktop.info', input: {} })).toEqual(REFUSED);
    expect(await s.call(DROP_CHANNEL, frame, { paths: ['/etc/passwd'], method: 'files.list', input: {} })).toEqual(REFUSED);
    expect(s.raw.invoke).not.toHaveBeenCalled();
    expect(s.raw.invokeWithFiles).not.toHaveBeenCalled();
  });

  it('rejects malformed call envelopes before the core', async () => {
    const s = setup();
    for (const arg of [undefined, null, 'desktop.info', 42, {}, { method: 7 }]) {
      expect(await s.call(INVOKE_CHANNEL, appFrame, arg)).toMatchObject({ ok: false, error: { kind: 'validation' } });
    }
    expect(s.raw.invoke).not.toHaveBeenCalled();
  });

  it('turns a throwing core into an internal error result', async () => {
    const s = setup();
    s.raw.invoke.mockRejectedValueOnce(new Error('boom'));
    expect(await s.call(INVOKE_CHANNEL, appFrame, { method: 'desktop.info' })).toMatchObject({ ok: false, error: { kind: 'internal', detail: 'boom' } });
  });

  it('scrubs known keys from the message of a handler that throws', async () => {
    const s = setup();
    s.raw.invoke.mockRejectedValueOnce(new Error(`request failed: AccessKey ${KNOWN_KEY} was refused`));
    const result = await s.call(INVOKE_CHANNEL, appFrame, { method: 'desktop.info' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal', detail: `request failed: AccessKey ${MASK} was refused` } });
    expect(JSON.stringify(result)).not.toContain(KNOWN_KEY);
    // The key in its other forms is caught too (the core's redaction, not a plain search).
    s.raw.invoke.mockRejectedValueOnce(new Error(`basic ${Buffer.from(KNOWN_KEY).toString('base64')}`));
    expect(JSON.stringify(await s.call(INVOKE_CHANNEL, appFrame, { method: 'desktop.info' }))).not.toContain(Buffer.from(KNOWN_KEY).toString('base64'));
  });

  it('answers only the title of a thrown failure when the core cannot redact, or its redaction fails', async () => {
    for (const redactor of ['none', 'broken'] as const) {
      const s = setup({ redactor });
      s.raw.invoke.mockRejectedValueOnce(new Error(`leaked ${KNOWN_KEY}`));
      const result = await s.call(INVOKE_CHANNEL, appFrame, { method: 'desktop.info' });
      expect(result, redactor).toEqual({ ok: false, error: { kind: 'internal', title: 'Something went wrong inside Burrow' } });
    }
  });

  it('hands a drop to the core as one call: every path and the method with its input, under the window’s signal', async () => {
    const s = setup();
    const drop = { paths: ['/home/u/a.mp4', '/home/u/b.mov'], method: 'videos.add', input: { libraryId: 7, collectionId: null } };
    expect(await s.call(DROP_CHANNEL, appFrame, drop)).toEqual({ ok: true, value: drop });
    expect(s.raw.invokeWithFiles).toHaveBeenCalledTimes(1);
    expect(s.raw.invokeWithFiles.mock.calls[0]?.[3]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('refuses malformed drops before the core', async () => {
    const s = setup();
    const good = { paths: ['/home/u/v.mp4'], method: 'files.list', input: {} };
    for (const arg of ['/home/u/v.mp4', 42, null, { ...good, method: 7 }, { ...good, paths: '/x' }, { ...good, paths: [] }, { ...good, paths: [''] }, { ...good, paths: [7] }, { ...good, paths: ['a\0b'] }, { ...good, paths: ['x'.repeat(5000)] }, { ...good, paths: Array.from({ length: 100_001 }, () => '/x') }]) {
      expect(await s.call(DROP_CHANNEL, appFrame, arg)).toMatchObject({ ok: false, error: { kind: 'validation' } });
    }
    expect(s.raw.invokeWithFiles).not.toHaveBeenCalled();
  });

  it('scrubs known keys from a drop whose core call throws', async () => {
    const s = setup();
    s.raw.invokeWithFiles.mockRejectedValueOnce(new Error(`stat ${KNOWN_KEY}`));
    expect(JSON.stringify(await s.call(DROP_CHANNEL, appFrame, { paths: ['/home/u/v.mp4'], method: 'files.list', input: {} }))).not.toContain(KNOWN_KEY);
  });

  it('pushes subscribed events to the window, once per subscription, and stops on unsubscribe', () => {
    const s = setup();
    const win = fakeSender();
    s.send(SUBSCRIBE_CHANNEL, appFrame, { event: 'desktop.notice', subscribe: true }, win);
    s.send(SUBSCRIBE_CHANNEL, appFrame, { event: 'desktop.notice', subscribe: true }, win);
    expect(s.transport.subscriptionCount(win.id)).toBe(1);
    s.bus.emit('desktop.notice', { level: 'info', message: 'hello' });
    expect(win.sent).toEqual([[EVENT_CHANNEL, { event: 'desktop.notice', payload: { level: 'info', message: 'hello' } }]]);
    s.send(SUBSCRIBE_CHANNEL, appFrame, { event: 'desktop.notice', subscribe: false }, win);
    s.bus.emit('desktop.notice', { level: 'info', message: 'again' });
    expect(win.sent).toHaveLength(1);
    expect(s.bus.listenerCount('desktop.notice')).toBe(0);
  });

  it('ignores subscriptions from foreign frames and to unknown events', () => {
    const s = setup();
    const win = fakeSender();
    s.send(SUBSCRIBE_CHANNEL, { url: 'https://evil.example/', origin: 'https://evil.example', parent: null }, { event: 'desktop.notice', subscribe: true }, win);
    s.send(SUBSCRIBE_CHANNEL, appFrame, { event: 'app.secrets', subscribe: true }, win);
    s.send(SUBSCRIBE_CHANNEL, appFrame, 'desktop.notice', win);
    s.send(SUBSCRIBE_CHANNEL, appFrame, { event: 'desktop.notice', subscribe: 'yes' }, win);
    expect(s.raw.on).not.toHaveBeenCalled();
  });

  it('drops subscriptions and aborts calls when the window is destroyed', async () => {
    const s = setup();
    const win = fakeSender();
    s.send(SUBSCRIBE_CHANNEL, appFrame, { event: 'desktop.notice', subscribe: true }, win);
    await s.call(INVOKE_CHANNEL, appFrame, { method: 'desktop.info' }, win);
    const signal = s.raw.invoke.mock.calls[0]?.[2]?.signal;
    win.destroy();
    expect(signal?.aborted).toBe(true);
    expect(s.bus.listenerCount('desktop.notice')).toBe(0);
    expect(s.transport.subscriptionCount(win.id)).toBe(0);
  });

  it('dispose removes the handlers and listeners', () => {
    const s = setup();
    s.transport.dispose();
    expect(s.handlers.size).toBe(0);
    expect(s.listeners.size).toBe(0);
  });
});

describe('source rules', () => {
  const dir = new URL('.', import.meta.url).pathname;
  const sources = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => [f, readFileSync(join(dir, f), 'utf8')] as const);

  it('calls ipcMain.handle( in exactly one place: the trusted wrapper', () => {
    const hits = sources.flatMap(([f, text]) => (text.match(/ipcMain\.handle\(/g) ?? []).map(() => f));
    expect(hits).toEqual(['ipc.ts']);
  });

  it('never uses the synchronous safeStorage calls (they are deprecated and block the main process)', () => {
    for (const [f, text] of sources) expect(text, f).not.toMatch(/safeStorage\.(encryptString|decryptString|isEncryptionAvailable)\(/);
  });

  it('every eng-disable carries a reason', () => {
    for (const [f, text] of sources) {
      for (const line of text.split('\n').filter((l) => l.includes('eng-disable'))) expect(line, f).toContain('reason:');
    }
  });
});
