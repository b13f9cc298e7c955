// @vitest-environment happy-dom
import { EditorView } from '@codemirror/view';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { duplicateAppBody } from '../../../../shared/apps/duplicate-app';
import { aDetail, aSummary } from '../testing/apps';
import { formBridge, renderForm } from './testing/form';

afterEach(cleanup);

function bridgeWithTwoApps(storedDraft: unknown = null) {
  const bridge = formBridge(storedDraft);
  bridge.answer('apps.list', { items: [aSummary('A1', 'shop'), aSummary('B2', 'blog')], totalItems: 2, cursor: null });
  bridge.answer('apps.get', (input) => aDetail(input.id, input.id === 'B2' ? 'blog' : 'shop'));
  return bridge;
}

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;

async function duplicate(name: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Duplicate an app…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Duplicate an app' });
  fireEvent.click(await within(dialog).findByRole('button', { name }));
}

describe('start from a duplicate of an app', () => {
  it('lists the account’s apps, reads the chosen one and fills the form with its create body, named “… copy”', async () => {
    const bridge = bridgeWithTwoApps();
    renderForm();
    await screen.findByRole('form', { name: 'New app' });
    // The detail names its image's registry only by host (docker.io): the account's Docker Hub registry is used.
    await waitFor(() => expect(screen.getByLabelText('Frankfurt: Off')).toBeTruthy());
    await duplicate('blog');
    await waitFor(() => expect(nameInput().value).toBe('blog copy'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bridge.inputs('apps.get')).toEqual([{ id: 'B2' }]);
    expect(bridge.inputs('apps.list')).toEqual([{ limit: 100 }]);
    expect((screen.getByLabelText('Volume name') as HTMLInputElement).value).toBe('data');
    // The whole body is the detail's create body: the JSON view shows exactly what the form now holds.
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'JSON' })));
    const editor = EditorView.findFromDOM(screen.getByRole('textbox', { name: 'Request body (JSON)' }))!;
    const body = JSON.parse(editor.state.doc.toString()) as unknown;
    expect(body).toEqual(duplicateAppBody(aDetail('B2', 'blog'), [{ id: 7, hostName: 'docker.io' }]));
    expect(body).toMatchObject({ containerTemplates: [{ imageRegistryId: '7' }] });
    expect(body).toMatchObject({ containerTemplates: [{ endpoints: [{ displayName: 'cdn', cdn: { isSslEnabled: true } }, { displayName: 'dns', anycast: { type: 'iPv4' } }] }] });
    expect(JSON.stringify(body)).not.toMatch(/"id"|status|publicHost|containerInstances|provisioningType/);
  });

  it('asks before a copy replaces what was typed, and keeps the form when told to', async () => {
    bridgeWithTwoApps();
    renderForm();
    await screen.findByRole('form', { name: 'New app' });
    fireEvent.change(nameInput(), { target: { value: 'mine' } });
    await duplicate('shop');
    const ask = await screen.findByRole('alertdialog');
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep my form' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(nameInput().value).toBe('mine');
    await duplicate('shop');
    const again = await screen.findByRole('alertdialog');
    expect(again.textContent).toContain('a copy of “shop”');
    fireEvent.click(within(again).getByRole('button', { name: 'Start from a copy of “shop”' }));
    await waitFor(() => expect(nameInput().value).toBe('shop copy'));
  });

  it('says why when the chosen app cannot be read, and leaves the form as it was', async () => {
    const bridge = bridgeWithTwoApps();
    bridge.answer('apps.get', { error: { kind: 'not_found', title: 'The app no longer exists', status: 404 } });
    renderForm();
    await screen.findByRole('form', { name: 'New app' });
    await duplicate('blog');
    const dialog = screen.getByRole('dialog', { name: 'Duplicate an app' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The app no longer exists');
    expect(nameInput().value).toBe('');
  });
});
