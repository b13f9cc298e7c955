import type { BrowserWindow, SafeStorage } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate } from './menu.js';
import { createDialogs, createNotifier, createSafeStorageCipher } from './shell-ports.js';

/** A fake safeStorage whose sync methods explode, proving the cipher never touches them. */
function fakeSafeStorage(backend: ReturnType<SafeStorage['getSelectedStorageBackend']> = 'gnome_libsecret', available = true) {
  const forbidden = () => {
    throw new Error('synchronous safeStorage API used');
  };
  return {
    isAsyncEncryptionAvailable: vi.fn(async () => available),
    encryptStringAsync: vi.fn(async (plain: string) => Buffer.from(`enc:${plain}`)),
    decryptStringAsync: vi.fn(async (sealed: Buffer) => {
      const text = sealed.toString();
      if (!text.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return { result: text.slice(4), shouldReEncrypt: false };
    }),
    getSelectedStorageBackend: vi.fn(() => backend),
    encryptString: vi.fn(forbidden),
    decryptString: vi.fn(forbidden),
    isEncryptionAvailable: vi.fn(forbidden),
  };
}

describe('safeStorage cipher (async API only)', () => {
  it('round-trips through base64 ciphertext', async () => {
    const storage = fakeSafeStorage();
    const cipher = createSafeStorageCipher(storage, 'linux');
    const sealed = await cipher.encrypt('sk-secret-🔑');
    expect(sealed).not.toContain('sk-secret');
    expect(Buffer.from(sealed, 'base64').toString()).toBe('enc:sk-secret-🔑');
    expect(await cipher.decrypt(sealed)).toBe('sk-secret-🔑');
    expect(storage.encryptString).not.toHaveBeenCalled();
    expect(storage.decryptString).not.toHaveBeenCalled();
    expect(storage.isEncryptionAvailable).not.toHaveBeenCalled();
  });

  it('reports availability and the backend, initializing the async encryptor before asking Linux for the backend', async () => {
    const storage = fakeSafeStorage('basic_text', false);
    const cipher = createSafeStorageCipher(storage, 'linux');
    expect(await cipher.isAvailable()).toBe(false);
    expect(await cipher.backend()).toBe('basic_text');
    expect(storage.isAsyncEncryptionAvailable.mock.invocationCallOrder[1]).toBeLessThan(storage.getSelectedStorageBackend.mock.invocationCallOrder[0] ?? 0);
    expect(await createSafeStorageCipher(storage, 'darwin').backend()).toBe('keychain');
    expect(await createSafeStorageCipher(storage, 'win32').backend()).toBe('dpapi');
  });

  it('lets a decrypt failure reach the core as a rejection', async () => {
    const cipher = createSafeStorageCipher(fakeSafeStorage(), 'linux');
    await expect(cipher.decrypt(Buffer.from('garbage').toString('base64'))).rejects.toThrow(/decrypting/);
  });
});

describe('dialogs', () => {
  it('maps open and save results, cancel included', async () => {
    const dialog = {
      showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/a.mp4', '/b.mp4'] })),
      showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: '/tmp/log.csv' })),
    };
    const dialogs = createDialogs(dialog as never, () => null);
    expect(await dialogs.openFiles({ title: 'Choose videos', filters: [{ name: 'Video', extensions: ['mp4'] }] })).toEqual(['/a.mp4', '/b.mp4']);
    expect(dialog.showOpenDialog).toHaveBeenCalledWith({
      title: 'Choose videos',
      properties: ['openFile', 'multiSelections'],
      filters: [{ name: 'Video', extensions: ['mp4'] }],
    });
    expect(await dialogs.saveFile({ title: 'Save', defaultName: 'log.csv' })).toBe('/tmp/log.csv');
    // Saving over a file asks first everywhere, Linux included.
    expect(dialog.showSaveDialog).toHaveBeenCalledWith({ title: 'Save', defaultPath: 'log.csv', properties: ['showOverwriteConfirmation'] });

    dialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' });
    expect(await dialogs.openFiles({ title: 'x' })).toEqual([]);
    expect(await dialogs.saveFile({ title: 'x', defaultName: 'y' })).toBeNull();
  });

  it('parents dialogs to the window when there is one', async () => {
    const win = { id: 1 } as unknown as BrowserWindow;
    const dialog = { showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] })), showSaveDialog: vi.fn() };
    await createDialogs(dialog as never, () => win).openFiles({ title: 't' });
    expect(dialog.showOpenDialog.mock.calls[0]?.[0]).toBe(win);
  });
});

describe('notifier', () => {
  it('shows notifications when supported and drives the taskbar progress, clamped', () => {
    const shown: unknown[] = [];
    class FakeNotification {
      static isSupported = vi.fn(() => true);
      constructor(readonly options: unknown) {}
      show() {
        shown.push(this.options);
      }
    }
    const win = { isDestroyed: () => false, setProgressBar: vi.fn() };
    const notifier = createNotifier(FakeNotification, () => win as unknown as BrowserWindow);
    notifier.notify('Upload finished', 'clip.mp4');
    expect(shown).toEqual([{ title: 'Upload finished', body: 'clip.mp4' }]);
    notifier.progress(0.5);
    notifier.progress(1.7);
    notifier.progress(null);
    expect(win.setProgressBar.mock.calls).toEqual([[0.5], [1], [-1]]);
    FakeNotification.isSupported.mockReturnValue(false);
    notifier.notify('x', 'y');
    expect(shown).toHaveLength(1);
  });
});

describe('menu template', () => {
  it('offers devtools only unpackaged, the app menu only on macOS, and a docs link', () => {
    const openDocs = vi.fn();
    const dev = JSON.stringify(buildMenuTemplate({ isMac: false, isPackaged: false, openDocs }));
    const shipped = buildMenuTemplate({ isMac: true, isPackaged: true, openDocs });
    expect(dev).toContain('toggleDevTools');
    expect(JSON.stringify(shipped)).not.toContain('toggleDevTools');
    expect(shipped[0]).toEqual({ role: 'appMenu' });
    const help = shipped.find((m) => m.role === 'help');
    const item = Array.isArray(help?.submenu) ? help.submenu[0] : undefined;
    (item?.click as (() => void) | undefined)?.();
    expect(openDocs).toHaveBeenCalled();
  });
});
