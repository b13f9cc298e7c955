import { EventEmitter } from 'node:events';
import type { Session, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { isAppUrl, isTrustedSender } from './app-url.js';
import { attachNavigationGuards, denyPermissions, isPermissionGranted } from './guards.js';
import { createOpenExternal } from './shell-ports.js';

type OpenHandler = (details: { url: string }) => { action: string };

function fakeContents() {
  const emitter = new EventEmitter();
  let openHandler: OpenHandler | null = null;
  const contents = Object.assign(emitter, {
    setWindowOpenHandler: (fn: OpenHandler) => {
      openHandler = fn;
    },
  });
  return {
    contents: contents as unknown as WebContents,
    /** Emits a navigation-style event and says whether the guard prevented it. */
    fire(name: string, url: string): boolean {
      const event = { url, preventDefault: vi.fn() };
      emitter.emit(name, event, url);
      return event.preventDefault.mock.calls.length > 0;
    },
    open(url: string) {
      if (!openHandler) throw new Error('no window open handler');
      return openHandler({ url });
    },
  };
}

function guarded() {
  const shell = { openExternal: vi.fn(async (_url: string) => {}) };
  const open = createOpenExternal(shell);
  const fake = fakeContents();
  attachNavigationGuards(fake.contents, (url) => void open(url));
  return { ...fake, shell };
}

const hostile = [
  'https://evil.example',
  'https://evil.example/app://burrow/',
  'http://bunny.net/',
  'app://bunny.evil/',
  'app://other/',
  'app://burrow.evil/',
  'app://burrow@evil/',
  'app://burrow:8080/index.html',
  'javascript:alert(1)',
  'file:///etc/passwd',
  '//evil',
  'data:text/html,<script>alert(1)</script>',
  'about:blank',
  'smb://evil/share',
  'ms-msdt:/id PCWDiagnostic',
  '',
];

describe('navigation guards', () => {
  it.each(hostile)('prevents navigation and redirects to %j and never opens it externally', async (url) => {
    const g = guarded();
    expect(g.fire('will-navigate', url)).toBe(true);
    expect(g.fire('will-frame-navigate', url)).toBe(true);
    expect(g.fire('will-redirect', url)).toBe(true);
    expect(g.open(url)).toEqual({ action: 'deny' });
    await Promise.resolve();
    expect(g.shell.openExternal).not.toHaveBeenCalled();
  });

  it('lets the app navigate within its own origin', () => {
    const g = guarded();
    expect(g.fire('will-navigate', 'app://burrow/index.html')).toBe(false);
    expect(g.fire('will-navigate', 'app://burrow/index.html#/videos')).toBe(false);
    expect(g.fire('will-redirect', 'app://burrow/')).toBe(false);
  });

  it('denies every window open, sending only allow-listed https links to the browser', async () => {
    const g = guarded();
    expect(g.open('https://docs.bunny.net/docs/stream')).toEqual({ action: 'deny' });
    expect(g.open('app://burrow/index.html')).toEqual({ action: 'deny' });
    await Promise.resolve();
    expect(g.shell.openExternal).toHaveBeenCalledTimes(1);
    expect(g.shell.openExternal).toHaveBeenCalledWith('https://docs.bunny.net/docs/stream');
  });

  it('a clicked allow-listed link is kept out of the window and opened in the browser', async () => {
    const g = guarded();
    expect(g.fire('will-navigate', 'https://dash.bunny.net/')).toBe(true);
    await Promise.resolve();
    expect(g.shell.openExternal).toHaveBeenCalledWith('https://dash.bunny.net/');
  });

  it('never attaches a webview', () => {
    const g = guarded();
    const event = { preventDefault: vi.fn() };
    (g.contents as unknown as EventEmitter).emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe('openExternal allow-list', () => {
  it.each([
    'file:///etc/passwd',
    'smb://evil/share',
    'javascript:alert(1)',
    'ms-msdt:/id PCWDiagnostic',
    'http://docs.bunny.net/',
    'https://evil.example/',
    'https://docs.bunny.net.evil.example/',
    'https://user:pw@docs.bunny.net/',
    'https://docs.bunny.net:8443/',
    'not a url',
  ])('never opens %j', async (url) => {
    const shell = { openExternal: vi.fn(async () => {}) };
    await expect(createOpenExternal(shell)(url)).resolves.toBe(false);
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('opens an allow-listed https URL', async () => {
    const shell = { openExternal: vi.fn(async () => {}) };
    await expect(createOpenExternal(shell)('https://docs.bunny.net/')).resolves.toBe(true);
    expect(shell.openExternal).toHaveBeenCalledWith('https://docs.bunny.net/');
  });
});

describe('permissions', () => {
  type RequestHandler = (wc: unknown, permission: string, cb: (granted: boolean) => void, details: { requestingUrl: string }) => void;
  type CheckHandler = (wc: unknown, permission: string, origin: string, details: unknown) => boolean;

  function handlers() {
    const installed: { request?: RequestHandler; check?: CheckHandler } = {};
    const session = {
      setPermissionRequestHandler: (fn: RequestHandler) => void (installed.request = fn),
      setPermissionCheckHandler: (fn: CheckHandler) => void (installed.check = fn),
    };
    denyPermissions(session as unknown as Session);
    const { request, check } = installed;
    if (!request || !check) throw new Error('handlers not installed');
    return {
      request(permission: string, url = 'app://burrow/index.html'): boolean {
        const answers: boolean[] = [];
        request(null, permission, (g) => void answers.push(g), { requestingUrl: url });
        if (answers.length !== 1) throw new Error('callback not called exactly once');
        return answers[0] === true;
      },
      check: (permission: string, origin = 'app://burrow') => check(null, permission, origin, {}),
    };
  }

  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'display-capture', 'hid', 'usb', 'serial', 'midiSysex', 'unknown'])(
    'denies %s on request and on check',
    (permission) => {
      const h = handlers();
      expect(h.request(permission)).toBe(false);
      expect(h.check(permission)).toBe(false);
    },
  );

  it('allows clipboard writes only from the app origin', () => {
    const h = handlers();
    expect(h.request('clipboard-sanitized-write')).toBe(true);
    expect(h.check('clipboard-sanitized-write')).toBe(true);
    expect(h.request('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(h.check('clipboard-sanitized-write', 'https://evil.example')).toBe(false);
    expect(isPermissionGranted('clipboard-sanitized-write', undefined)).toBe(false);
  });
});

describe('app origin checks', () => {
  it('recognizes only app://burrow', () => {
    expect(isAppUrl('app://burrow/index.html')).toBe(true);
    expect(isAppUrl('app://burrow')).toBe(true);
    for (const url of hostile) expect(isAppUrl(url), url).toBe(false);
    expect(isAppUrl(undefined)).toBe(false);
  });

  it('trusts only the main frame of the app origin', () => {
    const main = { url: 'app://burrow/index.html', origin: 'app://burrow', parent: null };
    expect(isTrustedSender(main)).toBe(true);
    expect(isTrustedSender(null)).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
    expect(isTrustedSender({ ...main, parent: main })).toBe(false);
    expect(isTrustedSender({ url: 'https://evil.example/', origin: 'https://evil.example', parent: null })).toBe(false);
    expect(isTrustedSender({ ...main, origin: 'null' })).toBe(false);
    expect(isTrustedSender({ ...main, url: 'about:blank' })).toBe(false);
    expect(isTrustedSender({ url: 'app://other/index.html', origin: 'app://other', parent: null })).toBe(false);
  });
});
