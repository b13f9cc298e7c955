import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';
import { createPlatformClient } from './client.js';
import { allAreasAt, endpointsOf, fakeSleep, fixedCredentials, sandboxClient, tinyServer, type SandboxClient, type TinyServer } from './testing/support.js';
import type { AttemptInfo } from './types.js';

async function failureOf(p: Promise<unknown>): Promise<{ error: AppError; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppFailure) return { error: e.error, message: e.message };
    throw e;
  }
  throw new Error('expected an AppFailure');
}

let t: SandboxClient;
beforeAll(async () => {
  t = await sandboxClient();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.sandbox.faults.reset();
});

describe('error mapping against real sandbox answers: status, platform message, method and path, never the key', () => {
  it('Magic Containers 400 with errors[] → validation with field errors', async () => {
    const { error } = await failureOf(t.client.json({ area: 'containers', method: 'POST', path: '/apps', json: { name: '', runtimeType: 'nope' } }));
    expect(error).toMatchObject({ kind: 'validation', status: 400, title: 'Some fields were not accepted (400)' });
    expect(Object.keys(error.fieldErrors ?? {})).toEqual(expect.arrayContaining(['name', 'runtimeType']));
    expect(error.detail).toMatch(/ — POST \/mc\/apps$/);
  });

  it('core 404 {ErrorKey, Field, Message} → not_found with the code', async () => {
    const { error } = await failureOf(t.client.json({ area: 'core', method: 'GET', path: '/pullzone/1' }));
    expect(error).toEqual({
      kind: 'not_found',
      title: 'Not found (404)',
      status: 404,
      code: 'pullZone.not_found',
      detail: 'The requested Pull Zone was not found — GET /pullzone/1',
      fieldErrors: { PullZone: 'The requested Pull Zone was not found' },
    });
  });

  it('logging 404 logging_disabled on the disabled pull zone', async () => {
    const off = t.sandbox.pullZones.find((z) => !z.loggingEnabled)!;
    const { error } = await failureOf(t.client.json({ area: 'logging', method: 'GET', path: `/v2/pullzones/${off.id}/logs` }));
    expect(error).toMatchObject({ kind: 'not_found', status: 404, code: 'logging_disabled', title: 'Logging is turned off for this pull zone, so there are no logs to show (404)' });
    expect(error.detail).toContain(`GET /logging/v2/pullzones/${off.id}/logs`);
  });

  it('video 401 when the account key is used as a library key, and the key is not in the error', async () => {
    const lib = t.sandbox.libraries[0]!;
    const wrong = createPlatformClient({
      endpoints: () => endpointsOf(t.sandbox),
      credentials: fixedCredentials({ accountKey: t.sandbox.accountKey, libraries: { [lib.id]: t.sandbox.accountKey } }),
      userAgent: 'Burrow/test',
      env: {},
    });
    const { error } = await failureOf(wrong.json({ area: 'video', method: 'GET', path: `/library/${lib.id}/videos`, libraryId: lib.id }));
    await wrong.close();
    expect(error).toMatchObject({ kind: 'auth', status: 401, title: 'The video library API key was not accepted (401)' });
    expect(error.detail).toMatch(/not the account key/);
    expect(JSON.stringify(error)).not.toContain(t.sandbox.accountKey);
  });

  it('an HTML 502 → "Bad gateway (502)" with the page title, after the retries', async () => {
    const html = '<html><head><title>502 Bad Gateway</title></head><body>cdn</body></html>';
    t.sandbox.faults.add({ path: '/pullzone', times: 4, action: { kind: 'status', status: 502, body: html, contentType: 'text/html' } });
    const { error } = await failureOf(t.client.json({ area: 'core', method: 'GET', path: '/pullzone' }));
    expect(error).toEqual({ kind: 'http', status: 502, title: 'Bad gateway (502)', detail: 'The server sent an HTML page: "502 Bad Gateway" — GET /pullzone' });
  });

  it('a 2xx that is not JSON → a typed error naming the parse position, never a throw into the UI', async () => {
    const s = await tinyServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"a": tru');
    });
    const c = createPlatformClient({ endpoints: () => allAreasAt(s.url), credentials: fixedCredentials({ accountKey: 'k-12345678' }), userAgent: 'Burrow/test', env: {} });
    const { error } = await failureOf(c.json({ area: 'core', method: 'GET', path: '/x' }));
    await c.close();
    await s.close();
    expect(error).toMatchObject({ kind: 'http', status: 200, title: 'The platform sent an answer Burrow could not read' });
    expect(error.detail).toMatch(/^text, (parse error at position \d+|not JSON) \(content-type application\/json\) — GET \/x$/);
  });
});

describe('property: random account keys never leak into errors or transcripts', () => {
  let echo: TinyServer;
  let other: TinyServer;
  beforeAll(async () => {
    other = await tinyServer((_req, res) => res.end('{}'));
    // The worst server: it echoes the key in bodies, headers and redirect targets.
    echo = await tinyServer((req, res) => {
      const key = String(req.headers.accesskey ?? '');
      const b64 = Buffer.from(key).toString('base64');
      if (req.url?.startsWith('/busy')) {
        res.writeHead(503, { 'x-echo': key, 'content-type': 'application/json' });
        res.end(JSON.stringify({ Message: `busy for ${key}` }));
      } else if (req.url?.startsWith('/move')) {
        res.writeHead(302, { location: `${other.url}/steal?k=${encodeURIComponent(key)}&b=${b64}` });
        res.end();
      } else if (req.url?.startsWith('/cut')) {
        res.writeHead(200, { 'content-length': '1000', 'x-key': key });
        res.write(key);
        setImmediate(() => res.socket?.destroy());
      } else {
        res.writeHead(401, { 'content-type': 'application/json', 'set-cookie': `s=${key}` });
        res.end(JSON.stringify({ ErrorKey: `bad.${key}`, Field: key, Message: `Key ${key} / ${b64} is not valid` }));
      }
    });
  });
  afterAll(async () => {
    await echo.close();
    await other.close();
  });

  it('no AppError, attempt report or thrown message contains the key or its base64', async () => {
    const keyArb = fc.string({ minLength: 8, maxLength: 64, unit: 'grapheme-ascii' }).filter((k) => k.trim().length >= 8 && k.trim() === k);
    await fc.assert(
      fc.asyncProperty(keyArb, async (key) => {
        const attempts: AttemptInfo[] = [];
        const client = createPlatformClient({
          endpoints: () => allAreasAt(echo.url),
          credentials: fixedCredentials({ accountKey: key }),
          userAgent: 'Burrow/test',
          sleep: fakeSleep().sleep,
          env: {},
        });
        const outputs: string[] = [];
        try {
          for (const path of [`/denied?token=${encodeURIComponent(key)}&q=${encodeURIComponent(key)}`, '/busy', '/move', '/cut']) {
            const { error, message } = await failureOf(client.json({ area: 'core', method: 'GET', path, onAttempt: (a) => attempts.push(a) }));
            outputs.push(message, error.title, error.detail ?? '', error.code ?? '', ...Object.entries(error.fieldErrors ?? {}).flat(), JSON.stringify(error));
          }
        } finally {
          await client.close();
        }
        for (const a of attempts) outputs.push(a.url, a.reason, a.error ?? '', ...Object.values(a.requestHeaders).flat(), ...Object.values(a.responseHeaders ?? {}).flat(), JSON.stringify(a));
        const b64 = Buffer.from(key).toString('base64');
        for (const text of outputs) {
          expect(text.includes(key)).toBe(false);
          expect(text.includes(b64)).toBe(false);
        }
        expect(other.seen).toHaveLength(0);
      }),
      { numRuns: 40 },
    );
  });
});
