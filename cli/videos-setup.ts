/** What a `burrow videos` command needs before it starts: Stream's URL, the library's key, and the core it runs on. */
import { BUNNY_ENDPOINTS } from '../shared/settings/endpoint-url.js';
import { areaBaseUrl, checkKey, DEFAULT_API_URL, resolveAuth } from './config.js';
import { CliCallError, openCore, type CliCore } from './core.js';
import { EXIT } from './io.js';
import type { LibraryFlags } from './videos-args.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Stream's base URL: --video-url, else BURROW_VIDEO_URL, else bunny.net's. */
export function videoUrlFor(flag: string | undefined, env: Env): { ok: true; url: string } | { ok: false; message: string } {
  return areaBaseUrl({ name: '--video-url', value: flag }, 'BURROW_VIDEO_URL', env, BUNNY_ENDPOINTS.videoUrl);
}

/** A command's key flags, as `burrow videos upload`, `fetch` and `list` take them. */
type KeyFlags = Omit<LibraryFlags, 'collectionId'>;

/** What the core of a videos command is opened with. */
export interface VideosCoreOptions {
  readonly libraryId: number;
  /** The key given (--library-key, BUNNYNET_LIBRARY_KEY); null: the core fetches it with the account key. */
  readonly libraryKey: string | null;
  readonly accountKey: string | null;
  readonly apiUrl: string;
  readonly videoUrl: string;
  readonly uploadsDir?: string;
}

/**
 * Where the library's key comes from: --library-key, else BUNNYNET_LIBRARY_KEY (checked by the rule the app applies
 * when a key is saved), else `ApiKey` of `GET /videolibrary/{id}`, fetched by the core with the account key found as
 * `burrow api` finds it.
 */
export function libraryKeySource(flags: KeyFlags, io: { readonly env: Env; readonly home: string }): { ok: true; options: Omit<VideosCoreOptions, 'videoUrl'>; keySource: string } | { ok: false; message: string } {
  const given = flags.libraryKey !== undefined ? { raw: flags.libraryKey, source: '--library-key' } : io.env.BUNNYNET_LIBRARY_KEY ? { raw: io.env.BUNNYNET_LIBRARY_KEY, source: 'BUNNYNET_LIBRARY_KEY' } : undefined;
  const auth = resolveAuth({ ...(flags.apiKey !== undefined ? { apiKeyFlag: flags.apiKey } : {}), ...(flags.profile !== undefined ? { profile: flags.profile } : {}), env: io.env, home: io.home });
  const account = auth.ok ? { accountKey: auth.auth.apiKey, apiUrl: auth.auth.baseUrl } : { accountKey: null, apiUrl: io.env.BUNNYNET_API_URL || DEFAULT_API_URL };
  if (given !== undefined) {
    const checked = checkKey(given.raw, given.source, 'library key');
    return checked.ok ? { ok: true, options: { libraryId: flags.libraryId, libraryKey: checked.key, ...account }, keySource: given.source } : checked;
  }
  if (!auth.ok) return { ok: false, message: `${auth.message}; or give the library's key with --library-key or BUNNYNET_LIBRARY_KEY` };
  return { ok: true, options: { libraryId: flags.libraryId, libraryKey: null, ...account }, keySource: auth.auth.keySource };
}

/**
 * The core of a videos command, with Stream's URL and the library's key; or, once the reason is written with `err`,
 * the exit status (a key the core could not fetch: 3 unreachable, 2 refused before sending, else 1). Every key the
 * command meets is added to `secrets`, which its error writer masks.
 */
export async function openVideosCore(
  flags: KeyFlags,
  io: { readonly env: Env; readonly home: string },
  secrets: string[],
  err: (line: string) => void,
  open: typeof videosCore = videosCore,
  uploadsDir?: string,
): Promise<CliCore | number> {
  if (io.env.BUNNYNET_LIBRARY_KEY) secrets.push(io.env.BUNNYNET_LIBRARY_KEY);
  const video = videoUrlFor(flags.videoUrl, io.env);
  if (!video.ok) {
    err(`burrow: ${video.message}`);
    return EXIT.usage;
  }
  const key = libraryKeySource(flags, io);
  if (!key.ok) {
    err(`burrow: ${key.message}`);
    return EXIT.usage;
  }
  const { libraryKey, accountKey, apiUrl } = key.options;
  secrets.push(...[libraryKey, accountKey].filter((s): s is string => s !== null));
  try {
    return await open({ ...key.options, videoUrl: video.url, ...(uploadsDir !== undefined ? { uploadsDir } : {}) }, io);
  } catch (e) {
    if (!(e instanceof CliCallError)) throw e;
    const { kind, title, detail, status } = e.error;
    err(`burrow: Could not get the key of library ${flags.libraryId} from ${apiUrl} (key from ${key.keySource}): ${title}${detail !== undefined ? `: ${detail}` : ''}`);
    return kind === 'network' || kind === 'timeout' ? EXIT.network : status === undefined && (kind === 'auth' || kind === 'validation') ? EXIT.usage : EXIT.http;
  }
}

/** The core for a videos command: Stream with this one library's key, the core API with the account key when there is one. */
export function videosCore(opts: VideosCoreOptions, io: { readonly env: Env; readonly home: string }): Promise<CliCore> {
  return openCore({
    auth: opts.accountKey !== null ? { apiKey: opts.accountKey, baseUrl: opts.apiUrl, keySource: '' } : null,
    endpoints: { apiUrl: opts.apiUrl, videoUrl: opts.videoUrl },
    // Any other library's job (left by an earlier upload run) gets no key here: it is paused, never sent this key.
    ...(opts.libraryKey !== null ? { libraryKeys: new Map([[opts.libraryId, opts.libraryKey]]) } : { fetchKeyOf: opts.libraryId }),
    env: io.env,
    home: io.home,
    // Its own folder for everything but the upload queue (given by `burrow videos upload`): a list or a fetch never
    // opens (nor runs) that queue.
    dataDir: 'temporary',
    ...(opts.uploadsDir !== undefined ? { uploadsDir: opts.uploadsDir } : {}),
  });
}
