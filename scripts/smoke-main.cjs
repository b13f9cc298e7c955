#!/usr/bin/env node
/**
 * Bundle smoke test: loads the built dist-electron/main.cjs and preload.cjs under the fake `electron` that the
 * main-process tests use too (scripts/fake-electron.cjs; the real binary cannot run here) and round-trips
 * window.burrow.invoke('desktop.info') through contextBridge → ipcRenderer → ipcMain → the real core and back.
 * Exits non-zero on any failure.
 */
'use strict';
const Module = require('node:module');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const assert = require('node:assert/strict');
const { createFakeElectron } = require('./fake-electron.cjs');

const root = path.resolve(__dirname, '..');
const mainBundle = path.join(root, 'dist-electron', 'main.cjs');
const preloadBundle = path.join(root, 'dist-electron', 'preload.cjs');
const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'burrow-smoke-'));
const MAX_PRELOAD_BYTES = 20 * 1024;

const fake = createFakeElectron({ userData, onFatal: (error) => fail(error) });
const { rec } = fake;
const app = fake.electron.app;

const originalLoad = Module._load;
Module._load = function load(request, parent, isMain) {
  if (request === 'electron') return fake.electron;
  return originalLoad.call(this, request, parent, isMain);
};

let finished = false;
function fail(error) {
  if (finished) return;
  finished = true;
  console.error(`smoke-main: FAILED: ${error && error.stack ? error.stack : error}`);
  fs.rmSync(userData, { recursive: true, force: true });
  process.exit(1);
}

async function waitFor(what, predicate, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function main() {
  for (const file of [mainBundle, preloadBundle]) assert.ok(fs.existsSync(file), `${path.relative(root, file)} is missing: run npm run build:electron`);

  const preloadText = fs.readFileSync(preloadBundle, 'utf8');
  assert.ok(!/zod/i.test(preloadText), 'the preload bundle contains zod');
  assert.ok(preloadText.length <= MAX_PRELOAD_BYTES, `the preload bundle is ${preloadText.length} bytes (limit ${MAX_PRELOAD_BYTES})`);
  const preloadRequires = [...preloadText.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(preloadRequires)], ['electron'], `the preload requires ${preloadRequires.join(', ')}`);

  require(mainBundle);
  assert.deepEqual(rec.privileged.map((s) => s.scheme), ['app']);
  await waitFor('the main window', () => rec.windows.length === 1);
  const win = rec.windows[0];
  const prefs = win.options.webPreferences;
  for (const [key, value] of Object.entries({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, disableBlinkFeatures: 'Auxclick' })) {
    assert.equal(prefs[key], value, `webPreferences.${key}`);
  }
  assert.equal(prefs.preload, path.join(path.dirname(mainBundle), 'preload.cjs'));
  assert.deepEqual(win.loaded, ['app://burrow/index.html']);

  require(preloadBundle);
  const burrow = rec.exposed.get('burrow');
  assert.ok(burrow, 'window.burrow was not exposed');
  assert.deepEqual(Object.keys(burrow).sort(), ['files', 'invoke', 'on']);

  const info = await burrow.invoke('desktop.info', {});
  assert.equal(info.ok, true, `app.info failed: ${JSON.stringify(info)}`);
  assert.equal(info.value.name, 'Burrow');
  assert.equal(info.value.shell, 'electron');
  assert.equal(info.value.dataDir, userData);

  const unknown = await burrow.invoke('app.nope', {});
  assert.equal(unknown.ok, false);
  assert.equal(unknown.error.kind, 'unknown_method');

  const foreign = await rec.handlers.get('burrow:invoke')({ senderFrame: { url: 'https://evil.example/', origin: 'https://evil.example', parent: null }, sender: win.webContents }, { method: 'desktop.info', input: {} });
  assert.equal(foreign.ok, false, 'a call from a foreign origin was answered');

  const dropped = await burrow.files.drop([{ path: __filename }], 'files.list', {});
  assert.equal(dropped.result?.ok, true, `drop failed: ${JSON.stringify(dropped)}`);
  assert.equal(dropped.result.value.files[0].name, path.basename(__filename));

  const off = burrow.on('desktop.notice', () => {});
  off();

  const nav = { url: 'https://evil.example/', preventDefault() {
    nav.prevented = true;
  } };
  win.webContents.emit('will-navigate', nav, nav.url);
  assert.ok(nav.prevented, 'navigation to https://evil.example was not prevented');
  assert.deepEqual(win.webContents.openHandler({ url: 'https://evil.example/' }), { action: 'deny' });

  let granted = null;
  rec.permissionRequest(win.webContents, 'media', (g) => (granted = g), { requestingUrl: 'app://burrow/index.html' });
  assert.equal(granted, false, 'media permission was granted');

  const serve = rec.protocolHandlers.get('app');
  const traversal = await serve({ url: 'app://burrow/%2e%2e/package.json', method: 'GET' });
  assert.equal(traversal.status, 403);
  const index = await serve({ url: 'app://burrow/index.html', method: 'GET' });
  const rendererBuilt = fs.existsSync(path.join(root, 'dist', 'renderer', 'index.html'));
  assert.equal(index.status, rendererBuilt ? 200 : 404);
  assert.ok(index.headers.get('content-security-policy'), 'no CSP header on app:// responses');

  const quitEvent = { prevented: false, preventDefault() {
    quitEvent.prevented = true;
  } };
  app.emit('before-quit', quitEvent);
  await waitFor('the core to close', () => rec.quits > 0);

  finished = true;
  fs.rmSync(userData, { recursive: true, force: true });
  console.log(
    `smoke-main: ok (app.info round trip, preload ${preloadText.length} B without zod, guards, permissions, protocol ${rendererBuilt ? 'served index.html' : '404 without dist/renderer'})`,
  );
  process.exit(0);
}

main().catch(fail);
