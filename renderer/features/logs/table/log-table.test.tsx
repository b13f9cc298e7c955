// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLUMNS_STORAGE_KEY } from './columns';
import { DEFAULT_PANE, PANE_STORAGE_KEY } from './detail-size';
import { HEADER_HEIGHT } from './HeaderRow';
import { LogTable } from './LogTable';
import { ROW_HEIGHT } from './BodyRow';
import { BLOCK } from './row-windows';
import { bridgeWithRows, fakeLayout, makeRow, renderTable, tableProps } from './testing/table';

const MILLION = 1_000_000;

beforeEach(fakeLayout);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const grid = () => screen.getByRole('grid', { name: 'Log rows' });
const rowByIndex = (i: number) => grid().querySelector<HTMLElement>(`[role="row"][aria-rowindex="${i + 2}"]`);
const readyRow = async (i: number) => waitFor(() => {
  const r = rowByIndex(i);
  expect(r?.dataset.state).toBe('ready');
  return r!;
});

describe('the logs table', () => {
  it('fetches only the first window, in the sort asked for, and draws its rows', async () => {
    const bridge = bridgeWithRows(MILLION);
    const { props } = tableProps(MILLION, { sort: { key: 'bytes', dir: 'desc' } });
    renderTable(props);
    // Placeholders stand in until the window arrives.
    expect(rowByIndex(0)?.getAttribute('aria-busy')).toBe('true');
    const row = await readyRow(0);
    expect(bridge.inputs('logs.window')).toEqual([{ sessionId: 's1', offset: 0, count: BLOCK, sort: { key: 'bytes', dir: 'desc' } }]);
    expect(grid().getAttribute('aria-rowcount')).toBe(String(MILLION + 1));
    // Row 0 under a descending sort is the fake's last row.
    const cells = within(row).getAllByRole('gridcell');
    expect(cells.map((c) => c.dataset.column)).toEqual(['time', 'status', 'cache', 'bytes', 'country', 'pop', 'path']);
    expect(cells[0]!.textContent).toBe('2024-05-13 02:03:18.999');
    expect(cells[3]!.textContent).toBe('7,000,993');
    expect(grid().querySelectorAll('[role="row"]').length).toBeLessThan(30);
  });

  it('End reaches the last of a million rows and fetches its window; Home goes back', async () => {
    const bridge = bridgeWithRows(MILLION);
    renderTable(tableProps(MILLION).props);
    await readyRow(0);
    grid().focus();
    fireEvent.keyDown(grid(), { key: 'End' });
    const last = await readyRow(MILLION - 1);
    expect(last.getAttribute('aria-selected')).toBe('true');
    expect(grid().getAttribute('aria-activedescendant')).toBe(last.id);
    const offsets = bridge.inputs('logs.window').map((i) => i.offset);
    expect(offsets).toContain(MILLION - BLOCK);
    expect(bridge.inputs('logs.window').every((i) => i.count <= BLOCK)).toBe(true);
    fireEvent.keyDown(grid(), { key: 'ArrowUp' });
    expect(rowByIndex(MILLION - 2)?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(grid(), { key: 'Home' });
    expect((await readyRow(0)).getAttribute('aria-selected')).toBe('true');
  });

  it('maps a scroll position proportionally onto a million rows', async () => {
    const bridge = bridgeWithRows(MILLION);
    renderTable(tableProps(MILLION).props);
    await readyRow(0);
    const el = grid();
    const spacer = el.querySelector<HTMLElement>('.log-spacer')!;
    const range = parseFloat(spacer.style.height);
    // The scroll range is capped far below Chromium's limit on an element's height.
    expect(range).toBeLessThanOrEqual(10_000_000);
    el.scrollTop = range / 2;
    fireEvent.scroll(el);
    await waitFor(() => expect(bridge.inputs('logs.window').some((i) => Math.abs(i.offset - MILLION / 2) <= BLOCK * 2)).toBe(true));
    const drawn = [...el.querySelectorAll<HTMLElement>('[role="row"][data-index]')].map((r) => Number(r.dataset.index));
    expect(Math.abs(Math.min(...drawn) - MILLION / 2)).toBeLessThan(30);
  });

  it('draws every row at its place for the offset, and reuses the rows’ elements as it scrolls', async () => {
    bridgeWithRows(500);
    renderTable(tableProps(500).props);
    await readyRow(0);
    const el = grid();
    const translate = (e: Element) => Number(/translateY\((-?[\d.]+)px\)/.exec((e as HTMLElement).style.transform)?.[1]);
    const placesAt = (offset: number) => {
      const layer = el.querySelector('.log-rows')!;
      for (const r of el.querySelectorAll<HTMLElement>('[role="row"][data-index]')) expect(translate(layer) + translate(r)).toBeCloseTo(Number(r.dataset.index) * ROW_HEIGHT - offset, 6);
    };
    placesAt(0);
    const drawn = () => [...el.querySelectorAll<HTMLElement>('[role="row"][data-index]')].map((r) => Number(r.dataset.index));
    const staying = rowByIndex(5);
    el.scrollTop = ROW_HEIGHT;
    fireEvent.scroll(el);
    expect(Math.min(...drawn())).toBe(1);
    expect(rowByIndex(5)).toBe(staying);
    placesAt(ROW_HEIGHT);
    // A jump far past the view fills the same elements with other rows instead of building new ones.
    const elements = new Set(el.querySelectorAll('[role="row"][data-index]'));
    el.scrollTop = 7000;
    fireEvent.scroll(el);
    expect(Math.min(...drawn())).toBe(250);
    const now = [...el.querySelectorAll('[role="row"][data-index]')];
    expect(now.filter((r) => elements.has(r)).length).toBeGreaterThanOrEqual(now.length - 1);
    placesAt(7000);
  });

  it('a render while the user scrolls never moves the scroller back to where the view was', async () => {
    const bridge = bridgeWithRows(MILLION);
    const { props } = tableProps(MILLION);
    const view = renderTable(props);
    await readyRow(0);
    const el = grid();
    el.scrollTop = 1000;
    fireEvent.scroll(el);
    // The user scrolls on, and before the browser reports it the table renders for another reason.
    el.scrollTop = 5000;
    const before = bridge.count('logs.window');
    view.rerender(<LogTable {...props} version={2} />);
    await waitFor(() => expect(bridge.count('logs.window')).toBeGreaterThan(before));
    expect(el.scrollTop).toBe(5000);
    // Keys still move the view, and the scroller follows them.
    grid().focus();
    fireEvent.keyDown(grid(), { key: 'Home' });
    expect(el.scrollTop).toBe(0);
  });

  it('clicking a sortable header asks for its sort; a new sort or version fetches again', async () => {
    const bridge = bridgeWithRows(500);
    const { props, onSort } = tableProps(500);
    const view = renderTable(props);
    await readyRow(0);
    fireEvent.click(screen.getByRole('button', { name: 'Status' }));
    expect(onSort).toHaveBeenLastCalledWith({ key: 'status', dir: 'desc' });
    fireEvent.click(screen.getByRole('button', { name: 'Time (UTC)' }));
    expect(onSort).toHaveBeenLastCalledWith({ key: 'time', dir: 'desc' });
    // The path column is not one the core sorts by.
    expect(screen.queryByRole('button', { name: 'URL path' })).toBeNull();
    view.rerender(<LogTable {...props} sort={{ key: 'status', dir: 'desc' }} />);
    await waitFor(() => expect(bridge.inputs('logs.window').at(-1)).toEqual({ sessionId: 's1', offset: 0, count: BLOCK, sort: { key: 'status', dir: 'desc' } }));
    expect(screen.getByRole('columnheader', { name: /Status/ }).getAttribute('aria-sort')).toBe('descending');
    const before = bridge.count('logs.window');
    view.rerender(<LogTable {...props} sort={{ key: 'status', dir: 'desc' }} version={2} />);
    await waitFor(() => expect(bridge.count('logs.window')).toBe(before + 1));
  });

  it('a hidden column stays hidden after a remount, from localStorage', async () => {
    bridgeWithRows(50);
    const first = renderTable(tableProps(50).props);
    await readyRow(0);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Columns' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Country' }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('columnheader', { name: /POP/ })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Country/ })).toBeNull();
    expect(JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY) ?? '{}').hidden).toContain('country');
    first.unmount();
    renderTable(tableProps(50).props);
    await readyRow(0);
    expect(screen.queryByRole('columnheader', { name: /Country/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /POP/ })).toBeTruthy();
  });

  it('Enter opens the detail pane with the decoded query string; Escape closes it and the grid has the focus', async () => {
    bridgeWithRows(50);
    const { props, onOpenRow } = tableProps(50);
    renderTable(props);
    await readyRow(0);
    grid().focus();
    fireEvent.keyDown(grid(), { key: 'ArrowDown' });
    expect(rowByIndex(0)?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(grid(), { key: 'Enter' });
    const pane = await screen.findByTestId('log-detail');
    expect(onOpenRow).toHaveBeenLastCalledWith(expect.objectContaining({ index: 0, path: expect.stringContaining('/api/search?') }));
    const query = within(pane).getByTestId('log-detail-query');
    expect([...query.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['q', 'page', 'empty']);
    expect([...query.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['café au lait', '2', '(empty)']);
    expect(pane.querySelector('[data-field="countryCode"] .log-detail-value')?.textContent).toBe('DE — Germany');
    expect(pane.querySelector('[data-field="edgeLocation"] .log-detail-value')?.textContent).toBe('WA');
    expect(pane.querySelector('[data-field="requestId"]')).not.toBeNull();
    fireEvent.keyDown(within(pane).getByRole('button', { name: 'Copy URL' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('log-detail')).toBeNull());
    expect(document.activeElement).toBe(grid());
    expect(onOpenRow).toHaveBeenLastCalledWith(null);
  });

  it('filter out sends a negated, correctly quoted token; filter in a plain one', async () => {
    bridgeWithRows(50);
    const { props, onDrill } = tableProps(50);
    renderTable(props);
    fireEvent.doubleClick(await readyRow(3));
    const pane = await screen.findByTestId('log-detail');
    fireEvent.click(within(pane).getByRole('button', { name: 'Filter out ua:"Mozilla/5.0 (Test; \\"Bot\\")"' }));
    expect(onDrill).toHaveBeenLastCalledWith({ token: 'ua:"Mozilla/5.0 (Test; \\"Bot\\")"', negated: true });
    fireEvent.click(within(pane).getByRole('button', { name: 'Filter in status:404' }));
    expect(onDrill).toHaveBeenLastCalledWith({ token: 'status:404', negated: false });
    fireEvent.click(within(pane).getByRole('button', { name: 'Filter out cache:STALE' }));
    expect(onDrill).toHaveBeenLastCalledWith({ token: 'cache:STALE', negated: true });
    fireEvent.click(within(pane).getByRole('button', { name: 'Filter in url:/video/3.mp4' }));
    expect(onDrill).toHaveBeenLastCalledWith({ token: 'url:/video/3.mp4', negated: false });
    expect(within(pane).getByRole('button', { name: 'Filter in pop:WA' })).toBeTruthy();
    expect(within(pane).getByRole('button', { name: 'Filter in ip:10.0.0.3' })).toBeTruthy();
  });

  it('copies the row as JSON, its URL and a cURL command', async () => {
    bridgeWithRows(50);
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderTable(tableProps(50).props);
    fireEvent.doubleClick(await readyRow(1));
    const pane = await screen.findByTestId('log-detail');
    fireEvent.click(within(pane).getByRole('button', { name: 'Copy URL' }));
    await act(async () => undefined);
    expect(writeText).toHaveBeenLastCalledWith('https://cdn.example.com/video/1.mp4');
    fireEvent.click(within(pane).getByRole('button', { name: 'Copy as cURL' }));
    expect(writeText).toHaveBeenLastCalledWith(`curl 'https://cdn.example.com/video/1.mp4' -H 'User-Agent: Mozilla/5.0 (Test; "Bot")'`);
    fireEvent.click(within(pane).getByRole('button', { name: 'Copy as JSON' }));
    const json = JSON.parse(writeText.mock.calls.at(-1)![0]);
    expect(json).toMatchObject({ requestId: '00000000000000000000000000000001', cacheStatus: 'MISS', statusCode: 200 });
    expect(json).not.toHaveProperty('index');
    expect(await within(pane).findByText('Row JSON copied')).toBeTruthy();
  });

  it('says when a window could not be loaded instead of waiting forever', async () => {
    const bridge = bridgeWithRows(50);
    bridge.answer('logs.window', { error: { kind: 'not_found', title: 'The session has ended' } });
    renderTable(tableProps(50).props);
    await waitFor(() => expect(rowByIndex(0)?.dataset.state).toBe('failed'));
    expect(rowByIndex(0)?.textContent).toBe('Could not load: The session has ended');
    // One failed block is asked for once, not again on every render.
    expect(bridge.count('logs.window')).toBe(1);
  });
  it('draws the rows that fit the height its container gives the grid, and no more', async () => {
    for (const height of [200, 400, 720]) {
      fakeLayout({ height });
      bridgeWithRows(5000);
      const view = renderTable(tableProps(5000).props);
      await readyRow(0);
      const drawn = grid().querySelectorAll('[role="row"][data-index]').length;
      // Every row that shows at least in part is drawn.
      expect(drawn, `${height} px`).toBe(Math.ceil((height - HEADER_HEIGHT) / ROW_HEIGHT));
      expect(grid().querySelector<HTMLElement>('.log-body')?.style.height).toBe(`${height - HEADER_HEIGHT}px`);
      view.unmount();
    }
    // The window's content area at 1280×800 leaves the table about 400 px: a dozen rows and more.
    expect(Math.floor((400 - HEADER_HEIGHT) / ROW_HEIGHT)).toBeGreaterThanOrEqual(12);
  });

  it('cuts a long URL path in its middle to the column’s width, with the whole path on hover and in the pane', async () => {
    const bridge = bridgeWithRows(10);
    const long = '/videos/4f2c9a7e-1b3d-4e5f-8a9b-0c1d2e3f4a5b/hls/1080p/seg-00042.ts';
    bridge.answer('logs.window', ({ offset, count }) => ({ rows: Array.from({ length: Math.min(count, 10 - offset) }, (_, k) => ({ ...makeRow(offset + k), path: long })), total: 10 }));
    fakeLayout({ width: 560 });
    renderTable(tableProps(10).props);
    const row = await readyRow(0);
    const cell = row.querySelector<HTMLElement>('[data-column="path"]')!;
    expect(cell.title).toBe(long);
    const shown = cell.textContent ?? '';
    expect(shown).toContain('…');
    expect(shown.startsWith('/videos/4f2c')).toBe(true);
    expect(shown.endsWith('/seg-00042.ts')).toBe(true);
    expect(shown.length).toBeLessThan(long.length);
    fireEvent.doubleClick(row);
    const pane = await screen.findByTestId('log-detail');
    expect(pane.querySelector('[data-field="path"] .log-detail-value')?.textContent).toBe(long);
  });

  it('opens the detail pane beside the grid, resizable by keyboard from its splitter, and remembers the width', async () => {
    fakeLayout({ width: 1000, extraWidth: 400 });
    bridgeWithRows(50);
    const first = renderTable(tableProps(50).props);
    fireEvent.doubleClick(await readyRow(2));
    const pane = await screen.findByTestId('log-detail');
    expect(screen.getByTestId('log-table').dataset.pane).toBe('right');
    const splitter = screen.getByRole('separator', { name: /Resize the details pane/ });
    expect(splitter.getAttribute('aria-orientation')).toBe('vertical');
    expect(splitter.getAttribute('aria-controls')).toBe(pane.id);
    expect(splitter.getAttribute('aria-valuenow')).toBe(String(DEFAULT_PANE.width));
    expect(pane.style.width).toBe(`${DEFAULT_PANE.width}px`);
    // Left moves the bar toward the grid: a wider pane; Right narrows it; Home gives the least.
    fireEvent.keyDown(splitter, { key: 'ArrowLeft' });
    fireEvent.keyDown(splitter, { key: 'ArrowLeft', shiftKey: true });
    expect(splitter.getAttribute('aria-valuenow')).toBe(String(DEFAULT_PANE.width + 80));
    expect(pane.style.width).toBe(`${DEFAULT_PANE.width + 80}px`);
    fireEvent.keyDown(splitter, { key: 'ArrowRight' });
    expect(JSON.parse(localStorage.getItem(PANE_STORAGE_KEY) ?? '{}').width).toBe(DEFAULT_PANE.width + 64);
    // The grid keeps 360 px of the 1,400: the pane goes no wider than 1,040.
    fireEvent.keyDown(splitter, { key: 'End' });
    expect(splitter.getAttribute('aria-valuenow')).toBe('1040');
    fireEvent.keyDown(splitter, { key: 'Home' });
    expect(splitter.getAttribute('aria-valuenow')).toBe('280');
    fireEvent.keyDown(splitter, { key: 'ArrowLeft' });
    first.unmount();
    renderTable(tableProps(50).props);
    fireEvent.doubleClick(await readyRow(2));
    expect((await screen.findByTestId('log-detail')).style.width).toBe('296px');
  });

  it('puts the detail pane below the grid in a narrow container; Escape closes it and the grid has the focus', async () => {
    fakeLayout({ width: 700, height: 500 });
    bridgeWithRows(50);
    renderTable(tableProps(50).props);
    await readyRow(0);
    grid().focus();
    fireEvent.keyDown(grid(), { key: 'ArrowDown' });
    fireEvent.keyDown(grid(), { key: 'Enter' });
    const pane = await screen.findByTestId('log-detail');
    expect(screen.getByTestId('log-table').dataset.pane).toBe('below');
    const splitter = screen.getByRole('separator', { name: /Resize the details pane/ });
    expect(splitter.getAttribute('aria-orientation')).toBe('horizontal');
    expect(pane.style.height).toBe(`${DEFAULT_PANE.height}px`);
    // Up makes the pane taller.
    fireEvent.keyDown(splitter, { key: 'ArrowUp' });
    expect(pane.style.height).toBe(`${DEFAULT_PANE.height + 16}px`);
    fireEvent.keyDown(within(pane).getByRole('button', { name: 'Close details' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('log-detail')).toBeNull());
    expect(document.activeElement).toBe(grid());
    expect(screen.queryByRole('separator', { name: /Resize the details pane/ })).toBeNull();
  });
});
