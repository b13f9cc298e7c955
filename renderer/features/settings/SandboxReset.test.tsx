// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeProvider, createQueryClient } from '../../bridge/provider';
import { useCall } from '../../bridge/queries';
import { installFakeBridge, type FakeBridge } from '../../testing/fake-bridge';
import { SandboxReset } from './SandboxReset';

afterEach(cleanup);

/** Something else on screen that read the sandbox: its answer must be asked again after a reset. */
function AppsShown() {
  const apps = useCall('apps.list', {});
  return <p>{apps.data ? `${apps.data.items.length} apps` : 'loading'}</p>;
}

function renderReset(): FakeBridge {
  const bridge = installFakeBridge();
  bridge.answer('apps.list', { items: [], totalItems: 0, cursor: null });
  render(
    <BridgeProvider client={createQueryClient()}>
      <AppsShown />
      <SandboxReset />
    </BridgeProvider>,
  );
  return bridge;
}

describe('Reset sandbox', () => {
  it('asks first, naming what is lost; Cancel and Escape reset nothing and give the focus back', async () => {
    const bridge = renderReset();
    const opener = screen.getByRole('button', { name: 'Reset sandbox…' });
    fireEvent.click(opener);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toMatch(/Every app, uploaded video, collection and DNS zone made in it is deleted/);
    expect(dialog.textContent).toMatch(/cannot be undone/);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reset sandbox' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Reset sandbox' }), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bridge.count('settings.resetSandbox')).toBe(0);
  });

  it('resets on confirmation, says so, and asks again for what was read from the sandbox', async () => {
    const bridge = renderReset();
    await screen.findByText('0 apps');
    const readsBefore = bridge.count('apps.list');
    bridge.answer('settings.resetSandbox', { reset: true });
    fireEvent.click(screen.getByRole('button', { name: 'Reset sandbox…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset sandbox' }));
    expect(await screen.findByText(/The sandbox was reset/)).toBeTruthy();
    expect(bridge.inputs('settings.resetSandbox')).toEqual([{}]);
    await waitFor(() => expect(bridge.count('apps.list')).toBeGreaterThan(readsBefore));
  });

  it('shows why a reset failed', async () => {
    const bridge = renderReset();
    bridge.answer('settings.resetSandbox', { error: { kind: 'internal', title: 'Could not start the sandbox again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset sandbox…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reset sandbox' }));
    expect(await screen.findByText(/Could not start the sandbox again/)).toBeTruthy();
  });
});
