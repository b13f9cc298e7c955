// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MASK } from '../../../shared/common/redact';
import { aDetail, aSummary, bridgeWithApps, renderApps } from './testing/apps';

afterEach(cleanup);

async function openDialog() {
  const bridge = bridgeWithApps([aSummary('a1', 'Shop')]);
  bridge.answer('apps.get', () => {
    const app = aDetail('a1', 'Shop');
    const [web] = app.containerTemplates as unknown as Record<string, unknown>[];
    web!.environmentVariables = [
      { name: 'DEBUG', value: '1' },
      { name: 'DB_PASSWORD', value: 'hunter22' },
    ];
    return app;
  });
  bridge.answer('apps.setEnv', {});
  renderApps();
  fireEvent.click(await screen.findByTestId('app-row'));
  const card = await screen.findByRole('article', { name: 'Container web' });
  fireEvent.click(within(card).getByRole('button', { name: 'Edit variables of container web' }));
  const dialog = await screen.findByTestId('env-dialog');
  return { bridge, dialog };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;

describe('Edit variables', () => {
  it('shows the container’s variables with secret values masked, lists the changes masked, and applies the new list', async () => {
    const { bridge, dialog } = await openDialog();
    expect(field(dialog, 'Variable 1 name').value).toBe('DEBUG');
    expect(field(dialog, 'Variable 2 value').type).toBe('password');
    fireEvent.change(field(dialog, 'Variable 2 value'), { target: { value: 'correct-horse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove variable 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add variable' }));
    fireEvent.change(field(dialog, 'Variable 2 name'), { target: { value: 'PORT' } });
    fireEvent.change(field(dialog, 'Variable 2 value'), { target: { value: '8080' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review changes' }));

    const changes = await within(dialog).findByTestId('env-changes');
    const items = () => within(changes).getAllByRole('listitem').map((li) => li.textContent);
    expect(items()).toEqual([
      `Container web › Environment variable DB_PASSWORD: ${MASK} → ${MASK}`,
      'Environment variable PORT of container web will be added: 8080',
      'Environment variable DEBUG of container web will be removed',
    ]);
    expect(dialog.textContent).not.toContain('hunter22');
    fireEvent.click(within(dialog).getByRole('button', { name: /Show secret values/ }));
    expect(items()[0]).toBe('Container web › Environment variable DB_PASSWORD: hunter22 → correct-horse');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByTestId('env-dialog')).toBeNull());
    expect(bridge.inputs('apps.setEnv')).toEqual([
      {
        id: 'a1',
        containerId: 'c1',
        variables: [
          { name: 'DB_PASSWORD', value: 'correct-horse' },
          { name: 'PORT', value: '8080' },
        ],
      },
    ]);
  });

  it('refuses a name given twice on its row, says when nothing changed, and says a refusal in words', async () => {
    const { bridge, dialog } = await openDialog();
    fireEvent.change(field(dialog, 'Variable 2 name'), { target: { value: 'DEBUG' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    expect(await within(dialog).findByText(/DEBUG is already used by variable 1/)).toBeTruthy();
    expect(within(dialog).queryByTestId('env-changes')).toBeNull();

    fireEvent.change(field(dialog, 'Variable 2 name'), { target: { value: 'DB_PASSWORD' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    expect(await within(dialog).findByText(/Nothing changed/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);

    bridge.answer('apps.setEnv', { error: { kind: 'conflict', title: 'The application is suspended', detail: 'A suspended app cannot be changed.', status: 409 } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    fireEvent.change(field(dialog, 'Variable 1 value'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Apply' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The application is suspended');
    expect(screen.getByTestId('env-dialog')).toBeTruthy();
  });
});
