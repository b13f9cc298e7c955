import { createSeed } from '../sandbox/seed.js';
import { EMBEDDED_SEED } from '../electron/core/settings/embedded-sandbox.js';
import { expect, screenshot, test } from './fixtures.js';

const seed = createSeed(EMBEDDED_SEED);

test('api get /pullzone shows the pull zones as a tree; verbose masks the key', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.keyboard.press('Control+4');
  const command = page.getByLabel('Command', { exact: true });
  await command.fill('api get /pullzone');
  await command.press('Enter');
  await expect(page.getByTestId('response-status')).toHaveText(/^200/);
  const tree = page.getByTestId('json-tree');
  for (const zone of ['demo-site', 'vz-demo-library', 'vz-training']) await expect(tree).toContainText(zone);
  await screenshot(shell, 'console-pullzones');

  await command.fill('api GET /videolibrary --verbose');
  await command.press('Enter');
  const verbose = page.getByTestId('verbose');
  await expect(verbose).toContainText(/GET http:\/\/127\.0\.0\.1:\d+\/videolibrary/);
  await expect(verbose).toContainText('••••••••');
  await expect(page.getByTestId('response')).toContainText('secret values masked');
  await expect(page.getByTestId('raw-body')).toContainText('"ApiKey"');
  const html = await page.content();
  expect(html).not.toContain(seed.accountKey);
  for (const lib of seed.libraries) expect(html).not.toContain(lib.key);
  await screenshot(shell, 'console-verbose');
});

test('a bad JSON body shows the position, in the line and in the editor', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.keyboard.press('Control+4');
  const command = page.getByLabel('Command', { exact: true });
  await command.fill(`api post /dnszone --body '{"Domain": }'`);
  await command.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'position 11' })).toBeVisible();
  await expect(command).toHaveAttribute('aria-invalid', 'true');

  await command.fill('api post /dnszone');
  await page.getByTestId('body-editor').locator('.cm-content').fill('{"Domain": "x",}');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /position \d+/ })).toBeVisible();

  await page.getByTestId('body-editor').locator('.cm-content').fill('{"Domain": "console-e2e.test"}');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('response-status')).toHaveText(/^201/);
});

test('history recalls the last command after a reload, and the draft survives', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.keyboard.press('Control+4');
  const command = page.getByLabel('Command', { exact: true });
  await command.fill('api get /storagezone');
  await command.press('Enter');
  await expect(page.getByTestId('response-status')).toHaveText(/^200/);
  await command.fill('api get /dnszone');
  await command.press('Enter');
  await expect(page.getByTestId('response')).toContainText('example.com');
  await command.fill('api get /half-typed');
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await expect(command).toHaveValue('api get /half-typed');
  await command.press('ArrowUp');
  await expect(command).toHaveValue('api get /dnszone');
  await command.press('ArrowUp');
  await expect(command).toHaveValue('api get /storagezone');
  await command.press('ArrowDown');
  await command.press('ArrowDown');
  await expect(command).toHaveValue('api get /half-typed');
  await page.getByLabel('Search history').fill('storage');
  await page.locator('.history-list').getByRole('button', { name: 'api get /storagezone' }).click();
  await expect(command).toHaveValue('api get /storagezone');
});

test('control characters in a response are shown escaped', async ({ shell }) => {
  const { page } = shell;
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  const sb = (await shell.core.embeddedSandbox())!;
  sb.faults.add({ method: 'GET', path: '/weird', action: { kind: 'status', status: 200, body: 'before\x1b[2J\u202eafter', contentType: 'text/plain' } });
  await page.keyboard.press('Control+4');
  const command = page.getByLabel('Command', { exact: true });
  await command.fill('api get /weird');
  await command.press('Enter');
  await expect(page.getByTestId('body-text')).toHaveText('before\\u001b[2J\\u202eafter');
});

test('loads a body from a file, saves a response to a file, and cancels a slow request', async ({ shell }) => {
  const { page } = shell;
  const { mkdtemp, readFile, writeFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-console-'));
  await writeFile(join(dir, 'zone.json'), '{"Domain":"from-file.test"}');
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.keyboard.press('Control+4');
  const command = page.getByLabel('Command', { exact: true });

  shell.dialogs.openAnswers.push([join(dir, 'zone.json')]);
  await page.getByRole('button', { name: 'Load from file…' }).click();
  await expect(page.getByTestId('body-editor')).toContainText('from-file.test');
  await command.fill('api post /dnszone');
  await command.press('Enter');
  await expect(page.getByTestId('response-status')).toHaveText(/^201/);

  await command.fill('api get /dnszone');
  await command.press('Enter');
  await expect(page.getByTestId('response')).toContainText('from-file.test');
  shell.dialogs.saveAnswers.push(join(dir, 'zones.json'));
  await page.getByRole('button', { name: 'Save to file…' }).click();
  await expect(page.getByText(/^Saved \d/)).toBeVisible();
  expect(await readFile(join(dir, 'zones.json'), 'utf8')).toContain('from-file.test');

  const sb = (await shell.core.embeddedSandbox())!;
  sb.faults.add({ method: 'GET', path: '/storagezone', action: { kind: 'delay', ms: 30_000 } });
  await command.fill('api get /storagezone');
  await command.press('Enter');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await command.press('Escape');
  await expect(page.getByRole('alert').filter({ hasText: 'Cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
});

test('copy as curl and as burrow api never include the key', async ({ shell }) => {
  const { page } = shell;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.keyboard.press('Control+4');
  const command = page.getByLabel('Command', { exact: true });
  await command.fill(`api post /dnszone -b '{"Domain":"copy.test"}'`);
  await command.press('Enter');
  await expect(page.getByTestId('response-status')).toHaveText(/^201/);
  await page.getByRole('button', { name: 'Copy as curl' }).click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toMatch(/^curl -X POST '?http:\/\/127\.0\.0\.1:\d+\/dnszone'? /);
  expect(curl).toContain('$BUNNYNET_API_KEY');
  expect(curl).toContain('copy.test');
  expect(curl).not.toContain(seed.accountKey);
  await page.getByRole('button', { name: 'Copy as burrow api' }).click();
  const asCommand = await page.evaluate(() => navigator.clipboard.readText());
  expect(asCommand).toBe(`burrow api POST /dnszone --body '{"Domain":"copy.test"}'`);
});
