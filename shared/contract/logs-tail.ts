/**
 * Logs, live tail: a zone's newest requests as they arrive. The core polls v2 within the zone's shared budget,
 * reaching back far enough to pick up rows the platform delivers late, keeps each request once (by request id),
 * holds at most a capped number of rows (the oldest go first) and stops asking while paused.
 */
import { z } from 'zod';

/** A session's (or a tail's) id, as every logs contract file names it. */
export const SessionId = z.string().min(1).max(100);
/** The filter in its text form (`status:5xx cache:MISS -pop:WA words`); the core parses it with the chips' rules. */
export const FilterText = z.string().max(4_000, 'must be at most 4000 characters');

/** The most rows a tail holds by default; the oldest arrivals are dropped past it. */
export const TAIL_DEFAULT_CAP = 50_000;
/** How often a tail asks by default, in ms. */
export const TAIL_DEFAULT_INTERVAL_MS = 3_000;
/** How far back each ask reaches by default: the platform can deliver a row minutes after it happened. */
export const TAIL_DEFAULT_LOOKBACK_MS = 10 * 60_000;

/** Where a live tail stands; also the payload of every `logs.tailStatus` event. */
/** Rows the platform sent that could not be read (counted, never the page): how many, and why the first one. */
export const UnreadableRows = z.object({ rows: z.number().int().nonnegative(), firstReason: z.string().nullable() });
export type UnreadableRows = z.infer<typeof UnreadableRows>;

export const TailStatus = z.object({
  sessionId: SessionId,
  zoneId: z.number().int(),
  /**
   * The live window in UTC ms, `to` exclusive: from the oldest row held (or, before any trim, as far back as the
   * first ask reached) to now. The charts bucket over it.
   */
  from: z.number(),
  to: z.number(),
  /** live: asking every `intervalMs`; paused: asking nothing; failed: stopped on an error that asking again will not fix; stopped: ended. */
  phase: z.enum(['live', 'paused', 'failed', 'stopped']),
  filter: z.string(),
  /** Rows held now (at most `cap`) and, of those, rows passing the filters applied in the core. */
  loadedRows: z.number().int(),
  matchingRows: z.number().int(),
  /** Matching rows that arrived since the tail started (never goes down): the renderer counts "N new" from it. */
  arrivedMatching: z.number().int(),
  /** Rows the platform sent that could not be read; absent when there were none. */
  unreadable: UnreadableRows.optional(),
  /** Rows (any) that arrived since the start, each request once. */
  arrived: z.number().int(),
  /** Matching rows of the latest ask. */
  lastArrived: z.number().int(),
  /** Rows dropped to stay under the cap since the start, and how many of those matched. */
  trimmed: z.number().int(),
  trimmedMatching: z.number().int(),
  cap: z.number().int(),
  intervalMs: z.number().int(),
  lookbackMs: z.number().int(),
  /** Asks made, and requests they took (pages, retries and 429s included). */
  polls: z.number().int(),
  requests: z.number().int(),
  /** When the latest ask was answered (UTC ms); null before the first. */
  lastPollAt: z.number().nullable(),
  /** The look-back window held more rows than one ask may fetch within its share of the budget: some were skipped. */
  behind: z.boolean(),
  budget: z.object({ limit: z.number().int(), windowMs: z.number().int(), remaining: z.number().int(), pausedUntil: z.number().nullable() }),
  /** The latest error: while live it is retried (network, 5xx, 429); when failed it is why the tail stopped. */
  error: z.object({ kind: z.string(), title: z.string(), detail: z.string().optional(), status: z.number().optional(), code: z.string().optional() }).nullable(),
});
export type TailStatus = z.infer<typeof TailStatus>;

const Id = z.object({ sessionId: SessionId }).strict();

export const logsTailMethods = {
  /**
   * Starts a live tail of a zone with a filter; the first ask goes at once. A tail's rows are read as a session's
   * (`logs.window` without a sort: in the order they arrived, newest last; aggregates, facets), by its id.
   */
  'logs.tail': {
    input: z.object({ zoneId: z.number().int().positive(), filter: FilterText, cap: z.number().int().min(100).max(1_000_000).optional() }).strict(),
    output: TailStatus,
  },
  /** Stops asking; the rows stay. */
  'logs.tailPause': { input: Id, output: TailStatus },
  /** Asks again at once, then every interval. */
  'logs.tailResume': { input: Id, output: TailStatus },
  /** Changes the filter: the rows so far are dropped and the tail starts over. */
  'logs.tailFilter': { input: z.object({ sessionId: SessionId, filter: FilterText }).strict(), output: TailStatus },
  /** Ends a tail and frees its rows. */
  'logs.tailStop': { input: Id, output: z.object({}) },
} as const;

export const logsTailEvents = {
  /** A tail's status changed: rows arrived, rows were trimmed, paused or resumed, an error. */
  'logs.tailStatus': TailStatus,
} as const;
