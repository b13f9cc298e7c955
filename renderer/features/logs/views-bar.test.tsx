// @vitest-environment happy-dom
/** Saved views, the filters toggle and links on the whole Logs screen over a fake bridge. */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogRow } from '../../../shared/contract/logs';
import type { SavedView } from '../../../shared/contract/logs-views';
import { parseLogsLink } from '../../../shared/logs/link';
import { aStatus, FIRST_WINDOW, logsBridge, renderLogs } from './testing/logs';
import { fakeLayout, makeRow } from './table/testing/table';
import type { LogChartsProps } from './view-types';

vi.mock('./charts/LogCharts', () => ({ LogCharts: (_: LogChartsProps) => <div data-testid="charts" /> }));

const TOTAL = 10_000;
const rowAt = (k: number): LogRow => ({ ...makeRow(k), index: k });
const idOf = (k: number) => rowAt(k).requestId;

function viewsBridge() {
  const bridge = logsBridge();
  bridge.answer('logs.window', ({ offset, count }) => {
    const rows: LogRow[] = [];
    for (let k = offset; k < Math.min(TOTAL, offset + count); k++) rows.push(rowAt(k));
    return { rows, total: TOTAL };
  });
  const views: SavedView[] = [];
  bridge.answer('logs.views', () => ({ views: [...views] }));
  bridge.answer('logs.viewSave', ({ name, filter }) => {
    const v = { id: `v${views.length + 1}`, name: name.trim(), filter, savedAt: 1 };
    views.push(v);
    return v;
  });
  return { bridge, views };
}

beforeEach(fakeLayout);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const grid = () => screen.getByRole('grid', { name: 'Log rows', hidden: true });
const selectedIndex = () => {
  const id = grid().getAttribute('aria-activedescendant');
  const row = id ? document.getElementById(id) : null;
  return row ? Number(row.getAttribute('aria-rowindex')) - 2 : null;
};
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });

async function openZone() {
  const select = await screen.findByLabelText('Pull zone');
  await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
  fireEvent.change(select, { target: { value: '1' } });
  await waitFor(() => expect(grid().querySelector('[role="row"][aria-rowindex="2"]')?.getAttribute('data-state')).toBe('ready'));
}

async function applyFilter(text: string) {
  fireEvent.change(screen.getByLabelText('Filter'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save view…' }).hasAttribute('disabled')).toBe(text.trim() === ''));
}

describe('saved views', () => {
  it('save the applied filter under a name, show the core’s rule for a bad one, and apply a view with one click', async () => {
    const { bridge } = viewsBridge();
    renderLogs();
    await openZone();
    // Nothing to save before a filter is applied.
    expect(screen.getByRole('button', { name: 'Save view…' }).hasAttribute('disabled')).toBe(true);
    await applyFilter('status:5xx');
    fireEvent.click(screen.getByRole('button', { name: 'Save view…' }));
    const name = screen.getByLabelText('Name');
    // The core refuses a duplicate: its words sit under the field, which says it is invalid.
    bridge.answer('logs.viewSave', { error: { kind: 'validation', title: 'The view could not be saved', fieldErrors: { name: 'This zone already has a view named "errors"' } } });
    fireEvent.change(name, { target: { value: 'errors' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This zone already has a view named "errors"');
    expect(name.getAttribute('aria-invalid')).toBe('true');

    viewsBridge();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByLabelText('Name')).toBeNull());
    const view = await screen.findByRole('button', { name: 'errors' });
    expect(view.getAttribute('aria-pressed')).toBe('true');

    await applyFilter('');
    expect(view.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(view);
    await waitFor(() => expect(view.getAttribute('aria-pressed')).toBe('true'));
    expect((screen.getByLabelText('Filter') as HTMLInputElement).value).toBe('status:5xx');
  });
});

describe('managing saved views', () => {
  it('renames (the core’s rule shown at the field) and deletes in the dialog', async () => {
    const { bridge, views } = viewsBridge();
    views.push({ id: 'v1', name: 'Errors', filter: 'status:5xx', savedAt: 1 }, { id: 'v2', name: 'Misses', filter: 'cache:MISS', savedAt: 1 });
    bridge.answer('logs.viewRename', { error: { kind: 'validation', title: 'The view could not be saved', fieldErrors: { name: 'This zone already has a view named "misses"' } } });
    bridge.answer('logs.viewDelete', ({ id }) => {
      views.splice(views.findIndex((v) => v.id === id), 1);
      return {};
    });
    renderLogs();
    await openZone();
    fireEvent.click(await screen.findByRole('button', { name: 'Manage…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved views' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename Errors' }));
    const field = within(dialog).getByLabelText('New name for Errors');
    fireEvent.change(field, { target: { value: 'misses' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This zone already has a view named "misses"');
    expect(bridge.inputs('logs.viewRename')).toEqual([{ zoneId: 1, id: 'v1', name: 'misses' }]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Misses' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Delete Misses' })).toBeNull());
    expect(bridge.inputs('logs.viewDelete')).toEqual([{ zoneId: 1, id: 'v2' }]);
    expect(screen.queryByRole('button', { name: 'Misses' })).toBeNull();
  });
});

describe('the filters toggle', () => {
  it('f turns the filters off and back on, and the selected row stays selected at its new place', async () => {
    const { bridge } = viewsBridge();
    // The selected row (row 5 of the filtered rows) sits at 1234 among all rows.
    bridge.answer('logs.findRequest', ({ requestId }) => ({ index: requestId === idOf(5) ? 1234 : null }));
    renderLogs();
    await openZone();
    await applyFilter('status:5xx');
    (document.activeElement as HTMLElement | null)?.blur();
    for (let i = 0; i < 6; i++) press('j');
    expect(selectedIndex()).toBe(5);
    await waitFor(() => expect(document.getElementById(grid().getAttribute('aria-activedescendant')!)?.getAttribute('data-state')).toBe('ready'));

    press('f');
    await waitFor(() => expect(bridge.inputs('logs.update').at(-1)).toEqual({ sessionId: 's1', filter: '', ...FIRST_WINDOW }));
    await waitFor(() => expect(selectedIndex()).toBe(1234));
    expect(bridge.inputs('logs.findRequest').at(-1)).toEqual({ sessionId: 's1', requestId: idOf(5), sort: { key: 'time', dir: 'desc' } });
    expect(document.activeElement).toBe(grid());
    const toggle = screen.getByTestId('filters-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    await waitFor(() => expect(document.getElementById(grid().getAttribute('aria-activedescendant')!)?.getAttribute('data-state')).toBe('ready'));
    // Back on: the filter returns, and the row (row 1234 now) goes back to its place among the filtered rows.
    bridge.answer('logs.findRequest', ({ requestId }) => ({ index: requestId === idOf(1234) ? 5 : null }));
    press('f');
    await waitFor(() => expect(bridge.inputs('logs.update').at(-1)).toEqual({ sessionId: 's1', filter: 'status:5xx', ...FIRST_WINDOW }));
    await waitFor(() => expect(selectedIndex()).toBe(5));
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect((screen.getByLabelText('Filter') as HTMLInputElement).value).toBe('status:5xx');
  });

  it('says so when the row is not among the rows loaded after the toggle', async () => {
    const { bridge } = viewsBridge();
    bridge.answer('logs.findRequest', { index: null });
    renderLogs();
    await openZone();
    await applyFilter('status:5xx');
    fireEvent.mouseDown(grid().querySelector('[role="row"][aria-rowindex="3"]')!);
    fireEvent.click(screen.getByTestId('filters-toggle'));
    await waitFor(() => expect(screen.getByTestId('views-note').textContent).toBe('The selected request is not among the loaded rows.'));
  });
});

describe('links', () => {
  it('Copy link writes zone, the range as absolute times, the filter and the selected request', async () => {
    viewsBridge();
    const writeText = vi.fn(async (_: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderLogs();
    await openZone();
    await applyFilter('status:5xx');
    fireEvent.mouseDown(grid().querySelector('[role="row"][aria-rowindex="4"]')!);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const text = writeText.mock.calls[0]![0];
    expect(screen.getByTestId('copied-link').textContent).toBe(text);
    await waitFor(() => expect(screen.getByTestId('copied-link').parentElement?.textContent).toBe(`Link copied: ${text}`));
    const s = aStatus();
    // The fake core reports the filter it was given back; the range is the status's resolved one.
    expect(parseLogsLink(text)).toEqual({ ok: true, link: { zoneId: 1, from: s.from, to: s.to, filter: 'status:5xx', requestId: idOf(2) } });

    // A clipboard that refuses: the link stays readable beside the button, and the screen says so.
    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByTestId('copied-link').parentElement?.textContent).toBe(`The clipboard refused the link; copy it from here: ${text}`));
  });

  it('Open link… names what is wrong with a bad link, and opens a good one where it points, row selected', async () => {
    const { bridge } = viewsBridge();
    bridge.answer('logs.open', ({ source, filter }) => aStatus({ sessionId: 's9', filter, source: { kind: 'zone', zoneId: 1 }, ...(source.kind === 'zone' && source.range.kind === 'absolute' ? { from: source.range.from, to: source.range.to } : {}) }));
    bridge.answer('logs.findRequest', ({ requestId }) => ({ index: requestId === idOf(777) ? 777 : null }));
    renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: 'Open link…' }));
    const field = screen.getByLabelText('Link');
    fireEvent.change(field, { target: { value: 'burrow://logs?zone=1&from=yesterday&to=2026-11-21T11:00:00Z' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByTestId('open-link-error').textContent).toBe('The link "from" must be a UTC time like 2026-11-21T10:00:00Z.');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    const from = Date.now() - 3_600_000;
    const to = Date.now() - 600_000;
    const link = `burrow://logs?zone=1&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&filter=${encodeURIComponent('cache:MISS')}&request=${idOf(777)}`;
    fireEvent.change(field, { target: { value: link } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(bridge.inputs('logs.open').at(-1)).toEqual({ source: { kind: 'zone', zoneId: 1, range: { kind: 'absolute', from, to } }, filter: 'cache:MISS' }));
    await waitFor(() => expect(selectedIndex()).toBe(777));
    expect((screen.getByLabelText('Filter') as HTMLInputElement).value).toBe('cache:MISS');
    expect((screen.getByLabelText('Pull zone') as HTMLSelectElement).value).toBe('1');
  });

  it('a link waiting in the core is opened when the screen opens, and one announced later too', async () => {
    const { bridge } = viewsBridge();
    const from = Date.now() - 3_600_000;
    const to = Date.now() - 60_000;
    bridge.answer('logs.linkTake', { url: `burrow://logs?zone=1&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}` });
    renderLogs();
    await waitFor(() => expect(bridge.inputs('logs.open').at(-1)).toEqual({ source: { kind: 'zone', zoneId: 1, range: { kind: 'absolute', from, to } }, filter: '' }));
    bridge.answer('logs.linkTake', { url: 'burrow://logs?zone=0' });
    act(() => bridge.emit('logs.link', {}));
    expect((await screen.findByTestId('link-inbox-error')).textContent).toBe('The link could not be opened. The link "zone" must be a pull zone id (a whole number).');
  });

  it('the bar passes axe, with a saved view and the link field open', async () => {
    const { views } = viewsBridge();
    views.push({ id: 'v1', name: 'Errors', filter: 'status:5xx', savedAt: 1 });
    renderLogs();
    await openZone();
    await screen.findByRole('button', { name: 'Errors' });
    fireEvent.click(screen.getByRole('button', { name: 'Open link…' }));
    const bar = screen.getByTestId('views-bar');
    const result = await axe.run(bar, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(within(bar).getByRole('button', { name: 'Manage…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved views' });
    const inDialog = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(inDialog.violations.map((v) => v.id)).toEqual([]);
  });
});
