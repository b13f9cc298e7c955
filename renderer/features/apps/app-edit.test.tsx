// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MASK } from '../../../shared/common/redact';
import { aDetail, aSummary, bridgeWithApps, renderApps } from './testing/apps';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The Shop app with two variables: DEBUG (plain) and DB_PASSWORD (secret). */
function shop() {
  const app = aDetail('a1', 'Shop');
  const [web] = app.containerTemplates as unknown as Record<string, unknown>[];
  web!.environmentVariables = [
    { name: 'DEBUG', value: '1' },
    { name: 'DB_PASSWORD', value: 'hunter22' },
  ];
  return app;
}

async function openEdit() {
  const bridge = bridgeWithApps([aSummary('a1', 'Shop')]);
  bridge.answer('apps.get', () => shop());
  bridge.answer('apps.update', { id: 'a1' });
  renderApps();
  fireEvent.click(await screen.findByTestId('app-row'));
  const pane = await screen.findByTestId('app-detail');
  fireEvent.click(await within(pane).findByRole('button', { name: 'Edit' }));
  await screen.findByRole('heading', { name: 'Edit Shop', level: 2 });
  fireEvent.click(screen.getByRole('button', { name: /Environment variables/ }));
  return bridge;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('Edit', () => {
  it('opens the form filled from the app, with no draft read or written and no "start from" choice; Cancel asks before dropping changes', async () => {
    const bridge = await openEdit();
    expect(field('Name').value).toBe('Shop');
    expect(field('Tag').value).toBe('1.27');
    expect(field('Variable 1 name').value).toBe('DEBUG');
    expect(field('Variable 2 value').type).toBe('password');
    expect(screen.queryByRole('group', { name: 'Start from' })).toBeNull();
    fireEvent.change(field('Tag'), { target: { value: '1.28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Discard your changes?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard the changes' }));
    // The form is gone (a pending draft write would have been flushed as it closed): back on the app's page.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Edit Shop' })).toBeNull());
    expect(await screen.findByTestId('app-detail')).toBeTruthy();
    expect(bridge.count('apps.getDraft')).toBe(0);
    expect(bridge.count('apps.saveDraft')).toBe(0);
    expect(bridge.count('apps.update')).toBe(0);
  });

  it('reviews a changed tag and a removed variable in words and as the body, then sends the update with the container id kept', async () => {
    const bridge = await openEdit();
    fireEvent.change(field('Tag'), { target: { value: '1.28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove variable 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const changes = await screen.findByTestId('review-changes');
    expect(within(changes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Container web › Image tag: 1.27 → 1.28',
      'Environment variable DEBUG of container web will be removed',
    ]);
    expect(screen.getByRole('heading', { name: 'What will change (2, 1 removed)' })).toBeTruthy();
    // The summary of the whole app is headed on its own: it does not read as more changes.
    expect(within(screen.getByRole('list', { name: 'The app once saved' })).getAllByRole('listitem').length).toBeGreaterThan(0);
    const body = screen.getByTestId('review-body').textContent ?? '';
    expect(body).toContain('"imageTag": "1.28"');
    expect(body).not.toContain('DEBUG');
    expect(body).not.toContain('hunter22');
    expect(body).toContain(MASK);

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bridge.inputs('apps.update')).toHaveLength(1));
    const [sent] = bridge.inputs('apps.update');
    expect(sent!.id).toBe('a1');
    const request = JSON.parse(sent!.text) as { containerTemplates: { id?: string; imageTag: string; environmentVariables: unknown[] }[] };
    expect(request.containerTemplates[0]).toMatchObject({ id: 'c1', imageTag: '1.28', environmentVariables: [{ name: 'DB_PASSWORD', value: 'hunter22' }] });
    // Back on the app's page, read again.
    expect(await screen.findByTestId('app-detail')).toBeTruthy();
    await waitFor(() => expect(bridge.count('apps.get')).toBeGreaterThan(1));
  });

  it('says when nothing changed and does not offer to send', async () => {
    await openEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect((await screen.findByTestId('review-no-changes')).textContent).toContain('Nothing changed');
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('masks a secret value in the changes until shown', async () => {
    await openEdit();
    fireEvent.change(field('Variable 2 value'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const changes = await screen.findByTestId('review-changes');
    expect(changes.textContent).toBe(`Container web › Environment variable DB_PASSWORD: ${MASK} → ${MASK}`);
    fireEvent.click(screen.getByRole('button', { name: /Show secret values/ }));
    expect(changes.textContent).toBe('Container web › Environment variable DB_PASSWORD: hunter22 → correct-horse');
    expect(screen.getByTestId('review-body').textContent).toContain('correct-horse');
  });

  it('puts a field the platform refused on its field, back in the form', async () => {
    const bridge = await openEdit();
    bridge.answer('apps.update', {
      error: { kind: 'validation', title: 'The platform refused the change', status: 400, fieldErrors: { 'containerTemplates[0].imageTag': 'This tag does not exist.' } },
    });
    fireEvent.change(field('Tag'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This tag does not exist.')).toBeTruthy();
    expect(screen.queryByTestId('review-body')).toBeNull();
    expect(field('Tag').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Tag')));
  });
});

describe('Edit, renamed', () => {
  it('tells the saved app by its new name', async () => {
    await openEdit();
    fireEvent.change(field('Name'), { target: { value: 'Shop two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved: Shop two')).toBeTruthy();
  });
});
