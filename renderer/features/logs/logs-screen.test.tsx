// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLogs } from './logs-store';
import { aStatus, FIRST_WINDOW, logsBridge, renderLogs } from './testing/logs';
import { fakeLayout, makeRow } from './table/testing/table';
import { filterBox, openOverview, pickZone } from './testing/charts';
import { chartBucketMs } from './use-logs-session';

// The charts are built alongside this screen; the tests use a stand-in with the same props (testing/charts.tsx).
vi.mock('./charts/LogCharts', async () => ({ LogCharts: (await import('./testing/charts')).ChartsStandIn }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('choosing what to show', () => {
  it('starts by asking for a pull zone; zones without logging say so', async () => {
    logsBridge();
    renderLogs();
    expect((await screen.findByTestId('logs-empty')).textContent).toContain('Choose a pull zone');
    expect(await screen.findByRole('option', { name: 'quiet-zone — logging is off' })).toBeTruthy();
    expect(screen.getByTestId('time-zone-heading').textContent).toBe('Times in UTC');
  });

  it('opens the zone the core suggests (the sandbox’s busy one) once, when nothing was chosen', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.zones', { zones: [{ id: 1, name: 'cdn-main', loggingEnabled: true }, { id: 7, name: 'busy-shop', loggingEnabled: true }], suggested: 7 });
    const { unmount } = renderLogs();
    await waitFor(() => expect(bridge.inputs('logs.open')).toEqual([{ source: { kind: 'zone', zoneId: 7, range: { kind: 'preset', preset: '1h' } }, filter: '' }]));
    expect(((await screen.findByLabelText('Pull zone')) as HTMLSelectElement).value).toBe('7');
    // Coming back to Logs in the same run: the suggestion is not forced on the user again.
    unmount();
    renderLogs();
    await screen.findByTestId('logs-empty');
    expect(bridge.inputs('logs.open')).toHaveLength(1);
  });

  it('picking a zone without logging explains it in words, closes the open session and asks the platform nothing', async () => {
    const bridge = logsBridge();
    renderLogs();
    await pickZone('1');
    await waitFor(() => expect(bridge.count('logs.open')).toBe(1));
    const off = (await screen.findByRole('option', { name: 'quiet-zone — logging is off' })) as HTMLOptionElement;
    await pickZone(off.value);
    const panel = await screen.findByTestId('logs-logging-off');
    expect(panel.textContent).toContain('quiet-zone');
    expect(panel.textContent).toContain('Logging is turned off for this pull zone');
    await waitFor(() => expect(bridge.inputs('logs.close')).toEqual([{ sessionId: 's1' }]));
    expect(bridge.count('logs.open')).toBe(1);
    expect(screen.getByRole('button', { name: '24 h' })).toHaveProperty('disabled', true);
    // A filter applied now opens nothing either.
    fireEvent.change(filterBox(), { target: { value: 'status:5xx' } });
    fireEvent.submit(filterBox().form!);
    expect(bridge.count('logs.open')).toBe(1);
  });

  it('a preset and a filter chosen first go with the zone to logs.open; a later preset updates the same session', async () => {
    const bridge = logsBridge();
    renderLogs();
    fireEvent.change(filterBox(), { target: { value: 'status:5xx  cache:miss' } });
    fireEvent.submit(filterBox().form!);
    fireEvent.click(screen.getByRole('button', { name: '6 h' }));
    expect(bridge.count('logs.open')).toBe(0);
    await pickZone('1');
    // The text goes as typed: the core parses it (once) and answers with the filter it applied.
    await waitFor(() => expect(bridge.inputs('logs.open')).toEqual([{ source: { kind: 'zone', zoneId: 1, range: { kind: 'preset', preset: '6h' } }, filter: 'status:5xx  cache:miss' }]));
    expect(screen.getByRole('button', { name: '6 h' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '24 h' }));
    await waitFor(() => expect(bridge.inputs('logs.update')).toEqual([{ sessionId: 's1', range: { kind: 'preset', preset: '24h' }, ...FIRST_WINDOW }]));
    expect(bridge.count('logs.open')).toBe(1);
  });

  it('a 4-day absolute range shows the reason and sends nothing', async () => {
    const bridge = logsBridge();
    renderLogs();
    await pickZone('1');
    await waitFor(() => expect(bridge.count('logs.open')).toBe(1));
    const before = bridge.calls.length;
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: iso(now - 4 * 86_400_000 + 3_600_000) } });
    fireEvent.change(screen.getByLabelText('to'), { target: { value: iso(now + 3_600_000) } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply range' }));
    expect((await screen.findByTestId('range-error')).textContent).toMatch(/at most 3 days/);
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(bridge.calls.slice(before).filter((c) => c.method === 'logs.update' || c.method === 'logs.open')).toEqual([]);
  });

  it('the core refusing a range is shown beside the range too', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.open', { error: { kind: 'validation', title: 'This time range cannot be queried', fieldErrors: { range: 'from is older than the 3-day log retention' } } });
    renderLogs();
    await pickZone('1');
    expect((await screen.findByTestId('range-error')).textContent).toContain('older than the 3-day log retention');
  });

  it('the UTC ⇄ local switch names the zone times are shown in', async () => {
    logsBridge();
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: 'Local' }));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByTestId('time-zone-heading').textContent).toBe(`Times in ${zone}`);
    expect(screen.getByRole('button', { name: 'Local' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('filters', () => {
  it('applied text, sent as typed, comes back as the core’s chips (negated ones say so); removing a chip rewrites the text and applies it', async () => {
    const bridge = logsBridge();
    renderLogs();
    await pickZone('1');
    await waitFor(() => expect(bridge.count('logs.open')).toBe(1));
    fireEvent.change(filterBox(), { target: { value: 'status:5xx  -pop:wa' } });
    fireEvent.submit(filterBox().form!);
    const list = await screen.findByRole('list', { name: 'Active filters' });
    expect(within(list).getAllByRole('listitem').map((c) => c.textContent)).toEqual(['status:5xx', 'notpop:WA']);
    expect(bridge.inputs('logs.update')).toEqual([{ sessionId: 's1', filter: 'status:5xx  -pop:wa', ...FIRST_WINDOW }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter not pop:WA' }));
    expect(filterBox().value).toBe('status:5xx');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove filter not pop:WA' })).toBeNull());
    fireEvent.keyDown(screen.getByRole('button', { name: 'Remove filter status:5xx' }), { key: 'Delete' });
    expect(filterBox().value).toBe('');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull());
    expect(bridge.inputs('logs.update').map((i) => i.filter)).toEqual(['status:5xx  -pop:wa', 'status:5xx', '']);
  });

  it('a problem the core finds is shown at its position, naming the key and the rule, and nothing is applied', async () => {
    const bridge = logsBridge();
    renderLogs();
    await pickZone('1');
    await waitFor(() => expect(bridge.count('logs.open')).toBe(1));
    fireEvent.change(filterBox(), { target: { value: 'cache:MISS status:6xx' } });
    fireEvent.submit(filterBox().form!);
    expect((await screen.findByTestId('filter-errors')).textContent).toMatch(/At character 12 \(status:6xx\): status: /);
    expect(bridge.inputs('logs.update')).toEqual([{ sessionId: 's1', filter: 'cache:MISS status:6xx', ...FIRST_WINDOW }]);
    // The chips keep what was applied (nothing yet) rather than half of the broken text; editing the text clears the problem.
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    fireEvent.change(filterBox(), { target: { value: 'cache:MISS status:5xx' } });
    expect(screen.queryByTestId('filter-errors')).toBeNull();
  });

  it('applying a filter is one round trip: its answer brings the first rows, and the table draws them without asking', async () => {
    fakeLayout();
    const bridge = logsBridge();
    bridge.answer('logs.window', ({ offset, count }) => ({ rows: Array.from({ length: count }, (_, k) => makeRow(offset + k)), total: 10_000 }));
    const filtered = (k: number) => ({ ...makeRow(k), path: `/five-hundred/${k}`, url: `https://cdn.example.com/five-hundred/${k}` });
    bridge.answer('logs.update', ({ sessionId, filter, window }) => ({
      status: aStatus({ sessionId, filter, matchingRows: 40 }),
      window: { rows: Array.from({ length: Math.min(window?.count ?? 0, 40) }, (_, k) => filtered(k)), total: 40 },
    }));
    renderLogs();
    await pickZone('1');
    await screen.findByText('/video/1.mp4');
    const asked = bridge.count('logs.window');
    fireEvent.change(filterBox(), { target: { value: 'status:5xx' } });
    fireEvent.submit(filterBox().form!);
    expect(await screen.findByText('/five-hundred/1')).toBeTruthy();
    expect(bridge.count('logs.update')).toBe(1);
    expect(bridge.count('logs.window')).toBe(asked);
  });

  it('values seen in the loaded rows are offered for the value being typed', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.values', ({ prefix }) => ({ values: ['MISS', 'HIT'].filter((v) => v.startsWith(prefix.toUpperCase())) }));
    renderLogs();
    await pickZone('1');
    await screen.findByTestId('logs-counts');
    fireEvent.change(filterBox(), { target: { value: 'status:5xx cache:m' } });
    await waitFor(() => expect(bridge.inputs('logs.values')).toContainEqual({ sessionId: 's1', key: 'cache', prefix: 'm' }));
    const options = () => [...(document.getElementById(filterBox().getAttribute('list') ?? '')?.querySelectorAll('option') ?? [])].map((o) => o.value);
    await waitFor(() => expect(options()).toEqual(['status:5xx cache:MISS']));
  });

  it('a chart drill-down adds its chip to the typed filter and re-queries; Alt-click adds the negated chip', async () => {
    const bridge = logsBridge();
    renderLogs();
    await pickZone('1');
    fireEvent.change(filterBox(), { target: { value: 'status:5xx' } });
    await openOverview();
    fireEvent.click(await screen.findByRole('button', { name: 'MISS bar' }));
    // The chip goes with the typed text, for the core to merge: the text box then says what it applied.
    await waitFor(() => expect(bridge.inputs('logs.update')).toEqual([{ sessionId: 's1', filter: 'status:5xx', add: 'cache:MISS', ...FIRST_WINDOW }]));
    await waitFor(() => expect(filterBox().value).toBe('status:5xx cache:MISS'));
    fireEvent.click(screen.getByRole('button', { name: 'DE bar, Alt-click' }));
    await waitFor(() => expect(bridge.inputs('logs.update')[1]).toEqual({ sessionId: 's1', filter: 'status:5xx cache:MISS', add: '-country:DE', ...FIRST_WINDOW }));
    expect(await screen.findByRole('button', { name: 'Remove filter not country:DE' })).toBeTruthy();
    expect(filterBox().value).toBe('status:5xx cache:MISS -country:DE');
  });

  it('a zoom sets an absolute range and re-queries; Reset zoom goes back to the preset', async () => {
    const bridge = logsBridge();
    renderLogs();
    await pickZone('1');
    await openOverview();
    expect(screen.queryByRole('button', { name: 'Reset zoom' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'drag two buckets' }));
    await waitFor(() => expect(bridge.inputs('logs.update')[0]?.range?.kind).toBe('absolute'));
    const r = bridge.inputs('logs.update')[0]?.range;
    expect(r?.kind === 'absolute' && [r.from % 60_000, r.to - r.from]).toEqual([0, 10 * 60_000]);
    fireEvent.click(screen.getByRole('button', { name: 'Reset zoom' }));
    await waitFor(() => expect(bridge.inputs('logs.update')[1]).toEqual({ sessionId: 's1', range: { kind: 'preset', preset: '1h' }, ...FIRST_WINDOW }));
    // One "Reset zoom", offered only while zoomed.
    expect(screen.queryByRole('button', { name: 'Reset zoom' })).toBeNull();
  });
});

describe('partial data and paging', () => {
  it('says the numbers are partial; Load all first says what the rate limit costs, then shows progress and can be cancelled', async () => {
    const bridge = logsBridge();
    renderLogs();
    await pickZone('1');
    expect((await screen.findByTestId('partial-note')).textContent).toMatch(/^From 10.000 loaded rows — partial$/);
    await openOverview();
    expect(await screen.findByText('partial')).toBeTruthy();
    expect(screen.getByTestId('budget').textContent).toContain('29 of 30 requests left per 10 s');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(bridge.inputs('logs.loadMore')).toEqual([{ sessionId: 's1' }]));
    expect((await screen.findByTestId('partial-note')).textContent).toMatch(/^From 20.000 loaded rows/);

    fireEvent.click(screen.getByRole('button', { name: 'Load all…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Load every remaining page?' });
    expect(dialog.textContent).toMatch(/30 requests per 10 s/);
    expect(dialog.textContent).toMatch(/at least 0\.4 s/);
    expect(bridge.count('logs.loadAll')).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load all' }));
    await waitFor(() => expect(bridge.inputs('logs.loadAll')).toEqual([{ sessionId: 's1' }]));

    act(() => bridge.emit('logs.status', aStatus({ phase: 'loading-all', loadedRows: 30_000, matchingRows: 30_000, requests: 3 })));
    expect(screen.getByTestId('load-all-progress').textContent).toMatch(/30.000 rows in 3 requests/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(bridge.inputs('logs.cancel')).toEqual([{ sessionId: 's1' }]));
  });

  it('a logs.status event updates the counts and fetches the aggregates again; the KPI strip shows them', async () => {
    const bridge = logsBridge();
    renderLogs();
    await pickZone('1');
    const kpis = await screen.findByTestId('kpi-strip');
    await waitFor(() => expect(kpis.textContent).toContain('70.0 %'));
    expect(kpis.textContent).toContain('2.5 MB');
    expect(kpis.textContent).toContain('1.2 %');
    const fetched = bridge.count('logs.aggregates');
    act(() => bridge.emit('logs.status', aStatus({ loadedRows: 20_000, matchingRows: 12_345, requests: 2 })));
    expect(screen.getByTestId('logs-counts').textContent).toMatch(/12.345 matching of 20.000 loaded rows/);
    await waitFor(() => expect(bridge.count('logs.aggregates')).toBe(fetched + 1), { timeout: 2_000 });
    // Another session's events are not this screen's.
    act(() => bridge.emit('logs.status', aStatus({ sessionId: 'other', matchingRows: 1 })));
    expect(screen.getByTestId('logs-counts').textContent).toMatch(/12.345 matching/);
  });

  it('asks for the aggregates in the ladder’s buckets for the charts’ width, and again only when a new width crosses a step', async () => {
    const bridge = logsBridge();
    renderLogs();
    await pickZone('1');
    await waitFor(() => expect(bridge.count('logs.aggregates')).toBeGreaterThan(0));
    const asked = () => bridge.inputs('logs.aggregates').map((i) => i.bucketMs);
    // Before any chart was laid out the core picks by the span alone.
    expect(asked().every((b) => b === undefined)).toBe(true);
    // One hour across 1,000 px: 120 buckets of 30 s are 8.3 px each; 15 s would be 4.2 px.
    act(() => useLogs.getState().setPlotWidth(1000));
    await waitFor(() => expect(asked().at(-1)).toBe(30_000), { timeout: 2_000 });
    // A width within the same step asks nothing; 500 px needs one-minute buckets.
    act(() => useLogs.getState().setPlotWidth(1010));
    act(() => useLogs.getState().setPlotWidth(500));
    await waitFor(() => expect(asked().at(-1)).toBe(60_000), { timeout: 2_000 });
    expect(asked().filter((b) => b !== undefined)).toEqual([30_000, 60_000]);
  });

  it('picks the charts’ bucket from the session’s span as it stands: a zoom gets finer buckets, a file’s rows so far their own', () => {
    const from = Date.UTC(2026, 4, 9, 11);
    expect(chartBucketMs(aStatus({ from, to: from + 3_600_000 }), 1000)).toBe(30_000);
    // Zoomed to 15 minutes of it: 15-second buckets (5 s would make 180).
    expect(chartBucketMs(aStatus({ from, to: from + 15 * 60_000 }), 1000)).toBe(15_000);
    // A file with one row so far spans a minute, as the core counts it; nothing is known without a width or rows.
    expect(chartBucketMs(aStatus({ from, to: from }), 1000)).toBe(1_000);
    expect(chartBucketMs(aStatus({ from: null, to: null }), 1000)).toBeUndefined();
    expect(chartBucketMs(aStatus(), null)).toBeUndefined();
    expect(chartBucketMs(null, 1000)).toBeUndefined();
  });

  it('a session error is said in words with the platform’s message beneath', async () => {
    const bridge = logsBridge();
    renderLogs();
    await pickZone('1');
    await screen.findByTestId('logs-counts');
    const error = { kind: 'http', title: 'Logging is not enabled for this pull zone', detail: 'logging_disabled: enable logging first', status: 403 };
    act(() => bridge.emit('logs.status', aStatus({ phase: 'failed', error })));
    const alert = screen.getByTestId('session-error');
    expect(alert.textContent).toContain('Logging is not enabled for this pull zone');
    expect(alert.textContent).toContain('logging_disabled: enable logging first');
  });

  it('no matching rows says so; closing the screen closes the session', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.update', ({ sessionId, filter }) => ({ status: aStatus({ sessionId, filter: filter ?? '', matchingRows: 0, loadedRows: 0, hasMore: false }) }));
    const view = renderLogs();
    await pickZone('1');
    await screen.findByTestId('logs-counts');
    fireEvent.change(filterBox(), { target: { value: 'country:FR' } });
    fireEvent.submit(filterBox().form!);
    expect((await screen.findByTestId('logs-no-rows')).textContent).toBe('No rows match these filters.');
    view.unmount();
    await waitFor(() => expect(bridge.inputs('logs.close')).toEqual([{ sessionId: 's1' }]));
  });
});
