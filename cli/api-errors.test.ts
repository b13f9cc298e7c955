/** `burrow api` as a spawned process: exit codes, error messages, --verbose, retries, non-JSON answers, the key never shown. */
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MASK } from '../shared/common/redact.js';
import { runBurrow, startFixture, type Fixture } from './testing/support.js';

let f: Fixture;
beforeEach(async () => {
  f = await startFixture();
});
afterEach(async () => {
  await f.close();
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('exit codes', () => {
  it('2 for invalid UTF-8 on standard input, naming the byte offset; nothing is sent', async () => {
    const file = join(f.home, 'latin1.json');
    writeFileSync(file, Buffer.concat([Buffer.from('{"Domain":"caf'), Buffer.from([0xe9]), Buffer.from('.example"}')]));
    const fd = openSync(file, 'r');
    try {
      const r = await runBurrow(['api', 'POST', '/dnszone'], { env: f.env, stdin: fd });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('The body on standard input is not valid UTF-8: byte 0xE9 at byte offset 14');
    } finally {
      closeSync(fd);
    }
    expect((await runBurrow(['api', 'GET', '/dnszone'], { env: f.env })).stdout).not.toContain('.example');
  });

  it('1 for an HTTP error: status and the core API message on stderr, the body on stdout', async () => {
    const r = await runBurrow(['api', 'GET', '/pullzone/999999'], { env: f.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTP 404 Not Found: The requested Pull Zone was not found');
    expect(r.stderr).toContain('field: PullZone');
    expect(JSON.parse(r.stdout)).toMatchObject({ ErrorKey: 'pullZone.not_found' });
  });

  it.each([
    [['api', 'FETCH', '/pullzone'], 'Invalid method "FETCH": use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS'],
    [['api', 'POST', '/dnszone', '-b', '{"Domain": "a.com",}'], 'Invalid JSON body at position 19 (line 1, column 20)'],
    [['api', 'GET', 'https://evil.example/pullzone'], 'not an absolute URL'],
    [['api', 'GET', '//evil.example/pullzone'], 'must not start with //'],
    [['api', 'GET'], 'Path is required.'],
    [['api', 'GET', '/x', '--nope'], 'Unknown flag "--nope"'],
    [['frobnicate'], 'unknown command "frobnicate"'],
    [[], 'usage: burrow <command>'],
  ])('2 for a usage error: %j', async (args, message) => {
    const r = await runBurrow(args, { env: f.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });

  it('2 for bad JSON on standard input, naming the position', async () => {
    const r = await runBurrow(['api', 'POST', '/dnszone'], { env: f.env, stdin: '{\n  "Domain": oops\n}' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Invalid JSON body at position 14 (line 2, column 13)');
  });

  it('2 for a body over 1 MiB on standard input, refused before sending', async () => {
    const r = await runBurrow(['api', 'POST', '/dnszone'], { env: f.env, stdin: `{"Domain":"${'a'.repeat(1024 * 1024)}"}` });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('over 1048576 bytes');
  });

  it('2 for a key with a character an HTTP header cannot carry, naming where it came from; nothing is sent', async () => {
    const key = f.sandbox.accountKey;
    const probe = f.sandbox.faults.add({ method: 'GET', path: '/pullzone', times: 1, action: { kind: 'status', status: 418 } });
    const rule = 'may contain only printable ASCII characters (no spaces, line breaks or control characters)';
    const { BUNNYNET_API_KEY: _k, ...noKeyEnv } = f.env;
    const config = join(f.home, 'xdg', 'bunnynet.json');
    mkdirSync(join(f.home, 'xdg'), { recursive: true });
    writeFileSync(config, JSON.stringify({ profiles: { default: { api_key: `${key.slice(0, 8)}\t${key.slice(8)}` } } }));
    const cases: [string[], Record<string, string>, string][] = [
      [['--api-key', `${key.slice(0, 8)}é${key.slice(8)}`], noKeyEnv, `The key from --api-key ${rule}; found U+00E9 at position 9`],
      [[], { ...f.env, BUNNYNET_API_KEY: `${key.slice(0, 8)}\r\n${key.slice(8)}` }, `The key from BUNNYNET_API_KEY ${rule}; found U+000D at position 9`],
      [[], noKeyEnv, `The key from profile "default" in ${config} ${rule}; found U+0009 at position 9`],
    ];
    for (const [flags, env, message] of cases) {
      const r = await runBurrow(['api', 'GET', '/pullzone', ...flags], { env });
      expect(r.code, message).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toContain(key.slice(8));
    }
    // The request never left: the one-shot fault is still waiting for it.
    expect(f.sandbox.faults.list().find((x) => x.id === probe)?.remaining).toBe(1);
  });

  it('2 for a key too short, as the app refuses it', async () => {
    const r = await runBurrow(['api', 'GET', '/pullzone'], { env: { ...f.env, BUNNYNET_API_KEY: ' short ' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('The key from BUNNYNET_API_KEY must be at least 8 characters');
  });

  it('a key with surrounding whitespace or a trailing line break is used trimmed', async () => {
    const r = await runBurrow(['api', 'GET', '/pullzone'], { env: { ...f.env, BUNNYNET_API_KEY: ` ${f.sandbox.accountKey}\n` } });
    expect(r.code).toBe(0);
  });

  it('2 with no key anywhere', async () => {
    const r = await runBurrow(['api', 'GET', '/pullzone'], { env: { HOME: f.home, XDG_CONFIG_HOME: f.env.XDG_CONFIG_HOME } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Not logged in: pass --api-key, set BUNNYNET_API_KEY, or add a profile to ~/.config/bunnynet.json');
  });

  it('3 for a network failure (connection refused)', async () => {
    const port = await closedPort();
    const r = await runBurrow(['api', 'POST', '/dnszone', '-b', '{}'], { env: { ...f.env, BUNNYNET_API_URL: `http://127.0.0.1:${port}` } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('ECONNREFUSED');
  });

  it('3 for a response cut short', async () => {
    f.sandbox.faults.add({ method: 'GET', path: '/pullzone', times: 10, action: { kind: 'reset-after-headers' } });
    const r = await runBurrow(['api', 'GET', '/pullzone'], { env: f.env });
    expect(r.code).toBe(3);
  });
});

describe('output', () => {
  it('a non-JSON answer is written as received', async () => {
    f.sandbox.faults.add({ method: 'GET', path: '/pullzone', times: 1, action: { kind: 'status', status: 200, body: 'plain text', contentType: 'text/plain' } });
    const r = await runBurrow(['api', 'GET', '/pullzone'], { env: f.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('plain text');
  });

  it('an HTML error page: exit 1, its title on stderr', async () => {
    const html = '<!doctype html><html><head><title>502 Bad Gateway</title></head><body>cdn</body></html>';
    f.sandbox.faults.add({ method: 'POST', path: '/dnszone', times: 1, action: { kind: 'status', status: 502, body: html, contentType: 'text/html' } });
    const r = await runBurrow(['api', 'POST', '/dnszone', '-b', '{"Domain":"x.example"}'], { env: f.env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(html);
    expect(r.stderr).toContain('HTTP 502 Bad Gateway: The server sent an HTML page: "502 Bad Gateway"');
  });

  it('the key is scrubbed even from a body that echoes it', async () => {
    f.sandbox.faults.add({ method: 'GET', path: '/user', times: 1, action: { kind: 'status', status: 200, body: { ApiKey: f.sandbox.accountKey } } });
    const r = await runBurrow(['api', 'GET', '/user', '-v'], { env: f.env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ApiKey: MASK });
    expect(r.stdout + r.stderr).not.toContain(f.sandbox.accountKey);
  });
});

describe('--verbose', () => {
  it('shows the URL, the headers with the key masked, the status and response headers; the key appears nowhere', async () => {
    const r = await runBurrow(['api', 'GET', '/pullzone?page=1', '--verbose'], { env: f.env });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`> GET ${f.sandbox.apiUrl}/pullzone?page=1`);
    expect(r.stderr).toMatch(/^> accesskey: ••••••••$/im);
    expect(r.stderr).toMatch(/^> accept: application\/json$/m);
    expect(r.stderr).toMatch(/^> user-agent: burrow-cli\//m);
    expect(r.stderr).toMatch(/^< 200 OK$/m);
    expect(r.stderr).toMatch(/^< content-type: application\/json/m);
    expect(r.stdout + r.stderr).not.toContain(f.sandbox.accountKey);
  });

  it('a key passed with --api-key is masked too', async () => {
    const r = await runBurrow(['api', 'GET', '/pullzone', '-v', '--api-key', f.sandbox.accountKey], { env: { ...f.env, BUNNYNET_API_KEY: '' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('key from --api-key');
    expect(r.stdout + r.stderr).not.toContain(f.sandbox.accountKey);
  });

  it('GET is retried after a 503, each attempt with its status and delay', async () => {
    f.sandbox.faults.add({ method: 'GET', path: '/pullzone', times: 1, action: { kind: 'status', status: 503, body: { Message: 'busy' } } });
    const r = await runBurrow(['api', 'GET', '/pullzone', '-v'], { env: f.env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^< 503 Service Unavailable$/m);
    expect(r.stderr).toMatch(/^\* retrying in \d+ ms /m);
    expect(r.stderr).toMatch(/^\* attempt 2$/m);
    expect(r.stderr).toMatch(/^< 200 OK$/m);
  });

  it('POST is never retried (the first attempt may have created something): one attempt, then the error', async () => {
    f.sandbox.faults.add({ method: 'POST', path: '/dnszone', times: 1, action: { kind: 'status', status: 503, body: { Message: 'busy' } } });
    const r = await runBurrow(['api', 'POST', '/dnszone', '-v', '-b', '{"Domain":"once.example"}'], { env: f.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^\* no retry \(POST is never retried automatically: the first attempt may already have taken effect\)$/m);
    expect(r.stderr).not.toContain('* attempt 2');
    expect(r.stderr).toContain('HTTP 503 Service Unavailable: busy');
  });

  it('PATCH is never retried: a 503 that would answer three attempts is used once', async () => {
    const path = `/pullzone/${f.sandbox.pullZones[0]!.id}`;
    const id = f.sandbox.faults.add({ method: 'PATCH', path, times: 3, action: { kind: 'status', status: 503, body: { Message: 'busy' } } });
    const r = await runBurrow(['api', 'PATCH', path, '-b', '{"OriginUrl":"https://once.example"}'], { env: f.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTP 503 Service Unavailable: busy');
    expect(f.sandbox.faults.list().find((rule) => rule.id === id)?.remaining).toBe(2);
  });
});
