import { expect, test } from './fixtures.js';
import { AREAS } from './pages/area-page.js';
import { createOnPlatform, sandboxOf } from './pages/apps.js';
import { expectNoSeriousA11yViolations, seriousA11yViolations } from './support/axe.js';

// Every area, opened as a user opens it, must have no serious or critical axe-core violation.
for (const { id, label } of AREAS) {
  test(`${label} has no serious or critical accessibility violations`, async ({ app }) => {
    await app[id].open();
    await expectNoSeriousA11yViolations(app.page);
  });
}

test('the Console showing a response has no serious or critical accessibility violations', async ({ app }) => {
  await app.console.open('keyboard');
  // A long answer, as most are: only then do the body's panes scroll, and a scrolling pane must take the keyboard.
  await app.console.sendExpecting('api get /pullzone --verbose', /^200/);
  await expect(app.console.jsonTree).toContainText('demo-site');
  await expectNoSeriousA11yViolations(app.page);
});

test('Apps with an application open, and its delete question, have no serious or critical accessibility violations in either theme', async ({ app, shell }) => {
  await app.apps.open();
  await createOnPlatform(await sandboxOf(shell), 'Axe check');
  await app.apps.reread();
  await app.apps.openApp('Axe check');
  await expect(app.apps.shownId).toBeVisible();
  await expectNoSeriousA11yViolations(app.page);
  await app.apps.askToDelete();
  await expectNoSeriousA11yViolations(app.page);
  await app.page.keyboard.press('Escape');
  await app.page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => app.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(22, 24, 29)');
  await expectNoSeriousA11yViolations(app.page);
  await app.apps.askToDelete();
  await expectNoSeriousA11yViolations(app.page);
});

test('the command palette has no serious or critical accessibility violations', async ({ app }) => {
  await app.openPalette();
  await expectNoSeriousA11yViolations(app.page);
});

// Contrast is checked per theme: the dark theme has its own colours.
test('every area in the dark theme has no serious or critical accessibility violations', async ({ app }) => {
  await app.settings.open();
  await app.settings.theme.selectOption('dark');
  await expect(app.page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const found: string[] = [];
  for (const { id, label } of AREAS) {
    await app[id].open('keyboard');
    for (const v of await seriousA11yViolations(app.page)) found.push(`${label}: ${v}`);
  }
  expect(found).toEqual([]);
});
