// @vitest-environment happy-dom
import { EditorView } from '@codemirror/view';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComposeImportResult } from '../../../../shared/contract/apps';
import { useNav } from '../../../app/nav-store';
import { requestScreenAction } from '../../../app/screen-actions';
import { bridgeWithApps, renderApps } from '../testing/apps';
import { formBridge, renderForm } from './testing/form';

afterEach(cleanup);

/** What the core answers for a web + db compose file: web's port 80 (CDN) and 9000/udp (anycast only), a volume. */
const IMPORTED: ComposeImportResult = {
  fileName: 'docker-compose.yml',
  body: {
    name: 'shop',
    runtimeType: 'shared',
    autoScaling: { min: 1, max: 1 },
    regionSettings: {},
    containerTemplates: [
      {
        name: 'web',
        imageNamespace: 'library',
        imageName: 'nginx',
        imageTag: '1.27',
        imageRegistryId: '7',
        endpoints: [
          { displayName: 'web-80', cdn: { isSslEnabled: true, portMappings: [{ containerPort: 80 }] } },
          { displayName: 'web-9000-udp', anycast: { type: 'iPv4', portMappings: [{ containerPort: 9000, exposedPort: 9000, protocols: ['udp'] }] } },
        ],
      },
      {
        name: 'db',
        imageNamespace: 'library',
        imageName: 'postgres',
        imageTag: '16',
        imageRegistryId: '7',
        environmentVariables: [{ name: 'POSTGRES_DB', value: 'shop' }],
        volumeMounts: [{ name: 'pgdata', mountPath: '/var/lib/postgresql/data' }],
      },
    ],
    volumes: [{ name: 'pgdata', size: 10 }],
  },
  endpoints: [
    { service: 'web', containerIndex: 0, containerPort: 80, exposedPort: 80, protocol: 'tcp', kind: 'cdn', displayName: 'web-80' },
    { service: 'web', containerIndex: 0, containerPort: 9000, exposedPort: 9000, protocol: 'udp', kind: 'anycast', displayName: 'web-9000-udp' },
  ],
  unmapped: [
    { service: 'web', key: 'depends_on', message: 'Left out: the containers of one app start together and reach each other on localhost, so there is no start order to keep.' },
    { service: null, key: 'networks', message: 'Left out: the containers of one app share one network and reach each other on localhost.' },
  ],
};

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;

async function openReport() {
  await screen.findByRole('form', { name: 'New app' });
  fireEvent.click(screen.getByRole('button', { name: 'Import compose file…' }));
  return screen.findByRole('dialog', { name: 'Import docker-compose.yml' });
}

function jsonBody(): Record<string, unknown> {
  act(() => void fireEvent.click(screen.getByRole('button', { name: 'JSON' })));
  const editor = EditorView.findFromDOM(screen.getByRole('textbox', { name: 'Request body (JSON)' }))!;
  return JSON.parse(editor.state.doc.toString()) as Record<string, unknown>;
}

describe('Import compose file…', () => {
  it('reports services, ports with their kind and what was not mapped; Open in form fills the form with the ports as chosen', async () => {
    const bridge = formBridge();
    bridge.answer('apps.importCompose', IMPORTED);
    renderForm();
    const report = await openReport();
    expect(bridge.inputs('apps.importCompose')).toEqual([{}]);
    expect(report.textContent).toContain('Its 2 services become containers of one app named “shop”');
    const containers = within(report).getByRole('region', { name: 'Containers' });
    expect(within(containers).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['web library/nginx:1.27', 'db library/postgres:16 (1 variable · 1 volume)']);

    const web80 = within(report).getByRole('group', { name: 'web: port 80' });
    expect((within(web80).getByRole('radio', { name: 'CDN' }) as HTMLInputElement).checked).toBe(true);
    const udp = within(report).getByRole('group', { name: 'web: port 9000/udp' });
    expect((within(udp).getByRole('radio', { name: 'CDN' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(udp).getByRole('radio', { name: 'Anycast' }) as HTMLInputElement).checked).toBe(true);

    const unmapped = within(report).getByRole('region', { name: 'Not mapped' });
    const notMapped = [
      'web · depends_on Left out: the containers of one app start together and reach each other on localhost, so there is no start order to keep.',
      'networks Left out: the containers of one app share one network and reach each other on localhost.',
    ];
    expect(within(unmapped).getAllByRole('listitem').map((li) => li.textContent)).toEqual(notMapped);
    const violations = (await axe.run(report)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations).toEqual([]);

    fireEvent.click(within(web80).getByRole('radio', { name: 'Anycast' }));
    fireEvent.click(within(report).getByRole('button', { name: 'Open in form' }));
    await waitFor(() => expect(nameInput().value).toBe('shop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The report is closed, but what it could not map stays in reach from the form.
    const again = screen.getByText('What was not mapped from docker-compose.yml (2)').closest('details')!;
    expect(within(again).getAllByRole('listitem').map((li) => li.textContent)).toEqual(notMapped);
    const body = jsonBody();
    expect(body).toMatchObject({ name: 'shop', volumes: [{ name: 'pgdata', size: 10 }] });
    expect(body.containerTemplates).toMatchObject([
      {
        name: 'web',
        endpoints: [
          { displayName: 'web-80', anycast: { type: 'iPv4', portMappings: [{ containerPort: 80, exposedPort: 80, protocols: ['tcp'] }] } },
          { displayName: 'web-9000-udp', anycast: { portMappings: [{ containerPort: 9000, protocols: ['udp'] }] } },
        ],
      },
      { name: 'db', environmentVariables: [{ name: 'POSTGRES_DB', value: 'shop' }] },
    ]);
  });

  it('asks before the import replaces what was typed, and Cancel on the report leaves the form alone', async () => {
    const bridge = formBridge();
    bridge.answer('apps.importCompose', IMPORTED);
    renderForm();
    await screen.findByRole('form', { name: 'New app' });
    fireEvent.change(nameInput(), { target: { value: 'mine' } });
    let report = await openReport();
    fireEvent.click(within(report).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(nameInput().value).toBe('mine');

    report = await openReport();
    fireEvent.click(within(report).getByRole('button', { name: 'Open in form' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask.textContent).toContain('the services of docker-compose.yml');
    fireEvent.click(within(ask).getByRole('button', { name: 'Start from docker-compose.yml' }));
    await waitFor(() => expect(nameInput().value).toBe('shop'));
    expect(screen.getByText('What was not mapped from docker-compose.yml (2)')).toBeTruthy();
    // Another start puts the compose file's list away.
    fireEvent.click(screen.getByRole('button', { name: 'Blank' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Start blank' }));
    await waitFor(() => expect(nameInput().value).toBe(''));
    expect(screen.queryByText('What was not mapped from docker-compose.yml (2)')).toBeNull();
  });

  it('does nothing when the file dialog is cancelled, and says why when the file cannot be imported', async () => {
    const bridge = formBridge();
    bridge.answer('apps.importCompose', null);
    renderForm();
    await screen.findByRole('form', { name: 'New app' });
    fireEvent.click(screen.getByRole('button', { name: 'Import compose file…' }));
    await waitFor(() => expect(bridge.inputs('apps.importCompose')).toHaveLength(1));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Import compose file…' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();

    bridge.answer('apps.importCompose', {
      error: { kind: 'validation', title: 'The compose file could not be imported', detail: 'app.yml: This compose file has no services: there is nothing to make containers from.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Import compose file…' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The compose file could not be imported');
    expect(alert.textContent).toContain('This compose file has no services');
    expect(nameInput().value).toBe('');
  });
});

describe('the command palette’s “New app from a compose file…”', () => {
  it('opens the create form from the apps list and asks for the file at once; the report follows', async () => {
    const bridge = bridgeWithApps([]);
    bridge.answer('apps.importCompose', IMPORTED);
    act(() => useNav.setState({ area: 'apps' }));
    renderApps();
    await screen.findByRole('button', { name: 'New app' });
    act(() => requestScreenAction('apps.importCompose'));
    // The form is loaded on first use (a lazy chunk), then asks for the file.
    await screen.findByRole('heading', { name: 'New app', hidden: true });
    await screen.findByRole('dialog', { name: 'Import docker-compose.yml' });
    expect(bridge.inputs('apps.importCompose')).toEqual([{}]);
    // Behind the report (hidden from the accessibility tree while the dialog is open), the form is there.
    expect(screen.getByRole('form', { name: 'New app', hidden: true })).toBeTruthy();
  });
});
