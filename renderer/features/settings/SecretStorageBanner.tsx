/**
 * The warning Settings shows when this system cannot lock keys away: one plain sentence on where keys are kept,
 * how safe that is and what to do, with the storage backend's technical name behind "Details".
 */
import type { SecretStorageInfo } from '../../../shared/settings/profiles';
import { useCall, useCallMutation } from '../../bridge/queries';

/** The system keyring to name: Linux desktops have two common ones; other systems have one built in. */
function keyringAdvice(platform: string | undefined): string {
  if (platform === 'linux') return 'install or unlock a system keyring such as GNOME Keyring or KWallet, then restart Burrow';
  if (platform === 'darwin') return 'make sure the macOS Keychain is unlocked, then restart Burrow';
  return 'make sure your system’s credential store is available, then restart Burrow';
}

/** One sentence: where the keys are, how safe that is, what to do about it. */
export function storageSentence(info: SecretStorageInfo, platform: string | undefined): string {
  const todo = keyringAdvice(platform);
  return info.persistent
    ? `Your keys are saved on this computer without encryption, so anyone who can read your files can read them: to keep them locked away, ${todo}.`
    : `Your keys are kept only until Burrow closes, because this system has no keyring to lock them away in: to keep them between sessions, ${todo}.`;
}

/** What the backend's name means, for the curious and for bug reports. */
function backendMeaning(backend: string): string {
  switch (backend) {
    case 'basic_text':
      return 'Chromium’s safeStorage found no keyring on this desktop and falls back to a key built into the program, which protects nothing.';
    case 'none':
      return 'The system offers no encryption to Burrow at all.';
    default:
      return 'The encryption the system offers could not be identified, so Burrow does not rely on it.';
  }
}

export function SecretStorageBanner() {
  const profiles = useCall('settings.profiles', {});
  const app = useCall('desktop.info', {});
  const persist = useCallMutation('settings.setSecretPersistence');
  const info = profiles.data?.secretStorage;
  if (!info?.weak) return null;
  return (
    <section className="card warning secret-storage" role="status" data-testid="secret-storage">
      <strong>{info.persistent ? 'Keys are saved without encryption' : 'Keys are kept for this session only'}</strong>
      <p>{storageSentence(info, app.data?.platform)}</p>
      <label className="inline">
        <input type="checkbox" checked={info.optedIn} onChange={(e) => persist.mutate({ optIn: e.target.checked })} /> Save keys on this computer anyway,
        without encryption
      </label>
      <details>
        <summary>Details</summary>
        <p className="small">
          Key storage backend: <code>{info.backend}</code>. {backendMeaning(info.backend)}
        </p>
      </details>
    </section>
  );
}
