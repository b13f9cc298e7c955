// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SecretStorageInfo } from '../../../shared/settings/profiles';
import { BridgeProvider, createQueryClient } from '../../bridge/provider';
import { installFakeBridge, type FakeBridge } from '../../testing/fake-bridge';
import { SecretStorageBanner } from './SecretStorageBanner';

let bridge: FakeBridge;
function answer(info: SecretStorageInfo, platform = 'linux') {
  bridge.answer('settings.profiles', { activeId: null, profiles: [], secretStorage: info, problems: [] });
  bridge.answer('desktop.info', { name: 'Burrow', version: '0.1.0', shell: 'electron', platform, dataDir: '/tmp/burrow' });
}
beforeEach(() => {
  bridge = installFakeBridge();
  bridge.answer('settings.setSecretPersistence', { backend: 'basic_text', persistent: true, weak: true, optedIn: true });
});
afterEach(cleanup);

const renderBanner = () =>
  render(
    <BridgeProvider client={createQueryClient()}>
      <SecretStorageBanner />
    </BridgeProvider>,
  );

const sessionOnly: SecretStorageInfo = { backend: 'basic_text', persistent: false, weak: true, optedIn: false, message: 'm' };

describe('the key storage warning', () => {
  it('says in one plain sentence where keys are kept and what to do, with the backend only behind Details', async () => {
    answer(sessionOnly);
    renderBanner();
    const banner = await screen.findByTestId('secret-storage');
    await waitFor(() => expect(banner.textContent).toContain('GNOME Keyring or KWallet'));
    const sentence = banner.querySelector('p')!;
    expect(sentence.textContent).toBe(
      'Your keys are kept only until Burrow closes, because this system has no keyring to lock them away in: to keep them between sessions, install or unlock a system keyring such as GNOME Keyring or KWallet, then restart Burrow.',
    );
    // The technical name sits in a closed disclosure, not in what the warning says.
    const details = banner.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('basic_text');
    const visible = [...banner.children].filter((el) => el !== details).map((el) => el.textContent).join(' ');
    expect(visible).not.toMatch(/basic_text|backend/);
    expect(screen.getByText('Details').tagName).toBe('SUMMARY');
    expect((await axe.run(banner)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('says keys saved without encryption can be read by anyone with the files, and the checkbox turns saving on', async () => {
    answer(sessionOnly, 'win32');
    renderBanner();
    const box = await screen.findByRole('checkbox', { name: 'Save keys on this computer anyway, without encryption' });
    await waitFor(() => expect(screen.getByTestId('secret-storage').textContent).toContain('credential store'));
    fireEvent.click(box);
    await waitFor(() => expect(bridge.inputs('settings.setSecretPersistence')).toEqual([{ optIn: true }]));

    cleanup();
    answer({ backend: 'basic_text', persistent: true, weak: true, optedIn: true });
    renderBanner();
    expect((await screen.findByText(/^Your keys are saved on this computer without encryption, so anyone who can read your files can read them/)).textContent).toContain(
      'GNOME Keyring',
    );
  });

  it('is not shown where keys are encrypted', async () => {
    answer({ backend: 'gnome_libsecret', persistent: true, weak: false, optedIn: false });
    renderBanner();
    await waitFor(() => expect(bridge.count('settings.profiles')).toBe(1));
    expect(screen.queryByTestId('secret-storage')).toBeNull();
  });
});
