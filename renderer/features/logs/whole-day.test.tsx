// @vitest-environment happy-dom
/** "Whole day": offered only for a range that is exactly one day on the screen's clock; opens the day session, shows bytes, lines and rows, cancels, goes back to pages. */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogSource } from '../../../shared/contract/logs';
import { aStatus, logsBridge, renderLogs } from './testing/logs';
import { keptDays, wholeDayOf } from './WholeDay';

vi.mock('./charts/LogCharts', () => ({ LogCharts: () => <div data-testid="charts" /> }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const DAY = 86_400_000;
/** Yesterday, UTC midnight to midnight. */
const yesterday = () => {
  const from = Math.floor(Date.now() / DAY) * DAY - DAY;
  return { from, to: from + DAY, day: new Date(from).toISOString().slice(0, 10) };
};
const input = (ms: number) => new Date(ms).toISOString().slice(0, 16);

describe('wholeDayOf', () => {
  it('is the day for midnight to midnight (or to 23:59), null for any other range, a preset, or a day no longer kept', () => {
    const y = yesterday();
    expect(wholeDayOf({ kind: 'absolute', from: y.from, to: y.to }, 'UTC', Date.now())).toBe(y.day);
    expect(wholeDayOf({ kind: 'absolute', from: y.from, to: y.to - 60_000 }, 'UTC', Date.now())).toBe(y.day);
    expect(wholeDayOf({ kind: 'absolute', from: y.from + 3_600_000, to: y.to }, 'UTC', Date.now())).toBeNull();
    expect(wholeDayOf({ kind: 'absolute', from: y.from, to: y.to }, 'Asia/Tokyo', Date.now())).toBeNull();
    expect(wholeDayOf({ kind: 'preset', preset: '24h' }, 'UTC', Date.now())).toBeNull();
    expect(wholeDayOf({ kind: 'absolute', from: y.from - 4 * DAY, to: y.to - 4 * DAY }, 'UTC', Date.now())).toBeNull();
  });
});

describe('Whole day in the screen', () => {
  it('appears for a whole day, opens the day session with the clock and filter, shows progress, cancels and goes back to pages', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.open', ({ source, filter }) =>
      source.kind === 'day'
        ? aStatus({ sessionId: 'd1', filter, source: { kind: 'day', zoneId: source.zoneId, day: source.day, timeZone: source.timeZone, fileName: 'x.log' }, phase: 'loading', hasMore: false, loadedRows: 0, matchingRows: 0, file: { bytesRead: 0, totalBytes: 0, lines: 0, malformed: 0 } })
        : aStatus({ sessionId: 'z1', filter }),
    );
    renderLogs();
    const select = await screen.findByLabelText('Pull zone');
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(select, { target: { value: '1' } });
    await screen.findByTestId('logs-counts');
    // The 1 h preset is not a day: nothing offered.
    expect(screen.queryByRole('button', { name: 'Whole day' })).toBeNull();
    const y = yesterday();
    fireEvent.change(screen.getByLabelText('From', { exact: true }), { target: { value: input(y.from) } });
    fireEvent.change(screen.getByLabelText('to', { exact: true }), { target: { value: input(y.to) } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply range' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Whole day' }));
    await waitFor(() => expect(bridge.inputs('logs.open').at(-1)?.source).toEqual({ kind: 'day', zoneId: 1, day: y.day, timeZone: 'UTC' } satisfies LogSource));
    await screen.findByText(/Downloading/);
    act(() =>
      bridge.emit(
        'logs.status',
        aStatus({ sessionId: 'd1', source: { kind: 'day', zoneId: 1, day: y.day, timeZone: 'UTC', fileName: 'x.log' }, phase: 'loading', hasMore: false, loadedRows: 1234, matchingRows: 1234, file: { bytesRead: 2_500_000, totalBytes: 0, lines: 1300, malformed: 0 } }),
      ),
    );
    expect(screen.getByTestId('whole-day-progress').textContent).toMatch(/2\.5 MB, 1,300 lines, 1,234 rows/);
    bridge.answer('logs.cancel', ({ sessionId }) => aStatus({ sessionId, source: { kind: 'day', zoneId: 1, day: y.day, timeZone: 'UTC' }, phase: 'cancelled', hasMore: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(bridge.inputs('logs.cancel').at(-1)).toEqual({ sessionId: 'd1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back to pages' }));
    await waitFor(() => expect(bridge.inputs('logs.open').at(-1)?.source).toMatchObject({ kind: 'zone', zoneId: 1, range: { kind: 'absolute', from: y.from, to: y.to } }));
  });

  it('for any other range offers the days still kept, yesterday first chosen, and opens the one picked', async () => {
    const bridge = logsBridge();
    bridge.answer('logs.open', ({ source, filter }) => aStatus({ sessionId: source.kind === 'day' ? 'd2' : 'z2', filter }));
    renderLogs();
    const select = await screen.findByLabelText('Pull zone');
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(select, { target: { value: '1' } });
    await screen.findByTestId('logs-counts');
    const days = keptDays('UTC');
    const chooser = screen.getByLabelText('Whole day') as HTMLSelectElement;
    expect([...chooser.options].map((o) => o.value)).toEqual(days);
    expect(chooser.value).toBe(yesterday().day);
    fireEvent.change(chooser, { target: { value: days[2] } });
    fireEvent.click(screen.getByRole('button', { name: 'Open day' }));
    await waitFor(() => expect(bridge.inputs('logs.open').at(-1)?.source).toEqual({ kind: 'day', zoneId: 1, day: days[2]!, timeZone: 'UTC' } satisfies LogSource));
  });
});

describe('keptDays', () => {
  it('lists today and the days back to the oldest the platform keeps, newest first', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    expect(keptDays('UTC', now)).toEqual(['2026-11-23', '2026-11-22', '2026-11-21', '2026-11-20']);
  });
});

