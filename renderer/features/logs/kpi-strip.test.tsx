// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { KpiStrip, type KpiStripProps } from './KpiStrip';
import { anAggregates } from './testing/logs';

afterEach(cleanup);

const full = { requests: 10_000, bytes: 2_500_000, hitRatio: 0.7, clientErrors: 0.05, serverErrors: 0.012, uniqueIps: 321 };

function show(props: KpiStripProps) {
  render(<KpiStrip {...props} />);
  const strip = screen.getByTestId('kpi-strip');
  const value = (label: string) => within(strip).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
  return { strip, value, values: () => [...strip.querySelectorAll('dd')].map((d) => d.textContent), note: () => screen.queryByTestId('kpi-note')?.textContent ?? null };
}

describe('the KPI line', () => {
  it('shows each label beside its value, with no note when the numbers are complete', () => {
    const { value, note } = show({ aggregates: anAggregates(full, false) });
    expect(value('Requests')).toMatch(/^10.000$/);
    expect(value('Bytes')).toBe('2.5 MB');
    expect(value('Hit ratio')).toBe('70.0 %');
    expect(value('4xx')).toBe('5.0 %');
    expect(value('5xx')).toBe('1.2 %');
    expect(value('Unique IPs')).toBe('321');
    expect(note()).toBeNull();
    expect(screen.getByRole('button', { name: 'How the cache hit ratio is computed' })).toBeTruthy();
  });

  it('reads "—" before anything is counted when nothing is loading', () => {
    const { values, note } = show({ aggregates: null });
    expect(values()).toEqual(['—', '—', '—', '—', '—', '—']);
    expect(note()).toBeNull();
  });

  it('reads "…" and says loading… while a session loads with nothing counted yet', () => {
    const { strip, values, note } = show({ aggregates: null, loading: true });
    expect(values()).toEqual(['…', '…', '…', '…', '…', '…']);
    expect(note()).toBe('loading…');
    expect(strip.getAttribute('aria-busy')).toBe('true');
  });

  it('never shows zeros beside rows that match: aggregates counting none of them read "…"', () => {
    const { values, note } = show({ aggregates: anAggregates({}, false), matchingRows: 100_282 });
    expect(values()).toEqual(['…', '…', '…', '…', '…', '…']);
    expect(note()).toBe('loading…');
  });

  it('zeros are shown when no row matches and nothing is loading', () => {
    const { value, note } = show({ aggregates: anAggregates({}, false), matchingRows: 0 });
    expect(value('Requests')).toBe('0');
    expect(note()).toBeNull();
  });

  it('numbers from a partial load say how many rows they come from', () => {
    const partial = show({ aggregates: anAggregates(full, true) });
    expect(partial.value('Requests')).toMatch(/^10.000$/);
    expect(partial.note()).toMatch(/^partial, from 10.000 rows$/);
    cleanup();
    // Still loading (a file being read): partial too, and the screen may name the rows itself.
    expect(show({ aggregates: anAggregates(full, false), loading: true }).note()).toMatch(/^partial, from 10.000 rows$/);
    cleanup();
    expect(show({ aggregates: anAggregates(full, false), partialFrom: 20_000 }).note()).toMatch(/^partial, from 20.000 rows$/);
  });

  it('has no serious or critical accessibility violations', async () => {
    const { container } = render(<KpiStrip aggregates={anAggregates(full, true)} />);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((x) => x.id)).toEqual([]);
  });
});
