// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogRow, LogSort } from '../../../shared/contract/logs';
import type { TailStatus } from '../../../shared/contract/logs-tail';
import { installFakeBridge, type FakeBridge } from '../../testing/fake-bridge';
import { ROW_HEIGHT } from './table/BodyRow';
import { LogTable } from './table/LogTable';
import { fakeLayout } from './table/testing/table';
import { aTail } from './testing/logs';
import { useLiveAggregates, useLiveMode } from './use-live-mode';
import { LiveControls } from './LiveTail';
import type { DrillDown, TimeZoneMode } from './view-types';
import { bucketForWidth } from '../../../shared/logs/buckets';

const NEWEST_FIRST: LogSort = { key: 'time', dir: 'desc' };

interface Props {
  readonly zoneId: number;
  /** The filter applied in the screen; the tail follows it. */
  readonly filter: string;
  readonly timeZone: TimeZoneMode;
  onDrill?(drill: DrillDown): void;
}

/** The controls with the logs table on the tail below them: the part of the Logs screen live mode is about. */
function LiveTail({ zoneId, filter, timeZone, onDrill }: Props) {
  const live = useLiveMode(zoneId, filter);
  const [sort, setSort] = useState<LogSort>(NEWEST_FIRST);
  return (
    <>
      <LiveControls live={live} />
      {live.on && live.sessionId !== null && (
        <LogTable sessionId={live.sessionId} total={live.total} version={live.version} sort={sort} onSort={setSort} timeZone={timeZone} onDrill={onDrill ?? (() => undefined)} live={live.table} />
      )}
    </>
  );
}


beforeEach(fakeLayout);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});


/** The `n`-th row to arrive (time grows with n), at place `index` of a window. */
function aRow(n: number, index: number): LogRow {
  return {
    index,
    timestamp: new Date(Date.UTC(2026, 10, 23, 12, 0, 0) + n * 1000).toISOString(),
    pullZoneId: 1,
    requestId: n.toString(16).padStart(32, '0'),
    cacheStatus: 'HIT',
    statusCode: n % 10 === 0 ? 503 : 200,
    bytesSent: 1000 + n,
    remoteIp: '10.0.0.0',
    countryCode: 'DE',
    edgeLocation: 'DE',
    scheme: 'https',
    host: 'z.b-cdn.net',
    path: `/r/${n}`,
    url: `https://z.b-cdn.net/r/${n}`,
    userAgent: null,
    referer: null,
  };
}

/**
 * A tail in the fake core: it holds the arrivals `lo..hi-1` (older ones were trimmed). `logs.window` and
 * `logs.findRequest` answer over them as the core does for a tail's id: newest first under time desc, oldest
 * first under time asc.
 */
function tailBridge(): { bridge: FakeBridge; held: { lo: number; hi: number } } {
  const bridge = installFakeBridge();
  const held = { lo: 0, hi: 0 };
  const arrivalAt = (k: number, sort: LogSort | undefined) => (sort?.dir === 'desc' ? held.hi - 1 - k : held.lo + k);
  bridge.answer('logs.tail', ({ zoneId, filter }) => aTail({ zoneId, filter }));
  bridge.answer('logs.window', ({ offset, count, sort }) => {
    const total = held.hi - held.lo;
    return { rows: Array.from({ length: Math.max(0, Math.min(count, total - offset)) }, (_, i) => aRow(arrivalAt(offset + i, sort), offset + i)), total };
  });
  bridge.answer('logs.findRequest', ({ requestId, sort }) => {
    const n = parseInt(requestId, 16);
    if (n < held.lo || n >= held.hi) return { index: null };
    return { index: sort.dir === 'desc' ? held.hi - 1 - n : n - held.lo };
  });
  bridge.answer('logs.tailPause', ({ sessionId }) => aTail({ sessionId, phase: 'paused' }));
  bridge.answer('logs.tailResume', ({ sessionId }) => aTail({ sessionId, phase: 'live' }));
  bridge.answer('logs.tailFilter', ({ sessionId, filter }) => aTail({ sessionId, filter }));
  bridge.answer('logs.tailStop', {});
  return { bridge, held };
}

/** The status the core sends once arrivals `lo..hi-1` are held, `arrived` having come since the start. */
function heldStatus(held: { lo: number; hi: number }, arrived = held.hi): TailStatus {
  const n = held.hi - held.lo;
  return aTail({ matchingRows: n, loadedRows: n, arrived, arrivedMatching: arrived, trimmed: held.lo, trimmedMatching: held.lo });
}

const grid = () => screen.getByRole('grid', { name: 'Log rows' });
const rowAt = (i: number) => grid().querySelector<HTMLElement>(`[role="row"][aria-rowindex="${i + 2}"]`);
/** The path shown in the row at place `i`, once it is drawn fresh. */
const pathAt = async (i: number) =>
  waitFor(() => {
    const r = rowAt(i);
    expect(r?.dataset.state).toBe('ready');
    return r!.querySelector('[data-column="path"]')!.textContent;
  });
/** The place of the first row drawn in the view. */
const firstShown = () => Math.min(...[...grid().querySelectorAll<HTMLElement>('[role="row"][data-index]')].map((r) => Number(r.dataset.index)));

function scrollTo(px: number) {
  const el = grid();
  el.scrollTop = px;
  fireEvent.scroll(el);
}

describe('live mode', () => {
  it('the switch starts a tail with the applied filter; its rows are the logs table’s, newest first; pause, resume, a new filter and stop', async () => {
    const { bridge, held } = tailBridge();
    const view = render(<LiveTail zoneId={1} filter="status:5xx" timeZone="utc" />);
    expect(bridge.count('logs.tail')).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Live' }));
    await waitFor(() => expect(bridge.inputs('logs.tail')).toEqual([{ zoneId: 1, filter: 'status:5xx' }]));
    await screen.findByText(/No requests yet/);
    held.hi = 3;
    act(() => bridge.emit('logs.tailStatus', { ...heldStatus(held), filter: 'status:5xx' }));
    expect(await pathAt(0)).toBe('/r/2');
    expect(await pathAt(2)).toBe('/r/0');
    // The table reads the tail through the logs session's own method, newest first.
    expect(bridge.inputs('logs.window').at(-1)).toMatchObject({ sessionId: 't1', offset: 0, sort: { key: 'time', dir: 'desc' } });
    expect(screen.getByTestId('live-state').textContent).toContain('Live — asking every 3 s · 3 rows');
    expect(screen.queryByTestId('live-scroller')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await screen.findByRole('button', { name: 'Resume' });
    expect(screen.getByTestId('live-state').textContent).toContain('Paused');
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await screen.findByRole('button', { name: 'Pause' });

    // A new filter starts the tail over with it.
    view.rerender(<LiveTail zoneId={1} filter="cache:MISS" timeZone="utc" />);
    await waitFor(() => expect(bridge.inputs('logs.tailFilter')).toEqual([{ sessionId: 't1', filter: 'cache:MISS' }]));

    fireEvent.click(screen.getByRole('button', { name: 'Stop live' }));
    await waitFor(() => expect(bridge.inputs('logs.tailStop')).toEqual([{ sessionId: 't1' }]));
    expect(screen.queryByRole('grid', { name: 'Log rows' })).toBeNull();
  });

  it('at the top new rows arrive in view; scrolled down the same rows stay in view, "N new — jump to live" counts what came and goes back up', async () => {
    const { bridge, held } = tailBridge();
    held.hi = 100;
    const props = { sessionId: 't1', sort: { key: 'time', dir: 'desc' } as const, timeZone: 'utc' as const, onSort: () => undefined, onDrill: () => undefined };
    const view = render(<LogTable {...props} total={100} version={1} live={{ arrived: 100 }} />);
    expect(await pathAt(0)).toBe('/r/99');
    // At the top: new rows come in at the top of the view.
    held.hi = 107;
    view.rerender(<LogTable {...props} total={107} version={2} live={{ arrived: 107 }} />);
    expect(await pathAt(0)).toBe('/r/106');
    expect(grid().scrollTop).toBe(0);
    expect(screen.queryByTestId('live-jump')).toBeNull();

    // Scrolled down ten rows: the first row in view is arrival 96.
    scrollTo(10 * ROW_HEIGHT);
    expect(firstShown()).toBe(10);
    expect(await pathAt(10)).toBe('/r/96');
    held.hi = 115;
    view.rerender(<LogTable {...props} total={115} version={3} live={{ arrived: 115 }} />);
    // Eight arrived above it: the view moved down by eight rows and still starts at arrival 96.
    const jump = await screen.findByRole('button', { name: '8 new — jump to live' });
    await waitFor(() => expect(firstShown()).toBe(18));
    expect(await pathAt(18)).toBe('/r/96');
    expect(grid().scrollTop).toBe(18 * ROW_HEIGHT);
    expect(bridge.inputs('logs.findRequest').at(-1)).toEqual({ sessionId: 't1', requestId: (96).toString(16).padStart(32, '0'), sort: { key: 'time', dir: 'desc' } });

    // Ten of the oldest trimmed (at the bottom, newest first) and five more arrived: five places down, nothing else.
    held.lo = 10;
    held.hi = 120;
    view.rerender(<LogTable {...props} total={110} version={4} live={{ arrived: 120 }} />);
    await screen.findByRole('button', { name: '13 new — jump to live' });
    await waitFor(() => expect(firstShown()).toBe(23));
    expect(await pathAt(23)).toBe('/r/96');

    fireEvent.click(screen.getByTestId('live-jump'));
    expect(jump.isConnected).toBe(false);
    expect(grid().scrollTop).toBe(0);
    expect(await pathAt(0)).toBe('/r/119');
    expect(document.activeElement).toBe(grid());
    expect(screen.queryByTestId('live-jump')).toBeNull();
  });

  it('in the user’s own order (oldest first) the rows trimmed above move the view up by as many; at the top a selected row stays selected', async () => {
    const { held } = tailBridge();
    held.hi = 100;
    const oldestFirst = { sessionId: 't1', sort: { key: 'time', dir: 'asc' } as const, timeZone: 'utc' as const, onSort: () => undefined, onDrill: () => undefined };
    const view = render(<LogTable {...oldestFirst} total={100} version={1} live={{ arrived: 100 }} />);
    expect(await pathAt(0)).toBe('/r/0');
    scrollTo(40 * ROW_HEIGHT);
    expect(await pathAt(40)).toBe('/r/40');
    // The oldest thirty go, five arrive at the end.
    held.lo = 30;
    held.hi = 105;
    view.rerender(<LogTable {...oldestFirst} total={75} version={2} live={{ arrived: 105 }} />);
    await waitFor(() => expect(firstShown()).toBe(10));
    expect(await pathAt(10)).toBe('/r/40');
    expect(screen.getByRole('button', { name: '5 new — jump to live' })).toBeTruthy();
    view.unmount();

    // Newest first, at the top, with a row selected: new rows push it down, and the selection goes with it.
    const newest = { ...oldestFirst, sort: { key: 'time', dir: 'desc' } as const };
    held.lo = 0;
    held.hi = 50;
    const again = render(<LogTable {...newest} total={50} version={1} live={{ arrived: 50 }} />);
    expect(await pathAt(2)).toBe('/r/47');
    fireEvent.mouseDown(rowAt(2)!);
    expect(rowAt(2)!.getAttribute('aria-selected')).toBe('true');
    held.hi = 53;
    again.rerender(<LogTable {...newest} total={53} version={2} live={{ arrived: 53 }} />);
    await waitFor(() => expect(rowAt(5)?.getAttribute('aria-selected')).toBe('true'));
    expect(await pathAt(5)).toBe('/r/47');
    // Still at the top: the newest rows are in view, nothing is "new".
    expect(await pathAt(0)).toBe('/r/52');
    expect(screen.queryByTestId('live-jump')).toBeNull();
  });

  it('a failed tail says why and offers Resume; the controls and the live table pass axe', async () => {
    const { bridge, held } = tailBridge();
    render(<LiveTail zoneId={1} filter="" timeZone="utc" />);
    fireEvent.click(screen.getByRole('button', { name: 'Live' }));
    await screen.findByText(/No requests yet/);
    held.hi = 2;
    act(() => bridge.emit('logs.tailStatus', { ...heldStatus(held), phase: 'failed', error: { kind: 'not_found', title: 'Logging is not enabled for this pull zone' } }));
    expect((await screen.findByTestId('live-error')).textContent).toBe('Logging is not enabled for this pull zone');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    await pathAt(1);
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('the histogram and KPIs follow the live window: aggregates of the tail, bucketed over its span, asked again as rows arrive', async () => {
    const { bridge, held } = tailBridge();
    const requests = (n: number) => ({ rows: n, partial: false, kpis: { requests: n, bytes: 0, hitRatio: null, clientErrors: null, serverErrors: null, uniqueIps: 0 }, series: { starts: [], bucketMs: 60_000, cacheStatuses: [], requestsByCache: [], bytesByCache: [], statusClasses: [], requestsByClass: [], bytesByClass: [], hitRatio: [] }, top: { urls: [], countries: [], pops: [] } });
    bridge.answer('logs.aggregates', () => requests(held.hi - held.lo));
    function Screen() {
      const live = useLiveMode(1, '');
      const aggregates = useLiveAggregates(live, 600);
      return (
        <>
          <LiveControls live={live} />
          <output data-testid="kpi">{aggregates === null ? 'none' : aggregates.kpis.requests}</output>
        </>
      );
    }
    render(<Screen />);
    expect(screen.getByTestId('kpi').textContent).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: 'Live' }));
    await waitFor(() => expect(bridge.inputs('logs.aggregates').length).toBeGreaterThan(0));
    const status = aTail();
    expect(bridge.inputs('logs.aggregates')[0]).toEqual({ sessionId: 't1', bucketMs: bucketForWidth(status.from, status.to, 600) });
    held.hi = 12;
    act(() => bridge.emit('logs.tailStatus', heldStatus(held)));
    await waitFor(() => expect(screen.getByTestId('kpi').textContent).toBe('12'), { timeout: 3000 });
    // Off: nothing of the tail is shown.
    fireEvent.click(screen.getByRole('button', { name: 'Stop live' }));
    await waitFor(() => expect(screen.getByTestId('kpi').textContent).toBe('none'));
  });
});
