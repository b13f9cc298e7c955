import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleResponse } from '../../../shared/console/model.js';
import { DISPLAY_CAP_BYTES } from '../../../shared/console/command-types.js';
import { createSeed } from '../../../sandbox/seed.js';
import { EMBEDDED_SEED } from '../settings/index.js';
import { startCore, type Harness } from '../testing/core-harness.js';

const seed = createSeed(EMBEDDED_SEED);
const open: Harness[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.core.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});
async function core(dataDir?: string) {
  const h = await startCore(dataDir ? { dataDir } : {});
  open.push(h);
  return h;
}
let n = 0;
const send = (h: Harness, line: string, extra: { body?: string; verbose?: boolean } = {}) => h.core.invoke('console.send', { requestId: `r${++n}`, line, ...extra });
const ok = async (h: Harness, line: string, extra: { body?: string; verbose?: boolean } = {}) => {
  const r = await send(h, line, extra);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as ConsoleResponse;
};

describe('console.send against the sandbox', () => {
  it('get and GET are the same request, and JSON comes back pretty', async () => {
    const h = await core();
    const a = await ok(h, 'api get /pullzone');
    const b = await ok(h, 'GET pullzone');
    expect(a.status).toBe(200);
    expect(a.body.kind).toBe('json');
    expect(a.body).toEqual(b.body);
    if (a.body.kind === 'json') expect(JSON.parse(a.body.text)).toHaveLength(seed.pullZones.length);
    expect(a.url).toMatch(/\/pullzone$/);
  });

  it('masks keys the platform returns and never carries the account key', async () => {
    const h = await core();
    const r = await ok(h, 'api GET /videolibrary', { verbose: true });
    const text = JSON.stringify(r);
    for (const lib of seed.libraries) expect(text).not.toContain(lib.key);
    expect(text).not.toContain(seed.accountKey);
    expect(r.body.kind === 'json' && r.body.masked).toBeGreaterThanOrEqual(4);
    expect(r.rawBody).toMatch(/"ApiKey":\s*"••••••••"/);
    expect(r.requestHeaders.accesskey ?? r.requestHeaders.AccessKey).toBe('••••••••');
  });

  it('uses the editor body for POST when the line has none, and --body wins over it', async () => {
    const h = await core();
    const created = await ok(h, 'api post /dnszone', { body: '{"Domain":"from-editor.test"}' });
    expect(created.status).toBe(201);
    const inline = await ok(h, `api post /dnszone -b '{"Domain":"from-line.test"}'`, { body: '{"Domain":"ignored.test"}' });
    expect(inline.status).toBe(201);
    const list = await ok(h, 'api get /dnszone');
    const text = list.body.kind === 'json' ? list.body.text : '';
    expect(text).toContain('from-editor.test');
    expect(text).toContain('from-line.test');
    expect(text).not.toContain('ignored.test');
  });

  it('names the position of a JSON syntax error, in the line and in the editor', async () => {
    const h = await core();
    const inLine = await send(h, `api post /dnszone --body '{"Domain": }'`);
    expect(inLine).toMatchObject({ ok: false, error: { kind: 'validation', fieldErrors: { line: expect.stringMatching(/position 11/) } } });
    const inEditor = await send(h, 'api post /dnszone', { body: '{"Domain": "x",}' });
    expect(inEditor).toMatchObject({ ok: false, error: { fieldErrors: { body: expect.stringMatching(/position \d+/) } } });
    const hostile = await send(h, 'api get //evil.example/x');
    expect(hostile).toMatchObject({ ok: false, error: { fieldErrors: { line: expect.any(String) } } });
    const key = await send(h, 'api get /pullzone --api-key abc');
    expect(key).toMatchObject({ ok: false, error: { fieldErrors: { line: expect.stringContaining('--api-key') } } });
  });

  it('shows error statuses with the platform body instead of failing', async () => {
    const h = await core();
    const r = await ok(h, 'api get /pullzone/1');
    expect(r.status).toBe(404);
    expect(r.body.kind === 'json' && JSON.parse(r.body.text)).toMatchObject({ ErrorKey: expect.any(String), Message: expect.any(String) });
  });

  it('never retries POST, retries GET through a 503 burst', async () => {
    const h = await core();
    const sb = (await h.core.embeddedSandbox())!;
    sb.faults.add({ method: 'POST', path: '/dnszone', times: 3, action: { kind: 'status', status: 503 } });
    const post = await ok(h, `api post /dnszone -b '{"Domain":"never-twice.test"}'`);
    expect(post.status).toBe(503);
    expect(post.attempts).toHaveLength(1);
    sb.faults.reset();
    sb.faults.add({ method: 'GET', path: '/storagezone', times: 2, action: { kind: 'status', status: 503 } });
    const get = await ok(h, 'api get /storagezone', { verbose: true });
    expect(get.status).toBe(200);
    expect(get.attempts.map((a) => a.status)).toEqual([503, 503, 200]);
  });

  it('keeps text with control characters as text, binary as a hex preview, invalid JSON with its position', async () => {
    const h = await core();
    const sb = (await h.core.embeddedSandbox())!;
    sb.faults.add({ method: 'GET', path: '/a', action: { kind: 'status', status: 200, body: 'clear\x1b[2J\u202eevil', contentType: 'text/plain' } });
    sb.faults.add({ method: 'GET', path: '/b', action: { kind: 'status', status: 200, body: '\u0000\u0001\u0002PNG', contentType: 'application/octet-stream' } });
    sb.faults.add({ method: 'GET', path: '/c', action: { kind: 'status', status: 200, body: '{"a": 1,,}', contentType: 'application/json' } });
    sb.faults.add({ method: 'GET', path: '/d', times: 10, action: { kind: 'status', status: 502, body: '<html><body>Bad gateway</body></html>', contentType: 'text/html' } });
    expect((await ok(h, 'api get /a')).body).toEqual({ kind: 'text', text: 'clear\x1b[2J\u202eevil' });
    expect((await ok(h, 'api get /b')).body).toMatchObject({ kind: 'binary', contentType: 'application/octet-stream', hex: expect.stringContaining('00 01 02 50 4e 47') });
    expect((await ok(h, 'api get /c')).body).toMatchObject({ kind: 'text', parseError: expect.stringMatching(/position 8/) });
    const html = await ok(h, 'api get /d');
    expect(html).toMatchObject({ status: 502, body: { kind: 'text', text: expect.stringContaining('Bad gateway') } });
  });

  it('keeps history per profile, searchable, across a restart', async () => {
    const h = await core();
    await ok(h, 'api get /pullzone');
    await ok(h, 'api get /storagezone');
    await ok(h, 'api get /pullzone');
    expect(await h.call('console.history', {})).toEqual({ entries: ['api get /storagezone', 'api get /pullzone'] });
    expect(await h.call('console.history', { query: 'STORAGE' })).toEqual({ entries: ['api get /storagezone'] });
    await h.core.close();
    open.pop();
    const again = await core(h.dataDir);
    expect(await again.call('console.history', {})).toEqual({ entries: ['api get /storagezone', 'api get /pullzone'] });
  });

  it('caps a 200 MB body for display with the truncated flag, and keeps the whole body saveable', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(200 * chunk.length) });
      let sent = 0;
      const pump = () => {
        while (sent < 200) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const h = await core();
    const p = await h.call<{ id: string }>('settings.createProfile', { name: 'Big', endpoints: { apiUrl: base, containersUrl: base, videoUrl: base, loggingUrl: base } });
    await h.call('settings.setKey', { profileId: p.id, slot: { kind: 'account' }, value: 'big-body-key-1234' });
    await h.call('settings.activateProfile', { id: p.id });
    const r = await ok(h, 'api get /huge');
    expect(r.truncated).toBe(true);
    expect(r.size).toBe(200 * chunk.length);
    expect(r.body.kind === 'text' && r.body.text.length).toBe(DISPLAY_CAP_BYTES);
    // Save to file keeps the whole body, spooled to disk while it arrived.
    const dir = await mkdtemp(join(tmpdir(), 'burrow-save-'));
    h.saveAnswers.push(join(dir, 'huge.txt'));
    expect(await h.call('console.saveResponse', { requestId: r.requestId })).toEqual({ saved: true, bytes: 200 * chunk.length });
    expect((await stat(join(dir, 'huge.txt'))).size).toBe(200 * chunk.length);
  });

  it('sends the body text as typed, so big numbers keep every digit', async () => {
    const h = await core();
    const r = await ok(h, `api post /dnszone -b '{"Domain":"digits.test","Ref":9007199254740993}' --verbose`);
    expect(r.requestBody).toBe('{"Domain":"digits.test","Ref":9007199254740993}');
  });

  it('never writes a key into the history, on disk or in answers', async () => {
    const h = await core();
    const lib = seed.libraries[0]!;
    await send(h, `api get '/pullzone?AccessKey=${seed.accountKey}&page=0'`);
    await send(h, `api post /dnszone -b '{"Domain":"h.test","Note":"${lib.key}"}'`);
    const { entries } = await h.call<{ entries: string[] }>('console.history', {});
    expect(entries).toEqual([`api get '/pullzone?AccessKey=••••••••&page=0'`, `api post /dnszone -b '{"Domain":"h.test","Note":"••••••••"}'`]);
    const historyFile = (await readdir(join(h.dataDir, 'console'))).find((f) => f.startsWith('history-'))!;
    const files = await readFile(join(h.dataDir, 'console', historyFile), 'utf8');
    expect(files).not.toContain(seed.accountKey);
    expect(files).not.toContain(lib.key);
  });

  it('keeps a separate history for each profile', async () => {
    const h = await core();
    await ok(h, 'api get /pullzone');
    const sandboxId = (await h.call<{ activeId: string }>('settings.profiles')).activeId;
    const endpoints = (await h.call<{ profiles: { endpoints: unknown }[] }>('settings.profiles')).profiles[0]!.endpoints;
    const other = await h.call<{ id: string }>('settings.createProfile', { name: 'Other', endpoints });
    await h.call('settings.activateProfile', { id: other.id });
    expect(await h.call('console.history', {})).toEqual({ entries: [] });
    await h.call('settings.activateProfile', { id: sandboxId });
    expect(await h.call('console.history', {})).toEqual({ entries: ['api get /pullzone'] });
  });

  it('never retries PATCH', async () => {
    const h = await core();
    const sb = (await h.core.embeddedSandbox())!;
    sb.faults.add({ method: 'PATCH', path: '/pullzone/1', times: 3, action: { kind: 'status', status: 503 } });
    const r = await ok(h, `api patch /pullzone/1 -b '{}'`);
    expect(r.status).toBe(503);
    expect(r.attempts).toHaveLength(1);
    expect(sb.faults.list()[0]).toMatchObject({ remaining: 2 });
  });

  it('writes nothing when the user cancels the save dialog', async () => {
    const h = await core();
    const r = await ok(h, 'api get /pullzone');
    const dir = await mkdtemp(join(tmpdir(), 'burrow-save-'));
    const target = join(dir, 'zones.json');
    // The dialog is asked twice: first the user cancels, then picks the target. Had the first save not asked the
    // dialog (or written anyway), the second would get the wrong answer and this would fail.
    h.saveAnswers.push(null, target);
    expect(await h.call('console.saveResponse', { requestId: r.requestId })).toEqual({ saved: false, bytes: 0 });
    expect(await readdir(dir)).toEqual([]);
    expect(h.saveAnswers).toEqual([target]);
    expect(await h.call('console.saveResponse', { requestId: r.requestId })).toEqual({ saved: true, bytes: r.size });
    expect(JSON.parse(await readFile(target, 'utf8'))).toEqual(JSON.parse(r.body.kind === 'json' ? r.body.text : 'null'));
  });

  it('leaves no response body on disk once the core closes', async () => {
    const h = await core();
    await ok(h, 'api get /videolibrary');
    const bodies = join(h.dataDir, 'console', 'bodies');
    expect(await readdir(bodies)).toHaveLength(1);
    await h.core.close();
    open.splice(open.indexOf(h), 1);
    await expect(readdir(bodies)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a cancel sent right after the request stops it, however early it arrives', async () => {
    const h = await core();
    const sb = (await h.core.embeddedSandbox())!;
    sb.faults.add({ method: 'GET', path: '/storagezone', action: { kind: 'delay', ms: 60_000 } });
    const pending = h.core.invoke('console.send', { requestId: 'quick', line: 'api get /storagezone' });
    expect(await h.core.invoke('console.cancel', { requestId: 'quick' })).toEqual({ ok: true, value: { cancelled: true } });
    const r = await pending;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe('cancelled');
  });

  // A window-scoped signal aborted mid-request: the request stops, its connection closes, the answer says cancelled.
  it.each([
    ['console.send', () => ({ requestId: 'held', line: 'api get /slow' })],
    ['settings.testProfile', (profileId: string) => ({ id: profileId, areas: ['core'] })],
  ] as const)('%s stops when the caller goes away', async (method, input) => {
    const { base, arrived, closed } = await holdingServer();
    const h = await core();
    const p = await useProfileAt(h, base);
    const window = new AbortController();
    const pending = h.core.invoke(method, input(p.id), { signal: window.signal });
    await arrived;
    window.abort();
    const r = await pending;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe('cancelled');
    await closed;
    // Nothing is left running: console.cancel finds no request by that id.
    expect(await h.call('console.cancel', { requestId: 'held' })).toEqual({ cancelled: false });
  });

  it('returns the request as curl and as a burrow api line, with the profile URL and no key', async () => {
    const h = await core();
    const r = await ok(h, "api post /dnszone --body '{\"Domain\":\"copy.example\"}'");
    const sb = (await h.core.embeddedSandbox())!;
    expect(r.copyAs.burrowApi).toBe(`burrow api POST /dnszone --body '{"Domain":"copy.example"}'`);
    expect(r.copyAs.curl).toContain(`${sb.apiUrl}/dnszone`);
    expect(r.copyAs.curl).toContain('"AccessKey: $BUNNYNET_API_KEY"');
    expect(JSON.stringify(r.copyAs)).not.toContain(seed.accountKey);
  });
});

describe('console.raw, the request of burrow api', () => {
  const raw = (h: Harness, input: Record<string, unknown>) => h.core.invoke('console.raw', { requestId: `raw${++n}`, ...input });

  it('answers with the bytes (known keys masked), the type, and for an error status the platform message', async () => {
    const h = await core();
    const sb = (await h.core.embeddedSandbox())!;
    sb.faults.add({ method: 'GET', path: '/user', times: 1, action: { kind: 'status', status: 200, body: { ApiKey: seed.accountKey } } });
    const r = await raw(h, { method: 'GET', path: '/user' });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const got = r.value as { status: number; contentType: string; body: Uint8Array; truncated: boolean };
    expect(got).toMatchObject({ status: 200, contentType: expect.stringContaining('application/json'), truncated: false });
    expect(JSON.parse(new TextDecoder().decode(got.body))).toEqual({ ApiKey: '••••••••' });
    const missing = await raw(h, { method: 'GET', path: '/pullzone/1' });
    expect(missing).toMatchObject({ ok: true, value: { status: 404, problem: { detail: expect.stringContaining('Pull Zone was not found'), code: 'pullZone.not_found', fieldErrors: { PullZone: expect.any(String) } } } });
  });

  it('with verbose, each attempt is a console.attempt event, the key masked; POST is sent once', async () => {
    const h = await core();
    const sb = (await h.core.embeddedSandbox())!;
    sb.faults.add({ method: 'GET', path: '/storagezone', times: 1, action: { kind: 'status', status: 503 } });
    sb.faults.add({ method: 'POST', path: '/dnszone', times: 2, action: { kind: 'status', status: 503 } });
    expect(await raw(h, { requestId: 'get', method: 'GET', path: '/storagezone', verbose: true })).toMatchObject({ ok: true, value: { status: 200 } });
    expect(await raw(h, { requestId: 'post', method: 'POST', path: '/dnszone', body: '{"Domain":"once.test"}', verbose: true })).toMatchObject({ ok: true, value: { status: 503 } });
    const attempts = h.events.filter((e) => e.event === 'console.attempt').map((e) => e.payload as { requestId: string; status: number; retry: boolean; requestHeaders: Record<string, string> });
    expect(attempts.map((a) => [a.requestId, a.status, a.retry])).toEqual([['get', 503, true], ['get', 200, false], ['post', 503, false]]);
    expect(attempts[0]!.requestHeaders.AccessKey ?? attempts[0]!.requestHeaders.accesskey).toBe('••••••••');
    expect(JSON.stringify(attempts)).not.toContain(seed.accountKey);
    await raw(h, { method: 'GET', path: '/pullzone' });
    expect(h.events.filter((e) => e.event === 'console.attempt')).toHaveLength(3);
  });

  it('refuses what the contract does not allow, naming the field', async () => {
    const h = await core();
    expect(await raw(h, { method: 'FETCH', path: '/x' })).toMatchObject({ ok: false, error: { kind: 'validation', fieldErrors: { method: expect.any(String) } } });
    expect(await raw(h, { method: 'GET', path: 'x', apiKey: 'k' })).toMatchObject({ ok: false, error: { kind: 'validation', fieldErrors: { path: expect.any(String), apiKey: expect.any(String) } } });
  });
});

/** A server that takes a request and never answers; `arrived` and `closed` tell when the request came and when its connection went. */
async function holdingServer(): Promise<{ base: string; arrived: Promise<void>; closed: Promise<void> }> {
  let arrive!: () => void;
  let close!: () => void;
  const arrived = new Promise<void>((r) => (arrive = r));
  const closed = new Promise<void>((r) => (close = r));
  const server = createServer((req) => {
    req.socket.once('close', close);
    arrive();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrived, closed };
}

/** Creates a profile whose every area points at `base`, with an account key, and makes it the active one. */
async function useProfileAt(h: Harness, base: string): Promise<{ id: string }> {
  const p = await h.call<{ id: string }>('settings.createProfile', { name: `At ${base.slice(-5)}`, endpoints: { apiUrl: base, containersUrl: base, videoUrl: base, loggingUrl: base } });
  await h.call('settings.setKey', { profileId: p.id, slot: { kind: 'account' }, value: 'held-request-key-1234' });
  await h.call('settings.activateProfile', { id: p.id });
  return p;
}
