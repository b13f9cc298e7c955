/**
 * The create form refuses a value just outside each kind of platform bound before anything is sent: from the
 * "Web server behind CDN" preset, a length, a count, three ranges and two patterns are each entered one past their
 * limit, Review names the rule on that very control in words for people, the sandbox receives nothing, and the value is fixed before the
 * next. Once all are fixed the same form reaches the review step, so each refusal was that bound's alone.
 */
import type { Locator } from 'playwright-core';
import { expect, screenshot, test } from './fixtures.js';
import { sandboxOf } from './pages/apps.js';

test('each kind of bound, entered just outside its limit, is named on its field at Review and nothing is sent', async ({ app, shell }) => {
  const apps = app.apps;
  await apps.open();
  const sb = await sandboxOf(shell);
  sb.containers.resetReceived();
  await apps.newApp.click();
  const form = apps.content.getByRole('form', { name: 'New app' });
  await form.getByRole('group', { name: 'Start from' }).getByRole('button', { name: 'Web server behind CDN' }).click();
  const container = form.getByRole('region', { name: /^Container 1/ });
  await expect(container.getByLabel('Tag')).toHaveValue('stable');
  const review = form.getByRole('button', { name: 'Review' });
  const shown = apps.content.getByTestId('review-body');

  /** Review is refused: the control is marked invalid and described by the rule, the form stays, nothing was sent. */
  async function refusedAt(control: Locator, rule: RegExp): Promise<void> {
    await review.click();
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(rule);
    await expect(form).toBeVisible();
    await expect(shown).toHaveCount(0);
    expect(sb.containers.received()).toEqual([]);
  }
  /** Fixed: the control is valid again (the form re-checks on change once submitted). */
  async function fixed(control: Locator, value: string): Promise<void> {
    await control.fill(value);
    await expect(control).not.toHaveAttribute('aria-invalid', 'true');
  }

  // A length: the app name, one character over.
  const name = form.getByLabel('Name', { exact: true });
  await name.fill('n'.repeat(101));
  await refusedAt(name, /Name: 1–100 characters — letters, digits, hyphens and spaces/);
  await fixed(name, 'n'.repeat(100));

  // A count: sticky sessions switched on with no session header is one below the allowed one to three; the form never
  // lets a fourth be typed (the only counts with an upper bound, CDN port mappings and session headers, stop at it).
  await container.getByRole('button', { name: 'Endpoints', exact: true }).click();
  await container.getByLabel('Endpoint 1: sticky sessions').check();
  const header = container.getByRole('textbox', { name: 'Endpoint 1: session header', exact: true });
  await refusedAt(header, /Session headers: 1–3 header names/);
  for (const h of ['X-A', 'X-B', 'X-C']) {
    await header.fill(h);
    await header.press('Enter');
  }
  await expect(container.getByRole('list', { name: 'Endpoint 1: session headers' }).getByRole('listitem')).toHaveCount(3);
  await expect(header).toBeDisabled();
  await expect(header).not.toHaveAttribute('aria-invalid', 'true');

  // Ranges: instances per region, a volume's size, a probe timing, each one past its maximum.
  const max = form.getByLabel('Maximum instances per region');
  await max.fill('1001');
  await refusedAt(max, /Maximum instances per region: a whole number, 1–1000/);
  await fixed(max, '1000');

  await form.getByRole('button', { name: 'Add volume' }).click();
  await form.getByLabel('Volume name', { exact: true }).fill('data');
  const size = form.getByLabel('Size (GB)', { exact: true });
  await size.fill('101');
  await refusedAt(size, /Size \(GB\): a whole number of GB, 1–100/);
  await fixed(size, '100');

  await container.getByRole('button', { name: 'Probes', exact: true }).click();
  await container.getByLabel('Use a liveness probe').check();
  const timeout = container.getByLabel('Liveness probe: timeout (seconds)');
  await timeout.fill('3601');
  await refusedAt(timeout, /Timeout: a whole number of seconds, 1–3600/);
  await fixed(timeout, '3600');

  // Patterns: an image tag with a character no tag may hold, a mount path that does not start with a slash.
  const tag = container.getByLabel('Tag');
  await tag.fill('stable!');
  await refusedAt(tag, /Tag: letters and digits joined by one or two of \. _ -, such as 1\.25-alpine/);
  await fixed(tag, 'stable');

  await container.getByRole('button', { name: 'Volume mounts', exact: true }).click();
  await container.getByRole('button', { name: 'Add mount' }).click();
  await container.getByLabel('Mount 1 volume').selectOption('data');
  const mountPath = container.getByLabel('Mount 1 path');
  await mountPath.fill('data');
  await refusedAt(mountPath, /Mount path: an absolute path such as \/var\/lib\/data/);
  await screenshot(shell, 'apps-form-bounds');
  await fixed(mountPath, '/data');

  // Everything at its limit now: the review step shows the body, and still nothing has been sent.
  await review.click();
  await expect(shown).toBeVisible();
  const body = JSON.parse((await shown.textContent()) ?? '') as {
    name: string;
    autoScaling: { max: number };
    volumes: { size: number }[];
    containerTemplates: { imageTag: string; probes: { liveness: { timeoutSeconds: number } }; volumeMounts: { mountPath: string }[]; endpoints: { cdn: { stickySessions: { sessionHeaders: string[] } } }[] }[];
  };
  expect(body.name).toBe('n'.repeat(100));
  expect(body.autoScaling.max).toBe(1000);
  expect(body.volumes[0]!.size).toBe(100);
  expect(body.containerTemplates[0]).toMatchObject({ imageTag: 'stable', probes: { liveness: { timeoutSeconds: 3600 } }, volumeMounts: [{ name: 'data', mountPath: '/data' }] });
  expect(body.containerTemplates[0]!.endpoints[0]!.cdn.stickySessions.sessionHeaders).toEqual(['X-A', 'X-B', 'X-C']);
  expect(sb.containers.received()).toEqual([]);
});
