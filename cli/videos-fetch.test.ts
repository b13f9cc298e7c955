/** `burrow videos fetch` in process, on the real fetch rows, against a sandbox and a loopback origin serving a real file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOrigin, type Origin } from '../electron/core/videos/testing/fetch-harness.js';
import { startSandbox, type Sandbox } from '../sandbox/server.js';
import { parseHeader } from './videos-fetch-args.js';
import { outputWhere, testHooks, testIo } from './testing/videos.js';
import { runVideos } from './videos.js';

const SECRET = 'Bearer cli-s3cret-0b7e1f';

let sandbox: Sandbox;
let origin: Origin;
let home: string;
let env: Record<string, string>;
let libraryId: number;

beforeEach(async () => {
  sandbox = await startSandbox({ liveTraffic: false, processingStepMs: 5 });
  origin = await startOrigin();
  home = mkdtempSync(join(tmpdir(), 'burrow-fetch-cli-'));
  libraryId = sandbox.libraries[0]?.id ?? 0;
  env = { BUNNYNET_API_URL: sandbox.apiUrl, BUNNYNET_API_KEY: sandbox.accountKey, BURROW_VIDEO_URL: sandbox.videoUrl };
});
afterEach(async () => {
  await origin.close();
  await sandbox.close();
  rmSync(home, { recursive: true, force: true });
});

type Line = { event: string; state: string; videoId: string | null; note?: string; encodeProgress?: number; error?: { title: string } };
const lines = (text: string): Line[] => text.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Line);

async function run(args: readonly string[], tty = false) {
  const io = testIo(env, home, tty);
  const hooks = testHooks();
  const code = await runVideos(['fetch', ...args], io, hooks, { exitGraceMs: null });
  return { code, out: io.out.text(), err: io.errs.text(), io, hooks };
}

describe('burrow videos fetch', () => {
  it('follows the video to Ready with NDJSON progress, sends the header, and never prints its value', async () => {
    const r = await run([origin.url('/a/clip.mp4'), '--library', String(libraryId), '--header', `Authorization: ${SECRET}`, '--title', 'CLI clip']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const out = lines(r.out);
    expect(out.map((l) => l.state)).toEqual(expect.arrayContaining(['queued', 'ready']));
    const last = out.at(-1);
    expect(last).toMatchObject({ event: 'state', state: 'ready', videoId: expect.any(String) });
    expect(sandbox.uploads.inspect(libraryId, last!.videoId!)).toMatchObject({ state: 'stored', sha256: origin.sha256 });
    expect(origin.requests[0]?.headers.authorization).toBe(SECRET);
    expect(r.out + r.err).not.toContain('cli-s3cret');
  });

  it('waits out a full fetch queue (429 with Retry-After) by itself, saying so', async () => {
    sandbox.faults.add({ method: 'POST', path: `/video/library/${libraryId}/videos/fetch`, action: { kind: 'status', status: 429, retryAfter: '1' } });
    const r = await run([origin.url('/b.mp4'), '--library', String(libraryId)]);
    expect(r.code).toBe(0);
    const waiting = lines(r.out).find((l) => l.state === 'waiting');
    expect(waiting?.note).toMatch(/^Waiting for the platform's fetch queue; trying again in 1 s/);
  });

  it('prints words on a terminal', async () => {
    const r = await run([origin.url('/c.mp4'), '--library', String(libraryId)], true);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Ready: video [0-9a-f-]{36}$/m);
  });

  it('exits 1 with the reason when the platform refuses the fetch, the header value scrubbed', async () => {
    sandbox.faults.add({ method: 'POST', path: `/video/library/${libraryId}/videos/fetch`, action: { kind: 'status', status: 400, body: { success: false, message: `bad header ${SECRET}`, statusCode: 400 } } });
    const r = await run([origin.url('/d.mp4'), '--library', String(libraryId), '-H', `Authorization: ${SECRET}`]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^burrow: Failed: /);
    expect(lines(r.out).at(-1)?.state).toBe('failed');
    expect(r.out + r.err).not.toContain('cli-s3cret');
  });

  it.each([
    // Only the token after the scheme comes back.
    ['Authorization', 'Bearer SECRETTOKEN999', 'token SECRETTOKEN999 refused', ['SECRETTOKEN999']],
    // The password a Basic credential decodes to (dXNlcjpodW50ZXIyMDI2 is user:hunter2026), and user:password.
    ['Authorization', 'Basic dXNlcjpodW50ZXIyMDI2', 'user:hunter2026 refused; password hunter2026 is wrong', ['hunter2026']],
    // Each value of a static key header that holds a list.
    ['X-Api-Key', 'primarykey111, secondarykey222', 'key secondarykey222 refused', ['secondarykey222', 'primarykey111']],
  ])('exits 1 without printing any credential part of %s when the platform echoes only that part', async (name, value, echoed, parts) => {
    sandbox.faults.add({ method: 'POST', path: `/video/library/${libraryId}/videos/fetch`, action: { kind: 'status', status: 400, body: { success: false, message: echoed, statusCode: 400 } } });
    for (const tty of [false, true]) {
      const r = await run([origin.url('/e.mp4'), '--library', String(libraryId), '-H', `${name}: ${value}`], tty);
      expect(r.code).toBe(1);
      expect(r.out + r.err).toMatch(/refused/);
      for (const part of parts) expect(r.out + r.err).not.toContain(part);
      if (!tty) sandbox.faults.add({ method: 'POST', path: `/video/library/${libraryId}/videos/fetch`, action: { kind: 'status', status: 400, body: { success: false, message: echoed, statusCode: 400 } } });
    }
  });

  it.each([
    ['in lower case in a JSON body', 'Bearer SECRETTOKEN999', { success: false, message: 'token secrettoken999 refused', statusCode: 400 }],
    // user:pa+ss/word>1, the password echoed with JSON-style escapes in a text body.
    ['JSON-escaped in a text body', `Basic ${Buffer.from('user:pa+ss/word>1').toString('base64')}`, 'password pa\\u002Bss\\/word\\u003E1 refused'],
  ])('exits 1 without printing a credential the platform echoes %s', async (_what, value, body) => {
    for (const tty of [false, true]) {
      sandbox.faults.add({ method: 'POST', path: `/video/library/${libraryId}/videos/fetch`, action: { kind: 'status', status: 400, body } });
      const r = await run([origin.url('/e.mp4'), '--library', String(libraryId), '-H', `Authorization: ${value}`], tty);
      expect(r.code).toBe(1);
      expect(r.out + r.err).toMatch(/refused/);
      // Backslashes dropped, so the check holds however often the text was JSON-encoded on its way.
      const flat = (r.out + r.err).replace(/\\/g, '').toLowerCase();
      for (const part of ['secrettoken999', 'pau002bss', 'wordu003e1', 'pa+ss/word>1']) expect(flat).not.toContain(part);
    }
  });

  it('on SIGINT stops following and says which video the platform keeps fetching into', async () => {
    sandbox.faults.reset();
    await sandbox.close();
    sandbox = await startSandbox({ liveTraffic: false, processingStepMs: 600_000 });
    env = { ...env, BUNNYNET_API_URL: sandbox.apiUrl, BUNNYNET_API_KEY: sandbox.accountKey, BURROW_VIDEO_URL: sandbox.videoUrl };
    libraryId = sandbox.libraries[0]?.id ?? 0;
    const io = testIo(env, home);
    const hooks = testHooks();
    const running = runVideos(['fetch', origin.url('/e.mp4'), '--library', String(libraryId)], io, hooks, { exitGraceMs: null });
    await outputWhere(io.out, (t) => lines(t).some((l) => l.videoId !== null));
    hooks.fire('SIGINT');
    expect(await running).toBe(130);
    expect(io.errs.text()).toMatch(/interrupted; the platform keeps fetching into video [0-9a-f-]{36}/);
    expect(hooks.handlers()).toBe(0);
  });

  it('exits 3 when the platform stays unreachable past --offline-timeout', async () => {
    const closed = await startSandbox({ liveTraffic: false });
    const videoUrl = closed.videoUrl;
    await closed.close();
    const r = await run([origin.url('/f.mp4'), '--library', '1', '--library-key', 'lib-key-1', '--video-url', videoUrl, '--offline-timeout', '1']);
    expect(r.code).toBe(3);
    expect(r.err).toContain('the platform could not be reached for 1 s');
    expect(lines(r.out).at(-1)?.note).toMatch(/^The platform could not be reached/);
  });

  it.each([
    [['ftp://example.com/a.mp4', '--library', '1'], /url must be an http:\/\/ or https:\/\/ address/],
    [['https://example.com/a.mp4'], /--library <id> is required/],
    [['https://example.com/a.mp4', '--library', '1', '--header', 'NoColon'], /--header must be 'Name: value'/],
    [['https://example.com/a.mp4', '--library', '1', '--header', 'Bad Name: hidden-value-1'], /--header name "Bad Name" must be an HTTP header name/],
    [['a', 'b', '--library', '1'], /one URL per run/],
    // A header value given without --header is an extra word: it is never repeated back.
    [['https://example.com/a.mp4', 'Authorization: Bearer hidden-value-1', '--library', '1'], /one URL per run; got 2/],
  ])('refuses %j with exit 2', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toContain('hidden-value-1');
  });

  it('parses a header at its first colon and trims the value', () => {
    expect(parseHeader('X-Token:  a:b:c ')).toEqual({ ok: true, header: { name: 'X-Token', value: 'a:b:c' } });
    expect(parseHeader('X-Token: bad\u0001value')).toMatchObject({ ok: false, message: expect.stringContaining('the value of --header "X-Token"') });
  });

  it('--help prints the usage and the note on authentication', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('burrow videos fetch <url> --library <id>');
    expect(r.out).toContain('signed or expiring links will not');
  });
});
