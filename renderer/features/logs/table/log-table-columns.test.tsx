// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLUMNS_STORAGE_KEY, ESTIMATED_WIDTHS, FILL_MIN_WIDTH } from './columns';
import { zoneName, zoneShortName } from './row-format';
import { bridgeWithRows, fakeLayout, GRID_WIDTH, renderTable, tableProps } from './testing/table';

beforeEach(fakeLayout);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const headers = () => screen.getAllByRole('columnheader').map((h) => h.querySelector('.log-head-label')?.textContent);
const grid = () => screen.getByRole('grid', { name: 'Log rows' });
const ready = () => waitFor(() => expect(grid().querySelector('[aria-rowindex="2"]')?.getAttribute('data-state')).toBe('ready'));

describe('the logs table columns', () => {
  it('moves a column from its menu, by keyboard, and keeps the order', async () => {
    bridgeWithRows(20);
    renderTable(tableProps(20).props);
    await ready();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Cache column options' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move left' }));
    await waitFor(() => expect(headers().slice(0, 3)).toEqual(['Time (UTC)', 'Cache', 'Status']));
    // The rows' cells follow the header's order.
    const cells = within(grid().querySelector<HTMLElement>('[aria-rowindex="2"]')!).getAllByRole('gridcell');
    expect(cells.slice(0, 3).map((c) => c.dataset.column)).toEqual(['time', 'cache', 'status']);
    expect(JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY) ?? '{}').order.slice(0, 3)).toEqual(['time', 'cache', 'status']);
  });

  it('gives the URL column the width the others leave; resizing it by keyboard fixes its width', async () => {
    bridgeWithRows(20);
    renderTable(tableProps(20).props);
    await ready();
    const fixed = ESTIMATED_WIDTHS.time + ESTIMATED_WIDTHS.status + ESTIMATED_WIDTHS.cache + ESTIMATED_WIDTHS.bytes + ESTIMATED_WIDTHS.country + ESTIMATED_WIDTHS.pop;
    const handle = screen.getByRole('separator', { name: 'Resize URL path column' });
    expect(handle.getAttribute('aria-valuenow')).toBe(String(GRID_WIDTH - fixed));
    const cell = () => grid().querySelector<HTMLElement>('[aria-rowindex="2"] [data-column="path"]')!;
    expect(cell().style.width).toBe(`${GRID_WIDTH - fixed}px`);
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    expect(handle.getAttribute('aria-valuenow')).toBe(String(GRID_WIDTH - fixed + 16 + 64));
    expect(cell().style.width).toBe(`${GRID_WIDTH - fixed + 80}px`);
    expect(JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY) ?? '{}').widths).toEqual({ path: GRID_WIDTH - fixed + 80 });
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(handle.getAttribute('aria-valuenow')).toBe('48');
    // Another column narrowed by keyboard: its own width changes, by the step.
    const time = screen.getByRole('separator', { name: 'Resize Time column' });
    fireEvent.keyDown(time, { key: 'ArrowLeft' });
    expect(time.getAttribute('aria-valuenow')).toBe(String(ESTIMATED_WIDTHS.time - 16));
  });

  it('keeps the URL column at its least width in a narrow grid, which then scrolls sideways', async () => {
    fakeLayout({ width: 480 });
    bridgeWithRows(20);
    renderTable(tableProps(20).props);
    await ready();
    expect(screen.getByRole('separator', { name: 'Resize URL path column' }).getAttribute('aria-valuenow')).toBe(String(FILL_MIN_WIDTH));
  });

  it('shows on-demand columns and names the local zone in the time header', async () => {
    bridgeWithRows(20);
    renderTable(tableProps(20, { timeZone: 'local' }).props);
    await ready();
    // The zone's short name in the label; its full name on hover.
    expect(headers()[0]).toBe(`Time (${zoneShortName('local')})`);
    expect(screen.getByRole('button', { name: headers()[0]! }).title).toContain(zoneName('local'));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Columns' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'User agent' }));
    // The menu stays open for more choices; Escape closes it.
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(headers()).toContain('User agent');
    expect(grid().querySelector('[aria-rowindex="2"] [data-column="userAgent"]')?.textContent).toBe('Mozilla/5.0 (Test; "Bot")');
  });

  it('has no serious accessibility violations in its grid roles', async () => {
    bridgeWithRows(20);
    renderTable(tableProps(20).props);
    await ready();
    fireEvent.keyDown(grid(), { key: 'ArrowDown' });
    fireEvent.keyDown(grid(), { key: 'Enter' });
    await screen.findByTestId('log-detail');
    // happy-dom draws nothing, so contrast is checked in the browser, not here.
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    // The grid's structure was checked, not skipped.
    expect(result.passes.map((p) => p.id)).toEqual(expect.arrayContaining(['aria-required-children', 'aria-required-parent', 'aria-valid-attr-value']));
  });
});
