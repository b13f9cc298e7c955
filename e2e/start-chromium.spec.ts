import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Response as PageResponse } from 'playwright-core';
import { createAppProtocolHandler } from '../electron/main/protocol.js';
import { CONTENT_SECURITY_POLICY, STYLE_NONCE_META } from '../shared/common/csp.js';
import { expect, test } from './fixtures.js';
import { APP_URL } from './shell/shell.js';

// `npm run start:chromium` and the `npm start` fallback run the shell through tsx, whose transform
// differs from Playwright's: prove that path reaches the ready state too.
test('the Chromium shell started from the command line (tsx) reaches the ready state', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/shell/start.ts', '--smoke'], { encoding: 'utf8', timeout: 90_000 });
  expect(run.stdout).toContain('app state: ready');
  expect(run.status).toBe(0);
});

// Only a real window shows browser chrome: headless Chromium draws none, whatever the window type.
const display = !!process.env.DISPLAY || spawnSync('sh', ['-c', 'command -v xvfb-run']).status === 0;
test('the headed window is an app window: titled Burrow, nothing drawn around the page', () => {
  test.skip(!display, 'needs a display or xvfb-run (apt-get install xvfb)');
  const smoke = ['node', '--import', 'tsx', 'e2e/shell/start.ts', '--smoke', '--headed'];
  const [cmd, ...args] = process.env.DISPLAY ? smoke : ['xvfb-run', '-a', ...smoke];
  const run = spawnSync(cmd!, args, { encoding: 'utf8', timeout: 90_000 });
  expect(run.stdout).toContain('app state: ready');
  // A tabbed window would draw tabs and an address bar above the page, a warning bar would take its height.
  expect(run.stdout).toContain('window title: Burrow; around the page: 0x0 px');
  expect(run.status).toBe(0);
});

/** The directives of a CSP string, as a map. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/**
 * Checks one index.html response: its meta policy is strict and the same as its header, and the style nonce in the
 * header is the one in both metas. Returns that nonce.
 */
function checkPage(header: string | null, html: string): string {
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
  expect(meta).toBeDefined();
  const csp = directives(meta!);
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(meta).not.toMatch(/unsafe-inline|unsafe-eval|bunny\.net|bunnycdn/);
  const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(csp.get('style-src')?.[1] ?? '')?.[1];
  expect(nonce, 'a 128-bit base64 style nonce').toBeDefined();
  expect(csp.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
  expect(html).toContain(`<meta name="${STYLE_NONCE_META}" content="${nonce}" />`);
  // frame-ancestors only works as a header (both servers send it); browsers ignore it in a meta tag.
  const sent = directives(header ?? '');
  expect(sent.get('frame-ancestors')).toEqual(["'none'"]);
  sent.delete('frame-ancestors');
  expect(csp).toEqual(sent);
  return nonce!;
}

// The renderer may run only its own scripts and reach nothing but the app; styles injected at run time apply only
// with the nonce of that very load. Checked on the built page, as the app:// handler serves it.
test('the app:// handler serves the built index.html with a fresh nonce per load, header and metas agreeing', async () => {
  const handler = createAppProtocolHandler('dist/renderer');
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const res = await handler({ url: 'app://burrow/index.html', method: 'GET' } as Request);
    expect(res.status).toBe(200);
    nonces.add(checkPage(res.headers.get('content-security-policy'), await res.text()));
  }
  expect(nonces.size).toBe(3);
  const script = /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"/.exec(readFileSync('dist/renderer/index.html', 'utf8'))?.[1];
  expect(script).toBeDefined();
  const asset = await handler({ url: `app://burrow/${script}`, method: 'GET' } as Request);
  expect(asset.status).toBe(200);
  expect(asset.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
});

// And as the Chromium shell serves it, watching what the page really receives on each load.
test('the Chromium shell serves each load of index.html with its own nonce, and no nonce to its assets', async ({ shell }) => {
  const assets: PageResponse[] = [];
  shell.page.on('response', (res) => void (res.url() !== APP_URL && assets.push(res)));
  const nonces: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await shell.page.goto(APP_URL);
    // A page's body can be read only until the next navigation.
    nonces.push(checkPage((await res?.headerValue('content-security-policy')) ?? null, (await res?.text()) ?? ''));
  }
  expect(new Set(nonces).size).toBe(3);
  // The page in the window holds the last load's nonce.
  const last = nonces.at(-1);
  await expect(shell.page.locator(`meta[name="${STYLE_NONCE_META}"]`)).toHaveAttribute('content', last!);
  expect(assets.some((res) => res.url().endsWith('.js'))).toBe(true);
  expect(assets.some((res) => res.url().endsWith('.css'))).toBe(true);
  for (const res of assets) expect(await res.headerValue('content-security-policy'), res.url()).toBe(CONTENT_SECURITY_POLICY);
});
