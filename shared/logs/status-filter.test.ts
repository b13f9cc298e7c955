import { describe, expect, it } from 'vitest';
import { formatStatusFilters, matchesStatus, parseStatusFilters } from './status-filter.js';

describe('status filters', () => {
  it('reads codes and both class spellings', () => {
    const r = parseStatusFilters('200, 4xx,5,304');
    expect(r).toEqual({
      ok: true,
      filters: [
        { kind: 'code', code: 200 },
        { kind: 'class', digit: 4 },
        { kind: 'class', digit: 5 },
        { kind: 'code', code: 304 },
      ],
    });
    if (!r.ok) return;
    expect([200, 404, 499, 503, 304].every((c) => matchesStatus(c, r.filters))).toBe(true);
    expect([201, 301, 302].some((c) => matchesStatus(c, r.filters))).toBe(false);
    expect(formatStatusFilters(r.filters)).toBe('200,4xx,5xx,304');
  });

  it('refuses tokens that are neither', () => {
    for (const bad of ['', ',', 'abc', '600', '6xx', '40', '4x', '2000']) expect(parseStatusFilters(bad).ok, bad).toBe(false);
  });
});
