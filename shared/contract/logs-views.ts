/**
 * Logs, saved views and links: named filter sets kept per zone (and per profile, as zones are the account's),
 * finding a request's row in the current sort, and links handed over by the `burrow:` protocol that wait in the
 * core until the Logs screen takes them.
 */
import { z } from 'zod';
import { LINK_MAX_LENGTH } from '../logs/link.js';
import { SessionId } from './logs-tail.js';

const ZoneId = z.number().int().positive();
const ViewId = z.string().min(1).max(100);

/** The longest name a saved view may have. */
export const VIEW_NAME_MAX = 60;
/** How many views one zone may keep. */
export const VIEWS_PER_ZONE_MAX = 100;

/** A view's name: trimmed, required, not too long (duplicates are refused by the core, per zone). */
export const ViewName = z
  .string()
  .trim()
  .min(1, 'Give the view a name')
  // Counted as people see characters (an emoji is one), not in UTF-16 units; the core checks it again after
  // dropping what cannot be seen.
  .refine((s) => [...s].length <= VIEW_NAME_MAX, `A view's name must be at most ${VIEW_NAME_MAX} characters`);

/** One saved view. */
export const SavedView = z.object({ id: ViewId, name: z.string(), filter: z.string(), savedAt: z.number() });
export type SavedView = z.infer<typeof SavedView>;

const Sort = z.object({ key: z.enum(['time', 'status', 'cache', 'bytes', 'country', 'pop']), dir: z.enum(['asc', 'desc']) }).strict();

export const logsViewsMethods = {
  /** The active profile's saved views for a zone, by name. */
  'logs.views': { input: z.object({ zoneId: ZoneId }).strict(), output: z.object({ views: z.array(SavedView) }) },
  /** Saves the filter text under a new name for the zone. */
  'logs.viewSave': {
    input: z.object({ zoneId: ZoneId, name: ViewName, filter: z.string().max(4_000, 'must be at most 4000 characters') }).strict(),
    output: SavedView,
  },
  /** Gives a saved view another name. */
  'logs.viewRename': { input: z.object({ zoneId: ZoneId, id: ViewId, name: ViewName }).strict(), output: SavedView },
  'logs.viewDelete': { input: z.object({ zoneId: ZoneId, id: ViewId }).strict(), output: z.object({}) },
  /** The place, in the sort given, of the matching row with this request id; null when it is not among them. */
  'logs.findRequest': {
    input: z.object({ sessionId: SessionId, requestId: z.string().regex(/^[0-9a-fA-F]{1,32}$/, 'must be hex of at most 32 digits'), sort: Sort }).strict(),
    output: z.object({ index: z.number().int().nonnegative().nullable() }),
  },
  /** A link arrived from outside (the `burrow:` protocol): kept until the Logs screen takes it, and announced. */
  'logs.linkDeliver': { input: z.object({ url: z.string().max(LINK_MAX_LENGTH) }).strict(), output: z.object({}) },
  /** Whether a link waits, without taking it (the app switches to Logs at start when one does). */
  'logs.linkPending': { input: z.object({}).strict(), output: z.object({ pending: z.boolean() }) },
  /** Takes the waiting link, if any: each link is opened once. */
  'logs.linkTake': { input: z.object({}).strict(), output: z.object({ url: z.string().nullable() }) },
} as const;

export const logsViewsEvents = {
  /** A link arrived from outside and waits to be taken. */
  'logs.link': z.object({}),
} as const;
