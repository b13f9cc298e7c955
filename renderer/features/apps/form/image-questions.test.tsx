// @vitest-environment happy-dom
/** The form's questions to the platform: name and tag completion, Fill from image, required variables, limits, optimal region. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { searchPrefixOf } from '../containers/ImageFields';
import type { AppFormDraft } from './use-draft';
import { formBridge, renderForm } from './testing/form';

afterEach(cleanup);

/** Serious or critical axe violations in the page, by rule and element. */
async function axeProblems(within: Element = document.body): Promise<string[]> {
  const result = await axe.run(within, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('searchPrefixOf', () => {
  it('is the name being typed, without a host or library/, and nothing once a tag or digest starts', () => {
    expect(searchPrefixOf('ngi')).toBe('ngi');
    expect(searchPrefixOf('docker.io/library/ngi')).toBe('ngi');
    expect(searchPrefixOf('ghcr.io/home')).toBe('home');
    expect(searchPrefixOf('grafana/gra')).toBe('grafana/gra');
    expect(searchPrefixOf('localhost:5000/app')).toBe('app');
    expect(searchPrefixOf('nginx:1')).toBeNull();
    expect(searchPrefixOf('nginx@sha256:ab')).toBeNull();
    expect(searchPrefixOf('n')).toBeNull();
  });
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
async function opened() {
  await screen.findByRole('form', { name: 'New app' });
  // The account's registries are in: a typed reference is matched to one at once.
  await screen.findByRole('option', { name: 'DockerHub Public (docker.io)' });
}

const POSTGRES: AppFormDraft = {
  values: {
    name: 'db',
    runtimeType: 'shared',
    autoScaling: { min: 1, max: 1 },
    regionSettings: { allowedRegionIds: ['DE'], requiredRegionIds: ['DE'] },
    containerTemplates: [
      { name: 'db', imageNamespace: 'library', imageName: 'postgres', imageTag: '16', imageRegistryId: '7', environmentVariables: [{ name: 'POSTGRES_USER', value: 'me' }] },
    ],
    volumes: [{ name: 'data', size: 5 }],
  },
};

const SUGGESTIONS = {
  endpoints: [{ displayName: 'postgres', anycast: { type: 'iPv4', portMappings: [{ containerPort: 5432, exposedPort: 5432, protocols: ['tcp'] }] } }],
  env: [
    { name: 'POSTGRES_PASSWORD', defaultValue: null, required: true },
    { name: 'POSTGRES_USER', defaultValue: 'postgres', required: false },
    { name: 'POSTGRES_DB', defaultValue: 'postgres', required: false },
  ],
  volumes: [{ containerPath: '/var/lib/postgresql/data', suggestedVolumeName: 'postgres-data' }],
  appName: 'postgres',
  instructions: 'Set POSTGRES_PASSWORD.',
};

describe('image name and tag completion', () => {
  it('completes names as they are typed, then the tag from the image’s tags, by keyboard', async () => {
    const bridge = formBridge();
    bridge.answer('apps.searchImages', ({ prefix }) => ({ images: prefix === 'pos' ? [{ namespace: 'library', name: 'postgres' }, { namespace: 'bitnami', name: 'postgresql' }] : [] }));
    bridge.answer('apps.imageTags', () => ({ tags: ['latest', '17', '16-alpine'] }));
    renderForm();
    await opened();
    const reference = input('Image reference');
    fireEvent.focus(reference);
    fireEvent.change(reference, { target: { value: 'pos' } });
    const list = await screen.findByRole('listbox', { name: 'Matching images' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['postgres', 'bitnami/postgresql']);
    expect(await axeProblems()).toEqual([]);
    expect(bridge.inputs('apps.searchImages').at(-1)).toEqual({ registryId: '7', prefix: 'pos' });
    fireEvent.keyDown(reference, { key: 'ArrowDown' });
    expect(reference.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[0]!.id);
    fireEvent.keyDown(reference, { key: 'Enter' });
    expect(input('Image name').value).toBe('postgres');
    expect(input('Namespace').value).toBe('library');

    // The tag is next: its field has the focus and lists the image's tags.
    const tag = input('Tag');
    await waitFor(() => expect(document.activeElement).toBe(tag));
    const tags = await screen.findByRole('listbox', { name: 'Available versions' });
    expect(within(tags).getAllByRole('option').map((o) => o.textContent)).toEqual(['latest', '17', '16-alpine']);
    expect(bridge.inputs('apps.imageTags')).toEqual([{ registryId: '7', imageNamespace: 'library', imageName: 'postgres' }]);
    fireEvent.change(tag, { target: { value: '16' } });
    expect(within(tags).getAllByRole('option').map((o) => o.textContent)).toEqual(['16-alpine']);
    fireEvent.keyDown(tag, { key: 'ArrowDown' });
    fireEvent.keyDown(tag, { key: 'Enter' });
    expect(tag.value).toBe('16-alpine');
    expect(screen.queryByRole('listbox', { name: 'Available versions' })).toBeNull();
  });

  it('shows no list when the search fails, and Escape closes a list without touching the form', async () => {
    const bridge = formBridge();
    renderForm();
    await opened();
    const reference = input('Image reference');
    fireEvent.focus(reference);
    fireEvent.change(reference, { target: { value: 'ngin' } });
    await waitFor(() => expect(bridge.count('apps.searchImages')).toBe(1));
    expect(screen.queryByRole('listbox', { name: 'Matching images' })).toBeNull();
    expect(reference.getAttribute('aria-expanded')).toBe('false');

    bridge.answer('apps.searchImages', { images: [{ namespace: 'library', name: 'nginx' }] });
    fireEvent.change(reference, { target: { value: 'ngi' } });
    await screen.findByRole('listbox', { name: 'Matching images' });
    fireEvent.keyDown(reference, { key: 'Escape' });
    expect(screen.queryByRole('listbox', { name: 'Matching images' })).toBeNull();
    expect(input('Image name').value).toBe('ngi');
  });
});

describe('Pin', () => {
  it('fills the digest the registry gives for the tag, and says so when it gives none; changing the tag drops it', async () => {
    const digest = `sha256:${'c0ffee00'.repeat(8)}`;
    const bridge = formBridge(POSTGRES);
    bridge.answer('apps.imageDigest', ({ tag }) => ({ digest: tag === '16' ? digest : null }));
    renderForm();
    await opened();
    const pin = screen.getByRole('button', { name: 'Pin' });
    fireEvent.click(pin);
    await waitFor(() => expect(input('Digest').value).toBe(digest));
    expect(bridge.inputs('apps.imageDigest')).toEqual([{ registryId: '7', imageNamespace: 'library', imageName: 'postgres', tag: '16' }]);
    expect(input('Image reference').value).toBe(`docker.io/library/postgres:16@${digest}`);

    fireEvent.change(input('Tag'), { target: { value: '17' } });
    expect(input('Digest').value).toBe('');
    fireEvent.click(pin);
    expect(await screen.findByText('The registry gives no digest for this tag.')).toBeTruthy();
    expect(input('Digest').value).toBe('');
  });
});

describe('Fill from image', () => {
  it('shows each suggestion to confirm, adds only the checked ones, and Review then needs the required value', async () => {
    const bridge = formBridge(POSTGRES);
    bridge.answer('apps.configSuggestions', SUGGESTIONS);
    renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: 'Fill from image…' }));
    const dialog = await screen.findByTestId('fill-from-image-dialog');
    expect(bridge.inputs('apps.configSuggestions')).toEqual([{ registryId: '7', imageNamespace: 'library', imageName: 'postgres', tag: '16' }]);
    expect(within(dialog).getByText('Set POSTGRES_PASSWORD.')).toBeTruthy();
    // The dialog itself (the page behind a modal dialog is hidden from assistive technology while it is open).
    expect(await axeProblems(dialog)).toEqual([]);
    const box = (text: RegExp) => within(dialog).getByRole('checkbox', { name: text }) as HTMLInputElement;
    // What the form has already is shown, not offered.
    expect(box(/^POSTGRES_USER/).disabled).toBe(true);
    expect(box(/^POSTGRES_PASSWORD \(required by the image/).checked).toBe(true);
    fireEvent.click(box(/^POSTGRES_DB/));
    expect(box(/^POSTGRES_DB/).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add the checked ones' }));
    await waitFor(() => expect(screen.queryByTestId('fill-from-image-dialog')).toBeNull());
    expect(screen.getByTestId('fill-from-image-note').textContent).toBe(
      'Filled from postgres:16: 1 endpoint, 1 variable, 1 volume (1 GB each; change the size under Volumes).',
    );

    // POSTGRES_PASSWORD came without a value: Review refuses it, on its row, in words.
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Value: required by the image — enter one.')).toBeTruthy();
    expect(screen.queryByTestId('review-body')).toBeNull();
    expect(screen.getAllByText('Required by the image')).toHaveLength(1);
    const value = screen.getByLabelText('Variable 2 value') as HTMLInputElement;
    fireEvent.change(value, { target: { value: 's3cret-value' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByTestId('review-body');
    fireEvent.click(screen.getByRole('button', { name: /Show secret values/ }));
    const body = JSON.parse(screen.getByTestId('review-body').textContent ?? '') as Record<string, unknown> & { containerTemplates: Record<string, unknown>[] };
    const container = body.containerTemplates[0]!;
    expect(container.environmentVariables).toEqual([
      { name: 'POSTGRES_USER', value: 'me' },
      { name: 'POSTGRES_PASSWORD', value: 's3cret-value' },
    ]);
    expect(container.endpoints).toEqual(SUGGESTIONS.endpoints);
    expect(container.volumeMounts).toEqual([{ name: 'postgres-data', mountPath: '/var/lib/postgresql/data' }]);
    expect(body.volumes).toEqual([
      { name: 'data', size: 5 },
      { name: 'postgres-data', size: 1 },
    ]);
  });

  it('Cancel adds nothing; a failed question is said in words', async () => {
    const bridge = formBridge(POSTGRES);
    bridge.answer('apps.configSuggestions', SUGGESTIONS);
    renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: 'Fill from image…' }));
    const dialog = await screen.findByTestId('fill-from-image-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('fill-from-image-dialog')).toBeNull());
    bridge.answer('apps.configSuggestions', { error: { kind: 'http', title: 'The image was not found in the registry', status: 422 } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill from image…' }));
    const note = await screen.findByRole('alert');
    expect(note.textContent).toBe("The image's suggestions could not be read: The image was not found in the registry");
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const body = JSON.parse((await screen.findByTestId('review-body')).textContent ?? '') as { containerTemplates: Record<string, unknown>[] };
    expect(body.containerTemplates[0]!.environmentVariables).toEqual([{ name: 'POSTGRES_USER', value: 'me' }]);
    expect(body.containerTemplates[0]!.endpoints).toBeUndefined();
  });
});

describe('limits and the optimal region', () => {
  const LIMITS = { maxApps: 20, existingApps: 12, maxRegionsPerApp: 4, maxInstancesPerRegion: 3, maxInstancesPerApp: 12, maxVolumesPerApp: 5, maxVolumeSize: 100 };

  it('shows the limits the form meets, as a warning once the form asks for more', async () => {
    const bridge = formBridge(POSTGRES);
    bridge.answer('apps.limits', LIMITS);
    renderForm();
    await opened();
    expect((await screen.findByTestId('limits-apps')).textContent).toBe('12 of 20 apps used on this account.');
    const scaling = screen.getByTestId('limits-scaling');
    expect(scaling.textContent).toBe('Up to 3 instances per region on this account, 12 in all.');
    expect(screen.getByTestId('limits-regions').textContent).toBe('Up to 4 regions per app on this account.');
    expect(screen.getByTestId('limits-volumes').textContent).toBe('Up to 5 volumes per app, each at most 100 GB on this account.');
    fireEvent.change(input('Maximum instances per region'), { target: { value: '5' } });
    await waitFor(() => expect(screen.getByTestId('limits-scaling').className).toBe('field-warning'));
    expect(screen.getByTestId('limits-scaling').textContent).toContain('The maximum above is more than that.');
  });

  it('shows no limits when they cannot be read', async () => {
    const bridge = formBridge(POSTGRES);
    renderForm();
    await opened();
    await waitFor(() => expect(bridge.count('apps.limits')).toBeGreaterThan(0));
    await screen.findByRole('radio', { name: 'Frankfurt: Required' });
    expect(screen.queryByTestId('limits-apps')).toBeNull();
    expect(screen.queryByTestId('limits-scaling')).toBeNull();
  });

  it('a new app starts in the optimal region; a restored draft keeps its own and does not ask', async () => {
    const bridge = formBridge();
    bridge.answer('apps.optimalRegion', { region: { id: 'UK', name: 'London' } });
    renderForm();
    await opened();
    await waitFor(() => expect((screen.getByRole('radio', { name: 'London: Required' }) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('radio', { name: 'Frankfurt: Off' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('optimal-region').textContent).toContain('London (UK)');
    // The region set for the user is not something they typed: a preset starts without asking to replace it.
    fireEvent.click(within(screen.getByRole('group', { name: 'Start from' })).getByRole('button', { name: 'API with a Redis sidecar' }));
    expect(await screen.findByRole('region', { name: /^Container 2/ })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    cleanup();

    const restored = formBridge(POSTGRES);
    restored.answer('apps.optimalRegion', { region: { id: 'UK', name: 'London' } });
    renderForm();
    await opened();
    await waitFor(() => expect((screen.getByRole('radio', { name: 'Frankfurt: Required' }) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('radio', { name: 'London: Off' }) as HTMLInputElement).checked).toBe(true);
    expect(restored.count('apps.optimalRegion')).toBe(0);
  });
});
