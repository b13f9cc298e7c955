/**
 * Fetch from a URL: the platform downloads a file the user names into a new video, and a row follows that video to
 * Ready or Failed. Header values go in with `videos.fetch` and never come back out: rows carry header names only.
 */
import { z } from 'zod';
import { LibraryId } from '../settings/profiles.js';
import { Title } from '../videos/model.js';

// The WHATWG URL parser is a global wherever shared/ runs (Node, Electron, the renderer); shared/ compiles
// without DOM or Node types, so the little of it used here is declared.
declare const URL: new (input: string) => { readonly protocol: string; readonly hostname: string; readonly username: string; readonly password: string; readonly href: string };

const FetchId = z.string().min(1).max(100);

/** An HTTP field name: a token (letters, digits and ``!#$%&'*+-.^_`|~``). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** An HTTP field value: visible characters, spaces and tabs inside; never CR, LF, NUL or other controls. */
const HEADER_VALUE = /^[\x21-\x7e\x80-\uffff](?:[\t\x20-\x7e\x80-\uffff]*[\x21-\x7e\x80-\uffff])?$/;

/** The most custom headers one fetch may carry. */
export const MAX_FETCH_HEADERS = 20;

/** One custom header sent with the platform's download of the file. */
export const FetchHeader = z
  .object({
    name: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters').regex(HEADER_NAME, 'must be an HTTP header name (letters, digits and - _ . ! # $ % & \' * + ^ ` | ~, no spaces or colons)'),
    value: z.string().min(1, 'must not be empty').max(4096, 'must be at most 4096 characters').regex(HEADER_VALUE, 'must be an HTTP header value (no line breaks or control characters, no spaces around it)'),
  })
  .strict();
export type FetchHeader = z.infer<typeof FetchHeader>;

/** True for an absolute http: or https: URL with a host. */
export function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** The address of the file: only http and https can be fetched by the platform. */
export const FetchUrl = z
  .string()
  .trim()
  .min(1, 'url must not be empty')
  .max(4096, 'url must be at most 4096 characters')
  .refine(isHttpUrl, 'url must be an http:// or https:// address')
  // A password in the address would be kept and shown like any address; it belongs in an Authorization header.
  .refine((t) => !isHttpUrl(t) || (new URL(t).username === '' && new URL(t).password === ''), 'url must not carry a user name or password: send them as an Authorization header')
  // What was checked is what goes: the address as the URL parser reads it (tabs and line breaks dropped, the host
  // lowercased), never the text as typed.
  .transform((t) => (isHttpUrl(t) ? new URL(t).href : t));

/** Where a fetch stands, as its row shows it. */
export const FETCH_STATES = ['queued', 'waiting', 'fetching', 'processing', 'ready', 'failed', 'cancelled'] as const;
export const FetchState = z.enum(FETCH_STATES);
export type FetchState = z.infer<typeof FetchState>;

/** True for the states a fetch ends in: nothing more happens to the row. */
export function isFetchEnded(state: FetchState): boolean {
  return state === 'ready' || state === 'failed' || state === 'cancelled';
}

/** A fetch row as the renderer draws it; each event carries whole rows. */
export const FetchView = z.object({
  id: FetchId,
  /** The profile the fetch was added under; its account holds the video, whichever profile is active now. */
  profileId: z.string(),
  libraryId: z.number().int(),
  collectionId: z.string().nullable(),
  /** The address, with any user name and password in it masked. */
  url: z.string(),
  title: z.string(),
  /** The custom headers' names (values stay in the core). */
  headerNames: z.array(z.string()),
  state: FetchState,
  /** 0–100 while processing, else null. */
  encodeProgress: z.number().nullable(),
  videoId: z.string().nullable(),
  /** Why it failed, in words. */
  error: z.object({ title: z.string(), detail: z.string().optional() }).nullable(),
  /** What the row is waiting for or what happened to it ("waiting for the platform's fetch queue"). */
  note: z.string().nullable(),
  /** The header values were not kept (no system keychain) and must be given again to retry. */
  needsHeaders: z.boolean(),
  addedAt: z.number(),
  endedAt: z.number().nullable(),
});
export type FetchView = z.infer<typeof FetchView>;

/** A fetch row's state in words ("Processing 40 %", "Failed: …") and the tone it is drawn in. */
export function fetchWords(v: FetchView): { readonly label: string; readonly tone: 'neutral' | 'accent' | 'warning' | 'success' | 'danger' } {
  switch (v.state) {
    case 'queued':
      return { label: 'Queued', tone: 'neutral' };
    case 'waiting':
      return { label: "Waiting for the platform's fetch queue", tone: 'warning' };
    case 'fetching':
      return { label: 'Fetching', tone: 'accent' };
    case 'processing':
      return { label: `Processing ${Math.round(v.encodeProgress ?? 0)} %`, tone: 'accent' };
    case 'ready':
      return { label: 'Ready', tone: 'success' };
    case 'failed':
      return { label: `Failed: ${v.error?.title ?? 'unknown reason'}`, tone: 'danger' };
    case 'cancelled':
      return { label: 'Cancelled', tone: 'neutral' };
  }
}

const Changed = z.object({ changed: z.number().int() });

/** The fetch methods; spread into the videos area's contract. */
export const videosFetchMethods = {
  /** Asks the platform to fetch a URL into a new video of the library, and follows it. */
  'videos.fetch': {
    input: z
      .object({
        libraryId: LibraryId,
        collectionId: z.string().trim().min(1).max(100).nullable(),
        url: FetchUrl,
        title: Title.optional(),
        headers: z.array(FetchHeader).max(MAX_FETCH_HEADERS, `at most ${MAX_FETCH_HEADERS} headers`),
      })
      .strict(),
    output: FetchView,
  },
  /** Every fetch row, newest first. */
  'videos.fetches': { input: z.object({}).strict(), output: z.object({ fetches: z.array(FetchView) }) },
  /** Stops following a fetch; a video the platform has not finished is deleted. */
  'videos.fetchCancel': { input: z.object({ id: FetchId }).strict(), output: Changed },
  /** Asks the platform again for a failed or cancelled fetch (header values given again when they were not kept). */
  'videos.fetchRetry': {
    input: z.object({ id: FetchId, headers: z.array(FetchHeader).max(MAX_FETCH_HEADERS).optional() }).strict(),
    output: Changed,
  },
  /** Removes ended rows (ready, failed, cancelled). */
  'videos.fetchClear': { input: z.object({}).strict(), output: z.object({ removed: z.number().int() }) },
} as const;

/** The fetch events; spread into the videos area's contract. */
export const videosFetchEvents = {
  /** Rows that changed (whole snapshots) and rows removed. */
  'videos.fetchRows': z.object({ fetches: z.array(FetchView), removed: z.array(FetchId) }),
} as const;
