/** Where `burrow` gets its account key and base URLs: the same flags, variables and config file as the official bunny.net CLI. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpointProblem } from '../shared/settings/endpoint-url.js';
import { KEY_CHARACTERS_RULE, KEY_MAX_LENGTH, KEY_MIN_LENGTH, describeKeyCharacter, firstBadKeyCharacter } from '../shared/settings/key-value.js';

/** The base URL when neither BUNNYNET_API_URL nor the profile gives one. */
export const DEFAULT_API_URL = 'https://api.bunny.net';

/** Shown when no key is found anywhere. */
export const NOT_LOGGED_IN = 'Not logged in: pass --api-key, set BUNNYNET_API_KEY, or add a profile to ~/.config/bunnynet.json';

/** The key and base URL to use, and where the key came from (for --verbose). */
export interface ResolvedAuth {
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly keySource: string;
}

/** What the lookup is given: the flags, the environment and the home directory. */
export interface AuthInput {
  readonly apiKeyFlag?: string;
  readonly profile?: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
}

interface Profile {
  readonly apiKey?: string;
  readonly apiUrl?: string;
}

/** The config files the official CLI reads, first existing wins. */
export function configCandidates(env: Readonly<Record<string, string | undefined>>, home: string): string[] {
  const list: string[] = [];
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg !== undefined && xdg !== '') list.push(join(xdg, 'bunnynet.json'));
  list.push(join(home, '.config', 'bunnynet.json'), join(home, '.bunnynet.json'), '/etc/bunnynet.json');
  return list;
}

type ProfileLookup = { readonly ok: true; readonly file?: string; readonly profile?: Profile } | { readonly ok: false; readonly message: string };

function readProfile(name: string, input: AuthInput): ProfileLookup {
  const file = configCandidates(input.env, input.home).find((f) => existsSync(f));
  if (file === undefined) return { ok: true };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (e) {
    return { ok: false, message: `Cannot read the config file ${file}: ${e instanceof Error ? e.message : String(e)}` };
  }
  const profiles = typeof parsed === 'object' && parsed !== null ? (parsed as { profiles?: unknown }).profiles : undefined;
  if (typeof profiles !== 'object' || profiles === null || !Object.hasOwn(profiles, name)) return { ok: true, file };
  const raw = (profiles as Record<string, unknown>)[name];
  if (typeof raw !== 'object' || raw === null) return { ok: false, message: `Profile ${JSON.stringify(name)} in ${file} is not an object` };
  const { api_key: apiKey, api_url: apiUrl } = raw as { api_key?: unknown; api_url?: unknown };
  const profile: { apiKey?: string; apiUrl?: string } = {};
  if (typeof apiKey === 'string' && apiKey !== '') profile.apiKey = apiKey;
  if (typeof apiUrl === 'string' && apiUrl !== '') profile.apiUrl = apiUrl;
  return { ok: true, file, profile };
}

/**
 * The key as it will be sent (trimmed), or what is wrong with it: the same rule the app applies when a key is saved,
 * so a key with a line break or a non-ASCII character is refused here, naming its source, not at the server.
 */
export function checkKey(raw: string, source: string, what = 'key'): { ok: true; key: string } | { ok: false; message: string } {
  const key = raw.trim();
  const refuse = (rule: string) => ({ ok: false as const, message: `The ${what} from ${source} ${rule}` });
  if (key.length < KEY_MIN_LENGTH) return refuse(`must be at least ${KEY_MIN_LENGTH} characters`);
  if (key.length > KEY_MAX_LENGTH) return refuse(`must be at most ${KEY_MAX_LENGTH} characters`);
  const bad = firstBadKeyCharacter(key);
  // The offending character is named by code point: the key itself never reaches the terminal.
  if (bad !== -1) return refuse(`${KEY_CHARACTERS_RULE}; found ${describeKeyCharacter(key, bad)}`);
  return { ok: true, key };
}

/**
 * Key: --api-key, then BUNNYNET_API_KEY, then the profile (--profile, default "default") in the config file.
 * Base URL: BUNNYNET_API_URL, then the profile's api_url, then https://api.bunny.net.
 */
export function resolveAuth(input: AuthInput): { ok: true; auth: ResolvedAuth } | { ok: false; message: string } {
  const name = input.profile ?? 'default';
  const lookup = readProfile(name, input);
  if (!lookup.ok) return lookup;
  if (input.profile !== undefined && lookup.profile === undefined) {
    return { ok: false, message: lookup.file === undefined ? `Profile ${JSON.stringify(name)} not found: no config file (${configCandidates(input.env, input.home).join(', ')})` : `Profile ${JSON.stringify(name)} not found in ${lookup.file}` };
  }
  const envKey = input.env.BUNNYNET_API_KEY;
  let apiKey: string | undefined;
  let keySource = '';
  if (input.apiKeyFlag !== undefined && input.apiKeyFlag !== '') {
    apiKey = input.apiKeyFlag;
    keySource = '--api-key';
  } else if (envKey !== undefined && envKey !== '') {
    apiKey = envKey;
    keySource = 'BUNNYNET_API_KEY';
  } else if (lookup.profile?.apiKey !== undefined) {
    apiKey = lookup.profile.apiKey;
    keySource = `profile ${JSON.stringify(name)} in ${lookup.file ?? '?'}`;
  }
  if (apiKey === undefined) return { ok: false, message: NOT_LOGGED_IN };
  const checked = checkKey(apiKey, keySource);
  if (!checked.ok) return checked;
  const envUrl = input.env.BUNNYNET_API_URL;
  const baseUrl = envUrl !== undefined && envUrl !== '' ? envUrl : (lookup.profile?.apiUrl ?? DEFAULT_API_URL);
  return { ok: true, auth: { apiKey: checked.key, baseUrl, keySource } };
}

/** The area a `burrow api` path reaches: its key family, base URL and the path under that base. */
export interface ApiRoute {
  readonly area: 'core' | 'containers' | 'video' | 'logging';
  readonly baseUrl: string;
  readonly path: string;
  /** The variable that chose the base URL, for --verbose; undefined when it is the core API URL. */
  readonly from?: string;
}

/**
 * The other areas by the path prefix the sandbox gives them (bunny.net serves Magic Containers under `/mc` of the
 * API host too). Each prefix is only a prefix when a `/`, `?` or the end follows it, so `/mcfoo` stays core.
 */
const AREA_PREFIXES = [
  { prefix: '/mc', area: 'containers', variable: 'BURROW_CONTAINERS_URL' },
  { prefix: '/video', area: 'video', variable: 'BURROW_VIDEO_URL' },
  { prefix: '/logging', area: 'logging', variable: 'BURROW_LOGGING_URL' },
] as const;

/**
 * An area's base URL for a command: its flag when given, else its environment variable when set, else bunny.net's.
 * A bad value is refused naming where it came from; the URL comes back without a trailing slash.
 */
export function areaBaseUrl(
  flag: { readonly name: string; readonly value: string | undefined },
  variable: string,
  env: Readonly<Record<string, string | undefined>>,
  fallback: string,
): { ok: true; url: string } | { ok: false; message: string } {
  const fromEnv = env[variable];
  const [value, source] = flag.value !== undefined ? [flag.value, flag.name] : fromEnv ? [fromEnv, variable] : [fallback, ''];
  const problem = endpointProblem(value.trim());
  if (problem !== undefined) return { ok: false, message: `${source} ${problem}` };
  return { ok: true, url: value.trim().replace(/\/+$/, '') };
}

/**
 * Where a path goes. `/mc/…`, `/video/…` and `/logging/…` name their area; when that area's variable is set the
 * prefix is replaced by its URL (`BURROW_VIDEO_URL=https://video.bunnycdn.com` makes `/video/library/1/videos`
 * `https://video.bunnycdn.com/library/1/videos`); unset, the path stays under the core API URL as typed, which is
 * where the sandbox serves every area.
 */
export function routeApiPath(path: string, apiUrl: string, env: Readonly<Record<string, string | undefined>>): { ok: true; route: ApiRoute } | { ok: false; message: string } {
  for (const { prefix, area, variable } of AREA_PREFIXES) {
    const next = path.charAt(prefix.length);
    if (!path.startsWith(prefix) || !(next === '' || next === '/' || next === '?')) continue;
    const base = env[variable];
    if (base === undefined || base === '') return { ok: true, route: { area, baseUrl: apiUrl, path } };
    const problem = endpointProblem(base.trim());
    if (problem !== undefined) return { ok: false, message: `${variable} ${problem}` };
    const rest = path.slice(prefix.length);
    return { ok: true, route: { area, baseUrl: base.replace(/\/+$/, ''), path: rest.startsWith('/') ? rest : `/${rest}`, from: variable } };
  }
  return { ok: true, route: { area: 'core', baseUrl: apiUrl, path } };
}
