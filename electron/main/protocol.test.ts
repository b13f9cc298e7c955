import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, STYLE_NONCE_PLACEHOLDER, contentSecurityPolicy } from '../../shared/common/csp.js';
import { contentTypeFor, createAppProtocolHandler, resolveRequestPath } from './protocol.js';

// Shaped like the built page: the policy and the nonce meta both hold the placeholder the handler replaces.
const PAGE = `<!doctype html><meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(STYLE_NONCE_PLACEHOLDER)}"><meta name="burrow-style-nonce" content="${STYLE_NONCE_PLACEHOLDER}"><title>Burrow</title>`;

/** The style nonce a response's CSP header allows, if any. */
function headerNonce(res: Response): string | undefined {
  return /style-src 'self' 'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
}

let dir: string;
let root: string;
let handler: (request: Request) => Promise<Response>;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-protocol-'));
  root = join(dir, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), PAGE);
  await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(root, 'assets', 'app.css'), 'body{}');
  await writeFile(join(root, 'assets', 'font.woff2'), 'w');
  await writeFile(join(root, 'assets', 'my file.svg'), '<svg/>');
  await writeFile(join(dir, 'secret.txt'), 'top secret');
  await mkdir(join(dir, 'renderer-evil'));
  await writeFile(join(dir, 'renderer-evil', 'x.js'), 'evil');
  await symlink(join(dir, 'secret.txt'), join(root, 'assets', 'link.txt'));
  await symlink(dir, join(root, 'up'));
  handler = createAppProtocolHandler(root);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A Request whose URL is kept exactly as written: `new Request()` would normalize `..` away. */
function rawRequest(url: string, method = 'GET'): Request {
  return { url, method } as Request;
}

describe('app:// protocol handler', () => {
  it('serves index.html at the root and by name, each time with a fresh style nonce its header and metas agree on', async () => {
    const seen = new Set<string>();
    for (const url of ['app://burrow/', 'app://burrow', 'app://burrow/index.html', 'app://burrow/index.html?x=1#top', 'app://burrow/']) {
      const res = await handler(rawRequest(url));
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const nonce = headerNonce(res);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy(nonce));
      const body = await res.text();
      expect(body).toBe(PAGE.replaceAll(STYLE_NONCE_PLACEHOLDER, nonce!));
      expect(body).toContain(`content="${res.headers.get('content-security-policy')}"`);
      expect(body).toContain(`<meta name="burrow-style-nonce" content="${nonce}">`);
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body));
      seen.add(nonce!);
    }
    expect(seen.size).toBe(5);
  });

  it("fills in the real index.html's placeholders: its CSP meta is the header's policy (bar frame-ancestors) with the same nonce", async () => {
    await copyFile('renderer/index.html', join(root, 'index.html'));
    const res = await handler(rawRequest('app://burrow/'));
    const nonce = headerNonce(res)!;
    const html = await res.text();
    expect(html).not.toContain(STYLE_NONCE_PLACEHOLDER);
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    // frame-ancestors only works as a header; a browser ignores it in a meta tag, with a warning.
    expect(meta).toBe(contentSecurityPolicy(nonce).replace("; frame-ancestors 'none'", ''));
    expect(html).toContain(`<meta name="burrow-style-nonce" content="${nonce}" />`);
  });

  it('gives no nonce to anything but the page: assets and refusals get the strict policy', async () => {
    for (const url of ['app://burrow/assets/app.js', 'app://burrow/assets/app.css', 'app://burrow/assets/my%20file.svg', 'app://burrow/missing.html']) {
      const res = await handler(rawRequest(url));
      expect(res.headers.get('content-security-policy'), url).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('content-security-policy')).not.toContain('nonce');
    }
  });

  it('serves assets with the right content types, including percent-encoded names', async () => {
    const cases: [string, string][] = [
      ['app://burrow/assets/app.js', 'text/javascript; charset=utf-8'],
      ['app://burrow/assets/app.css', 'text/css; charset=utf-8'],
      ['app://burrow/assets/font.woff2', 'font/woff2'],
      ['app://burrow/assets/my%20file.svg', 'image/svg+xml'],
    ];
    for (const [url, type] of cases) {
      const res = await handler(rawRequest(url));
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
    }
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await handler(rawRequest('app://burrow/index.html', 'HEAD'));
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(PAGE.length + 2 * (24 - STYLE_NONCE_PLACEHOLDER.length));
    expect(headerNonce(head)).toBeDefined();
    expect(await head.text()).toBe('');
    const post = await handler(rawRequest('app://burrow/index.html', 'POST'));
    expect(post.status).toBe(405);
    expect(post.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('works with a real fetch Request too', async () => {
    const res = await handler(new Request('app://burrow/assets/app.js'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1)');
  });

  const hostile: [string, 403 | 404][] = [
    ['app://burrow/../secret.txt', 403],
    ['app://burrow/assets/../../secret.txt', 403],
    ['app://burrow/%2e%2e/secret.txt', 403],
    ['app://burrow/%2E%2E/secret.txt', 403],
    ['app://burrow/.%2e/secret.txt', 403],
    ['app://burrow/%2e%2e%2fsecret.txt', 403],
    ['app://burrow/..%2fsecret.txt', 403],
    ['app://burrow/..%5csecret.txt', 403],
    ['app://burrow/..\\secret.txt', 403],
    ['app://burrow/%252e%252e/secret.txt', 404],
    ['app://burrow/./index.html', 403],
    ['app://burrow//etc/passwd', 403],
    ['app://burrow/%2fetc%2fpasswd', 403],
    ['app://burrow/C:%5cWindows%5cwin.ini', 403],
    ['app://burrow/C:/Windows/win.ini', 403],
    ['app://burrow/index.html%00.js', 403],
    ['app://burrow/index.html\u0000', 403],
    ['app://burrow/%E0%A4%A', 403],
    ['app://burrow/../renderer-evil/x.js', 403],
    ['app://burrow/assets/link.txt', 403],
    ['app://burrow/up/secret.txt', 403],
    ['app://burrow/assets/', 404],
    ['app://burrow/assets', 404],
    ['app://burrow/missing.js', 404],
    ['app://burrow/etc/passwd', 404],
    ['app://other/index.html', 403],
    ['app://burrow.evil/index.html', 403],
    ['app://burrow@evil/index.html', 403],
    ['app://burrow:8080/index.html', 403],
    ['app://BURROW/index.html', 403],
    ['file:///etc/passwd', 403],
    ['https://evil.example/index.html', 403],
    ['/etc/passwd', 403],
  ];

  it.each(hostile)('refuses %s with %i', async (url, status) => {
    const res = await handler(rawRequest(url));
    expect(res.status).toBe(status);
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const body = await res.text();
    expect(body).not.toContain('top secret');
    expect(body).not.toContain('evil');
  });

  it('answers 404 for everything while the renderer folder does not exist', async () => {
    const missing = createAppProtocolHandler(join(dir, 'nope'));
    expect((await missing(rawRequest('app://burrow/index.html'))).status).toBe(404);
  });
});

describe('resolveRequestPath', () => {
  it('decodes safe segments', () => {
    expect(resolveRequestPath('app://burrow/assets/a%20b.js')).toEqual({ ok: true, segments: ['assets', 'a b.js'] });
  });

  it('maps unknown extensions to octet-stream', () => {
    expect(contentTypeFor('x.bin')).toBe('application/octet-stream');
    expect(contentTypeFor('X.HTML')).toBe('text/html; charset=utf-8');
  });
});
