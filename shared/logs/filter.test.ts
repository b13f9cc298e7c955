import { describe, expect, it } from 'vitest';
import {
  addChip,
  EMPTY_FILTER,
  normalizeFilter,
  toV2Query,
  type LogFilter,
  type LogFilterChip,
} from './filter.js';
import { matchesRecord } from './filter-match.js';
import type { CacheStatus } from './cache-status.js';
import type { CdnLogRecord } from './log-record.js';
import { formatV2Query } from './v2-query-string.js';

const RECORD: CdnLogRecord = {
  timestampMs: Date.UTC(2026, 4, 9, 11, 0, 0),
  pullZoneId: 7,
  requestId: '0123456789abcdef0123456789abcdef',
  cacheStatus: 'MISS',
  statusCode: 503,
  bytesSent: 1200,
  remoteIp: '203.0.113.0',
  countryCode: 'DE',
  edgeLocation: 'FR',
  url: 'https://cdn.example.com/Video/Clip.mp4?token=abc',
  userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)',
  referer: null,
};

const cache = (values: readonly CacheStatus[], negated = false): LogFilterChip => ({ key: 'cache', negated, values });

describe('filter chips', () => {
  it('merges lists of the same key and sign, keeps the first order, and sorts chips canonically', () => {
    let f: LogFilter = EMPTY_FILTER;
    f = addChip(f, { key: 'country', negated: false, values: ['de'] });
    f = addChip(f, cache(['MISS']));
    f = addChip(f, cache(['STALE', 'MISS']));
    f = addChip(f, { key: 'status', negated: false, values: [{ kind: 'class', digit: 5 }] });
    expect(f).toEqual([
      { key: 'status', negated: false, values: [{ kind: 'class', digit: 5 }] },
      { key: 'cache', negated: false, values: ['MISS', 'STALE'] },
      { key: 'country', negated: false, values: ['DE'] },
    ]);
  });

  it('replaces single values, keeps in and out apart, and never holds a value both ways', () => {
    let f = addChip(EMPTY_FILTER, { key: 'pop', negated: false, value: 'wa' });
    f = addChip(f, { key: 'pop', negated: false, value: 'DE' });
    f = addChip(f, { key: 'pop', negated: true, value: 'FR' });
    expect(f).toEqual([
      { key: 'pop', negated: false, value: 'DE' },
      { key: 'pop', negated: true, value: 'FR' },
    ]);
    // Alt-clicking MISS while MISS is required moves it to the excluded chip.
    f = addChip(addChip(EMPTY_FILTER, cache(['MISS', 'HIT'])), cache(['MISS'], true));
    expect(f).toEqual([cache(['HIT']), cache(['MISS'], true)]);
    f = addChip(f, cache(['HIT'], true));
    expect(f).toEqual([cache(['MISS', 'HIT'], true)]);
  });
});

describe('toV2Query', () => {
  it('sends every plain chip as its v2 parameter and keeps negated chips local', () => {
    const f = normalizeFilter([
      { key: 'status', negated: false, values: [{ kind: 'class', digit: 5 }, { kind: 'code', code: 404 }] },
      cache(['MISS', 'STALE']),
      { key: 'country', negated: false, values: ['DE', 'FR'] },
      { key: 'pop', negated: true, value: 'WA' },
      { key: 'pop', negated: false, value: 'DE' },
      { key: 'ip', negated: false, value: '203.0.113.9' },
      { key: 'url', negated: false, value: '/video/' },
      { key: 'ua', negated: false, value: 'bot' },
      { key: 'referer', negated: false, value: 'example.org' },
      { key: 'requestId', negated: false, value: '0123456789ABCDEF0123456789ABCDEF' },
      { key: 'originShield', negated: false, value: true },
      { key: 'order', negated: false, value: 'asc' },
      { key: 'search', negated: false, values: ['free', 'words'] },
      { key: 'search', negated: true, values: ['health'] },
    ]);
    const r = toV2Query(f, { from: Date.UTC(2026, 4, 9, 11), to: Date.UTC(2026, 4, 9, 12) });
    expect(formatV2Query(r.query)).toBe(
      'from=2026-05-09T11%3A00%3A00.000Z&to=2026-05-09T12%3A00%3A00.000Z&status=5xx%2C404&cacheStatus=MISS%2CSTALE&country=DE%2CFR' +
        '&edgeLocation=DE&remoteIp=203.0.113.9&urlContains=%2Fvideo%2F&userAgentContains=bot&refererContains=example.org' +
        '&search=free%20words&requestId=0123456789abcdef0123456789abcdef&includeOriginShield=true&order=asc',
    );
    expect(r.localOnly).toEqual([
      { key: 'pop', negated: true, value: 'WA' },
      { key: 'search', negated: true, values: ['health'] },
    ]);
  });

  it('keeps host, referrer host, agent and pattern local, asking the platform only for text every such row holds', () => {
    const range = { from: 0, to: 1 };
    const host = { key: 'host', negated: false, values: ['cdn.example.com'] } as const;
    const refHost = { key: 'refererHost', negated: false, values: ['site.example'] } as const;
    const agent = { key: 'agent', negated: false, values: ['Googlebot'] } as const;
    const pattern = { key: 'pattern', negated: false, value: 'https://cdn.example.com/v/{n}/thumb.jpg' } as const;
    const r = toV2Query(normalizeFilter([host, refHost, agent]), range);
    expect(r.query).toEqual({ from: 0, to: 1, urlContains: 'cdn.example.com', refererContains: 'site.example', userAgentContains: 'Googlebot' });
    expect(r.localOnly).toEqual([host, agent, refHost]);
    // A pattern asks for its literal start; a chip of the parameter's own key keeps the parameter.
    expect(toV2Query([pattern], range).query).toEqual({ from: 0, to: 1, urlContains: 'cdn.example.com/v/' });
    expect(toV2Query(normalizeFilter([pattern, { key: 'url', negated: false, value: '.jpg' }]), range).query).toEqual({ from: 0, to: 1, urlContains: '.jpg' });
    // Nothing to narrow by: several values, a kind, a family without a word, a pattern without a scheme, a negated chip.
    for (const chip of [
      { key: 'host', negated: false, values: ['a.example', 'b.example'] },
      { key: 'agent', negated: false, values: ['bot'] },
      { key: 'agent', negated: false, values: ['Chrome'] },
      { key: 'pattern', negated: false, value: '/v/{n}' },
      { ...host, negated: true },
    ] as const satisfies readonly LogFilterChip[]) {
      expect(toV2Query([chip], range)).toEqual({ query: range, localOnly: [chip] });
    }
  });

  it('sends only the range for an empty or all-negated filter', () => {
    const r = toV2Query([cache(['HIT'], true)], { from: 0, to: 1 });
    expect(r.query).toEqual({ from: 0, to: 1 });
    expect(r.localOnly).toEqual([cache(['HIT'], true)]);
  });
});

describe('matchesRecord', () => {
  const m = (chips: readonly LogFilterChip[], r: CdnLogRecord = RECORD) => matchesRecord(normalizeFilter(chips), r);
  const one = (c: LogFilterChip): [boolean, boolean] => [m([c]), m([{ ...c, negated: true } as LogFilterChip])];

  it('decides each key as the platform does, and a negated chip exactly the opposite', () => {
    expect(m([])).toBe(true);
    expect(one({ key: 'status', negated: false, values: [{ kind: 'code', code: 404 }, { kind: 'class', digit: 5 }] })).toEqual([true, false]);
    expect(one({ key: 'status', negated: false, values: [{ kind: 'class', digit: 2 }] })).toEqual([false, true]);
    expect(one(cache(['HIT', 'MISS']))).toEqual([true, false]);
    expect(one(cache(['STALE']))).toEqual([false, true]);
    expect(one({ key: 'country', negated: false, values: ['de'] })).toEqual([true, false]);
    expect(one({ key: 'pop', negated: false, value: 'fr' })).toEqual([true, false]);
    expect(one({ key: 'pop', negated: false, value: 'WA' })).toEqual([false, true]);
    // Contains is case-insensitive and looks at host and path, not the scheme.
    expect(one({ key: 'url', negated: false, value: '/video/clip' })).toEqual([true, false]);
    expect(one({ key: 'url', negated: false, value: 'CDN.EXAMPLE.COM/' })).toEqual([true, false]);
    expect(one({ key: 'url', negated: false, value: 'https' })).toEqual([false, true]);
    expect(one({ key: 'ua', negated: false, value: 'GOOGLEBOT' })).toEqual([true, false]);
    expect(one({ key: 'requestId', negated: false, value: '0123456789ABCDEF0123456789ABCDEF' })).toEqual([true, false]);
  });

  it('compares hosts whole and case-insensitive, families by kind or name, patterns as the Group URLs rule writes them', () => {
    const host = (...values: string[]) => one({ key: 'host', negated: false, values });
    expect(host('CDN.example.com')).toEqual([true, false]);
    expect(host('other.example', 'cdn.example.com')).toEqual([true, false]);
    expect(host('example.com')).toEqual([false, true]);
    expect(host('cdn.example.com.evil')).toEqual([false, true]);
    expect(m([{ key: 'host', negated: false, values: ['cdn.example.com:8443'] }], { ...RECORD, url: 'http://cdn.example.com:8443?x' })).toBe(true);
    const ref = (referer: string | null, ...values: string[]) => [
      m([{ key: 'refererHost', negated: false, values }], { ...RECORD, referer }),
      m([{ key: 'refererHost', negated: true, values }], { ...RECORD, referer }),
    ];
    expect(ref('https://Site.example/page?q=1', 'site.example')).toEqual([true, false]);
    expect(ref('https://site.example.org/', 'site.example')).toEqual([false, true]);
    expect(ref('junk', 'junk')).toEqual([false, true]);
    expect(ref(null, 'site.example')).toEqual([false, true]);
    const agent = (...values: string[]) => one({ key: 'agent', negated: false, values });
    expect(agent('bot')).toEqual([true, false]);
    expect(agent('googlebot')).toEqual([true, false]);
    expect(agent('browser', 'tool')).toEqual([false, true]);
    expect(agent('Chrome')).toEqual([false, true]);
    expect(m([{ key: 'agent', negated: false, values: ['Chrome'] }], { ...RECORD, userAgent: 'Mozilla/5.0 (X11) AppleWebKit/537.36 Chrome/120.0 Safari/537.36' })).toBe(true);
    expect(m([{ key: 'agent', negated: true, values: ['other'] }], { ...RECORD, userAgent: null })).toBe(true);
    const pattern = (url: string, value: string) => m([{ key: 'pattern', negated: false, value }], { ...RECORD, url });
    expect(pattern('https://cdn.example/v/1234/thumb.jpg?t=1', 'https://cdn.example/v/{n}/thumb.jpg')).toBe(true);
    expect(pattern('https://cdn.example/v/1234/thumb.jpg', 'https://cdn.example/v/{n}')).toBe(false);
    expect(pattern('https://cdn.example/v/1234/Thumb.jpg', 'https://cdn.example/v/{n}/thumb.jpg')).toBe(false);
    expect(pattern('https://cdn.example/list?page=3&sort=new', 'https://cdn.example/list?page=*&sort=*')).toBe(true);
    expect(pattern('https://cdn.example/list', 'https://cdn.example/list?page=*&sort=*')).toBe(false);
    expect(pattern('/plain/path', '/plain/path')).toBe(true);
  });

  it('treats a missing field as not having the value, so a negated chip keeps the row', () => {
    const bare = { ...RECORD, countryCode: null, userAgent: null, remoteIp: null };
    expect([m([{ key: 'referer', negated: false, value: 'x' }]), m([{ key: 'referer', negated: true, value: 'x' }])]).toEqual([false, true]);
    expect(m([{ key: 'country', negated: false, values: ['DE'] }], bare)).toBe(false);
    expect(m([{ key: 'country', negated: true, values: ['DE'] }], bare)).toBe(true);
    expect(m([{ key: 'ua', negated: true, value: 'bot' }], bare)).toBe(true);
    expect(m([{ key: 'ip', negated: false, value: '203.0.113.0' }], bare)).toBe(false);
  });

  it('searches cache status, request id, POP, host, path, user agent and referer, any word', () => {
    const s = (...values: string[]) => one({ key: 'search', negated: false, values });
    expect(s('clip.MP4')).toEqual([true, false]);
    expect(s('nothing', 'miss')).toEqual([true, false]);
    expect(s('fr')).toEqual([true, false]);
    expect(s('89abcdef01')).toEqual([true, false]);
    expect(s('googlebot')).toEqual([true, false]);
    // Not searched: country, IP, status, the scheme.
    expect(matchesRecord([{ key: 'search', negated: false, values: ['jp'] }], { ...RECORD, countryCode: 'JP' })).toBe(false);
    expect(s('203.0.113')).toEqual([false, true]);
    expect(s('503')).toEqual([false, true]);
    expect(s('https')).toEqual([false, true]);
  });

  it('compares addresses at the width the zone keeps', () => {
    const ip = (value: string, anonymization?: 0 | 1 | null) =>
      matchesRecord([{ key: 'ip', negated: false, value }], RECORD, anonymization === undefined ? {} : { anonymization });
    expect(ip('203.0.113.77')).toBe(true);
    expect(ip('203.0.114.0')).toBe(false);
    expect(ip('203.0.113.77', null)).toBe(false);
    expect(ip('203.0.113.0', null)).toBe(true);
    // Dropped addresses: the platform ignores the filter, so it decides nothing here either.
    expect(ip('198.51.100.1', 1)).toBe(true);
    const v6 = { ...RECORD, remoteIp: '2001:db8:1:2::' };
    expect(matchesRecord([{ key: 'ip', negated: false, value: '2001:db8:1:2:aa::1' }], v6)).toBe(true);
    expect(matchesRecord([{ key: 'ip', negated: true, value: '2001:db8:1:3::1' }], v6)).toBe(true);
  });

  it('passes every record for chips a record cannot decide, and combines chips with AND', () => {
    expect(m([{ key: 'originShield', negated: false, value: false }, { key: 'order', negated: false, value: 'asc' }])).toBe(true);
    expect(m([cache(['MISS']), { key: 'country', negated: false, values: ['DE'] }])).toBe(true);
    expect(m([cache(['MISS']), { key: 'country', negated: false, values: ['FR'] }])).toBe(false);
    expect(m([{ key: 'status', negated: false, values: [{ kind: 'class', digit: 5 }] }, { key: 'status', negated: true, values: [{ kind: 'code', code: 503 }] }])).toBe(false);
  });
});
