/**
 * The CLI as a third shell: it creates the core over its own ports, as electron/main and the Chromium shell do, and
 * calls `invoke(method, input)` and listens to events. The profile is the command's resolved key and URLs, held in
 * memory only (never written to the app's profile store); a file dialog answers with the paths the command names,
 * notifications are silent, and the core keeps its files in the CLI's state folder.
 */
// Not node:fs/promises, which `burrow api` would load for nothing: bundled, `promises` loads on first use.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventName, MethodName } from '../shared/contract/channels.js';
import type { EventPayload, FileMethod, MethodInput, MethodOutput } from '../shared/contract/index.js';
import { BUNNY_ENDPOINTS } from '../shared/settings/endpoint-url.js';
import type { Endpoints } from '../shared/settings/profiles.js';
import type { AppError } from '../shared/contract/result.js';
import type { Core, CorePorts } from '../electron/core/index.js';
import type { ResolvedAuth } from './config.js';
import { USER_AGENT, VERSION } from './version.js';

/** A failed call: the core's AppError, already scrubbed of the keys it knows. */
export class CliCallError extends Error {
  constructor(readonly error: AppError) {
    super(`${error.title}${error.detail !== undefined ? `: ${error.detail}` : ''}`);
    this.name = 'CliCallError';
  }
}

/** The core as a command sees it. */
export interface CliCore {
  /** Calls one contract method; throws CliCallError carrying the AppError on failure. */
  invoke<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  /** Hands local files and folders to the core by path and calls `method` on them, as a drop does (one call). */
  invokeWithFiles<M extends FileMethod>(paths: readonly string[], method: M, input: Omit<MethodInput<M>, 'tokens'>): Promise<MethodOutput<M>>;
  /** The path behind a token the core answered with (a file found in a folder given). */
  pathOf(token: string): string | undefined;
  /** Listens to one event; returns the function that stops listening. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** The core's one wait, for a command that looks again later. */
  sleep(ms: number): Promise<void>;

  close(): Promise<void>;
}

/** What the command brings: its key and URLs, its environment (for the state folder), and the keys it knows. */
export interface CliCoreOptions {
  /** The account key and core API URL, as `resolveAuth` found them; null when the command has only a library key. */
  readonly auth: ResolvedAuth | null;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
  /** The other areas' URLs when the command sets them (else the API URL's `/mc`, and bunny.net's). */
  readonly endpoints?: Partial<Endpoints>;
  /** Library keys the command resolved, by library id; any other library gets none. */
  readonly libraryKeys?: ReadonlyMap<number, string>;
  /** A library whose key the core fetches with the account key; opening fails (CliCallError) when it cannot. */
  readonly fetchKeyOf?: number;
  /** The logging area's bearer token, when the command has one (else the account key). */
  readonly loggingToken?: string;
  /**
   * Where the core keeps its files: the CLI's state folder when absent; `temporary` for a folder of this command's own,
   * removed on close (a command that must not meet the state of other runs, such as their upload queue).
   */
  readonly dataDir?: string;
  /** Where the upload queue lives (`burrow videos upload`'s state folder); default inside `dataDir`. */
  readonly uploadsDir?: string;
  /** Live tail tuning, for tests. */
  readonly logsTail?: CorePorts['logsTail'];
  /** The files the command names, given where the core would ask in a file dialog (a compose file to import). */
  readonly chosenFiles?: readonly string[];
  /** Every other secret the command holds, scrubbed out of errors with the keys. */
  readonly secrets?: readonly string[];
}

/**
 * The folder of the command line's own queue: BURROW_STATE_DIR, else the platform's per-user state folder
 * (XDG_STATE_HOME or ~/.local/state; %LOCALAPPDATA% on Windows; ~/Library/Application Support on macOS).
 */
export function stateDirFor(env: Readonly<Record<string, string | undefined>>, home: string, platform: NodeJS.Platform = process.platform): string {
  const given = env.BURROW_STATE_DIR;
  if (given !== undefined && given !== '') return given;
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'burrow', 'cli-uploads');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'burrow', 'cli-uploads');
  const xdg = env.XDG_STATE_HOME;
  return join(xdg !== undefined && xdg !== '' ? xdg : join(home, '.local', 'state'), 'burrow', 'cli-uploads');
}

/** The id the command line's jobs are kept under in its queue. */
export const CLI_PROFILE_ID = 'cli';

/** Opens the core for one command; close it when the command ends. */
export async function openCore(options: CliCoreOptions): Promise<CliCore> {
  const { createCore, sleep } = await import('../electron/core/index.js');
  const apiUrl = (options.auth?.baseUrl ?? options.endpoints?.apiUrl ?? BUNNY_ENDPOINTS.apiUrl).replace(/\/+$/, '');
  const accountKey = options.auth?.apiKey ?? null;
  const libraryKeys = options.libraryKeys ?? new Map<number, string>();
  const token = options.loggingToken;
  const temporary = options.dataDir === 'temporary' ? await fs.mkdtemp(join(tmpdir(), 'burrow-cli-')) : undefined;
  const ports: CorePorts = {
    shell: 'cli',
    appVersion: VERSION,
    platform: process.platform,
    dataDir: temporary ?? options.dataDir ?? stateDirFor(options.env, options.home),
    userAgent: USER_AGENT,
    ...(options.uploadsDir !== undefined ? { uploadsDir: options.uploadsDir } : {}),
    ...(options.logsTail ? { logsTail: options.logsTail } : {}),
    cipher: {
      // Nothing is sealed on disk: what would need it (fetch header values) stays in memory.
      backend: async () => 'none',
      isAvailable: async () => false,
      encrypt: async () => {
        throw new Error('The command line keeps no secret on disk');
      },
      decrypt: async () => {
        throw new Error('The command line keeps no secret on disk');
      },
    },
    dialogs: {
      openFiles: async () => [...(options.chosenFiles ?? [])],
      saveFile: async () => null,
    },
    notifier: { notify: () => {}, progress: () => {} },
    openExternal: async () => {},
    profile: {
      id: CLI_PROFILE_ID,
      endpoints: { apiUrl, containersUrl: `${apiUrl}/mc`, videoUrl: BUNNY_ENDPOINTS.videoUrl, loggingUrl: BUNNY_ENDPOINTS.loggingUrl, ...options.endpoints },
      credentials: {
        accountKey: async () => accountKey,
        libraryKey: async (id) => libraryKeys.get(id) ?? null,
        logging: async () => (token !== undefined ? { kind: 'bearer', token } : { kind: 'accessKey' }),
      },
      secrets: [...(accountKey !== null ? [accountKey] : []), ...libraryKeys.values(), ...(token !== undefined ? [token] : []), ...(options.secrets ?? [])],
      ...(options.fetchKeyOf !== undefined ? { fetchKeyOf: options.fetchKeyOf } : {}),
    },
  };
  let core: Core;
  try {
    core = await createCore(ports);
  } catch (e) {
    if (temporary !== undefined) await fs.rm(temporary, { recursive: true, force: true });
    throw e;
  }
  const cli: CliCore = {
    async invoke(method, input) {
      const r = await core.invoke(method, input);
      if (!r.ok) throw new CliCallError(r.error);
      return r.value as MethodOutput<typeof method>;
    },
    async invokeWithFiles(paths, method, input) {
      const r = await core.invokeWithFiles(paths, method, input);
      if (!r.ok) throw new CliCallError(r.error);
      return r.value as MethodOutput<typeof method>;
    },
    pathOf: (token) => core.pathOf(token),
    on: (event, listener) => core.on(event, listener as (payload: unknown) => void),
    sleep: (ms) => sleep(ms),
    async close() {
      await core.close();
      if (temporary !== undefined) await fs.rm(temporary, { recursive: true, force: true });
    },
  };
  const keyed = options.fetchKeyOf !== undefined ? await core.hasLibraryKey(options.fetchKeyOf) : undefined;
  if (keyed?.ok === false) {
    await cli.close();
    throw new CliCallError(keyed.error);
  }
  return cli;
}
