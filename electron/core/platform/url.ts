/** Joins a request path to an area's base URL, refusing anything that could leave it, so a key only goes to its own area. */
import { redactUrl } from '../../../shared/common/redact.js';
import { appError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';
import { cleanText } from './errors.js';

/** Longest path (query included) the client sends. */
export const MAX_PATH_LENGTH = 8192;

function invalid(path: string, why: string): AppFailure {
  return new AppFailure(appError('validation', 'The request path is not valid', { detail: `${why}: ${cleanText(redactUrl(path), 200)}`, fieldErrors: { path: why } }));
}

/** Why a path is refused before it is joined, or undefined when it may be joined. */
export function pathProblem(path: string): string | undefined {
  if (path.length === 0 || path[0] !== '/') return 'The path must start with /';
  if (path.startsWith('//')) return 'The path must not start with //';
  if (path.length > MAX_PATH_LENGTH) return `The path is longer than ${MAX_PATH_LENGTH} characters`;
  if (path.includes('\\')) return 'The path must not contain a backslash';
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'The path must not contain control characters (CR, LF, NUL…)';
  return undefined;
}

/**
 * `base + path` plus the query, as a URL that has the base's origin and stays under the base's path
 * (so `/../` cannot step out of `/mc`). Throws AppFailure (validation) otherwise.
 */
export function joinUrl(base: string, path: string, query?: Readonly<Record<string, string | number | boolean | undefined>>): URL {
  let baseUrl: URL;
  try {
    baseUrl = new URL(base);
  } catch {
    throw new AppFailure(appError('validation', 'The profile has an invalid API URL', { detail: cleanText(redactUrl(base), 200) }));
  }
  if (baseUrl.protocol !== 'https:' && baseUrl.protocol !== 'http:') {
    throw new AppFailure(appError('validation', 'The profile has an invalid API URL', { detail: 'Only http and https URLs are supported.' }));
  }
  const problem = pathProblem(path);
  if (problem) throw invalid(path, problem);
  const basePath = baseUrl.pathname.replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(`${baseUrl.origin}${basePath}${path}`);
  } catch {
    throw invalid(path, 'The path does not form a valid URL');
  }
  if (url.origin !== baseUrl.origin) throw invalid(path, 'The path must stay on the API host');
  if (basePath !== '' && url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) throw invalid(path, `The path must stay under ${basePath}`);
  url.hash = '';
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.append(name, String(value));
  return url;
}
