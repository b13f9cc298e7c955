/** The Logs screen over a fake bridge, with statuses and aggregates as the core sends them, for component tests. */
import { render } from '@testing-library/react';
import type { LogAggregates, LogsStatus } from '../../../../shared/contract/logs';
import type { TailStatus } from '../../../../shared/contract/logs-tail';
import { addChip, type LogFilter } from '../../../../shared/logs/filter';
import { formatChip, parseFilterText } from '../../../../shared/logs/filter-text';
import { useNav } from '../../../app/nav-store';
import { BridgeProvider, createQueryClient } from '../../../bridge/provider';
import { installFakeBridge, type FakeBridge } from '../../../testing/fake-bridge';
import { Toasts } from '../../../ui/toast';
import { useLogs } from '../logs-store';
import { LogsScreen } from '../LogsScreen';

/**
 * A zone session's status after its first page: 10,000 rows held, all matching, more on the platform. Its filter
 * comes back as the core writes it, canonical with its chips (text that does not parse comes back empty).
 */
export function aStatus(over: Partial<LogsStatus> = {}): LogsStatus {
  const parsed = parseFilterText(over.filter ?? '');
  const chips = parsed.ok ? parsed.filter.map(formatChip) : [];
  return {
    sessionId: 's1',
    source: { kind: 'zone', zoneId: 1 },
    from: Date.UTC(2026, 4, 9, 11),
    to: Date.UTC(2026, 4, 9, 12),
    loadedRows: 10_000,
    matchingRows: 10_000,
    hasMore: true,
    phase: 'idle',
    requests: 1,
    budget: { limit: 30, windowMs: 10_000, remaining: 29, pausedUntil: null },
    file: null,
    error: null,
    ...over,
    filter: chips.join(' '),
    chips,
  };
}

/** What every `logs.update` asks for with its change: the table's first block of rows, in its sort (newest first). */
export const FIRST_WINDOW = { window: { offset: 0, count: 100, sort: { key: 'time', dir: 'desc' } } } as const;

/** Aggregates with the KPIs given (the rest empty). */
export function anAggregates(kpis: Partial<LogAggregates['kpis']> = {}, partial = true): LogAggregates {
  return {
    rows: kpis.requests ?? 0,
    partial,
    kpis: { requests: 0, bytes: 0, hitRatio: null, clientErrors: null, serverErrors: null, uniqueIps: 0, ...kpis },
    series: { starts: [], bucketMs: 60_000, cacheStatuses: [], requestsByCache: [], bytesByCache: [], statusClasses: [], requestsByClass: [], bytesByClass: [], hitRatio: [] },
    top: { urls: [], countries: [], pops: [] },
  };
}

/** A fake bridge answering every Logs method: sessions `s1`, `s2`… echo the filter and source they were given. */
export function logsBridge(): FakeBridge {
  useLogs.setState({ sessionId: null, status: null, version: 0, aggregates: null, timeZone: 'utc', early: null, plotWidth: null });
  useNav.setState({ area: 'logs' });
  const bridge = installFakeBridge();
  let next = 0;
  bridge.answer('logs.zones', {
    zones: [
      { id: 1, name: 'cdn-main', loggingEnabled: true },
      { id: 2, name: 'quiet-zone', loggingEnabled: false },
    ],
  });
  bridge.answer('logs.open', ({ source, filter }) =>
    aStatus({
      sessionId: `s${++next}`,
      filter,
      source: source.kind === 'zone' ? { kind: 'zone', zoneId: source.zoneId } : { kind: 'file', fileName: 'day.log' },
      ...(source.kind === 'file' ? { hasMore: false, budget: null, requests: 0, file: { bytesRead: 10, totalBytes: 10, lines: 10_000, malformed: 0 } } : {}),
    }),
  );
  // As the core: the text parsed once, its problems sent back; a drill-down's chip merged into it (or into the filter applied).
  let applied: LogFilter = [];
  bridge.answer('logs.update', ({ sessionId, filter, add }) => {
    const typed = filter === undefined ? ({ ok: true, filter: applied } as const) : parseFilterText(filter);
    const text = (f: LogFilter) => f.map(formatChip).join(' ');
    if (!typed.ok && add === undefined) return { status: aStatus({ sessionId, filter: text(applied), matchingRows: 4_000 }), filterErrors: [...typed.errors] };
    const added = parseFilterText(add ?? '');
    applied = (added.ok ? added.filter : []).reduce(addChip, typed.ok ? typed.filter : applied);
    return { status: aStatus({ sessionId, filter: text(applied), matchingRows: 4_000 }) };
  });
  bridge.answer('logs.aggregates', anAggregates({ requests: 10_000, bytes: 2_500_000, hitRatio: 0.7, clientErrors: 0.05, serverErrors: 0.012, uniqueIps: 321 }));
  bridge.answer('logs.values', { values: [] });
  bridge.answer('logs.close', {});
  bridge.answer('logs.estimate', { perPageMs: 334, rowsPerPage: 10_000, requestsPer10s: 30 });
  bridge.answer('logs.loadAll', ({ sessionId }) => aStatus({ sessionId, phase: 'loading-all' }));
  bridge.answer('logs.loadMore', ({ sessionId }) => aStatus({ sessionId, loadedRows: 20_000, matchingRows: 20_000, requests: 2 }));
  bridge.answer('logs.cancel', ({ sessionId }) => aStatus({ sessionId, phase: 'cancelled' }));
  bridge.answer('logs.views', { views: [] });
  bridge.answer('logs.linkTake', { url: null });
  bridge.answer('logs.linkPending', { pending: false });
  return bridge;
}

/** Renders the Logs screen with toasts, as the app shows it in the Logs area. */
export function renderLogs() {
  return render(
    <BridgeProvider client={createQueryClient()}>
      <LogsScreen />
      <Toasts />
    </BridgeProvider>,
  );
}

/** A live tail just started, as the core answers `logs.tail`. */
export function aTail(over: Partial<TailStatus> = {}): TailStatus {
  return {
    sessionId: 't1',
    zoneId: 1,
    from: Date.UTC(2026, 10, 23, 11, 50),
    to: Date.UTC(2026, 10, 23, 12, 0),
    phase: 'live',
    filter: '',
    loadedRows: 0,
    matchingRows: 0,
    arrived: 0,
    arrivedMatching: 0,
    lastArrived: 0,
    trimmed: 0,
    trimmedMatching: 0,
    cap: 50_000,
    intervalMs: 3000,
    lookbackMs: 600_000,
    polls: 0,
    requests: 0,
    lastPollAt: null,
    behind: false,
    budget: { limit: 30, windowMs: 10_000, remaining: 29, pausedUntil: null },
    error: null,
    ...over,
  };
}
