/** The create form over a fake bridge answering every apps method it calls, for component tests. */
import { fireEvent, render, screen } from '@testing-library/react';
import { BridgeProvider, createQueryClient } from '../../../../bridge/provider';
import { installFakeBridge, type FakeBridge } from '../../../../testing/fake-bridge';
import { Toasts } from '../../../../ui/toast';
import { AppForm } from '../AppForm';
import type { AppFormDraft } from '../use-draft';

/** Regions as the sandbox lists some of them. */
export const REGIONS = [
  { id: 'DE', name: 'Frankfurt' },
  { id: 'UK', name: 'London' },
  { id: 'NY', name: 'New York' },
];

/** A fake bridge with no stored draft, three regions, the two public registries and a create that answers `app-1`. */
export function formBridge(storedDraft: unknown = null): FakeBridge {
  const bridge = installFakeBridge();
  bridge.answer('apps.getDraft', { draft: storedDraft as never, savedAt: storedDraft === null ? null : 1 });
  bridge.answer('apps.saveDraft', { savedAt: 2 });
  bridge.answer('apps.clearDraft', {});
  bridge.answer('apps.regions', { regions: REGIONS });
  bridge.answer('apps.registries', {
    registries: [
      { id: 7, displayName: 'DockerHub Public', hostName: 'docker.io', isPublic: true },
      { id: 8, displayName: 'GitHub Public', hostName: 'ghcr.io', isPublic: true },
    ],
  });
  bridge.answer('apps.create', { id: 'app-1' });
  return bridge;
}

/** Renders the form as the Apps screen mounts it; the callbacks record what the form reported. */
export function renderForm() {
  const done: string[] = [];
  const cancelled: true[] = [];
  const view = render(
    <BridgeProvider client={createQueryClient()}>
      <AppForm onDone={(id) => done.push(id)} onCancel={() => cancelled.push(true)} />
      <Toasts />
    </BridgeProvider>,
  );
  return { ...view, done, cancelled };
}

/** A complete, valid draft: what a user would have after filling every required field. */
export const VALID: AppFormDraft = {
  values: {
    name: 'shop',
    runtimeType: 'shared',
    autoScaling: { min: 1, max: 2 },
    regionSettings: { allowedRegionIds: ['DE'], requiredRegionIds: ['DE'] },
    containerTemplates: [{ name: 'web', imageNamespace: 'library', imageName: 'nginx', imageTag: 'stable', imageRegistryId: '7' }],
    volumes: [{ name: 'data', size: 5 }],
  },
};

/** The input labelled `label`. */
export const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** Types `value` into a field as a user does: focus, then the change. */
export function typeInto(el: HTMLInputElement, value: string) {
  fireEvent.focus(el);
  fireEvent.change(el, { target: { value } });
}

/** Resolves once the create form is on screen. */
export async function opened() {
  await screen.findByRole('form', { name: 'New app' });
}
