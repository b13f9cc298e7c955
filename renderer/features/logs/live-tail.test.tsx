// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogRow } from '../../../shared/contract/logs';
import type { TailStatus } from '../../../shared/contract/logs-tail';
import { installFakeBridge, type FakeBridge } from '../../testing/fake-bridge';
import { LIVE_ROW_PX, LiveTail } from './LiveTail';

afterEach(() => cleanup());

function aTail(over: Partial<TailStatus> = {}): TailStatus {
  return {
    sessionId: 't1',
    zoneId: 1,
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

function aRow(index: number): LogRow {
  return {
    index,
    timestamp: new Date(Date.UTC(2026, 10, 23, 12, 0, 0) + index * 1000).toISOString(),
    pullZoneId: 1,
    requestId: index.toString(16).padStart(32, '0'),
    cacheStatus: 'HIT',
    statusCode: index % 10 === 0 ? 503 : 200,
    bytesSent: 1000 + index,
    remoteIp: '10.0.0.0',
    countryCode: 'DE',
    edgeLocation: 'DE',
    scheme: 'https',
    host: 'z.b-cdn.net',
    path: `/r/${index}`,
    url: `https://z.b-cdn.net/r/${index}`,
    userAgent: null,
    referer: null,
  };
}

/** A bridge whose tail holds `total` rows; windows answer from them. */
function tailBridge(): { bridge: FakeBridge; total: { n: number } } {
  const bridge = installFakeBridge();
  const total = { n: 0 };
  bridge.answer('logs.tail', ({ zoneId, filter }) => aTail({ zoneId, filter }));
  bridge.answer('logs.tailWindow', ({ offset, count }) => ({ rows: Array.from({ length: Math.max(0, Math.min(count, total.n - offset)) }, (_, i) => aRow(offset + i)), total: total.n }));
  bridge.answer('logs.tailPause', ({ sessionId }) => aTail({ sessionId, phase: 'paused' }));
  bridge.answer('logs.tailResume', ({ sessionId }) => aTail({ sessionId, phase: 'live' }));
  bridge.answer('logs.tailFilter', ({ sessionId, filter }) => aTail({ sessionId, filter }));
  bridge.answer('logs.tailStop', {});
  return { bridge, total };
}

/** Gives the scroller the layout happy-dom does not compute: 280 px tall, as high as its rows. */
function layout(el: HTMLElement, total: { n: number }) {
  let top = 0;
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => 280 });
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => total.n * LIVE_ROW_PX });
  Object.defineProperty(el, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => (top = Math.max(0, Math.min(v, total.n * LIVE_ROW_PX - 280))) });
}

describe('live tail', () => {
  it('starts a tail on the zone with the applied filter, shows its rows newest last, pauses, resumes and stops', async () => {
    const { bridge, total } = tailBridge();
    const view = render(<LiveTail zoneId={1} filter="status:5xx" timeZone="utc" />);
    expect(bridge.count('logs.tail')).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Live' }));
    await waitFor(() => expect(bridge.inputs('logs.tail')).toEqual([{ zoneId: 1, filter: 'status:5xx' }]));
    await screen.findByText(/No requests yet/);
    total.n = 3;
    act(() => bridge.emit('logs.tailStatus', aTail({ filter: 'status:5xx', matchingRows: 3, loadedRows: 3, arrived: 3, arrivedMatching: 3 })));
    await waitFor(() => expect(screen.getAllByTestId('live-row')).toHaveLength(3));
    expect(screen.getAllByTestId('live-row').at(-1)!.textContent).toContain('/r/2');
    expect(screen.getByTestId('live-state').textContent).toContain('Live — asking every 3 s · 3 rows');

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
    expect(screen.queryByTestId('live-scroller')).toBeNull();
  });

  it('scrolled up it stays still and offers "N new — jump to live"; jumping (or End) goes back to the bottom', async () => {
    const { bridge, total } = tailBridge();
    render(<LiveTail zoneId={1} filter="" timeZone="local" />);
    fireEvent.click(screen.getByRole('button', { name: 'Live' }));
    const scroller = await screen.findByTestId('live-scroller');
    layout(scroller, total);
    total.n = 100;
    act(() => bridge.emit('logs.tailStatus', aTail({ matchingRows: 100, loadedRows: 100, arrived: 100, arrivedMatching: 100 })));
    // Pinned: at the bottom.
    await waitFor(() => expect(scroller.scrollTop).toBe(100 * LIVE_ROW_PX - 280));
    expect(scroller.dataset.pinned).toBe('true');

    scroller.scrollTop = 10 * LIVE_ROW_PX;
    fireEvent.scroll(scroller);
    expect(scroller.dataset.pinned).toBe('false');
    expect(screen.queryByTestId('live-jump')).toBeNull();
    total.n = 107;
    act(() => bridge.emit('logs.tailStatus', aTail({ matchingRows: 107, loadedRows: 107, arrived: 107, arrivedMatching: 107, lastArrived: 7 })));
    const jump = await screen.findByRole('button', { name: '7 new — jump to live' });
    expect(scroller.scrollTop).toBe(10 * LIVE_ROW_PX);
    // A trim while scrolled up moves the view by what it dropped, so the same rows stay in sight.
    total.n = 100;
    act(() => bridge.emit('logs.tailStatus', aTail({ matchingRows: 100, loadedRows: 100, arrived: 110, arrivedMatching: 110, trimmed: 10, trimmedMatching: 10 })));
    await screen.findByRole('button', { name: '10 new — jump to live' });
    expect(scroller.scrollTop).toBe(0);
    expect(screen.getByTestId('live-trimmed').textContent).toBe('Dropped the 10 oldest rows to keep at most 50,000');

    fireEvent.click(jump);
    expect(scroller.scrollTop).toBe(100 * LIVE_ROW_PX - 280);
    expect(screen.queryByTestId('live-jump')).toBeNull();
    expect(document.activeElement).toBe(scroller);

    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    total.n = 101;
    act(() => bridge.emit('logs.tailStatus', aTail({ matchingRows: 101, loadedRows: 101, arrived: 111, arrivedMatching: 111, trimmed: 10, trimmedMatching: 10 })));
    await screen.findByRole('button', { name: '1 new — jump to live' });
    fireEvent.keyDown(scroller, { key: 'End' });
    expect(screen.queryByTestId('live-jump')).toBeNull();
    expect(scroller.dataset.pinned).toBe('true');
  });

  it('a failed tail says why and offers Resume; the live section passes axe', async () => {
    const { bridge, total } = tailBridge();
    render(<LiveTail zoneId={1} filter="" timeZone="utc" />);
    fireEvent.click(screen.getByRole('button', { name: 'Live' }));
    await screen.findByTestId('live-scroller');
    total.n = 2;
    act(() => bridge.emit('logs.tailStatus', aTail({ phase: 'failed', matchingRows: 2, arrivedMatching: 2, error: { kind: 'not_found', title: 'Logging is not enabled for this pull zone' } })));
    expect((await screen.findByTestId('live-error')).textContent).toBe('Logging is not enabled for this pull zone');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    const result = await axe.run(screen.getByTestId('live-tail'), { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations).toEqual([]);
  });
});
