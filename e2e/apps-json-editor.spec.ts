/**
 * The create form's JSON view as an editor, in the Chromium shell: a broken body is marked in the editor and told as
 * "Line …, column …" above it, in view at 1280×800 and 1024×700; completion offers the create request's property
 * names; Tab leaves the editor; no serious accessibility violations, light and dark.
 */
import type { Locator } from 'playwright-core';
import { expect, screenshot, test } from './fixtures.js';
import { sandboxOf } from './pages/apps.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

test('the JSON editor marks a syntax error by line and column in view, completes property names, and lets Tab leave', async ({ app, shell }) => {
  const page = shell.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  const apps = app.apps;
  await apps.open();
  await sandboxOf(shell);
  await apps.newApp.click();
  const form = apps.content.getByRole('form', { name: 'New app' });
  await form.getByRole('group', { name: 'Start from' }).getByRole('button', { name: 'Web server behind CDN' }).click();
  await form.getByRole('group', { name: 'Edit as' }).getByRole('button', { name: 'JSON' }).click();
  const editor = form.getByRole('textbox', { name: 'Request body (JSON)' });
  await expect(editor).toBeVisible();

  // A missing comma after the name: marked in the editor, and said above it with its line and column.
  const body = JSON.parse(await textOf(editor)) as Record<string, unknown>;
  const broken = JSON.stringify(body, null, 2).replace(/("name": "[^"]*"),/, '$1');
  await editor.fill(broken);
  const problem = form.getByTestId('json-problem');
  await expect(problem).toHaveText(/^Line 3, column 3: expected ',' or '}'/);
  // The editor shows the end of what was typed; the message's button brings the marked place into view.
  await form.getByRole('button', { name: 'Go to line 3' }).click();
  await expect(editor).toBeFocused();
  await expect(form.locator('.cm-lintRange-error')).toBeInViewport();
  await expect(form.locator('.cm-lint-marker-error')).toBeInViewport();
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
  for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 700 }]) {
    await page.setViewportSize(size);
    await expect(problem).toBeInViewport();
    await expect(form.getByRole('button', { name: 'Review' })).toBeInViewport();
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'apps-json-editor-light');

  // Completion: a property name typed at the top level is completed from the create request's schema.
  await editor.fill('{\n  "name": "typed",\n  ');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('"autoSc');
  const options = page.getByRole('listbox');
  const option = options.getByRole('option', { name: /autoScaling/ });
  await expect(option).toBeVisible();
  // Chosen with the pointer: CodeMirror ignores Enter for a short moment after each new list (so a list that pops up
  // under a fast typist's Enter is not taken), and on a loaded machine the last keystroke's list can be that new.
  await option.click();
  await expect.poll(() => textOf(editor)).toContain('"autoScaling": ');

  // Tab moves on to the next control instead of indenting.
  await editor.focus();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
});

test('the JSON editor in the dark theme', async ({ app, shell }) => {
  const page = shell.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.settings.open();
  await app.settings.theme.selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const apps = app.apps;
  await apps.open();
  await sandboxOf(shell);
  await apps.newApp.click();
  const form = apps.content.getByRole('form', { name: 'New app' });
  await form.getByRole('group', { name: 'Start from' }).getByRole('button', { name: 'Web server behind CDN' }).click();
  await form.getByRole('group', { name: 'Edit as' }).getByRole('button', { name: 'JSON' }).click();
  const editor = form.getByRole('textbox', { name: 'Request body (JSON)' });
  await editor.fill((await textOf(editor)).replace(/("name": "[^"]*"),/, '$1'));
  await expect(form.getByTestId('json-problem')).toHaveText(/^Line 3, column 3: /);
  await form.getByRole('button', { name: 'Go to line 3' }).click();
  await expect(form.locator('.cm-lintRange-error')).toBeInViewport();
  // The editor takes the theme's colours (the page's dark background).
  const pageBackground = await page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
  await expect(form.locator('.cm-editor')).toHaveCSS('background-color', pageBackground);
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'apps-json-editor-dark');
});

/** The editor's text: its lines (a short body is drawn whole). */
async function textOf(editor: Locator): Promise<string> {
  return (await editor.locator('.cm-line').allTextContents()).join('\n');
}
