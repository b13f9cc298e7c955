// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FacetName, FacetsQuery, FacetValue, LogFacets } from '../../../../shared/contract/logs';
import { DEFAULT_URL_GROUPING } from '../../../../shared/logs/url-pattern';
import { installFakeBridge, type FakeBridge } from '../../../testing/fake-bridge';
import { useLogs } from '../logs-store';
import { FACET_PREFS_KEY } from './facet-prefs';
import { FacetsPanel, type FacetsPanelProps } from './FacetsPanel';
import { FACET_TOP_LIMIT } from './use-facets';

function v(key: string, requests: number, total: number, filter: string | null, over: Partial<FacetValue> = {}): FacetValue {
  return { key, requests, share: requests / total, bytes: requests * 1_000, hitRatio: 0.5, filter, exact: filter !== null, ...over };
}

/** A reply over 1,000 rows: cache statuses, countries (12 distinct, 2 listed) and URL patterns (one without a filter). */
function aReply(over: Partial<LogFacets> = {}): LogFacets {
  return {
    rows: 1_000,
    partial: false,
    facets: [
      { name: 'cache', distinct: 2, matched: 2, values: [v('HIT', 700, 1_000, 'cache:HIT', { hitRatio: 1 }), v('MISS', 300, 1_000, 'cache:MISS', { hitRatio: 0 })] },
      { name: 'country', distinct: 12, matched: 12, values: [v('DE', 600, 1_000, 'country:DE'), v('(none)', 10, 1_000, null)] },
      { name: 'urlPattern', distinct: 2, matched: 2, values: [v('https://cdn.example/video/{n}.mp4', 900, 1_000, null), v('https://cdn.example/a.css', 100, 1_000, 'url:cdn.example/a.css', { exact: false })] },
    ],
    ...over,
  };
}

/** Every country, as asking for the country facet alone returns it (filtered by the search when one is given). */
function countries(query: FacetsQuery | undefined): LogFacets {
  const all = ['DE', 'FR', 'US', 'GB', 'NL', 'PL', 'SE', 'NO', 'DK', 'FI', 'IT', 'ES'].map((c, i) => v(c, 100 - i, 1_000, `country:${c}`));
  const found = query?.search ? all.filter((x) => x.key.toLowerCase().includes(query.search!.toLowerCase())) : all;
  return { rows: 1_000, partial: false, facets: [{ name: 'country', distinct: 12, matched: found.length, values: found }] };
}

/** A promise the test settles when it chooses, to hold a reply back. */
function held<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

let bridge: FakeBridge;

beforeEach(() => {
  window.localStorage.clear();
  // A wide window: the panel starts open (a narrow one starts with the rail; tested below).
  window.innerWidth = 1440;
  useLogs.getState().setUrlGrouping(DEFAULT_URL_GROUPING);
  bridge = installFakeBridge();
  bridge.answer('logs.facets', ({ query }) => (query?.facet === 'country' ? countries(query) : aReply()));
});

afterEach(() => {
  cleanup();
});

function props(over: Partial<FacetsPanelProps> = {}): FacetsPanelProps {
  return { sessionId: 's1', version: 1, loading: false, onDrill: vi.fn(), ...over };
}

const section = (name: RegExp) => screen.getByRole('region', { name });
const rows = (facet: FacetName) => screen.getAllByTestId('facet-value').filter((r) => r.dataset.facet === facet);
const note = () => screen.getByTestId('facets-note').textContent;

describe('the facets panel', () => {
  it('asks the core for the top values of every facet and lists them with count, share, bytes and hit ratio', async () => {
    render(<FacetsPanel {...props()} />);
    await waitFor(() => expect(rows('cache')).toHaveLength(2));
    expect(bridge.inputs('logs.facets')).toEqual([{ sessionId: 's1', query: { limit: FACET_TOP_LIMIT, urls: DEFAULT_URL_GROUPING } }]);
    expect(note()).toMatch(/^1.000 rows$/);

    const cache = section(/^Cache status 2 values$/);
    const [hit, miss] = within(cache).getAllByTestId('facet-value');
    // Read out with the value apart from its count (the words between them are for screen readers only).
    expect(hit!.textContent).toMatch(/^HIT: 700 requests,\s*70\.0 % · 700\.0 KB · hit 100\.0 %$/);
    expect(miss!.textContent).toContain('hit 0.0 %');
    expect(hit!.dataset.filter).toBe('cache:HIT');
    // The share bar is as wide as the share, in the cache status's colour.
    const bar = hit!.querySelector<HTMLElement>('.facet-value-bar')!;
    expect(bar.style.width).toBe('calc((100% - 8px) * 0.7)');
    expect(bar.style.background).toBe('var(--cache-hit)');

    // Countries by their English name; a value no filter can pick is shown, not clickable, and says why.
    const [de, none] = rows('country');
    expect(de!.textContent).toContain('Germany (DE)');
    expect(de!.tagName).toBe('BUTTON');
    expect(none!.tagName).not.toBe('BUTTON');
    expect(none!.dataset.filter).toBe('');
    expect(none!.getAttribute('title')).toBe('Rows without a value cannot be picked by a filter.');
    const [pattern, css] = rows('urlPattern');
    expect(pattern!.getAttribute('title')).toMatch(/pattern stands for many URLs/);
    expect(css!.getAttribute('title')).toMatch(/containing this text/);
    // URLs show without their scheme, cut in the middle when long; the whole URL is in the name's tooltip.
    expect(css!.textContent).toMatch(/^cdn\.example\/a\.css: 100 requests/);
    expect(pattern!.querySelector('.facet-value-tail')!.textContent).toBe('/video/{n}.mp4');
    expect(pattern!.querySelector('.facet-value-name')!.getAttribute('title')).toBe('https://cdn.example/video/{n}.mp4');
    // The URL facet groups as the store says (exact paths by default).
    expect(screen.getByRole('button', { name: /^URL 2 values$/ })).toBeTruthy();
  });

  it('shows control characters and bidi overrides in a value as visible escapes', async () => {
    bridge.answer('logs.facets', aReply({ facets: [{ name: 'refererHost', distinct: 1, matched: 1, values: [v('evil\u202egnp.example', 5, 1_000, 'referer://evil')] }] }));
    render(<FacetsPanel {...props()} />);
    await waitFor(() => expect(rows('refererHost')).toHaveLength(1));
    expect(rows('refererHost')[0]!.textContent).toContain('evil\\u202egnp.example');
    expect(rows('refererHost')[0]!.textContent).not.toContain('\u202e');
  });

  it('a click adds the value’s filter, Alt-click and Alt+Enter exclude it', async () => {
    const onDrill = vi.fn();
    render(<FacetsPanel {...props({ onDrill })} />);
    await waitFor(() => expect(rows('country')).toHaveLength(2));
    const [de, none] = rows('country');
    fireEvent.click(de!);
    fireEvent.click(de!, { altKey: true });
    fireEvent.keyDown(rows('cache')[1]!, { key: 'Enter', altKey: true });
    fireEvent.click(none!);
    expect(onDrill.mock.calls.map((c) => c[0])).toEqual([
      { token: 'country:DE', negated: false },
      { token: 'country:DE', negated: true },
      { token: 'cache:MISS', negated: true },
    ]);
  });

  it('“more…” asks for that facet alone and lists every value in its section; “fewer” goes back', async () => {
    render(<FacetsPanel {...props()} />);
    const country = await waitFor(() => section(/^Country 12 values$/));
    fireEvent.click(within(country).getByRole('button', { name: 'more… (12)' }));
    await waitFor(() => expect(rows('country')).toHaveLength(12));
    expect(bridge.inputs('logs.facets').at(-1)).toEqual({ sessionId: 's1', query: { facet: 'country', urls: DEFAULT_URL_GROUPING } });
    expect(rows('country').at(-1)!.textContent).toContain('Spain (ES)');
    fireEvent.click(within(country).getByRole('button', { name: 'fewer' }));
    expect(rows('country')).toHaveLength(2);
    // A facet with all its values listed offers no "more…".
    expect(within(section(/^Cache status/)).queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('the search box of a long list asks the core for the values containing the text', async () => {
    render(<FacetsPanel {...props()} />);
    const box = await screen.findByRole('searchbox', { name: 'Search Country values' });
    // Short lists have no search box.
    expect(screen.queryByRole('searchbox', { name: 'Search Cache status values' })).toBeNull();
    fireEvent.change(box, { target: { value: ' f' } });
    await waitFor(() => expect(rows('country').map((r) => r.dataset.filter)).toEqual(['country:FR', 'country:FI']));
    expect(bridge.inputs('logs.facets').at(-1)).toEqual({ sessionId: 's1', query: { facet: 'country', urls: DEFAULT_URL_GROUPING, search: 'f' } });
    expect(within(section(/^Country/)).getByText('2 of 12 values contain “f”.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'zz' } });
    await waitFor(() => expect(within(section(/^Country/)).getByText('No value contains “zz”.')).toBeTruthy());
    expect(rows('country')).toHaveLength(0);
  });

  it('a reply to an older search is dropped; the newer search’s reply is shown', async () => {
    const first = held<LogFacets>();
    bridge.answer('logs.facets', ({ query }) => (query?.search === 'd' ? (first.promise as unknown as LogFacets) : query?.facet === 'country' ? countries(query) : aReply()));
    render(<FacetsPanel {...props()} />);
    const box = await screen.findByRole('searchbox', { name: 'Search Country values' });
    fireEvent.change(box, { target: { value: 'd' } });
    await waitFor(() => expect(bridge.inputs('logs.facets').at(-1)?.query?.search).toBe('d'));
    fireEvent.change(box, { target: { value: 'dk' } });
    // The answer to "d" arrives after the user typed "dk": it is not shown (the top values stay until "dk"'s).
    await act(async () => first.resolve(countries({ facet: 'country', search: 'd' })));
    expect(rows('country').map((r) => r.dataset.filter)).not.toContain('country:DK');
    await waitFor(() => expect(rows('country').map((r) => r.dataset.filter)).toEqual(['country:DK']));
    expect(bridge.inputs('logs.facets').at(-1)?.query?.search).toBe('dk');
  });

  it('a reply for a session that was replaced is not shown', async () => {
    const old = held<LogFacets>();
    bridge.answer('logs.facets', ({ sessionId }) => (sessionId === 's1' ? (old.promise as unknown as LogFacets) : aReply({ rows: 42 })));
    const view = render(<FacetsPanel {...props()} />);
    await waitFor(() => expect(bridge.count('logs.facets')).toBe(1));
    view.rerender(<FacetsPanel {...props({ sessionId: 's2' })} />);
    await waitFor(() => expect(note()).toBe('42 rows'));
    await act(async () => old.resolve(aReply({ rows: 999_999 })));
    expect(note()).toBe('42 rows');
  });

  it('asks again when the rows or the URL grouping change, once per burst of changes', async () => {
    const view = render(<FacetsPanel {...props()} />);
    view.rerender(<FacetsPanel {...props({ version: 2 })} />);
    view.rerender(<FacetsPanel {...props({ version: 3 })} />);
    await waitFor(() => expect(rows('cache')).toHaveLength(2));
    expect(bridge.count('logs.facets')).toBe(1);
    view.rerender(<FacetsPanel {...props({ version: 4 })} />);
    await waitFor(() => expect(bridge.count('logs.facets')).toBe(2));
    act(() => useLogs.getState().setUrlGrouping({ patterns: true, ignoreQuery: true }));
    await waitFor(() => expect(bridge.inputs('logs.facets').at(-1)).toEqual({ sessionId: 's1', query: { limit: FACET_TOP_LIMIT, urls: { patterns: true, ignoreQuery: true } } }));
    expect(await screen.findByRole('button', { name: /^URL pattern 2 values$/ })).toBeTruthy();
  });

  it('says loading… until counts arrive, and partial, from N rows while rows are still coming — never zeros', async () => {
    const first = held<LogFacets>();
    bridge.answer('logs.facets', () => first.promise as unknown as LogFacets);
    const view = render(<FacetsPanel {...props({ loading: true })} />);
    expect(note()).toBe('loading…');
    await waitFor(() => expect(bridge.count('logs.facets')).toBe(1));
    await act(async () => first.resolve(aReply({ rows: 0, partial: true, facets: [{ name: 'cache', distinct: 0, matched: 0, values: [] }] })));
    // Counted before any row arrived: still loading, and no facet shows a count of nothing.
    expect(note()).toBe('loading…');
    expect(screen.queryAllByTestId('facet-value')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Cache status/ })).toBeNull();

    bridge.answer('logs.facets', aReply({ rows: 1_234, partial: true }));
    view.rerender(<FacetsPanel {...props({ loading: true, version: 2 })} />);
    await waitFor(() => expect(note()).toMatch(/^partial, from 1.234 rows$/));
    expect(rows('cache')).toHaveLength(2);

    // Loaded, yet the platform has more pages: still partial.
    view.rerender(<FacetsPanel {...props({ loading: false, version: 3 })} />);
    await waitFor(() => expect(bridge.count('logs.facets')).toBe(3));
    expect(note()).toMatch(/^partial, from 1.234 rows$/);

    bridge.answer('logs.facets', aReply({ rows: 0, facets: [] }));
    view.rerender(<FacetsPanel {...props({ version: 4 })} />);
    await waitFor(() => expect(screen.getByText('No matching rows.')).toBeTruthy());
    expect(note()).toBe('0 rows');
  });

  it('a slow refresh of complete counts keeps the values listed and then says loading…', async () => {
    const view = render(<FacetsPanel {...props()} />);
    await waitFor(() => expect(note()).toMatch(/^1.000 rows$/));
    const later = held<LogFacets>();
    bridge.answer('logs.facets', () => later.promise as unknown as LogFacets);
    view.rerender(<FacetsPanel {...props({ version: 2 })} />);
    await waitFor(() => expect(note()).toBe('loading…'));
    expect(rows('cache')).toHaveLength(2);
    await act(async () => later.resolve(aReply({ rows: 2_000 })));
    await waitFor(() => expect(note()).toMatch(/^2.000 rows$/));
  });

  it('shows the core’s error in words', async () => {
    bridge.answer('logs.facets', { error: { kind: 'not_found', title: 'This log session is closed' } });
    render(<FacetsPanel {...props()} />);
    expect((await screen.findByRole('alert')).textContent).toContain('This log session is closed');
  });

  it('shows nothing without a session', () => {
    const { container } = render(<FacetsPanel {...props({ sessionId: null })} />);
    expect(container.innerHTML).toBe('');
    expect(bridge.count('logs.facets')).toBe(0);
  });

  it('collapses to a rail and keeps that, and the closed sections, across a remount', async () => {
    const view = render(<FacetsPanel {...props()} />);
    await waitFor(() => expect(rows('cache')).toHaveLength(2));
    const cacheToggle = screen.getByRole('button', { name: /^Cache status/ });
    expect(cacheToggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(cacheToggle);
    expect(cacheToggle.getAttribute('aria-expanded')).toBe('false');
    expect(rows('cache')).toHaveLength(0);

    const hide = screen.getByRole('button', { name: 'Hide facets' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(hide);
    const show = screen.getByRole('button', { name: 'Show facets' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(show);
    expect(screen.queryAllByTestId('facet-value')).toHaveLength(0);

    view.unmount();
    const asked = bridge.count('logs.facets');
    render(<FacetsPanel {...props()} />);
    // Collapsed, the panel asks the core nothing.
    expect(screen.getByRole('button', { name: 'Show facets' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show facets' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hide facets' }));
    await waitFor(() => expect(rows('country')).toHaveLength(2));
    expect(bridge.count('logs.facets')).toBe(asked + 1);
    expect(screen.getByRole('button', { name: /^Cache status/ }).getAttribute('aria-expanded')).toBe('false');
    expect(rows('cache')).toHaveLength(0);
  });

  it('starts as its rail on a narrow window until the user opens it, and then stays open', async () => {
    window.innerWidth = 1024;
    render(<FacetsPanel {...props()} />);
    const show = await screen.findByRole('button', { name: 'Show facets' });
    expect(screen.queryAllByTestId('facet-value')).toHaveLength(0);
    fireEvent.click(show);
    await waitFor(() => expect(rows('cache')).toHaveLength(2));
    cleanup();
    render(<FacetsPanel {...props()} />);
    await waitFor(() => expect(rows('cache')).toHaveLength(2));
  });

  it('follows the window’s width until the user opens or collapses it, and then keeps that choice', async () => {
    render(<FacetsPanel {...props()} />);
    await waitFor(() => expect(rows('cache')).toHaveLength(2));
    act(() => {
      window.innerWidth = 1024;
      window.dispatchEvent(new Event('resize'));
    });
    const show = await screen.findByRole('button', { name: 'Show facets' });
    fireEvent.click(show);
    await waitFor(() => expect(rows('cache')).toHaveLength(2));
    act(() => {
      window.innerWidth = 900;
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByRole('button', { name: 'Hide facets' })).toBeTruthy();
  });

  it('reads a broken or foreign stored choice as the defaults', async () => {
    window.localStorage.setItem(FACET_PREFS_KEY, '{"collapsed":"yes"');
    render(<FacetsPanel {...props()} />);
    await waitFor(() => expect(rows('cache')).toHaveLength(2));
    cleanup();
    window.localStorage.setItem(FACET_PREFS_KEY, JSON.stringify({ collapsed: false, closed: ['nonsense', 'country'] }));
    render(<FacetsPanel {...props()} />);
    await waitFor(() => expect(rows('cache')).toHaveLength(2));
    expect(rows('country')).toHaveLength(0);
  });

  it('has no serious or critical accessibility violations, expanded or collapsed', async () => {
    const { container } = render(<FacetsPanel {...props()} />);
    await waitFor(() => expect(rows('cache')).toHaveLength(2));
    const check = async () => {
      const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      return result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    expect(await check()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Hide facets' }));
    expect(await check()).toEqual([]);
  });
});
