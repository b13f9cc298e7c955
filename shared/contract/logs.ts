/**
 * Logs: a pull zone's CDN logs (v2 pages) or a local v1 day file, held in the core as one session per source. The
 * renderer asks for windows of rows and for aggregates, never for all rows; filters travel as the filter text.
 */
import { z } from 'zod';
import { logRangeSchema } from '../logs/range.js';
import { logEntrySchema } from '../logs/v2-response.js';
import { empty, type AreaContract } from './define.js';
import { logsExportContract } from './logs-export.js';
import { FilterText, logsTailEvents, logsTailMethods, SessionId, UnreadableRows } from './logs-tail.js';
import { logsViewsEvents, logsViewsMethods } from './logs-views.js';

/** Where a session's rows come from: a zone's v2 logs over a range, or a v1 file handed over by drop or dialog. */
export const LogSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('zone'), zoneId: z.number().int().positive(), range: logRangeSchema }).strict(),
  /**
   * A v1 file handed over by drop or dialog; `select` keeps only some rows, chosen as it is read (the CLI's --from,
   * --to, --limit, --order): those in [from, to) that the filter keeps, and with `limit` the first of them in
   * `order` (`file`: as the file has them, reading stops there; by time, the whole file is read, the best held).
   */
  z.object({ kind: z.literal('file'), token: z.string().min(1).max(100), select: z.object({ from: z.number().optional(), to: z.number().optional(), limit: z.number().int().positive().optional(), order: z.enum(['asc', 'desc', 'file']).optional() }).strict().optional() }).strict(),
  /**
   * A zone's whole day from the v1 day files, downloaded in one stream and parsed in the core. `day` is a calendar
   * date in `timeZone`: `UTC` or an IANA name (the viewer's local zone, or the CLI's TZ). A day that is not a UTC
   * day spans two files; only its own rows are kept. A day wholly older than 3 days, or in the future, is refused.
   */
  z.object({ kind: z.literal('day'), zoneId: z.number().int().positive(), day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'), timeZone: z.string().min(1).max(64) }).strict(),
]);
export type LogSource = z.infer<typeof LogSource>;

/** Columns the table can sort by (in the core, over every loaded row). */
export const LOG_SORT_KEYS = ['time', 'status', 'cache', 'bytes', 'country', 'pop'] as const;
export const LogSort = z.object({ key: z.enum(LOG_SORT_KEYS), dir: z.enum(['asc', 'desc']) }).strict();
export type LogSort = z.infer<typeof LogSort>;

/**
 * One row of a window: the v2 entry and its place among the session's matching rows. A visitor's Authorization
 * header comes masked (`Bearer ••••••••`, `authorizationMasked` true); `logs.revealAuthorization` gives one row's.
 */
export const LogRow = logEntrySchema.extend({ index: z.number().int().nonnegative(), authorizationMasked: z.boolean().optional() });
export type LogRow = z.infer<typeof LogRow>;

/** A JSON-safe error as the session shows it. */
const SessionError = z.object({ kind: z.string(), title: z.string(), detail: z.string().optional(), status: z.number().optional(), code: z.string().optional() });

/** Where a session stands; also the payload of every `logs.status` event. */
export const LogsStatus = z.object({
  sessionId: SessionId,
  source: z.object({ kind: z.enum(['zone', 'file', 'day']), zoneId: z.number().optional(), fileName: z.string().optional(), day: z.string().optional(), timeZone: z.string().optional() }),
  /** The time span the rows cover: the resolved range of a zone; the first and last row of a file (null while empty). */
  from: z.number().nullable(),
  to: z.number().nullable(),
  /** The filter as the core understood it, in canonical text, and its chips (each one's text; `-` starts one that excludes). */
  filter: z.string(),
  chips: z.array(z.string()),
  /** Rows held (after the platform's filtering) and, of those, rows passing the filters applied in the core. */
  loadedRows: z.number().int(),
  matchingRows: z.number().int(),
  /** More pages exist on the platform: what is shown is partial. */
  hasMore: z.boolean(),
  phase: z.enum(['loading', 'idle', 'loading-all', 'failed', 'cancelled']),
  requests: z.number().int(),
  /** The zone's shared request budget; null for files. */
  budget: z.object({ limit: z.number().int(), windowMs: z.number().int(), remaining: z.number().int(), pausedUntil: z.number().nullable() }).nullable(),
  /** A file's (or a whole day's download's) reading progress and malformed lines; null for zones. totalBytes is 0 while unknown. */
  file: z
    .object({
      bytesRead: z.number(),
      totalBytes: z.number(),
      lines: z.number().int(),
      malformed: z.number().int(),
      /** Reading stopped at the rows' ceiling: the rows are the file's first ones and it has more. */
      truncated: z.boolean().optional(),
      /** Reading stopped once the selection's limit of rows matched, in file order: the file has more. */
      limited: z.boolean().optional(),
      /** Gzip data that ended early or is damaged: where reading stopped, in words; the rows before it are kept. */
      endedEarly: z.string().optional(),
    })
    .nullable(),
  /** A zone's rows the platform sent that could not be read (listed by `logs.malformed`); absent when there were none. */
  unreadable: UnreadableRows.optional(),
  /** Why loading a zone's pages ended although the platform said there were more (it kept answering the same). */
  pagingStopped: z.string().optional(),
  error: SessionError.nullable(),
});
export type LogsStatus = z.infer<typeof LogsStatus>;

const Series = z.array(z.array(z.number()));

/** How the top URLs group: ids in paths collapsed into patterns, and whether query strings count. */
export const UrlGroupingSchema = z.object({ patterns: z.boolean(), ignoreQuery: z.boolean() }).strict();

/** What the KPI strip and the charts draw, computed in the core over the matching rows. */
export const LogAggregates = z.object({
  rows: z.number().int(),
  partial: z.boolean(),
  kpis: z.object({
    requests: z.number().int(),
    bytes: z.number(),
    hitRatio: z.number().nullable(),
    clientErrors: z.number().nullable(),
    serverErrors: z.number().nullable(),
    uniqueIps: z.number().int(),
  }),
  series: z.object({
    starts: z.array(z.number()),
    bucketMs: z.number().int(),
    /** By cache status (in `cacheStatuses` order), then bucket. */
    cacheStatuses: z.array(z.string()),
    requestsByCache: Series,
    bytesByCache: Series,
    /** By status class (in `statusClasses` order), then bucket. */
    statusClasses: z.array(z.string()),
    requestsByClass: Series,
    bytesByClass: Series,
    hitRatio: z.array(z.number().nullable()),
  }),
  top: z.object({
    /** `urls`: how many different URLs an entry counts (a pattern, or a path whose query strings were ignored). */
    urls: z.array(z.object({ key: z.string(), requests: z.number().int(), bytes: z.number(), hitRatio: z.number().nullable(), urls: z.number().int().optional() })),
    countries: z.array(z.object({ key: z.string(), requests: z.number().int(), bytes: z.number(), hitRatio: z.number().nullable() })),
    pops: z.array(z.object({ key: z.string(), requests: z.number().int(), bytes: z.number(), hitRatio: z.number().nullable() })),
  }),
});
export type LogAggregates = z.infer<typeof LogAggregates>;

/** The facets the core counts over the matching rows, in the order a panel lists them. */
export const FACET_NAMES = ['cache', 'statusClass', 'status', 'country', 'pop', 'urlPattern', 'host', 'refererHost', 'uaFamily'] as const;
export const FacetName = z.enum(FACET_NAMES);
export type FacetName = z.infer<typeof FacetName>;

/** One value of a facet over the matching rows. */
export const FacetValue = z.object({
  /** The value as shown ("HIT", "5xx", "cdn.example", "browser · Chrome"); "(none)" for rows without one. */
  key: z.string(),
  requests: z.number().int(),
  /** requests ÷ the matching rows (0–1). */
  share: z.number(),
  bytes: z.number(),
  hitRatio: z.number().nullable(),
  /**
   * The filter text that picks these rows (`cache:HIT`, `-` in front filters them out); null when no filter says
   * it. `exact` says whether that filter picks exactly these rows or a few more (a contains filter).
   */
  filter: z.string().nullable(),
  exact: z.boolean(),
});
export type FacetValue = z.infer<typeof FacetValue>;

/** Each facet's top values (all of one facet when asked), with how many distinct values it has. */
export const LogFacets = z.object({
  rows: z.number().int(),
  partial: z.boolean(),
  facets: z.array(z.object({ name: FacetName, distinct: z.number().int(), matched: z.number().int(), values: z.array(FacetValue) })),
});
export type LogFacets = z.infer<typeof LogFacets>;

/** What a facets call asks: the top `limit` of each facet, or every value of `facet` (those containing `search`). */
export const FacetsQuery = z
  .object({
    limit: z.number().int().min(1).max(1000).optional(),
    facet: FacetName.optional(),
    search: z.string().max(200).optional(),
    urls: UrlGroupingSchema.optional(),
  })
  .strict();
export type FacetsQuery = z.infer<typeof FacetsQuery>;

export const logsContract = {
  methods: {
    /** The active profile's pull zones, and whether each has logging enabled (zones without it cannot be queried). */
    'logs.zones': {
      input: empty,
      output: z.object({
        zones: z.array(z.object({ id: z.number(), name: z.string(), loggingEnabled: z.boolean() })),
        /** The zone to show when the user has not chosen one: the embedded sandbox's busy demo zone; absent otherwise. */
        suggested: z.number().optional(),
      }),
    },
    /** Opens a session on a source with a filter: a zone starts loading its first page, a file starts being read. */
    'logs.open': {
      input: z.object({ source: LogSource, filter: FilterText }).strict(),
      output: LogsStatus,
    },
    /**
     * Changes a session's filter or range: a zone queries again (the answer waits for its first page), a file filters
     * its rows again. `add` is a chip to merge into the filter (a drill-down; into the one applied while `filter` has
     * a problem). The answer carries the status and, when asked, the first `window` of rows, so the table draws
     * without asking again; or, for a filter that does not parse, each problem and where it is (nothing changed).
     */
    'logs.update': {
      input: z.object({ sessionId: SessionId, filter: FilterText.optional(), add: FilterText.optional(), range: logRangeSchema.optional(), window: z.object({ offset: z.number().int().nonnegative(), count: z.number().int().min(0).max(500), sort: LogSort.optional() }).strict().optional() }).strict(),
      output: z.object({ status: LogsStatus, window: z.object({ rows: z.array(LogRow), total: z.number().int() }).optional(), filterErrors: z.array(z.object({ at: z.number().int(), message: z.string() })).optional() }),
    },
    /** The rows the table shows: `count` matching rows from `offset`, in the sort asked for (none: as they arrived). */
    'logs.window': {
      input: z.object({ sessionId: SessionId, offset: z.number().int().nonnegative(), count: z.number().int().min(0).max(500, 'must be at most 500'), sort: LogSort.optional() }).strict(),
      output: z.object({ rows: z.array(LogRow), total: z.number().int() }),
    },
    /**
     * A zone's rows over a range for a shell that writes them out as they come (the CLI), a page a call: the rows the
     * filter keeps, in `order`, as the platform sent them, `limit` at most in all; nothing is held in the core. The
     * first call names the query, the later ones its walk. A visitor's Authorization header is left out unless asked
     * for by name. With `facets` the rows are counted instead, and the last answer carries their facets.
     */
    'logs.page': {
      input: z.union([
        z.object({ zoneId: z.number().int().positive(), range: logRangeSchema, filter: FilterText, order: z.enum(['asc', 'desc']), limit: z.number().int().positive().optional(), includeAuthorization: z.boolean().optional(), facets: FacetsQuery.optional() }).strict(),
        z.object({ walkId: SessionId }).strict(),
      ]),
      output: z.object({
        walkId: SessionId,
        entries: z.array(logEntrySchema),
        /** Requests this page took (retries included); its rows that could not be read, and why the first one. */
        requests: z.number().int(),
        skipped: z.number().int(),
        firstSkipReason: z.string().optional(),
        /** No more calls: the platform has no more, the limit is reached, or paging stopped (`stopped` says why). */
        done: z.boolean(),
        stopped: z.string().optional(),
        facets: LogFacets.optional(),
      }),
    },
    /**
     * The place, in the sort given, of the nearest matching row after (`next`) or before (`prev`) row `from` whose
     * status is in the class; null when there is none that way. `from` may be -1 or the total, to start at an end.
     */
    'logs.findStatus': {
      input: z.object({ sessionId: SessionId, from: z.number().int().min(-1), direction: z.enum(['next', 'prev']), statusClass: z.enum(['4xx', '5xx']), sort: LogSort }).strict(),
      output: z.object({ index: z.number().int().nonnegative().nullable() }),
    },
    /**
     * KPIs, time series (buckets follow the range unless `bucketMs` is given) and top lists over the matching rows;
     * `urls` says how the top URLs group (by default exact paths, query strings ignored).
     */
    'logs.aggregates': {
      input: z.object({ sessionId: SessionId, bucketMs: z.number().int().positive().optional(), urls: UrlGroupingSchema.optional() }).strict(),
      output: LogAggregates,
    },
    /**
     * Facets with counts over the matching rows: per value its requests, share, bytes, hit ratio and the filter text
     * that picks it. The top `limit` (10 by default) of each facet, or with `facet` only that one, all its values
     * (those containing `search`, case-insensitive). Small aggregates only: the rows stay in the core.
     */
    'logs.facets': {
      input: z.object({ sessionId: SessionId, query: FacetsQuery.optional() }).strict(),
      output: LogFacets,
    },
    /** Values seen in the loaded rows for a filter key, most frequent first, for completions. */
    'logs.values': {
      input: z.object({ sessionId: SessionId, key: z.enum(['status', 'cache', 'country', 'pop', 'ip', 'host', 'agent']), prefix: z.string().max(200) }).strict(),
      output: z.object({ values: z.array(z.string()) }),
    },
    /**
     * The Authorization header of one matching row (its place in the sort given, or as they arrived), in clear, for
     * an explicit reveal (the detail pane; the CLI asked by name); null when the row has none. With `requestId` the
     * row must be that request (rows may have arrived since): it is looked for, and null comes back when it is gone.
     * Windows only carry the masked form.
     */
    'logs.revealAuthorization': {
      input: z.object({ sessionId: SessionId, index: z.number().int().nonnegative(), sort: LogSort.optional(), requestId: z.string().max(64).optional() }).strict(),
      output: z.object({ value: z.string().nullable() }),
    },
    /** Loads the next page of a zone. */
    'logs.loadMore': { input: z.object({ sessionId: SessionId }).strict(), output: LogsStatus },
    /** How long loading every remaining page would take at least, at the zone's rate limit. */
    'logs.estimate': {
      input: z.object({ sessionId: SessionId }).strict(),
      output: z.object({
        perPageMs: z.number(),
        rowsPerPage: z.number().int(),
        requestsPer10s: z.number().int(),
        /** About how many pages are left, judged from how much of the range the rows held cover; absent before any. */
        pagesLeft: z.number().int().nonnegative().optional(),
      }),
    },
    /** Loads pages until there are no more (progress by `logs.status`); cancel stops it. */
    'logs.loadAll': { input: z.object({ sessionId: SessionId }).strict(), output: LogsStatus },
    'logs.cancel': { input: z.object({ sessionId: SessionId }).strict(), output: LogsStatus },
    /** Ends a session and frees its rows. */
    'logs.close': { input: z.object({ sessionId: SessionId }).strict(), output: z.object({}) },
    /**
     * A file's malformed lines, or a zone's rows that could not be read (up to the samples kept): line number (for a
     * zone, the row's place in the query's results), why, and the start of the line (for a zone, of the row's JSON).
     */
    'logs.malformed': {
      input: z.object({ sessionId: SessionId }).strict(),
      output: z.object({ total: z.number().int(), samples: z.array(z.object({ line: z.number().int(), reason: z.string(), text: z.string() })) }),
    },
    /** Opens the native dialog for a v1 file (.log or .log.gz); null when cancelled. */
    'logs.chooseFile': { input: empty, output: z.object({ token: z.string(), name: z.string() }).nullable() },
    ...logsExportContract.methods,
    ...logsTailMethods,
    ...logsViewsMethods,
  },
  events: {
    /** A session's status changed: rows loaded, a page arrived, the budget moved, an error, the end. */
    'logs.status': LogsStatus,
    ...logsExportContract.events,
    ...logsTailEvents,
    ...logsViewsEvents,
  },
} as const satisfies AreaContract;
