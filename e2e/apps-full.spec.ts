/**
 * One app through every section of the form in the Chromium shell: two containers, the first from a whole pasted
 * image reference with a `.env` paste, a probe of each kind, a CDN and an anycast endpoint and a mount on a volume
 * declared from the mount row; regions required and allowed. The sandbox answers 201, and the body it received is
 * the one the review step showed, byte for byte.
 */
import { expect, screenshot, test } from './fixtures.js';
import { sandboxOf } from './pages/apps.js';

test('two containers through every section of the form: 201, and the body received is the reviewed one', async ({ app, shell }) => {
  const apps = app.apps;
  await apps.open();
  const sb = await sandboxOf(shell);
  await apps.newApp.click();
  const form = apps.content.getByRole('form', { name: 'New app' });
  await form.getByLabel('Name', { exact: true }).fill('E2E every section');
  await form.getByLabel('Maximum instances per region').fill('3');
  await form.getByLabel('Frankfurt: Required').check();
  await form.getByLabel('London: Allowed').check();

  // Container 1: a whole reference, a .env paste, a CDN and an anycast endpoint, a new volume, probes of each kind.
  const web = form.getByRole('region', { name: /^Container 1/ });
  await web.getByLabel('Container name').fill('web');
  await web.getByLabel('Image reference').fill('ghcr.io/acme/team/api:v1.2');
  await expect(web.getByLabel('Namespace')).toHaveValue('acme/team');
  await expect(web.getByLabel('Image name')).toHaveValue('api');
  await web.getByRole('button', { name: 'Environment variables', exact: true }).click();
  await web.getByRole('radio', { name: 'As .env text' }).check();
  await web.getByRole('textbox', { name: '.env text' }).fill('export MODE=production\n# comment\nAPI_TOKEN="s3cret value"\n');
  await web.getByRole('button', { name: 'Apply', exact: true }).click();
  await web.getByRole('button', { name: 'Endpoints', exact: true }).click();
  await web.getByRole('button', { name: 'Add endpoint' }).click();
  await web.getByLabel('Endpoint 1 name').fill('site');
  await web.getByLabel('Endpoint 1 port mapping: container port').fill('8080');
  await web.getByRole('button', { name: 'Add endpoint' }).click();
  await web.getByLabel('Endpoint 2 name').fill('dns');
  await web.getByRole('radiogroup', { name: 'Endpoint 2 kind' }).getByLabel('Anycast').check();
  await web.getByLabel('Endpoint 2 port mapping 1: container port').fill('53');
  await web.getByRole('group', { name: 'Endpoint 2 port mapping 1: protocols' }).getByLabel('UDP').check();
  await web.getByRole('button', { name: 'Volume mounts', exact: true }).click();
  await web.getByRole('button', { name: 'Add mount' }).click();
  await web.getByLabel('Mount 1 volume').selectOption({ label: 'New volume…' });
  await web.getByLabel('Mount 1: new volume name').fill('data');
  await web.getByLabel('Mount 1: new volume size (GB)').fill('5');
  await web.getByRole('button', { name: 'Declare volume' }).click();
  await web.getByLabel('Mount 1 path').fill('/var/lib/data');
  await web.getByRole('button', { name: 'Probes', exact: true }).click();
  await web.getByLabel('Use a startup probe').check();
  await web.getByRole('radiogroup', { name: 'Startup probe kind' }).getByLabel('TCP').check();
  await web.getByLabel('Startup probe: port').fill('8080');
  await web.getByLabel('Use a readiness probe').check();
  await web.getByRole('radiogroup', { name: 'Readiness probe kind' }).getByLabel('gRPC').check();
  await web.getByLabel('Readiness probe: port').fill('8080');
  await web.getByLabel('Use a liveness probe').check();
  await web.getByLabel('Liveness probe: path').fill('/healthz');
  await web.getByLabel('Liveness probe: port').fill('8080');

  // Container 2: a Docker Hub image by its short name.
  await form.getByRole('button', { name: 'Add container' }).click();
  const cache = form.getByRole('region', { name: /^Container 2/ });
  await cache.getByLabel('Container name').fill('cache');
  await cache.getByLabel('Image reference').fill('redis:7');

  await form.getByRole('button', { name: 'Review' }).click();
  const shown = apps.content.getByTestId('review-body');
  await expect(shown).toBeVisible();
  // The secret value the form masked is masked in Review too, until shown on purpose.
  await expect(shown).toContainText('••••••••');
  await expect(shown).not.toContainText('s3cret value');
  await apps.content.getByRole('button', { name: 'Show secret values (1)' }).click();
  await expect(shown).toContainText('s3cret value');
  const body = (await shown.textContent()) ?? '';
  const sent = JSON.parse(body) as {
    regionSettings: { requiredRegionIds: string[]; allowedRegionIds: string[] };
    volumes: { name: string; size: number }[];
    containerTemplates: { name: string; environmentVariables?: unknown[]; endpoints?: Record<string, unknown>[]; probes?: Record<string, unknown> }[];
  };
  expect(sent.regionSettings.requiredRegionIds).toEqual(['DE']);
  expect([...sent.regionSettings.allowedRegionIds].sort()).toEqual(['DE', 'UK']);
  expect(sent.volumes).toEqual([{ name: 'data', size: 5 }]);
  expect(sent.containerTemplates.map((c) => c.name)).toEqual(['web', 'cache']);
  expect(sent.containerTemplates[0]!.environmentVariables).toEqual([
    { name: 'MODE', value: 'production' },
    { name: 'API_TOKEN', value: 's3cret value' },
  ]);
  expect(Object.keys(sent.containerTemplates[0]!.endpoints![0]!)).toContain('cdn');
  expect(Object.keys(sent.containerTemplates[0]!.endpoints![1]!)).toContain('anycast');
  expect(Object.keys(sent.containerTemplates[0]!.probes!).sort()).toEqual(['liveness', 'readiness', 'startup']);
  await screenshot(shell, 'apps-form-review-full');

  sb.containers.resetReceived();
  await apps.content.getByRole('button', { name: 'Create' }).click();
  await expect(apps.detailHeading).toHaveText('E2E every section');
  expect(sb.containers.received().map((r) => r.body)).toEqual([body]);
});
