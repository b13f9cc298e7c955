// @vitest-environment happy-dom
/** The create form's draft: saved as it is typed, restored, what it says about secret values, and a profile switch. */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { observeActiveProfile, useActiveProfile } from '../../../bridge/active-profile';
import type { AppFormDraft } from './use-draft';
import { formBridge, input, opened, renderForm, typeInto, VALID } from './testing/form';

afterEach(cleanup);

describe('the draft', () => {
  it('saves the draft after a change and restores it on the next open', async () => {
    const bridge = formBridge();
    const first = renderForm();
    await opened();
    typeInto(input('Name'), 'half typed');
    await waitFor(() => expect(bridge.inputs('apps.saveDraft').at(-1)?.draft).toMatchObject({ values: { name: 'half typed' } }));
    const saved = bridge.inputs('apps.saveDraft').at(-1)!.draft;
    first.unmount();
    bridge.answer('apps.getDraft', { draft: saved as never, savedAt: 2 });
    renderForm();
    await opened();
    expect(input('Name').value).toBe('half typed');
  });

  it('says what the core tells about the saved draft (secret values removed), and that a value secret by content is kept in memory only', async () => {
    const withUrl: AppFormDraft = { values: { ...VALID.values, containerTemplates: [{ ...VALID.values.containerTemplates![0]!, environmentVariables: [{ name: 'DATABASE_URL', value: 'postgres://app:Sup3rS3cret@db/x' }] }] } };
    const bridge = formBridge();
    bridge.answer('apps.getDraft', { draft: withUrl as never, savedAt: 2, secretValues: 'memory', notice: 'Secret values of your saved draft were removed: this system has no keychain' });
    renderForm();
    await opened();
    expect(screen.getByTestId('draft-notice').textContent).toBe('Secret values of your saved draft were removed: this system has no keychain');
    expect(screen.getByTestId('secret-values-memory')).toBeTruthy();
  });

  it('without a keychain, says that secret values are kept only until Burrow closes, once the form holds one', async () => {
    const withSecret: AppFormDraft = { values: { ...VALID.values, containerTemplates: [{ ...VALID.values.containerTemplates![0]!, environmentVariables: [{ name: 'DB_PASSWORD', value: 'hunter22' }] }] } };
    const bridge = formBridge();
    bridge.answer('apps.getDraft', { draft: withSecret as never, savedAt: 2, secretValues: 'memory' });
    const first = renderForm();
    await opened();
    expect(screen.getByTestId('secret-values-memory').textContent).toContain('Secret values are kept only until Burrow closes: this system has no keychain');
    first.unmount();
    // The same draft with the keychain sealing it says nothing; nor does a form without a secret value.
    bridge.answer('apps.getDraft', { draft: withSecret as never, savedAt: 2, secretValues: 'sealed' });
    const second = renderForm();
    await opened();
    expect(screen.queryByTestId('secret-values-memory')).toBeNull();
    second.unmount();
    bridge.answer('apps.getDraft', { draft: VALID as never, savedAt: 2, secretValues: 'memory' });
    renderForm();
    await opened();
    expect(screen.queryByTestId('secret-values-memory')).toBeNull();
  });

  it('flushes a pending draft when the form closes before the save delay', async () => {
    const bridge = formBridge();
    const view = renderForm();
    await opened();
    const before = bridge.count('apps.saveDraft');
    typeInto(input('Name'), 'closing soon');
    view.unmount();
    expect(bridge.inputs('apps.saveDraft').slice(before).at(-1)?.draft).toMatchObject({ values: { name: 'closing soon' } });
  });

  it('asks before closing a changed form; discarding forgets the draft', async () => {
    const bridge = formBridge();
    const view = renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(view.cancelled).toEqual([true]);
    typeInto(input('Name'), 'something');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(view.cancelled).toEqual([true]);
    act(() => void fireEvent.click(within(dialog).getByRole('button', { name: 'Discard the draft' })));
    await waitFor(() => expect(bridge.count('apps.clearDraft')).toBe(1));
    expect(view.cancelled).toEqual([true, true]);
  });
});

describe('the draft across a profile switch', () => {
  beforeEach(() => {
    useActiveProfile.setState({ activeId: undefined, name: null, epoch: 0 });
    observeActiveProfile('p1', 'Sandbox');
  });

  it('is read for, and saved under, the profile the form opened for when typed just before a switch', async () => {
    const bridge = formBridge();
    const view = renderForm();
    await opened();
    expect(bridge.inputs('apps.getDraft')).toEqual([{ profileId: 'p1' }]);
    typeInto(input('Name'), 'typed for p1');
    // The core has switched; the shell then closes the form, which writes what is still pending.
    act(() => void observeActiveProfile('p2', 'Production'));
    view.unmount();
    const last = bridge.inputs('apps.saveDraft').at(-1);
    expect(last?.profileId).toBe('p1');
    expect(last?.draft).toMatchObject({ values: { name: 'typed for p1' } });
  });

  it('is cleared for the profile the form opened for when a create finishes after a switch', async () => {
    const bridge = formBridge(VALID);
    let finish: (answer: { id: string }) => void = () => {};
    bridge.answer('apps.create', () => new Promise((resolve) => (finish = resolve)) as never);
    renderForm();
    await opened();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByTestId('review-body');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(bridge.count('apps.create')).toBe(1));
    act(() => void observeActiveProfile('p2', 'Production'));
    act(() => finish({ id: 'app-1' }));
    await waitFor(() => expect(bridge.count('apps.clearDraft')).toBe(1));
    expect(bridge.inputs('apps.clearDraft')).toEqual([{ profileId: 'p1' }]);
  });
});
