// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formBridge, input, opened, renderForm, typeInto, VALID } from './testing/form';

afterEach(cleanup);

describe('the create form', () => {
  it('reviews the exact body, then creates with exactly that text, clears the draft and reports the id', async () => {
    const bridge = formBridge(VALID);
    const view = renderForm();
    await opened();
    typeInto(input('Name'), 'shop two');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const body = await screen.findByTestId('review-body');
    const text = body.textContent ?? '';
    expect(JSON.parse(text)).toEqual({ ...VALID.values, name: 'shop two' });
    const summary = screen.getByRole('list', { name: 'Summary' });
    expect(summary.textContent).toContain('1 container: web');
    expect(summary.textContent).toContain('always in Frankfurt');
    expect(summary.textContent).toContain('1 to 2 instances per region');
    expect(summary.textContent).toContain('1 volume, 5 GB in total');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(view.done).toEqual(['app-1']));
    expect(bridge.inputs('apps.create')).toEqual([{ text }]);
    await waitFor(() => expect(bridge.count('apps.clearDraft')).toBe(1));
    expect(await screen.findByText('App created: app-1')).toBeTruthy();
  });

  it('masks secret variable values in the review body until revealed, and creates with the real text', async () => {
    const SECRET = 'pa55-review-s3cret';
    const template = { ...VALID.values.containerTemplates![0]!, environmentVariables: [{ name: 'DB_PASSWORD', value: SECRET }, { name: 'MODE', value: 'production' }] };
    const bridge = formBridge({ ...VALID, values: { ...VALID.values, containerTemplates: [template] } });
    renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const body = await screen.findByTestId('review-body');
    // Masked where the form masked it; the other values and the rest of the text stay as they are sent.
    expect(body.textContent).not.toContain(SECRET);
    const shown = JSON.parse(body.textContent ?? '') as { containerTemplates: { environmentVariables: { name: string; value: string }[] }[] };
    expect(shown.containerTemplates[0]!.environmentVariables).toEqual([
      { name: 'DB_PASSWORD', value: '••••••••' },
      { name: 'MODE', value: 'production' },
    ]);
    expect(document.body.innerHTML).not.toContain(SECRET);
    const reveal = screen.getByRole('button', { name: 'Show secret values (1)' });
    expect(reveal.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(reveal);
    expect(body.textContent).toContain(`"value": "${SECRET}"`);
    const hide = screen.getByRole('button', { name: 'Hide secret values' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    const text = body.textContent ?? '';
    fireEvent.click(hide);
    expect(body.textContent).not.toContain(SECRET);
    // Create sends the real bytes, revealed or not.
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(bridge.inputs('apps.create')).toEqual([{ text }]));
  });

  it('names the broken rule once a field is left, and takes it away as soon as the value is fixed', async () => {
    formBridge(VALID);
    renderForm();
    await opened();
    const name = input('Name');
    typeInto(name, 'bad_name!');
    expect(screen.queryByText(/^Name:/)).toBeNull();
    fireEvent.blur(name);
    expect(await screen.findByText('Name: 1–100 characters — letters, digits, hyphens and spaces')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    typeInto(name, 'good name');
    await waitFor(() => expect(screen.queryByText(/^Name:/)).toBeNull());
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('a row just added and a field only tabbed through stay quiet; a field typed in and left speaks; Review shows every error', async () => {
    formBridge(VALID);
    renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: /^Endpoints/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const endpoint = (await screen.findByLabelText('Endpoint 1 name')) as HTMLInputElement;
    const port = input('Endpoint 1 port mapping: container port');
    // Tabbing through the new row: focus in, focus out, nothing typed.
    for (const el of [endpoint, port]) {
      fireEvent.focus(el);
      fireEvent.blur(el);
    }
    fireEvent.click(screen.getByRole('button', { name: /^Environment variables/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add variable' }));
    const variable = (await screen.findByLabelText('Variable 1 name')) as HTMLInputElement;
    fireEvent.focus(variable);
    fireEvent.blur(variable);
    fireEvent.focus(input('Name'));
    fireEvent.blur(input('Name'));
    await act(async () => undefined);
    expect(screen.queryByText(/^Endpoint name:|^Container port:|^Variable name:|^Name:/)).toBeNull();
    expect(port.getAttribute('aria-invalid')).toBeNull();

    // Typed in, then cleared, then left: a required field says so.
    typeInto(endpoint, 'x');
    typeInto(endpoint, '');
    fireEvent.blur(endpoint);
    expect(await screen.findByText('Endpoint name: required (1–50 characters)')).toBeTruthy();
    expect(screen.queryByText(/^Container port:/)).toBeNull();
    // A bad value typed and left.
    typeInto(port, '70000');
    fireEvent.blur(port);
    expect(await screen.findByText('Container port: a port number, 1–65535')).toBeTruthy();
    expect(screen.queryByText(/^Variable name:/)).toBeNull();

    // Review: every field breaking a rule speaks, the untouched variable row included.
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Variable name: required (at least one character)')).toBeTruthy();
    expect(screen.queryByTestId('review-body')).toBeNull();
    // And the error goes as soon as the value is fixed, before the field is left.
    typeInto(port, '8080');
    await waitFor(() => expect(screen.queryByText(/^Container port:/)).toBeNull());
  });

  it('adding volumes, mounts and probes and tabbing through them shows no error; Review shows each', async () => {
    formBridge(VALID);
    renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: /Add volume/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Volume mounts/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add mount' }));
    fireEvent.click(screen.getByRole('button', { name: /^Probes/ }));
    fireEvent.click(screen.getByLabelText('Use a liveness probe'));
    // Tab through every box the new rows brought.
    for (const el of document.querySelectorAll<HTMLElement>('form[aria-label="New app"] input, form[aria-label="New app"] select')) {
      fireEvent.focus(el);
      fireEvent.blur(el);
    }
    await act(async () => undefined);
    expect(document.querySelectorAll('.field-error')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Volume name: required (1–50 characters, unique among the volumes)')).toBeTruthy();
    expect(screen.getByText(/^Mount path: required/)).toBeTruthy();
  });

  it('on Review, opens the folded section holding the first invalid field and focuses that field', async () => {
    formBridge({ values: { ...VALID.values, name: '' } });
    renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: 'App' }));
    expect(screen.queryByLabelText('Name')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.queryByLabelText('Name')));
    expect(screen.getByRole('button', { name: 'App 1 error' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Name: required (1–100 characters — letters, digits, hyphens and spaces)')).toBeTruthy();
    expect(screen.queryByTestId('review-body')).toBeNull();
  });

  it('shows min above max on max, and a required region the picker keeps among the allowed ones', async () => {
    formBridge(VALID);
    renderForm();
    await opened();
    typeInto(input('Minimum instances per region'), '5');
    fireEvent.blur(input('Minimum instances per region'));
    expect(await screen.findByText('Maximum instances per region: at least the minimum (5); the platform refuses a max below the min')).toBeTruthy();
    expect(input('Maximum instances per region').getAttribute('aria-invalid')).toBe('true');
    typeInto(input('Minimum instances per region'), '2');
    await waitFor(() => expect(screen.queryByText(/at least the minimum/)).toBeNull());

    fireEvent.click(screen.getByLabelText('London: Required'));
    fireEvent.click(screen.getByLabelText('Frankfurt: Allowed'));
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const body = JSON.parse((await screen.findByTestId('review-body')).textContent ?? '') as { regionSettings: unknown };
    expect(body.regionSettings).toEqual({ allowedRegionIds: ['DE', 'UK'], requiredRegionIds: ['UK'] });
  });

  it('refuses a stored required region that is not allowed, on the region picker', async () => {
    formBridge({ values: { ...VALID.values, regionSettings: { allowedRegionIds: ['DE'], requiredRegionIds: ['UK'] } } });
    renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Required regions: a required region must also be allowed: UK is required but not allowed')).toBeTruthy();
    await waitFor(() => expect((document.activeElement as HTMLElement | null)?.getAttribute('name')).toBe('regionSettings.requiredRegionIds'));
  });

  it('puts the platform’s field errors back on their fields, focuses the first, and lists the ones that map nowhere', async () => {
    const bridge = formBridge(VALID);
    bridge.answer('apps.create', {
      error: {
        kind: 'validation',
        title: 'The platform refused the app',
        status: 400,
        fieldErrors: { 'containerTemplates[0].name': 'Container 1 (web) › Container name: 1–50 characters', 'billing.plan': 'No plan allows this.' },
        platformSays: { 'containerTemplates[0].name': 'Container name is already used.' },
      },
    });
    renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    // Burrow's words under the field, the platform's own on a "platform says" line beneath them.
    expect(await screen.findByText('platform says: Container name is already used.')).toBeTruthy();
    expect(screen.queryByTestId('review-body')).toBeNull();
    const field = input('Container name');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const said = document.getElementById(field.getAttribute('aria-describedby')!.split(' ').pop()!);
    expect(said?.textContent).toBe('Container 1 (web) › Container name: 1–50 charactersplatform says: Container name is already used.');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getByRole('button', { name: 'Containers 1 error' })).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The platform refused the app');
    expect(within(alert).getByText('billing.plan')).toBeTruthy();
    expect(alert.textContent).not.toContain('Container name is already used.');
  });

  it('shows an error the core already explained, on the review step, when it names no field', async () => {
    const bridge = formBridge(VALID);
    bridge.answer('apps.create', { error: { kind: 'conflict', title: 'The account has reached its application limit', detail: 'Delete an app or ask bunny.net for a higher limit.', status: 409 } });
    const view = renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Delete an app or ask bunny.net for a higher limit.');
    expect(screen.getByTestId('review-body')).toBeTruthy();
    expect(view.done).toEqual([]);
  });

  it('says how many regions and registries could not be read, and offers the others', async () => {
    const bridge = formBridge();
    bridge.answer('apps.regions', { regions: [{ id: 'DE', name: 'Frankfurt' }], unreadable: { count: 2, reason: 'item 2: it has no id' } });
    bridge.answer('apps.registries', { registries: [{ id: 7, displayName: 'DockerHub Public', hostName: 'docker.io', isPublic: true }], unreadable: { count: 1, reason: 'item 1: it is null, not a registry' } });
    renderForm();
    await opened();
    expect((await screen.findByTestId('regions-unreadable')).textContent).toBe('2 regions could not be read: item 2: it has no id');
    expect((await screen.findByTestId('registries-unreadable')).textContent).toBe('1 image registry could not be read: item 1: it is null, not a registry');
    expect(screen.getByText('Frankfurt')).toBeTruthy();
  });

  it('starts from a preset with the account’s Docker Hub registry, and asks before replacing typed values', async () => {
    formBridge();
    renderForm();
    await opened();
    await waitFor(() => expect(screen.getByLabelText('Frankfurt: Off')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Postgres with a volume' }));
    expect(input('Name').value).toBe('postgres');
    expect(input('Volume name').value).toBe('pgdata');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const body = JSON.parse((await screen.findByTestId('review-body')).textContent ?? '') as { containerTemplates: { imageRegistryId: string }[] };
    expect(body.containerTemplates[0]!.imageRegistryId).toBe('7');
    expect(screen.getByRole('list', { name: 'Summary' }).textContent).toContain('No endpoint');
    fireEvent.click(screen.getByRole('button', { name: 'Back to the form' }));
    fireEvent.click(screen.getByRole('button', { name: 'Blank' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start blank' }));
    await waitFor(() => expect(input('Name').value).toBe(''));
  });

  it('asks before removing a volume a container mounts, and removes an unmounted one at once', async () => {
    formBridge({
      values: {
        ...VALID.values,
        containerTemplates: [{ ...VALID.values.containerTemplates![0]!, volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
        volumes: [{ name: 'data', size: 5 }, { name: 'spare', size: 1 }],
      },
    });
    renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: 'Remove volume 2' }));
    await waitFor(() => expect(screen.getAllByLabelText('Volume name')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Remove volume 1' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('web mounts it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getAllByLabelText('Volume name')).toHaveLength(1);
  });
});

describe('keyboard and focus', () => {
  it('reopens a section the user folded after its error was shown, to focus the field', async () => {
    formBridge(VALID);
    renderForm();
    await opened();
    typeInto(input('Name'), '');
    fireEvent.blur(input('Name'));
    await screen.findByRole('button', { name: 'App 1 error' });
    fireEvent.click(screen.getByRole('button', { name: 'App 1 error' }));
    expect(screen.queryByLabelText('Name')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.queryByLabelText('Name')));
  });

  it('moves focus to the review step, and back to Review when returning to the form', async () => {
    formBridge(VALID);
    renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Review' })));
    fireEvent.click(screen.getByRole('button', { name: 'Back to the form' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Review' })));
  });

  it('asks before a preset replaces a restored draft', async () => {
    formBridge(VALID);
    renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: 'Web server behind CDN' }));
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep my form' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(input('Name').value).toBe('shop');
  });
});
