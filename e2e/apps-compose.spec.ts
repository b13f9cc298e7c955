/**
 * Starting an app from a compose file in the Chromium shell against the embedded sandbox: the file dialog (scripted)
 * picks a web + db compose file, the report shows the containers, the CDN/anycast choice per port and what could not
 * be mapped; Open in form fills the form, and Review then Create send it: the sandbox holds the app.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, screenshot, test } from './fixtures.js';
import { sandboxOf } from './pages/apps.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';

const COMPOSE = `name: e2e-compose-shop
services:
  web:
    image: nginx:1.27
    ports: ["80:80", "8443:8443"]
    depends_on: [db]
    healthcheck:
      test: ["CMD", "curl", "-f", "http://localhost/"]
      interval: 30s
  db:
    image: postgres:16
    env_file: db.env
    volumes: [pgdata:/var/lib/postgresql/data, ./init.sql:/docker-entrypoint-initdb.d/init.sql]
    networks: [back]
networks:
  back: {}
volumes:
  pgdata: {}
`;

test('a compose file becomes the form: the report, a port switched to anycast, Review and Create', async ({ app, shell }) => {
  const dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-compose-'));
  await writeFile(join(dir, 'db.env'), 'POSTGRES_DB=shop\nPOSTGRES_USER=shop\n');
  await writeFile(join(dir, 'docker-compose.yml'), COMPOSE);

  const apps = app.apps;
  await apps.open();
  const sb = await sandboxOf(shell);
  await apps.newApp.click();
  const form = apps.content.getByRole('form', { name: 'New app' });
  await expect(form).toBeVisible();

  shell.dialogs.openAnswers.push([join(dir, 'docker-compose.yml')]);
  await form.getByRole('group', { name: 'Start from' }).getByRole('button', { name: 'Import compose file…' }).click();
  const report = app.page.getByRole('dialog', { name: 'Import docker-compose.yml' });
  await expect(report).toBeVisible();
  await expect(report.getByRole('region', { name: 'Containers' })).toContainText('library/nginx:1.27');
  await expect(report.getByRole('region', { name: 'Not mapped' })).toContainText('depends_on');
  await expect(report.getByRole('region', { name: 'Not mapped' })).toContainText('./init.sql');
  const web80 = report.getByRole('group', { name: 'web: port 80' });
  await expect(web80.getByRole('radio', { name: 'CDN' })).toBeChecked();
  await expect(report.getByRole('group', { name: 'web: port 8443' }).getByRole('radio', { name: 'Anycast' })).toBeChecked();
  await expectNoSeriousA11yViolations(app.page);
  await screenshot(shell, 'apps-compose-import');

  // Port 80 goes by anycast after all: the body the form gets says so.
  await web80.getByRole('radio', { name: 'Anycast' }).check();
  await report.getByRole('button', { name: 'Open in form' }).click();
  await expect(report).toBeHidden();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('e2e-compose-shop');
  // The report is closed; what it could not map is one click away in the form.
  await form.getByText(/^What was not mapped from docker-compose\.yml \(\d+\)$/).click();
  await expect(form.locator('details.compose-not-mapped')).toContainText('depends_on');
  await screenshot(shell, 'apps-compose-not-mapped');

  await form.getByLabel('Frankfurt: Required').check();
  await form.getByRole('button', { name: 'Review' }).click();
  const shown = apps.content.getByTestId('review-body');
  await expect(shown).toBeVisible();
  const body = JSON.parse((await shown.textContent()) ?? '') as { containerTemplates: { name: string; endpoints?: unknown[]; environmentVariables?: unknown[] }[]; volumes: unknown[] };
  expect(body.containerTemplates.map((c) => c.name)).toEqual(['web', 'db']);
  expect(body.containerTemplates[0]!.endpoints).toEqual([
    { displayName: 'web-80', anycast: { type: 'iPv4', portMappings: [{ containerPort: 80, exposedPort: 80, protocols: ['tcp'] }] } },
    { displayName: 'web-8443', anycast: { type: 'iPv4', portMappings: [{ containerPort: 8443, exposedPort: 8443, protocols: ['tcp'] }] } },
  ]);
  expect(body.containerTemplates[1]!.environmentVariables).toEqual([
    { name: 'POSTGRES_DB', value: 'shop' },
    { name: 'POSTGRES_USER', value: 'shop' },
  ]);
  expect(body.volumes).toEqual([{ name: 'pgdata', size: 10 }]);
  sb.containers.resetReceived();
  await apps.content.getByRole('button', { name: 'Create' }).click();
  await expect(apps.detailHeading).toHaveText('e2e-compose-shop');
  expect(sb.containers.received()).toHaveLength(1);
});
