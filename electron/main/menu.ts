/** The application menu: standard roles only, plus a Help link into the allow-listed docs. */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  readonly isMac: boolean;
  /** Developer tools are offered only in unpackaged (development) runs. */
  readonly isPackaged: boolean;
  readonly openDocs: () => void;
}

/** Builds the menu template; pure, so the shape is tested without Electron. */
export function buildMenuTemplate({ isMac, isPackaged, openDocs }: MenuOptions): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    ...(isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(isMac ? [{ role: 'appMenu' } as const] : []),
    { label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    // The Edit roles are what make copy/paste shortcuts work in text fields on macOS.
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'bunny.net documentation', click: openDocs }] },
  ];
}
