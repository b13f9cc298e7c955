/**
 * The logs area's door: `createLogsArea` wires sessions by id (a zone's v2 logs, a day, a v1 file), the zone list,
 * the file dialog and `logs.status` events; every zone session pages through the process's one rate budget. The
 * methods that read rows answer for a live tail's id as well, so the screen's one table, histogram and facets can
 * show either. Other areas, the CLI and the bench import from here only.
 */
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { LogSource, logsContract, LogsStatus } from '../../../shared/contract/logs.js';
import { appError } from '../../../shared/contract/result.js';
import { addChip } from '../../../shared/logs/filter.js';
import { parseFilterText } from '../../../shared/logs/filter-text.js';
import { AppFailure } from '../errors.js';
import { listPullZones } from '../platform/core-lists.js';
import type { PlatformClient } from '../platform/types.js';
import type { Dialogs } from '../ports.js';
import type { AreaHandlers, EventBus } from '../router.js';
import { processRateBudget, type RateBudget } from './v2/rate-budget.js';
import { FileSession } from './sessions/file-session.js';
import { inThreadRows, type RowsHandle, type RowsHost } from './rows/rows-host.js';
import type { TimeSpan } from './rows/rows-model.js';
import { parseFilterOrFail, resolveOrFail, ZoneSession, type Session, type SessionEnv } from './sessions/session.js';
import { startWalk, type PageWalk } from './v2/page-walk.js';
import { createV2LogClient } from './v2/v2-client.js';
import { exportHandlers } from './export/export-handlers.js';
import { DaySession, openDaySession } from './sessions/day-session.js';
import { tailArea } from './tail/tail-handlers.js';
import type { TailOptions } from './tail/tail-session.js';
import { viewsHandlers, type ViewsDeps } from './views-handlers.js';

/** The area's handlers, typed from its contract file. */
export type LogsHandlers = AreaHandlers<typeof logsContract>;

/** What the area needs from the rest of the core. */
export interface LogsAreaDeps {
  readonly bus: Pick<EventBus, 'emit'>;
  readonly dialogs: Dialogs;
  /** The active profile's platform client. */
  client(): Promise<PlatformClient>;
  pathOf(token: string): string | undefined;
  register(path: string): Promise<{ readonly token: string; readonly name: string }>;
  readonly now?: () => number;
  readonly budget?: RateBudget;
  /** Where sessions keep their rows: a worker thread in the app, this thread by default. */
  readonly rows?: RowsHost;
  /** Live tail tuning, for tests. */
  readonly tail?: TailOptions;
  /** Where saved views are kept; without it they are refused. */
  readonly views?: ViewsDeps;
  /** The name of the zone to open when the user has chosen none (the embedded sandbox's busy zone), if any. */
  suggestedZone?(): string | null;
}

/** What the screen reads from a session or a live tail alike: its rows, and the window and completeness charts need. */
export interface RowsReader {
  readonly rows: RowsHandle;
  readonly partial: boolean;
  timeSpan(): TimeSpan | null;
  window: Session['window'];
}

/** The area's handlers and how to stop it. */
export interface LogsArea {
  readonly handlers: LogsHandlers;
  /**
   * Ends every session that reads from the platform (a zone's range, a whole day, a live tail), as when another
   * profile becomes active: none of them may go on fetching, or be read, with the new profile's keys. Log files
   * opened from disk belong to no profile and stay.
   */
  endPlatformSessions(): void;
  close(): void;
}

/** Builds the logs area. */
export function createLogsArea(deps: LogsAreaDeps): LogsArea {
  const sessions = new Map<string, ZoneSession | FileSession>();
  const walks = new Map<string, PageWalk>();
  const budget = deps.budget ?? processRateBudget();
  const env: SessionEnv = { now: deps.now ?? Date.now, budget, emit: (s: LogsStatus) => deps.bus.emit('logs.status', s) };
  const rows = deps.rows ?? inThreadRows();
  const v2 = async () => createV2LogClient({ client: await deps.client(), budget });
  const tail = tailArea({ now: env.now, budget, rows, v2, emit: (s) => deps.bus.emit('logs.tailStatus', s), ...(deps.tail ? { options: deps.tail } : {}) });

  const get = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw new AppFailure(appError('not_found', 'This log view has ended', { detail: 'Open the zone or the file again.' }));
    return s;
  };
  /** A session, or a live tail, by id: whatever holds rows the screen reads. */
  const reader = (id: string): RowsReader => sessions.get(id) ?? tail.session(id) ?? get(id);
  const zone = (id: string) => {
    const s = get(id);
    if (!(s instanceof ZoneSession)) throw new AppFailure(appError('validation', 'A file has no more pages to load'));
    return s;
  };

  const openFile = ({ token, select }: Extract<LogSource, { kind: 'file' }>, filterText: string): LogsStatus => {
    const path = deps.pathOf(token);
    if (path === undefined) throw new AppFailure(appError('not_found', 'That file is no longer available', { detail: 'Drop it or choose it again.' }));
    const session = new FileSession([randomUUID(), env, parseFilterOrFail(filterText), rows.open()], basename(path), select);
    sessions.set(session.id, session);
    void session.load(path);
    return session.status();
  };

  const closeWalks = () => {
    for (const w of walks.values()) w.close();
    walks.clear();
  };

  const handlers: LogsHandlers = {
    'logs.zones': async () => {
      // Read liberally (null names, extra members, a zone without an id skipped): the same reader as the settings'.
      const { items } = await listPullZones(await deps.client());
      const zones = items.map((z) => ({ id: z.id, name: z.name, loggingEnabled: z.loggingEnabled }));
      const name = deps.suggestedZone?.() ?? null;
      const suggested = name === null ? undefined : zones.find((z) => z.name === name && z.loggingEnabled)?.id;
      return suggested === undefined ? { zones } : { zones, suggested };
    },
    'logs.open': async ({ source, filter }) => {
      if (source.kind === 'file') return openFile(source, filter);
      if (source.kind === 'day') return ((s) => (sessions.set(s.id, s), s.status()))(openDaySession(source, { id: randomUUID(), env, filter: parseFilterOrFail(filter), rows: () => rows.open(), client: deps.client }));
      const session = new ZoneSession([randomUUID(), env, parseFilterOrFail(filter), rows.open()], source.zoneId, source.range, v2);
      sessions.set(session.id, session);
      void session.loadMore();
      return session.status();
    },
    'logs.update': async ({ sessionId, filter, add, range, window }) => {
      const s = get(sessionId);
      // The one parse the typed text gets: its problems go back to be shown where they are.
      const typed = filter !== undefined ? parseFilterText(filter) : ({ ok: true, filter: s.filter } as const);
      if (!typed.ok && add === undefined) return { status: s.status(), filterErrors: [...typed.errors] };
      const base = typed.ok ? typed.filter : s.filter;
      const next = add === undefined ? base : parseFilterOrFail(add).reduce(addChip, base);
      if (s instanceof FileSession) await s.setFilter(next);
      else {
        s.restart(next, range ?? s.range);
        await s.loadMore(true);
      }
      return { status: s.status(), ...(window ? { window: await s.window(window.offset, window.count, window.sort) } : {}) };
    },
    'logs.window': async ({ sessionId, offset, count, sort }) => reader(sessionId).window(offset, count, sort),
    'logs.page': async (input) => {
      let walk: PageWalk | undefined;
      if ('walkId' in input) walk = walks.get(input.walkId);
      else {
        const { range, filter, ...rest } = input;
        walk = startWalk(await v2(), { ...rest, ...resolveOrFail(range, env.now()), filter: parseFilterOrFail(filter) }, input.facets ? rows.open() : null);
        walks.set(walk.id, walk);
      }
      if (!walk) throw new AppFailure(appError('not_found', 'This walk over the logs has ended', { detail: 'Start it again.' }));
      const page = await walk.next().finally(() => walks.delete(walk.id));
      if (!page.done) walks.set(walk.id, walk);
      return page;
    },
    'logs.revealAuthorization': async ({ sessionId, index, sort, requestId }) => ({ value: await reader(sessionId).rows.call('authorizationFor', [index, sort, requestId]) }),
    'logs.findStatus': async ({ sessionId, from, direction, statusClass, sort }) => {
      const lo = Number(statusClass[0]) * 100;
      return { index: await reader(sessionId).rows.call('findStatus', [from, direction === 'next' ? 1 : -1, sort, lo, lo + 99]) };
    },
    'logs.aggregates': async ({ sessionId, bucketMs, urls }) => ((r) => r.rows.call('aggregates', [r.timeSpan(), r.partial, bucketMs, urls]))(reader(sessionId)),
    'logs.facets': async ({ sessionId, query }) => ((r) => r.rows.call('facets', [query ?? {}, r.partial]))(reader(sessionId)),
    'logs.values': async ({ sessionId, key, prefix }) => ({ values: await reader(sessionId).rows.call('values', [key, prefix]) }),
    'logs.loadMore': async ({ sessionId }) => {
      const s = zone(sessionId);
      await s.loadMore();
      return s.status();
    },
    'logs.estimate': async ({ sessionId }) => {
      const s = zone(sessionId);
      const state = budget.state(s.zoneId);
      const rowsPerPage = 10_000;
      const pagesLeft = await s.pagesLeft(rowsPerPage);
      return { perPageMs: Math.ceil(state.windowMs / state.limit), rowsPerPage, requestsPer10s: state.limit, ...(pagesLeft !== null ? { pagesLeft } : {}) };
    },
    'logs.loadAll': async ({ sessionId }) => {
      const s = zone(sessionId);
      s.loadAll();
      return s.status();
    },
    'logs.cancel': async ({ sessionId }) => {
      const s = get(sessionId);
      s.cancel();
      return s.status();
    },
    'logs.close': async ({ sessionId }) => {
      sessions.get(sessionId)?.close();
      sessions.delete(sessionId);
      return {};
    },
    'logs.malformed': async ({ sessionId }) => {
      const s = get(sessionId);
      if (s instanceof ZoneSession) return { total: s.unreadable, samples: s.unreadableSamples.map((x) => ({ ...x })) };
      if (!(s instanceof FileSession)) return { total: 0, samples: [] };
      return { total: s.malformed, samples: s.samples.map((x) => ({ line: x.line, reason: x.reason, text: x.text })) };
    },
    'logs.chooseFile': async () => {
      const [path] = await deps.dialogs.openFiles({ title: 'Open a CDN log file', filters: [{ name: 'CDN logs', extensions: ['log', 'gz'] }, { name: 'All files', extensions: ['*'] }] });
      if (path === undefined) return null;
      const f = await deps.register(path);
      return { token: f.token, name: f.name };
    },
    ...exportHandlers({ session: get, dialogs: deps.dialogs, emit: (s) => deps.bus.emit('logs.exportStatus', s) }),
    ...tail.handlers,
    ...viewsHandlers(deps.views, reader, deps.bus),
  };
  return {
    handlers,
    endPlatformSessions() {
      for (const [id, s] of sessions) {
        if (s instanceof FileSession && !(s instanceof DaySession)) continue;
        s.close();
        sessions.delete(id);
      }
      closeWalks();
      tail.close();
    },
    close() {
      for (const s of sessions.values()) s.close();
      sessions.clear();
      closeWalks();
      tail.close();
      rows.close();
    },
  };
}

// What the shells and the bench use of the area besides the handlers.
export { workerRows } from './rows/rows-host.js';
export { processRateBudget, createRateBudget } from './v2/rate-budget.js';
export type { TailOptions } from './tail/tail-session.js';
export { type ByteRow } from './rows/columns.js';
export { CACHE_CODES } from './rows/types.js';
export { parseV1File, parseV1FileInWorker, planV1FileParts } from './v1/v1-file.js';
export { V1StreamParser } from './v1/v1-parse.js';
export { streamV1File } from './v1/v1-read.js';
export type { ByteRange } from './v1/v1-ranges.js';
// The videos and apps areas read delivery figures from zones' logs through the same budget.
export { createDeliveryReads, type DeliveryReads } from './delivery/delivery-reads.js';
