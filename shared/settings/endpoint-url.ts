/**
 * The rule for a platform endpoint URL (a profile's four base URLs, a command line's `--video-url`), without zod:
 * `burrow api` checks its base URLs with it and never loads a schema library at start.
 */

// The WHATWG URL parser is a global wherever shared/ runs (Node, Electron, the renderer), but shared/ compiles
// without any platform's types, so the one constructor used here is declared for this module.
declare const URL: new (input: string) => unknown;

/** bunny.net's own endpoints, the defaults of a new real profile. */
export const BUNNY_ENDPOINTS = {
  apiUrl: 'https://api.bunny.net',
  containersUrl: 'https://api.bunny.net/mc',
  videoUrl: 'https://video.bunnycdn.com',
  loggingUrl: 'https://logging.bunnycdn.com',
} as const;

/** Ports a URL may name; 0 is not a port anything listens on. */
const MIN_PORT = 1;
const MAX_PORT = 65535;
/** The longest endpoint URL accepted. */
export const MAX_ENDPOINT_LENGTH = 2048;

// scheme://host[:port][/path]: no credentials (@), query (?), fragment (#) or whitespace.
const HTTP_URL = /^https?:\/\/[A-Za-z0-9.-]+(?::(\d+))?(\/[^\s?#@\\]*)?$/;

/** What is wrong with an already trimmed endpoint URL, in the words of a field error; undefined when it is fine. */
export function endpointProblem(value: string): string | undefined {
  if (value === '') return 'is required';
  if (value.length > MAX_ENDPOINT_LENGTH) return `must be at most ${MAX_ENDPOINT_LENGTH} characters`;
  const match = HTTP_URL.exec(value);
  if (!match) return 'must be an http(s) URL without credentials, query or fragment';
  const port = match[1];
  if (port !== undefined && !(Number(port) >= MIN_PORT && Number(port) <= MAX_PORT)) return `port must be between ${MIN_PORT} and ${MAX_PORT}`;
  // The shape above is necessary, not sufficient: the URL parser has the last word (e.g. on malformed hosts).
  try {
    new URL(value);
  } catch {
    return 'must be a valid URL';
  }
  return undefined;
}
