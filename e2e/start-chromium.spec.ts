import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CONTENT_SECURITY_POLICY } from '../shared/csp.js';

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

// The renderer may run only its own scripts and reach nothing but the app: checked on the built page the app really loads.
test('the built index.html carries the strict CSP, identical to the one the protocol handler sends', () => {
  const html = readFileSync('dist/renderer/index.html', 'utf8');
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
  expect(meta).toBeDefined();
  const csp = directives(meta!);
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(meta).not.toMatch(/unsafe-inline|unsafe-eval|bunny\.net|bunnycdn/);
  // frame-ancestors only works as a header (the app:// handler sends it); browsers ignore it in a meta tag.
  const header = directives(CONTENT_SECURITY_POLICY);
  header.delete('frame-ancestors');
  expect(csp).toEqual(header);
});
