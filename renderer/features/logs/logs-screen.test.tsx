// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogChartsProps } from './view-types';
import { observeActiveProfile, useActiveProfile } from '../../bridge/active-profile';
import { useLogs } from './logs-store';
import { aStatus, FIRST_WINDOW, logsBridge, renderLogs } from './testing/logs';
import { fakeLayout, makeRow } from './table/testing/table';
import { chartBucketMs } from './use-logs-session';

// The charts are built alongside this screen; a stand-in with the same props lets the tests click a chart element
// (drill-down) and drag across buckets (zoom) the way the real charts call back.
vi.mock('./charts/LogCharts', () => ({
  LogCharts: ({ aggregates, onDrill, onZoom, zoomed, onResetZoom }: LogChartsProps) => (
    <div data-testid="charts">
      <span>{aggregates.partial ? 'partial' : 'complete'}</span>
      <button type="button" onClick={() => onDrill({ token: 'cache:MISS', negated: false })}>
        MISS bar
      </button>
      <button type="button" onClick={() => onDrill({ token: 'country:DE', negated: true })}>
        DE bar, Alt-click
      </button>
      <button type="button" onClick={() => onZoom(Math.floor(Date.now() / 60_000) * 60_000 - 30 * 60_000, Math.floor(Date.now() / 60_000) * 60_000 - 20 * 60_000)}>
        drag two buckets
      </button>
      {zoomed ? (
        <button type="button" onClick={onResetZoom}>
          Reset zoom
        </button>
      ) : (
        <span>not zoomed</span>
      )}
    </div>
  ),
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function pickZone(id: string) {
  const select = await screen.findByLabelText('Pull zone');
  await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
  fireEvent.change(select, { target: { value: id } });
}

/** The Overview tab, where the larger charts are (a Radix tab answers the mouse going down, as a user's click does). */
async function openOverview() {
  // The switch is drawn anew where the histogram starts once the first numbers come: a press on the one drawn
  // before that is pressed again on the one drawn now.
  await waitFor(
    () => {
      const tab = screen.getByRole('tab', { name: 'Overview' });
      if (tab.getAttribute('aria-selected') === 'true') return;
      fireEvent.mouseDown(tab, { button: 0 });
      throw new Error('the Overview tab is not selected yet');
    },
    { timeout: 10_000 },
  );
  await screen.findByTestId('charts', {}, { timeout: 10_000 });
}

function filterBox() {
  return screen.getByLabelText('Filter') as HTMLInputElement;
}

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

describe('log files', () => {
  function drop(files: File[]) {
    const event = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], files, dropEffect: 'none' } });
    act(() => void window.dispatchEvent(event));
    return event;
  }

  it('a dropped .log.gz opens by token, closing the zone session before; other files are refused', async () => {
    const bridge = logsBridge();
    bridge.acceptDrops();
    bridge.answer('files.list', ({ tokens }) => ({ files: (tokens ?? []).map((token) => ({ token, name: token.slice(2), size: 1, kind: 'file' as const })) }));
    renderLogs();
    await pickZone('1');
    await waitFor(() => expect(bridge.count('logs.open')).toBe(1));
    drop([new File(['x'], 'notes.txt')]);
    expect(await screen.findByText('Only a CDN log file (.log or .log.gz) opens here.')).toBeTruthy();
    expect(drop([new File(['x'], 'day.log.gz')]).defaultPrevented).toBe(true);
    await waitFor(() => expect(bridge.inputs('logs.open')[1]).toEqual({ source: { kind: 'file', token: 't-day.log.gz' }, filter: '' }));
    expect(bridge.inputs('logs.close')).toEqual([{ sessionId: 's1' }]);
    await screen.findByTestId('logs-counts');
    expect(screen.queryByTestId('load-bar')).toBeNull();
    expect(screen.getByRole('button', { name: '1 h' })).toHaveProperty('disabled', true);
  });

  it('a file opened from disk stays open through a profile switch (it belongs to no profile); leaving Logs closes it', async () => {
    useActiveProfile.setState({ activeId: undefined, name: null, epoch: 0 });
    observeActiveProfile('p1', 'Sandbox');
    const bridge = logsBridge();
    bridge.answer('logs.chooseFile', { token: 'f1', name: 'day.log' });
    bridge.answer('logs.open', ({ filter }) =>
      aStatus({ sessionId: 'f', filter, source: { kind: 'file', fileName: 'day.log' }, hasMore: false, budget: null, file: { bytesRead: 9, totalBytes: 9, lines: 12, malformed: 2 } }),
    );
    const first = renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: /Open log file/ }));
    expect((await screen.findByTestId('malformed')).textContent).toContain('2 malformed lines');

    // The switch draws the Logs screen anew, as the shell does.
    act(() => void observeActiveProfile('p2', 'Production'));
    first.unmount();
    const second = renderLogs();
    expect(bridge.inputs('logs.close')).toEqual([]);
    expect(useLogs.getState().sessionId).toBe('f');
    await waitFor(() => expect(screen.getByTestId('zone-picker').textContent).toContain('File: day.log'));
    expect((await screen.findByTestId('malformed')).textContent).toContain('2 malformed lines');
    expect(bridge.inputs('logs.open')).toHaveLength(1);

    second.unmount();
    expect(bridge.inputs('logs.close')).toEqual([{ sessionId: 'f' }]);
  });

  it('a zone’s session is closed by a profile switch', async () => {
    useActiveProfile.setState({ activeId: undefined, name: null, epoch: 0 });
    observeActiveProfile('p1', 'Sandbox');
    const bridge = logsBridge();
    renderLogs();
    useLogs.getState().opened(aStatus({ sessionId: 'z' }));
    act(() => void observeActiveProfile('p2', 'Production'));
    expect(bridge.inputs('logs.close')).toEqual([{ sessionId: 'z' }]);
    expect(useLogs.getState().sessionId).toBeNull();
  });

  it('a file chosen in the dialog opens; its malformed lines are counted and listed', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.chooseFile', { token: 'f1', name: 'day.log' });
    bridge.answer('logs.open', ({ filter }) =>
      aStatus({ sessionId: 'f', filter, source: { kind: 'file', fileName: 'day.log' }, hasMore: false, budget: null, file: { bytesRead: 9, totalBytes: 9, lines: 12, malformed: 2 } }),
    );
    bridge.answer('logs.malformed', { total: 2, samples: [{ line: 4, reason: 'expected 13 fields, found 3', text: 'HIT|200|x' }, { line: 9, reason: 'status is not a number', text: 'HIT|abc|…' }] });
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: /Open log file/ }));
    await waitFor(() => expect(bridge.inputs('logs.open')).toEqual([{ source: { kind: 'file', token: 'f1' }, filter: '' }]));
    expect((await screen.findByTestId('malformed')).textContent).toContain('2 malformed lines');
    fireEvent.click(screen.getByRole('button', { name: 'Show them…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Malformed lines' });
    expect(within(dialog).getAllByRole('row').map((r) => r.textContent)).toEqual(['LineWhyStart of the line', '4expected 13 fields, found 3HIT|200|x', '9status is not a numberHIT|abc|…']);
  });

  it('a drag across a file’s charts zooms nothing and offers no Reset zoom: a file holds its own rows', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.chooseFile', { token: 'f1', name: 'day.log' });
    bridge.answer('logs.open', ({ filter }) => aStatus({ sessionId: 'f', filter, source: { kind: 'file', fileName: 'day.log' }, hasMore: false, budget: null, file: { bytesRead: 9, totalBytes: 9, lines: 12, malformed: 0 } }));
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: /Open log file/ }));
    await waitFor(() => expect(bridge.inputs('logs.open')).toHaveLength(1));
    await openOverview();
    fireEvent.click(screen.getByRole('button', { name: 'drag two buckets' }));
    expect(screen.queryByRole('button', { name: 'Reset zoom' })).toBeNull();
    expect(bridge.inputs('logs.update')).toEqual([]);
    expect(bridge.inputs('logs.open')).toHaveLength(1);
  });

  it("a zone's rows that could not be read are counted with the first reason, and listed", async () => {
    const bridge = logsBridge();
    bridge.answer('logs.open', ({ filter }) => aStatus({ sessionId: 'z', filter, unreadable: { rows: 3, firstReason: 'timestamp must be a date-time (got "yesterday")' } }));
    bridge.answer('logs.malformed', { total: 3, samples: [{ line: 12, reason: 'timestamp must be a date-time (got "yesterday")', text: '{"timestamp":"yesterday"}' }] });
    renderLogs();
    await pickZone('1');
    expect((await screen.findByTestId('malformed')).textContent).toContain('3 rows could not be read and were skipped (first: timestamp must be a date-time (got "yesterday"))');
    fireEvent.click(screen.getByRole('button', { name: 'Show them…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rows that could not be read' });
    expect(within(dialog).getAllByRole('row').map((r) => r.textContent)).toEqual(['RowWhyStart of the row', '12timestamp must be a date-time (got "yesterday"){"timestamp":"yesterday"}']);
  });

  it('says when paging stopped because the platform kept answering the same', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.chooseFile', { token: 'f1', name: 'day.log' });
    bridge.answer('logs.open', ({ filter }) =>
      aStatus({ sessionId: 'f', filter, source: { kind: 'file', fileName: 'day.log' }, hasMore: false, budget: null, pagingStopped: 'paging stopped after 3 pages in a row brought no new rows' }),
    );
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: /Open log file/ }));
    expect((await screen.findByTestId('logs-paging-stopped')).textContent).toBe(
      'Loading stopped: paging stopped after 3 pages in a row brought no new rows.',
    );
  });

  it('a file read up to the rows’ ceiling says it shows the first rows; a cut gzip file says where it stopped', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.chooseFile', { token: 'f1', name: 'bomb.log.gz' });
    bridge.answer('logs.open', ({ filter }) =>
      aStatus({
        sessionId: 'f',
        filter,
        source: { kind: 'file', fileName: 'bomb.log.gz' },
        hasMore: false,
        budget: null,
        loadedRows: 5_000_000,
        matchingRows: 5_000_000,
        file: { bytesRead: 9, totalBytes: 9, lines: 5_000_000, malformed: 0, truncated: true, endedEarly: 'the gzip data ends early (the file is cut short): reading stopped after 5000000 lines, at byte 9 of 9' },
      }),
    );
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: /Open log file/ }));
    expect((await screen.findByTestId('logs-file-truncated')).textContent).toBe('Showing 5,000,000 rows of this file, as many as fit; the file has more.');
    expect(screen.getByTestId('logs-file-ended-early').textContent).toContain('ends early');
  });
});
