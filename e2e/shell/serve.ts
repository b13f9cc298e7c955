/** Serves the built renderer to the page through request interception, with the production CSP (index.html's with a fresh style nonce). */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, newStyleNonce, withStyleNonce } from '../../shared/common/csp.js';

/** The fixed origin the shell serves the renderer from (never resolved: every request is intercepted). */
export const SHELL_ORIGIN = 'http://burrow.localhost';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** Routes SHELL_ORIGIN to files under distDir and refuses every other request the page makes. */
export async function serveRenderer(context: BrowserContext, distDir: string): Promise<void> {
  const root = normalize(distDir + sep);
  // Routes are tried last-registered first: this catch-all only sees what the app route does not take.
  await context.route('**/*', (route) => route.abort('blockedbyclient'));
  await context.route(`${SHELL_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    const rel = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = normalize(join(root, rel));
    if (!file.startsWith(root) || rel.includes('\0')) return route.fulfill({ status: 403, body: 'Forbidden' });
    try {
      let body = await readFile(file);
      let policy = CONTENT_SECURITY_POLICY;
      // As the app:// handler does: only the page gets a nonce, a new one per load, in its header and its metas alike.
      if (file === join(root, 'index.html')) {
        const nonce = newStyleNonce();
        body = Buffer.from(withStyleNonce(body.toString('utf8'), nonce), 'utf8');
        policy = contentSecurityPolicy(nonce);
      }
      await route.fulfill({
        status: 200,
        body,
        headers: {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'content-security-policy': policy,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      await route.fulfill({ status: 404, body: 'Not found' });
    }
  });
}
