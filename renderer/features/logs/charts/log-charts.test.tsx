// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogChartsProps } from '../view-types';
import { DEFAULT_URL_GROUPING } from '../../../../shared/logs/url-pattern';
import { useLogs } from '../logs-store';
import { anAggregates } from './testing/fixtures';
import { LogCharts } from './LogCharts';

afterEach(() => {
  cleanup();
  useLogs.getState().setUrlGrouping(DEFAULT_URL_GROUPING);
});

function renderCharts(props: Partial<LogChartsProps> = {}) {
  const all: LogChartsProps = {
    aggregates: anAggregates(),
    timeZone: 'utc',
    onDrill: vi.fn(),
    onZoom: vi.fn(),
    zoomed: false,
    onResetZoom: vi.fn(),
    ...props,
  };
  const view = render(<LogCharts {...all} />);
  return { ...view, props: all };
}

const chart = (name: string | RegExp) => screen.getByRole('region', { name });

describe('the charts', () => {
  it('say on every chart how many rows they were drawn from, and when those are partial', () => {
    const { rerender, props } = renderCharts({ aggregates: anAggregates({ rows: 4321, partial: true }) });
    const subtitles = screen.getAllByTestId('chart-subtitle').map((e) => e.textContent);
    expect(subtitles).toEqual(Array(5).fill('from 4,321 loaded rows — partial'));
    rerender(<LogCharts {...props} aggregates={anAggregates({ rows: 4321, partial: false })} />);
    expect(screen.getAllByTestId('chart-subtitle').map((e) => e.textContent)).toEqual(Array(5).fill('4,321 rows'));
  });

  it('mount no plot without layout, yet list every series with its total and a table of totals', () => {
    const { container } = renderCharts();
    expect(container.querySelector('.uplot')).toBeNull();
    cleanup();
    // With a width but no canvas to draw on (this DOM has none), the plot is still not mounted, and nothing throws.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('log-chart-plot') ? 600 : 0;
    });
    renderCharts();
    expect(document.querySelector('.uplot')).toBeNull();
    vi.restoreAllMocks();
    const cache = chart('Requests by cache status');
    expect(within(cache).getByRole('img').getAttribute('aria-label')).toBe('Requests by cache status: HIT 8, MISS 3, - 1; hit ratio 72.7 %');
    expect(within(cache).getByTestId('legend-value-HIT').textContent).toBe('8');
    expect(within(cache).getByTestId('legend-value-hit-ratio').textContent).toBe('72.7 %');
    expect(within(cache).getByTestId('legend-at').textContent).toBe('Whole range');
    const table = within(cache).getByRole('table');
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['SeriesRequestsShare', 'HIT866.7 %', 'MISS325.0 %', '-18.3 %']);
    const classes = chart('Requests by status class');
    expect(within(classes).queryByRole('checkbox', { name: 'Show hit ratio' })).toBeNull();
    expect(within(classes).getAllByRole('checkbox').map((c) => c.getAttribute('aria-label'))).toEqual(['Show 2xx', 'Show 5xx']);
  });

  it('switch both time charts between requests and bytes', () => {
    renderCharts();
    const bytes = screen.getByRole('radio', { name: 'Bytes' });
    expect(screen.getByRole('radio', { name: 'Requests' })).toHaveProperty('checked', true);
    fireEvent.click(bytes);
    expect(bytes).toHaveProperty('checked', true);
    expect(within(chart('Bytes by cache status')).getByTestId('legend-value-HIT').textContent).toBe('12.0 kB');
    expect(within(chart('Bytes by status class')).getByTestId('legend-value-5xx').textContent).toBe('3.0 kB');
  });

  it('toggle a series from its legend entry', () => {
    renderCharts();
    const cache = chart('Requests by cache status');
    const miss = within(cache).getByRole('checkbox', { name: 'Show MISS' });
    expect(miss).toHaveProperty('checked', true);
    fireEvent.click(miss);
    expect(miss).toHaveProperty('checked', false);
    // The entry stays, so the series can be shown again; the other series are untouched.
    expect(within(cache).getByRole('checkbox', { name: 'Show HIT' })).toHaveProperty('checked', true);
    fireEvent.click(miss);
    expect(miss).toHaveProperty('checked', true);
  });

  it('drill down from a legend value: click adds, Alt-click and Alt+Enter exclude', () => {
    const onDrill = vi.fn();
    renderCharts({ onDrill });
    const miss = within(chart('Requests by cache status')).getByRole('button', { name: 'MISS' });
    fireEvent.click(miss);
    fireEvent.click(miss, { altKey: true });
    fireEvent.keyDown(miss, { key: 'Enter', altKey: true });
    fireEvent.click(within(chart('Requests by status class')).getByRole('button', { name: '5xx' }));
    fireEvent.click(within(chart('Requests by cache status')).getByRole('button', { name: '-' }));
    expect(onDrill.mock.calls.map(([d]) => d)).toEqual([
      { token: 'cache:MISS', negated: false },
      { token: 'cache:MISS', negated: true },
      { token: 'cache:MISS', negated: true },
      { token: 'status:5xx', negated: false },
      { token: 'cache:-', negated: false },
    ]);
  });

  it('list top URLs, countries and POPs as buttons with their hit ratio, each drilling down to its value', () => {
    const onDrill = vi.fn();
    renderCharts({ onDrill });
    const urls = within(chart('Top URLs')).getAllByRole('button');
    expect(urls.map((b) => b.textContent)).toEqual(['/video/a.mp4 7 requests · 10.5 KB · 71.4 % hit', '/my file.txt 5 requests · 7.5 KB · 75.0 % hit']);
    const countries = within(chart('Top countries')).getAllByRole('button');
    expect(countries[0]?.textContent).toBe('Germany (DE) 9 requests · 13.5 KB · 87.5 % hit');
    const pops = within(chart('Top POPs')).getAllByRole('button');
    expect(pops[1]?.textContent).toContain('– hit');
    fireEvent.click(urls[1]!);
    fireEvent.click(urls[0]!, { altKey: true });
    fireEvent.click(countries[0]!);
    fireEvent.keyDown(pops[0]!, { key: 'Enter', altKey: true });
    fireEvent.keyDown(pops[0]!, { key: 'Enter' });
    expect(onDrill.mock.calls.map(([d]) => d)).toEqual([
      { token: 'url:"/my file.txt"', negated: false },
      { token: 'url:/video/a.mp4', negated: true },
      { token: 'country:DE', negated: false },
      { token: 'pop:WA', negated: true },
    ]);
  });

  it('group URLs into patterns and keep query strings apart on request, a pattern listed but not drilling down', () => {
    const onDrill = vi.fn();
    const a = anAggregates();
    const patterns = anAggregates({
      top: {
        ...a.top,
        urls: [
          { key: 'https://v.example/{uuid}/720p/video3.ts', requests: 9, bytes: 9000, hitRatio: 0.5, urls: 4 },
          { key: 'https://v.example/robots.txt', requests: 2, bytes: 20, hitRatio: 1, urls: 1 },
        ],
      },
    });
    renderCharts({ aggregates: patterns, onDrill });
    const group = screen.getByRole('checkbox', { name: 'Group URLs' });
    const ignore = screen.getByRole('checkbox', { name: 'Ignore query string' });
    expect([group, ignore].map((c) => (c as HTMLInputElement).checked)).toEqual([false, true]);
    fireEvent.click(group);
    fireEvent.click(ignore);
    expect(useLogs.getState().urlGrouping).toEqual({ patterns: true, ignoreQuery: false });
    const list = chart('Top URL patterns');
    // The pattern names many URLs: it is shown with how many, and is not a filter.
    expect(within(list).getByRole('group', { name: /\{uuid\}/ }).getAttribute('aria-label')).toBe('/{uuid}/720p/video3.ts: 9 requests, 4 URLs, 9.0 KB, hit ratio 50.0 %');
    const plain = within(list).getAllByRole('button');
    expect(plain).toHaveLength(1);
    fireEvent.click(plain[0]!);
    expect(onDrill).toHaveBeenCalledWith({ token: 'url:https://v.example/robots.txt', negated: false });
  });

  it('offer "Reset zoom" only while zoomed', () => {
    const onResetZoom = vi.fn();
    const { rerender, props } = renderCharts({ onResetZoom });
    expect(screen.queryByRole('button', { name: 'Reset zoom' })).toBeNull();
    rerender(<LogCharts {...props} zoomed />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(onResetZoom).toHaveBeenCalledTimes(1);
  });

  it('say so when there is nothing to draw', () => {
    const a = anAggregates();
    const none = anAggregates({
      rows: 0,
      series: { ...a.series, requestsByCache: a.series.requestsByCache.map((r) => r.map(() => 0)), requestsByClass: a.series.requestsByClass.map((r) => r.map(() => 0)) },
      top: { urls: [], countries: [], pops: [] },
    });
    renderCharts({ aggregates: none });
    expect(screen.getAllByText('No requests in this range.')).toHaveLength(2);
    expect(screen.getAllByText('Nothing to list.')).toHaveLength(3);
  });

  it('keep each plot through a moment without rows (a new filter under way) instead of building another', () => {
    const a = anAggregates();
    const none = anAggregates({
      rows: 0,
      series: { ...a.series, requestsByCache: a.series.requestsByCache.map((r) => r.map(() => 0)), requestsByClass: a.series.requestsByClass.map((r) => r.map(() => 0)) },
    });
    const { container, rerender, props } = renderCharts({ aggregates: a });
    const plots = [...container.querySelectorAll('.log-chart-plot')];
    expect(plots).toHaveLength(2);
    rerender(<LogCharts {...props} aggregates={none} />);
    expect(screen.getAllByText('No requests in this range.')).toHaveLength(2);
    for (const p of plots) expect(p.closest('[hidden]')).not.toBeNull();
    rerender(<LogCharts {...props} aggregates={anAggregates({ rows: 99 })} />);
    expect(screen.queryByText('No requests in this range.')).toBeNull();
    const after = [...container.querySelectorAll('.log-chart-plot')];
    expect(after).toHaveLength(2);
    after.forEach((p, i) => {
      expect(p).toBe(plots[i]);
      expect(p.closest('[hidden]')).toBeNull();
    });
  });

  it('write their bucket size and report how many buckets they draw and how wide each is, and their width to the session', () => {
    // A browser reports the plot's width once it is laid out: here, 1,000 px.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: (entries: { contentRect: { width: number } }[]) => void) {}
        observe() {
          this.report([{ contentRect: { width: 1000 } }]);
        }
        disconnect() {}
      },
    );
    try {
      useLogs.setState({ plotWidth: null });
      const a = anAggregates();
      const fiveMinutes = anAggregates({ series: { ...a.series, bucketMs: 300_000, starts: a.series.starts.map((_, i) => a.series.starts[0]! + i * 300_000) } });
      const { rerender, props } = renderCharts();
      for (const name of ['Requests by cache status', 'Requests by status class']) {
        const c = chart(name);
        expect(within(c).getByTestId('chart-buckets').textContent).toBe('1-minute buckets');
        expect(c.dataset.bucketCount).toBe('3');
        // The value axis (64 px) and the right-hand gutter (60 px) are not plot: 876 px over 3 buckets.
        expect(c.dataset.bucketPx).toBe('292.00');
      }
      expect(useLogs.getState().plotWidth).toBe(876);
      expect(within(chart('Requests by cache status')).getByTestId('hit-ratio-rule').textContent).toBe('line drawn where a bucket has 20+ requests');
      rerender(<LogCharts {...props} aggregates={fiveMinutes} />);
      expect(within(chart('Requests by cache status')).getByTestId('chart-buckets').textContent).toBe('5-minute buckets');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('have no serious or critical accessibility violations', async () => {
    const { container } = renderCharts({ zoomed: true });
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
