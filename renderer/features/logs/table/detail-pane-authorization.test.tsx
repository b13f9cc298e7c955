// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogRow } from '../../../../shared/contract/logs';
import { bridgeWithRows, fakeLayout, makeRow, renderTable, tableProps } from './testing/table';

beforeEach(fakeLayout);
afterEach(cleanup);

const SECRET = 'Bearer eyJhbGciOiJIUzI1NiJ9.visitor-secret';
const AXE = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };

/** Rows as the core sends them: the visitor's header masked, with the flag; the clear value only on a reveal. */
function bridgeWithAuthorization() {
  const bridge = bridgeWithRows(5);
  bridge.answer('logs.window', ({ offset, count }) => {
    const rows: LogRow[] = [];
    for (let k = offset; k < Math.min(5, offset + count); k++) rows.push({ ...makeRow(k), bodyBytesSent: 10, contentRange: null, authorizationHeader: 'Bearer ••••••••', authorizationMasked: true, index: k });
    return { rows, total: 5 };
  });
  bridge.answer('logs.revealAuthorization', () => ({ value: SECRET }));
  return bridge;
}

const rowByIndex = (i: number) => screen.getByRole('grid', { name: 'Log rows' }).querySelector<HTMLElement>(`[role="row"][aria-rowindex="${i + 2}"]`);

describe('the detail pane’s Authorization header', () => {
  it('is masked (scheme kept); a labelled, keyboard-reachable button reveals this row’s value from the core, and hides it again', async () => {
    const bridge = bridgeWithAuthorization();
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderTable(tableProps(5, { sort: { key: 'bytes', dir: 'desc' } }).props);
    const row = await waitFor(() => {
      const r = rowByIndex(2);
      expect(r?.dataset.state).toBe('ready');
      return r!;
    });
    fireEvent.doubleClick(row);
    const pane = await screen.findByTestId('log-detail');
    const value = within(pane).getByTestId('log-detail-authorization');
    expect(value.textContent).toBe('Bearer ••••••••');
    expect(pane.textContent).not.toContain('visitor-secret');
    // No filter in/out for it: a credential never becomes filter text, so never a link or a saved view.
    expect(within(pane.querySelector<HTMLElement>('[data-field="authorizationHeader"]')!).queryByRole('button', { name: /^Filter/ })).toBeNull();
    // The flag is not a field of the request.
    expect(pane.querySelector('[data-field="authorizationMasked"]')).toBeNull();
    // Copy as JSON carries the masked form only.
    fireEvent.click(within(pane).getByRole('button', { name: 'Copy as JSON' }));
    await act(async () => undefined);
    expect(writeText.mock.calls.at(-1)?.[0]).toContain('"authorizationHeader": "Bearer ••••••••"');
    expect(writeText.mock.calls.at(-1)?.[0]).not.toContain('authorizationMasked');

    const reveal = within(pane).getByRole('button', { name: 'Reveal the Authorization header' });
    expect(reveal.tagName).toBe('BUTTON');
    expect(reveal.tabIndex).toBe(0);
    expect((await axe.run(pane, AXE)).violations.map((v) => v.id)).toEqual([]);
    reveal.focus();
    fireEvent.click(reveal);
    await waitFor(() => expect(value.textContent).toBe(SECRET));
    expect(bridge.inputs('logs.revealAuthorization')).toEqual([{ sessionId: 's1', index: 2, sort: { key: 'bytes', dir: 'desc' }, requestId: makeRow(2).requestId }]);
    fireEvent.click(within(pane).getByRole('button', { name: 'Hide the Authorization header' }));
    expect(value.textContent).toBe('Bearer ••••••••');
  });
});
