/** The core's OS ports, built over Electron's dialog, Notification, shell and safeStorage. */
import type { BrowserWindow, Dialog, Notification as ElectronNotification, NotificationConstructorOptions, SafeStorage, Shell } from 'electron';
import { isAllowedExternalUrl } from '../core/desktop/index.js';
import type { Dialogs, Notifier, SecretCipher } from '../core/ports.js';

/**
 * Opens `url` in the system browser only when it is an allow-listed https URL: a link is never a way to run something.
 * Every path to `shell.openExternal` in the app goes through here.
 */
export function createOpenExternal(shell: Pick<Shell, 'openExternal'>): (url: string) => Promise<boolean> {
  return async (url) => {
    if (typeof url !== 'string' || !isAllowedExternalUrl(url)) return false;
    await shell.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK reason: isAllowedExternalUrl above admits only https on the host allow-list
    return true;
  };
}

type WindowGetter = () => BrowserWindow | null;

/** Native open/save dialogs, parented to the main window when there is one. */
export function createDialogs(dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>, getWindow: WindowGetter): Dialogs {
  return {
    async openFiles({ title, filters }) {
      const options = {
        title,
        properties: ['openFile', 'multiSelections'] as Array<'openFile' | 'multiSelections'>,
        ...(filters ? { filters: filters.map((f) => ({ name: f.name, extensions: [...f.extensions] })) } : {}),
      };
      const win = getWindow();
      const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return result.canceled ? [] : [...result.filePaths];
    },
    async saveFile({ title, defaultName }) {
      // GTK replaces an existing file without a word unless asked to confirm; the other systems always ask.
      const options = { title, defaultPath: defaultName, properties: ['showOverwriteConfirmation'] as Array<'showOverwriteConfirmation'> };
      const win = getWindow();
      const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
  };
}

interface NotificationClass {
  new (options: NotificationConstructorOptions): Pick<ElectronNotification, 'show'>;
  isSupported(): boolean;
}

/** OS notifications, and progress on the taskbar/dock icon of the main window. */
export function createNotifier(NotificationCtor: NotificationClass, getWindow: WindowGetter): Notifier {
  return {
    notify(title, body) {
      if (!NotificationCtor.isSupported()) return;
      new NotificationCtor({ title, body }).show();
    },
    progress(fraction) {
      const win = getWindow();
      if (!win || win.isDestroyed()) return;
      // -1 removes the bar; clamp so a stray 1.2 never shows Electron's "indeterminate" mode (values > 1).
      win.setProgressBar(fraction === null ? -1 : Math.min(1, Math.max(0, fraction)));
    },
  };
}

type AsyncSafeStorage = Pick<SafeStorage, 'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'>;

/**
 * The SecretCipher over safeStorage's asynchronous API only (the synchronous calls are deprecated
 * and can block on a keyring prompt). Ciphertext travels as base64; the core decides what to do with the backend name.
 */
export function createSafeStorageCipher(safeStorage: AsyncSafeStorage, platform: NodeJS.Platform): SecretCipher {
  return {
    async backend() {
      if (platform === 'darwin') return 'keychain';
      if (platform === 'win32') return 'dpapi';
      if (platform !== 'linux') return 'unknown';
      // The Linux backend is picked when the async encryptor initializes, so wait for that first.
      await safeStorage.isAsyncEncryptionAvailable();
      return safeStorage.getSelectedStorageBackend();
    },
    isAvailable: () => safeStorage.isAsyncEncryptionAvailable(),
    async encrypt(plain) {
      const sealed = await safeStorage.encryptStringAsync(plain);
      return Buffer.from(sealed).toString('base64');
    },
    async decrypt(sealed) {
      const { result } = await safeStorage.decryptStringAsync(Buffer.from(sealed, 'base64'));
      return result;
    },
  };
}
