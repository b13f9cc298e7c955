// @vitest-environment happy-dom
/** The Logs viewer's keys on the whole screen over a fake bridge: each key's effect, and silence while typing. */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogRow } from '../../../shared/contract/logs';
import { fakeLayout, makeRow } from './table/testing/table';
import { FIRST_WINDOW, logsBridge, renderLogs } from './testing/logs';
import type { LogChartsProps } from './view-types';

// The charts draw on canvas, which happy-dom has not; their place is all these tests need.
vi.mock('./charts/LogCharts', () => ({ LogCharts: (_: LogChartsProps) => <div data-testid="charts" /> }));

const TOTAL = 10_000;
/** The only rows with a 5xx, in the screen's sort (newest first): one near the top, one far below the first view. */
const FIVES = [3, 7_000];

/** Row `k` of the sort: every field from makeRow, the status 503 only at FIVES. */
function rowAt(k: number): LogRow {
  return { ...makeRow(k), index: k, statusCode: FIVES.includes(k) ? 503 : 200 };
}

function keysBridge() {
  const bridge = logsBridge();
  bridge.answer('logs.window', ({ offset, count }) => {
    const rows: LogRow[] = [];
    for (let k = offset; k < Math.min(TOTAL, offset + count); k++) rows.push(rowAt(k));
    return { rows, total: TOTAL };
  });
  bridge.answer('logs.findStatus', ({ from, direction }) => {
    const found = direction === 'next' ? FIVES.find((k) => k > from) : FIVES.findLast((k) => k < from);
    return { index: found ?? null };
  });
  return bridge;
}

beforeEach(fakeLayout);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const grid = () => screen.getByRole('grid', { name: 'Log rows', hidden: true });
const filterBox = () => screen.getByLabelText('Filter') as HTMLInputElement;
/** The selected row's place in the sort (aria-rowindex counts the header as 1). */
const selectedIndex = () => {
  const id = grid().getAttribute('aria-activedescendant');
  const row = id ? document.getElementById(id) : null;
  return row ? Number(row.getAttribute('aria-rowindex')) - 2 : null;
};
/** A key pressed where the focus is (the body when nothing is focused); false when the screen took it. */
const press = (key: string, target: Element = document.activeElement ?? document.body) => fireEvent.keyDown(target, { key });

async function openZone() {
  const select = await screen.findByLabelText('Pull zone');
  await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
  fireEvent.change(select, { target: { value: '1' } });
  await waitFor(() => expect(grid().querySelector('[role="row"][aria-rowindex="2"]')?.getAttribute('data-state')).toBe('ready'));
  (document.activeElement as HTMLElement | null)?.blur();
}

describe('the Logs viewer keys', () => {
  it('/ focuses the filter without typing itself; letters typed there are the text; Escape goes back to the table', async () => {
    keysBridge();
    renderLogs();
    await openZone();
    expect(press('/', document.body)).toBe(false);
    expect(document.activeElement).toBe(filterBox());
    // In the box j, e, [ and ? are text: no row moves, no dialog opens.
    for (const key of ['j', 'e', '[', '?']) expect(press(key)).toBe(true);
    expect(selectedIndex()).toBeNull();
    expect(screen.queryByTestId('logs-keys-dialog')).toBeNull();
    press('Escape');
    expect(document.activeElement).toBe(grid());
  });

  it('j and k move the selection down and up from the top of the view, keeping it drawn and in view', async () => {
    keysBridge();
    renderLogs();
    await openZone();
    press('j');
    expect(selectedIndex()).toBe(0);
    expect(document.activeElement).toBe(grid());
    press('j');
    press('j');
    expect(selectedIndex()).toBe(2);
    press('k');
    expect(selectedIndex()).toBe(1);
    // Forty rows down: past the twenty the view shows at first, the selected row is still drawn and focused.
    for (let i = 0; i < 40; i++) press('j');
    expect(selectedIndex()).toBe(41);
    await waitFor(() => expect(document.getElementById(grid().getAttribute('aria-activedescendant')!)?.getAttribute('data-state')).toBe('ready'));
    expect(grid().querySelector('[role="row"][aria-rowindex="2"]')).toBeNull();
  });

  it('e and E jump to the next and previous 5xx found by the core in the screen sort, and say when there is none', async () => {
    const bridge = keysBridge();
    renderLogs();
    await openZone();
    press('e');
    await waitFor(() => expect(selectedIndex()).toBe(3));
    expect(bridge.inputs('logs.findStatus')[0]).toEqual({ sessionId: 's1', from: -1, direction: 'next', statusClass: '5xx', sort: { key: 'time', dir: 'desc' } });
    press('e');
    await waitFor(() => expect(selectedIndex()).toBe(7_000));
    const row = await waitFor(() => {
      const r = document.getElementById(grid().getAttribute('aria-activedescendant')!);
      expect(r?.getAttribute('data-state')).toBe('ready');
      return r!;
    });
    expect(within(row).getByText('503')).toBeTruthy();
    press('e');
    await waitFor(() => expect(screen.getByTestId('log-table-jump').textContent).toBe('No 5xx row below this one.'));
    expect(selectedIndex()).toBe(7_000);
    press('E');
    await waitFor(() => expect(selectedIndex()).toBe(3));
    expect(screen.getByTestId('log-table-jump').textContent).toBe('');
    press('E');
    await waitFor(() => expect(screen.getByTestId('log-table-jump').textContent).toBe('No 5xx row above this one.'));
    expect(bridge.inputs('logs.findStatus').map((i) => [i.from, i.direction])).toEqual([
      [-1, 'next'],
      [3, 'next'],
      [7_000, 'next'],
      [7_000, 'prev'],
      [3, 'prev'],
    ]);
  });

  it('[ and ] move a zone range by its own length, and never past now', async () => {
    const now = Date.UTC(2026, 4, 9, 12, 0, 0);
    vi.spyOn(Date, 'now').mockReturnValue(now);
    const bridge = keysBridge();
    renderLogs();
    await openZone();
    const hour = 3_600_000;
    press('[');
    await waitFor(() => expect(bridge.inputs('logs.update')).toEqual([{ sessionId: 's1', range: { kind: 'absolute', from: now - 2 * hour, to: now - hour }, ...FIRST_WINDOW }]));
    press('[');
    await waitFor(() => expect(bridge.inputs('logs.update')[1]).toEqual({ sessionId: 's1', range: { kind: 'absolute', from: now - 3 * hour, to: now - 2 * hour }, ...FIRST_WINDOW }));
    press(']');
    await waitFor(() => expect(bridge.inputs('logs.update')[2]).toEqual({ sessionId: 's1', range: { kind: 'absolute', from: now - 2 * hour, to: now - hour }, ...FIRST_WINDOW }));
    press(']');
    await waitFor(() => expect(bridge.inputs('logs.update')[3]).toEqual({ sessionId: 's1', range: { kind: 'absolute', from: now - hour, to: now }, ...FIRST_WINDOW }));
    // Already ending now: nothing further to ask for.
    press(']');
    await act(async () => {});
    expect(bridge.count('logs.update')).toBe(4);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-05-09T11:00');
  });

  it('[ and ] leave a file alone: it covers what it holds, and nothing is asked again', async () => {
    const bridge = keysBridge();
    bridge.answer('logs.chooseFile', { token: 'f1', name: 'day.log' });
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: /Open log file/ }));
    await waitFor(() => expect(grid().querySelector('[role="row"][aria-rowindex="2"]')?.getAttribute('data-state')).toBe('ready'));
    (document.activeElement as HTMLElement | null)?.blur();
    expect(press('[')).toBe(true);
    expect(press(']')).toBe(true);
    await act(async () => {});
    expect(bridge.count('logs.update')).toBe(0);
    expect(bridge.count('logs.open')).toBe(1);
    // The row keys still work on a file's rows.
    press('j');
    expect(selectedIndex()).toBe(0);
  });

  it('? lists the keys in a dialog that passes axe; Escape closes it and the keys work again', async () => {
    keysBridge();
    renderLogs();
    await openZone();
    press('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard' });
    for (const key of ['/', 'j', 'k', 'e', 'E', '[', ']', '?']) expect(within(dialog).getByText(key, { selector: 'kbd' })).toBeTruthy();
    // Keys inside the dialog are not the viewer's.
    press('j');
    expect(selectedIndex()).toBeNull();
    const result = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    press('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    (document.activeElement as HTMLElement | null)?.blur();
    press('j');
    expect(selectedIndex()).toBe(0);
  });
});
