import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSeed } from '../sandbox/seed.js';
import { EMBEDDED_SEED } from '../electron/core/settings/index.js';
import { expect, screenshot, test } from './fixtures.js';

const seed = createSeed(EMBEDDED_SEED);

test('api get /pullzone shows the pull zones as a tree; verbose masks the key', async ({ app, shell }) => {
  const con = app.console;
  await con.open('keyboard');
  await con.sendExpecting('api get /pullzone', /^200/);
  for (const zone of ['demo-site', 'vz-demo-library', 'vz-training']) await expect(con.jsonTree).toContainText(zone);
  await screenshot(shell, 'console-pullzones');

  await con.send('api GET /videolibrary --verbose');
  await expect(con.verbose).toContainText(/GET http:\/\/127\.0\.0\.1:\d+\/videolibrary/);
  await expect(con.verbose).toContainText('••••••••');
  await expect(con.response).toContainText('secret values masked');
  await expect(con.rawBody).toContainText('"ApiKey"');
  const html = await app.page.content();
  expect(html).not.toContain(seed.accountKey);
  for (const lib of seed.libraries) expect(html).not.toContain(lib.key);
  await screenshot(shell, 'console-verbose');
});

test('a bad JSON body shows the position, in the line and in the editor', async ({ app }) => {
  const con = app.console;
  await con.open('keyboard');
  await con.send(`api post /dnszone --body '{"Domain": }'`);
  await expect(con.alert('position 11')).toBeVisible();
  await expect(con.command).toHaveAttribute('aria-invalid', 'true');

  await con.command.fill('api post /dnszone');
  await con.setBody('{"Domain": "x",}');
  await con.sendButton.click();
  await expect(con.alert(/position \d+/)).toBeVisible();

  await con.setBody('{"Domain": "console-e2e.test"}');
  await con.sendButton.click();
  await expect(con.status).toHaveText(/^201/);
});

test('history recalls the last command after a reload, and the draft survives', async ({ app }) => {
  const con = app.console;
  await con.open('keyboard');
  await con.sendExpecting('api get /storagezone', /^200/);
  await con.send('api get /dnszone');
  await expect(con.response).toContainText('example.com');
  await con.command.fill('api get /half-typed');
  await app.reload();
  await expect(con.command).toHaveValue('api get /half-typed');
  await con.command.press('ArrowUp');
  await expect(con.command).toHaveValue('api get /dnszone');
  await con.command.press('ArrowUp');
  await expect(con.command).toHaveValue('api get /storagezone');
  await con.command.press('ArrowDown');
  await con.command.press('ArrowDown');
  await expect(con.command).toHaveValue('api get /half-typed');
  await con.historySearch.fill('storage');
  await con.historyEntry('api get /storagezone').click();
  await expect(con.command).toHaveValue('api get /storagezone');
});

test('control characters in a response are shown escaped', async ({ app, shell }) => {
  const sb = (await shell.core.embeddedSandbox())!;
  sb.faults.add({ method: 'GET', path: '/weird', action: { kind: 'status', status: 200, body: 'before\x1b[2J\u202eafter', contentType: 'text/plain' } });
  await app.console.open('keyboard');
  await app.console.send('api get /weird');
  await expect(app.console.bodyText).toHaveText('before\\u001b[2J\\u202eafter');
});

test('loads a body from a file, saves a response to a file, and cancels a slow request', async ({ app, shell }) => {
  const con = app.console;
  const dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-console-'));
  await writeFile(join(dir, 'zone.json'), '{"Domain":"from-file.test"}');
  await con.open('keyboard');

  await con.loadBodyFrom(join(dir, 'zone.json'));
  await expect(con.bodyEditor).toContainText('from-file.test');
  await con.sendExpecting('api post /dnszone', /^201/);

  await con.send('api get /dnszone');
  await expect(con.response).toContainText('from-file.test');
  await con.saveResponseTo(join(dir, 'zones.json'));
  expect(await readFile(join(dir, 'zones.json'), 'utf8')).toContain('from-file.test');

  const sb = (await shell.core.embeddedSandbox())!;
  sb.faults.add({ method: 'GET', path: '/storagezone', action: { kind: 'delay', ms: 30_000 } });
  await con.send('api get /storagezone');
  await con.cancel('keyboard');
  await expect(con.sendButton).toBeVisible();
});

test('copy as curl and as burrow api never include the key', async ({ app }) => {
  const con = app.console;
  await con.open('keyboard');
  await con.sendExpecting(`api post /dnszone -b '{"Domain":"copy.test"}'`, /^201/);
  const curl = await con.copyAs('curl');
  expect(curl).toMatch(/^curl -X POST '?http:\/\/127\.0\.0\.1:\d+\/dnszone'? /);
  expect(curl).toContain('$BUNNYNET_API_KEY');
  expect(curl).toContain('copy.test');
  expect(curl).not.toContain(seed.accountKey);
  const asCommand = await con.copyAs('burrow api');
  expect(asCommand).toBe(`burrow api POST /dnszone --body '{"Domain":"copy.test"}'`);
});

// CodeMirror injects its theme as a style element: under the page's CSP it applies only with the load's nonce.
test('the body editor is styled under the CSP, and editing a body logs no CSP violation', async ({ app, shell }) => {
  const violations: string[] = [];
  shell.page.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) violations.push(msg.text());
  });
  const con = app.console;
  await con.open('keyboard');
  await con.setBody('{"Domain": "styled.test",}');
  const editor = con.bodyEditor;
  // Unstyled, the gutters would be a plain block and the lint marker would have no icon.
  await expect(editor.locator('.cm-gutters')).toHaveCSS('display', 'flex');
  await expect(editor.locator('.cm-editor')).toHaveCSS('flex-direction', 'column');
  await expect(editor.locator('.cm-lint-marker-error')).toHaveCSS('content', /^url\(/);
  const nonce = await shell.page.locator('meta[name="burrow-style-nonce"]').getAttribute('content');
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  // The editor's style element carries this load's nonce, and the browser applied it (a refused one has no sheet).
  const editorStyles = await shell.page.evaluate(() =>
    [...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('.cm-')).map((s) => ({ nonce: s.nonce, applied: s.sheet !== null })),
  );
  expect(editorStyles).toEqual([{ nonce, applied: true }]);
  await screenshot(shell, 'console-body-editor');
  expect(violations).toEqual([]);
});

test('the last response survives a visit to another area; an unquoted body, the Headers tab and the completion list', async ({ app, shell }) => {
  const con = app.console;
  await con.open('keyboard');
  // Typed without quotes: the app's command line takes the JSON whole (a shell would split it).
  await con.sendExpecting('api post /dnszone --body {"Domain": "unquoted.test"}', /^201/);
  await expect(con.response).toContainText('unquoted.test');

  // The response headers have their own tab, without --verbose.
  await con.response.getByRole('tab', { name: /^Headers/ }).click();
  await expect(app.page.getByTestId('response-headers')).toContainText(/content-type/i);
  await screenshot(shell, 'console-headers-tab');

  await app.goTo('settings');
  await app.goTo('console');
  await expect(con.status).toHaveText(/^201/);
  await expect(con.response).toContainText('unquoted.test');

  // The list of matching commands is the app's own (not the browser's), and goes away once a request is sent.
  await con.command.fill('api get /dns');
  const list = app.page.getByRole('listbox', { name: 'Matching commands' });
  await expect(list.getByRole('option', { name: 'api GET /dnszone', exact: true })).toBeVisible();
  await screenshot(shell, 'console-completion');
  await con.command.press('ArrowDown');
  await con.command.press('Enter');
  await expect(con.command).toHaveValue('api GET /dnszone');
  await expect(list).toBeHidden();
  await con.command.press('Enter');
  await expect(con.response).toContainText('unquoted.test');
  await expect(list).toBeHidden();
});

test('the command palette does things: New app opens the form, Toggle theme flips the theme', async ({ app, shell }) => {
  await app.console.open('keyboard');
  await app.runCommand('new app');
  await expect(app.heading).toHaveText('Apps');
  await expect(app.page.getByRole('form', { name: 'New app' })).toBeVisible();

  const before = await app.page.evaluate(() => (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
  const flipped = before === 'dark' ? 'light' : 'dark';
  await app.runCommand('toggle theme');
  await expect(app.page.locator('html')).toHaveAttribute('data-theme', flipped);

  // The console's list of matching commands in the other theme: drawn with the theme's own colours.
  await app.console.open('keyboard');
  await app.console.command.fill('api get /pull');
  await expect(app.page.getByRole('listbox', { name: 'Matching commands' })).toBeVisible();
  await screenshot(shell, `console-completion-${flipped}`);
});
