/** What a `burrow videos` command needs before it starts: Stream's URL, the library's key, and the core it runs on. */
import { createPlatformClient, type PlatformClientOptions } from '../electron/core/platform/client.js';
import { AppFailure } from '../electron/core/errors.js';
import { describeKeyCharacter, firstBadKeyCharacter, KEY_CHARACTERS_RULE, KEY_MAX_LENGTH, KEY_MIN_LENGTH } from '../shared/settings/key-value.js';
import { BUNNY_ENDPOINTS } from '../shared/settings/endpoint-url.js';
import { areaBaseUrl, DEFAULT_API_URL, resolveAuth } from './config.js';
import { openCore, type CliCore } from './core.js';
import { EXIT } from './io.js';
import { USER_AGENT } from './version.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Stream's base URL: --video-url, else BURROW_VIDEO_URL, else bunny.net's. */
export function videoUrlFor(flag: string | undefined, env: Env): { ok: true; url: string } | { ok: false; message: string } {
  return areaBaseUrl({ name: '--video-url', value: flag }, 'BURROW_VIDEO_URL', env, BUNNY_ENDPOINTS.videoUrl);
}

/** The core API URL as `burrow api` finds it, for when no account key is needed (the library key was given). */
export function apiUrlFor(env: Env): string {
  const v = env.BUNNYNET_API_URL;
  return v !== undefined && v !== '' ? v : DEFAULT_API_URL;
}

/** The key as it will be sent, or why it cannot be: the rule the app applies when a key is saved. */
function checkLibraryKey(raw: string, source: string): { ok: true; key: string } | { ok: false; message: string } {
  const key = raw.trim();
  if (key.length < KEY_MIN_LENGTH) return { ok: false, message: `The library key from ${source} must be at least ${KEY_MIN_LENGTH} characters` };
  if (key.length > KEY_MAX_LENGTH) return { ok: false, message: `The library key from ${source} must be at most ${KEY_MAX_LENGTH} characters` };
  const bad = firstBadKeyCharacter(key);
  if (bad !== -1) return { ok: false, message: `The library key from ${source} ${KEY_CHARACTERS_RULE}; found ${describeKeyCharacter(key, bad)}` };
  return { ok: true, key };
}

/** What finding the library key gave: the key and where it came from, or a message and the exit status. */
export type LibraryKeyResult =
  | { readonly ok: true; readonly key: string; readonly source: string; readonly apiUrl: string; readonly accountKey: string | null }
  | { readonly ok: false; readonly message: string; readonly exit: number; readonly secrets: readonly string[] };

/** What the lookup is given. */
export interface LibraryKeyInput {
  readonly libraryId: number;
  readonly libraryKeyFlag?: string;
  readonly apiKeyFlag?: string;
  readonly profile?: string;
  readonly env: Env;
  readonly home: string;
  /** Client options for the key fetch (tests pass a fake sleep). */
  readonly clientOptions?: Partial<PlatformClientOptions>;
}

/**
 * The library's key: --library-key, else BUNNYNET_LIBRARY_KEY, else `ApiKey` of `GET /videolibrary/{id}` on the core
 * API with the account key found as `burrow api` finds it. A network failure of that fetch is exit 3.
 */
export async function resolveLibraryKey(input: LibraryKeyInput): Promise<LibraryKeyResult> {
  const given = input.libraryKeyFlag !== undefined ? { raw: input.libraryKeyFlag, source: '--library-key' } : input.env.BUNNYNET_LIBRARY_KEY ? { raw: input.env.BUNNYNET_LIBRARY_KEY, source: 'BUNNYNET_LIBRARY_KEY' } : undefined;
  const auth = resolveAuth({ ...(input.apiKeyFlag !== undefined ? { apiKeyFlag: input.apiKeyFlag } : {}), ...(input.profile !== undefined ? { profile: input.profile } : {}), env: input.env, home: input.home });
  if (given !== undefined) {
    const checked = checkLibraryKey(given.raw, given.source);
    if (!checked.ok) return { ok: false, message: checked.message, exit: EXIT.usage, secrets: [given.raw] };
    return { ok: true, key: checked.key, source: given.source, apiUrl: auth.ok ? auth.auth.baseUrl : apiUrlFor(input.env), accountKey: auth.ok ? auth.auth.apiKey : null };
  }
  if (!auth.ok) return { ok: false, message: `${auth.message}; or give the library's key with --library-key or BUNNYNET_LIBRARY_KEY`, exit: EXIT.usage, secrets: [] };
  const { apiKey, baseUrl, keySource } = auth.auth;
  const client = createPlatformClient({
    endpoints: () => ({ apiUrl: baseUrl, containersUrl: baseUrl, videoUrl: baseUrl, loggingUrl: baseUrl }),
    credentials: { accountKey: async () => apiKey, libraryKey: async () => null, logging: async () => ({ kind: 'accessKey' }) },
    userAgent: USER_AGENT,
    ...input.clientOptions,
  });
  try {
    const library = await client.json<{ ApiKey?: unknown }>({ area: 'core', method: 'GET', path: `/videolibrary/${input.libraryId}` });
    const key = typeof library === 'object' && library !== null && typeof library.ApiKey === 'string' ? library.ApiKey : '';
    const checked = checkLibraryKey(key, `library ${input.libraryId} (fetched with the key from ${keySource})`);
    if (!checked.ok) return { ok: false, message: checked.message, exit: EXIT.http, secrets: [apiKey, key] };
    return { ok: true, key: checked.key, source: `library ${input.libraryId}, fetched with the key from ${keySource}`, apiUrl: baseUrl, accountKey: apiKey };
  } catch (e) {
    if (!(e instanceof AppFailure)) throw e;
    const kind = e.error.kind;
    const unreachable = kind === 'network' || kind === 'timeout';
    const detail = e.error.detail !== undefined ? `: ${e.error.detail}` : '';
    return { ok: false, message: `Could not get the key of library ${input.libraryId} from ${baseUrl} (key from ${keySource}): ${e.error.title}${detail}`, exit: unreachable ? EXIT.network : e.error.status === undefined && (kind === 'auth' || kind === 'validation') ? EXIT.usage : EXIT.http, secrets: [apiKey] };
  } finally {
    await client.close();
  }
}

/** A command's key flags, as `burrow videos upload`, `fetch` and `list` take them. */
export interface KeyFlags {
  readonly libraryId: number;
  readonly libraryKey?: string | undefined;
  readonly apiKey?: string | undefined;
  readonly profile?: string | undefined;
}

/**
 * resolveLibraryKey for a command: every secret it met is added to `secrets` (which the command's error writer
 * masks); when no key is found the message is written with `err` and the exit status comes back instead.
 */
export async function commandLibraryKey(
  flags: KeyFlags,
  io: { readonly env: Env; readonly home: string },
  secrets: string[],
  err: (line: string) => void,
  clientOptions?: Partial<PlatformClientOptions>,
): Promise<Extract<LibraryKeyResult, { ok: true }> | { readonly ok: false; readonly exit: number }> {
  const key = await resolveLibraryKey({
    libraryId: flags.libraryId,
    ...(flags.libraryKey !== undefined ? { libraryKeyFlag: flags.libraryKey } : {}),
    ...(flags.apiKey !== undefined ? { apiKeyFlag: flags.apiKey } : {}),
    ...(flags.profile !== undefined ? { profile: flags.profile } : {}),
    env: io.env,
    home: io.home,
    ...(clientOptions !== undefined ? { clientOptions } : {}),
  });
  if (!key.ok) {
    secrets.push(...key.secrets);
    err(`burrow: ${key.message}`);
    return { ok: false, exit: key.exit };
  }
  secrets.push(key.key, ...(key.accountKey !== null ? [key.accountKey] : []));
  return key;
}

/** The core for a videos command: Stream with this one library's key, the core API with the account key when there is one. */
export function videosCore(
  opts: { readonly libraryId: number; readonly libraryKey: string; readonly accountKey: string | null; readonly apiUrl: string; readonly videoUrl: string; readonly uploadsDir?: string },
  io: { readonly env: Env; readonly home: string },
): Promise<CliCore> {
  return openCore({
    auth: opts.accountKey !== null ? { apiKey: opts.accountKey, baseUrl: opts.apiUrl, keySource: '' } : null,
    endpoints: { apiUrl: opts.apiUrl, videoUrl: opts.videoUrl },
    // Any other library's job (left by an earlier upload run) gets no key here: it is paused, never sent this key.
    libraryKeys: new Map([[opts.libraryId, opts.libraryKey]]),
    env: io.env,
    home: io.home,
    // Its own folder for everything but the upload queue (given by `burrow videos upload`): a list or a fetch never
    // opens (nor runs) that queue.
    dataDir: 'temporary',
    ...(opts.uploadsDir !== undefined ? { uploadsDir: opts.uploadsDir } : {}),
  });
}
