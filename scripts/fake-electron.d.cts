/** Types of the one fake `electron` module (fake-electron.cjs), as the TypeScript tests see it. */
import type { EventEmitter } from 'node:events';

type Listener = (event: unknown, ...args: unknown[]) => void;
type InvokeHandler = (event: unknown, ...args: unknown[]) => Promise<unknown>;

/** A frame as IPC events carry it. */
export interface FakeFrame {
  readonly url: string;
  readonly origin: string;
  readonly parent: FakeFrame | null;
}

export declare const APP_FRAME: FakeFrame;

export declare class FakeWebContents extends EventEmitter {
  readonly id: number;
  openHandler: ((details: { url: string }) => { action: string }) | null;
  destroyed: boolean;
  setWindowOpenHandler(fn: (details: { url: string }) => { action: string }): void;
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
  destroy(): void;
}

export declare class FakeBrowserWindow extends EventEmitter {
  readonly options: Record<string, unknown>;
  readonly webContents: FakeWebContents;
  readonly loaded: string[];
  shown: number;
  focused: number;
  maximized: boolean;
  destroyed: boolean;
}

/** What the main process and the preload did with the fake. */
export interface FakeRecord {
  userData: string;
  lock: boolean;
  readonly windows: FakeBrowserWindow[];
  readonly handlers: Map<string, InvokeHandler>;
  handleCalls: number;
  /** What each showMessageBox asked (its options), and the button index the fake answers with. */
  messageBoxes: { message: string; detail?: string; buttons?: string[]; cancelId?: number }[];
  messageBoxResponse: number;
  readonly mainListeners: Map<string, Listener[]>;
  readonly rendererListeners: Map<string, Listener[]>;
  readonly protocolHandlers: Map<string, (request: Request) => Promise<Response>>;
  readonly privileged: { scheme: string; privileges: Record<string, boolean> }[];
  readonly exposed: Map<string, unknown>;
  permissionRequest: null | ((contents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl: string }) => void);
  permissionCheck: null | ((contents: unknown, permission: string, origin: string, details: unknown) => boolean);
  menu: unknown;
  menusSet: number;
  readonly order: string[];
  quits: number;
  readonly exits: number[];
  readonly errorBoxes: { title: string; message: string }[];
  readonly encrypted: string[];
  readonly openedExternal: string[];
}

export interface FakeElectron {
  /** The module's exports, as `import … from 'electron'` sees them. */
  readonly electron: Record<string, unknown> & { readonly app: EventEmitter };
  readonly rec: FakeRecord;
  readonly FakeWebContents: typeof FakeWebContents;
  reset(userData: string): void;
}

export declare function createFakeElectron(options?: { userData?: string; onFatal?: (error: Error) => void }): FakeElectron;
