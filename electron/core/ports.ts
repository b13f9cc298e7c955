/** What each shell (Electron, the Chromium shell, the CLI) hands the core: the OS-facing pieces. */
import type { Credentials, Endpoints } from './platform/types.js';

/** Encrypts secrets at rest (safeStorage in Electron, a test cipher elsewhere). */
export interface SecretCipher {
  /** The backend's name, e.g. `gnome_libsecret`, `basic_text`, `dpapi`, `keychain`, `test`. */
  backend(): Promise<string>;
  isAvailable(): Promise<boolean>;
  encrypt(plain: string): Promise<string>;
  decrypt(cipher: string): Promise<string>;
}

/** Native dialogs; tests script them. */
export interface Dialogs {
  /** Asks for files to open; resolves the chosen absolute paths (empty when cancelled). */
  openFiles(options: { readonly title: string; readonly filters?: readonly { name: string; extensions: string[] }[] }): Promise<string[]>;
  /** Asks where to save; resolves the path or null when cancelled. */
  saveFile(options: { readonly title: string; readonly defaultName: string }): Promise<string | null>;
}

/** OS notifications and taskbar progress. */
export interface Notifier {
  notify(title: string, body: string): void;
  /** 0..1, or null to clear. */
  progress(fraction: number | null): void;
}

/** Opens an already-vetted https URL in the user's browser. */
export type OpenExternal = (url: string) => Promise<void>;

/** Everything a shell passes to createCore(). */
export interface CorePorts {
  readonly shell: 'electron' | 'chromium' | 'cli';
  readonly appVersion: string;
  readonly platform: string;
  readonly dataDir: string;
  /** Where the upload queue lives (the command line's state folder); default `<dataDir>/uploads`. */
  readonly uploadsDir?: string;
  readonly cipher: SecretCipher;
  readonly dialogs: Dialogs;
  readonly notifier: Notifier;
  readonly openExternal: OpenExternal;
  /**
   * The script of the worker thread that keeps the logs sessions' rows: reads v1 files, filters, sorts and
   * aggregates (the built `logsworker.cjs` in Electron, the source module in the Chromium shell). Without it, the
   * rows stay in the core's own thread.
   */
  readonly logsWorkerScript?: string;
  /** Live tail tuning (shorter pauses for tests of the shells); the tail's defaults when absent. */
  readonly logsTail?: import('./logs/index.js').TailOptions;
  /** The clock delivery ranges end at (tests pin it to a sandbox's); Date.now when absent. */
  readonly now?: () => number;
  /** The User-Agent the platform sees; `Burrow/<appVersion>` when absent. */
  readonly userAgent?: string;
  /** A profile the shell brings; the app's profile and key stores are then never opened (see ShellProfile). */
  readonly profile?: ShellProfile;
}

/**
 * The one profile of a shell that brings its own keys (the CLI: flags, variables, the bunny.net config file): held in
 * memory only, never written to the profile store; the `settings.*` calls refuse.
 */
export interface ShellProfile {
  /** The id its jobs are kept under (the CLI's queue keeps `cli`). */
  readonly id: string;
  readonly endpoints: Endpoints;
  readonly credentials: Credentials;
  /** Every key value it holds, scrubbed out of every error. */
  readonly secrets: readonly string[];
  /**
   * The library whose key, when `credentials` has none, the core fetches with the account key on first need: kept in
   * memory, scrubbed from errors, never answered by a method, printed or written.
   */
  readonly fetchKeyOf?: number;
}
