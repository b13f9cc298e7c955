import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CACHE_STATUSES } from './cache-status.js';
import { formatChip, formatFilterText, parseFilterText, parseFilterValue } from './filter-text.js';
import { normalizeFilter, type LogFilter, type LogFilterChip } from './filter.js';
import { isIpv6 } from './ip.js';
import { UA_FAMILY_NAMES, UA_KINDS } from './ua-family.js';

function parsed(text: string): LogFilter {
  const r = parseFilterText(text);
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.at}: ${e.message}`).join('; '));
  return r.filter;
}

function errors(text: string): readonly { at: number; message: string }[] {
  const r = parseFilterText(text);
  if (r.ok) throw new Error(`accepted ${text}: ${JSON.stringify(r.filter)}`);
  return r.errors;
}

describe('filter text', () => {
  it('reads the example into chips and writes it back', () => {
    const f = parsed('status:5xx cache:MISS,STALE country:DE -pop:WA url:/video/ ua:bot free words');
    expect(f).toEqual([
      { key: 'status', negated: false, values: [{ kind: 'class', digit: 5 }] },
      { key: 'cache', negated: false, values: ['MISS', 'STALE'] },
      { key: 'country', negated: false, values: ['DE'] },
      { key: 'pop', negated: true, value: 'WA' },
      { key: 'url', negated: false, value: '/video/' },
      { key: 'ua', negated: false, value: 'bot' },
      { key: 'search', negated: false, values: ['free', 'words'] },
    ]);
    expect(formatFilterText(f)).toBe('status:5xx cache:MISS,STALE country:DE -pop:WA url:/video/ ua:bot free words');
  });

  it.each([
    ['', ''],
    ['   ', ''],
    ['words first status:404', 'status:404 words first'],
    ['Status:4,200 CACHE:miss cacheStatus:hit country:de,fr', 'status:4xx,200 cache:MISS,HIT country:DE,FR'],
    ['cache:MISS cache:STALE,MISS -cache:-', 'cache:MISS,STALE -cache:-'],
    ['ua:"Mozilla 5"', 'ua:"Mozilla 5"'],
    ['ua:Mozilla\\ 5', 'ua:"Mozilla 5"'],
    ['referer:"say \\"hi\\" \\\\o/"', 'referer:"say \\"hi\\" \\\\o/"'],
    ['url:a"b c"d', 'url:"ab cd"'],
    ['ip:2001:db8::1 -ip:10.0.0.1', 'ip:2001:db8::1 -ip:10.0.0.1'],
    ['edgeLocation:wa -edge:de', 'pop:WA -pop:DE'],
    ['id:0123456789ABCDEF0123456789ABCDEF', 'id:0123456789abcdef0123456789abcdef'],
    ['shield:ON order:asc', 'shield:on order:asc'],
    ['originShield:false', 'shield:off'],
    ['-health "-dash" "a:b" search:"x  y" 12:30', '"-dash" "a:b" x y "12:30" -health'],
    ['-status:5xx status:503', 'status:503 -status:5xx'],
    ['"two words"', 'two words'],
    ['url:http://x.example/a?b=c,d', 'url:http://x.example/a?b=c,d'],
    ['host:CDN.Example.com,img.example:8443 -host:a.example', 'host:cdn.example.com,img.example:8443 -host:a.example'],
    ['refhost:Site.example referrer-host:other.example -referer-host:x.example', 'referer-host:site.example,other.example -referer-host:x.example'],
    ['agent:BOT,chrome -agent:"other BOT" ua-family:Tool', 'agent:bot,Chrome,tool -agent:"Other bot"'],
    ['agent:Other', 'agent:other'],
    ['pattern:"https://cdn.example/v/{n}/thumb.jpg" -urlPattern:/a/{uuid}?page=*', 'pattern:https://cdn.example/v/{n}/thumb.jpg -pattern:/a/{uuid}?page=*'],
    ['pattern:"/a b/{n}"', 'pattern:"/a b/{n}"'],
  ])('reads %j as %j', (text, canonical) => {
    const f = parsed(text);
    expect(formatFilterText(f)).toBe(canonical);
    expect(parsed(canonical)).toEqual(f);
  });

  it.each([
    ['status:6xx', 0, 'status: "6xx" is not a status code (e.g. 404) or class (e.g. 4xx)'],
    ['ok status:', 3, 'status: needs a value'],
    ['cache:"MISS ED"', 0, 'cache: "MISS ED" is not a cache status (one word, such as HIT or MISS)'],
    ['country:DEU', 0, 'country: "DEU" is not an ISO 3166 two-letter country code'],
    ['pop:W.A', 0, 'pop: "W.A" is not an edge location code (letters, digits, - and _)'],
    ['ip:1.2.3', 0, 'ip: "1.2.3" is not an IPv4 or IPv6 address'],
    ['url:" "', 0, 'url: needs a value'],
    ['id:xyz', 0, 'id: "xyz" is not a request id (hex, at most 32 digits)'],
    ['shield:maybe', 0, 'shield: "maybe" must be on or off'],
    ['-shield:on', 0, 'shield: cannot be negated; write shield:off or shield:on'],
    ['-order:asc', 0, 'order: cannot be negated; write order:asc or order:desc'],
    ['order:up', 0, 'order: "up" must be asc or desc'],
    ['pop:WA pop:DE', 7, 'pop: given twice; a filter holds one edge location'],
    ['cache:MISS -cache:miss', 11, 'cache: "MISS" is both required and excluded'],
    ['http://example.com', 0, 'unknown filter "http" (known: status, cache, country, pop, ip, url, pattern, host, ua, agent, referer, referer-host, id, shield, order, search); quote a word with ":" to search for it'],
    ['host:cdn.example/video', 0, 'host: "cdn.example/video" is not a host name (such as cdn.example.com, without a path)'],
    ['-referer-host:"a b"', 0, 'referer-host: "a b" is not a host name (such as cdn.example.com, without a path)'],
    ['agent:Chrom', 0, 'agent: "Chrom" is not a user-agent family (browser, bot, tool, other, or a name such as Chrome or Googlebot)'],
    ['pattern:/a/{n} pattern:/b/{n}', 15, 'pattern: given twice; a filter holds one pattern'],
    ['host:a.example -host:A.example', 15, 'host: "a.example" is both required and excluded'],
    [':x', 0, '":" needs a filter name before it; quote the word to search for it'],
    ['a - b', 2, 'a lone "-" negates nothing; put it right before a filter or word'],
    ['""', 0, 'empty quotes hold nothing to filter on'],
    ['ua:"open', 3, 'a quote is not closed'],
    [`search:${'x'.repeat(129)}`, 0, `search: "${'x'.repeat(40)}…" is longer than 128 characters`],
    [Array.from({ length: 17 }, (_, i) => `w${i}`).join(' '), 0, 'search: at most 16 words, found 17'],
  ])('refuses %j at %d: %s', (text, at, message) => {
    expect(errors(text)).toEqual([{ at, message }]);
  });

  it('reports every bad token, each where it starts', () => {
    expect(errors('status:9 cache:HIT country:XYZ words pop:a.b')).toEqual([
      { at: 0, message: 'status: "9" is not a status code (e.g. 404) or class (e.g. 4xx)' },
      { at: 19, message: 'country: "XYZ" is not an ISO 3166 two-letter country code' },
      { at: 37, message: 'pop: "a.b" is not an edge location code (letters, digits, - and _)' },
    ]);
  });

  it('reads single values as a CLI flag gives them', () => {
    expect(parseFilterValue('cache', 'miss, STALE')).toEqual({ ok: true, chip: { key: 'cache', negated: false, values: ['MISS', 'STALE'] } });
    // A status Burrow has no words for is a value like any other; the charts' "(none)" is not.
    expect(parseFilterValue('cache', 'deferred')).toEqual({ ok: true, chip: { key: 'cache', negated: false, values: ['DEFERRED'] } });
    expect(parseFilterValue('cache', '(none)').ok).toBe(false);
    expect(parseFilterValue('search', 'two  words')).toEqual({ ok: true, chip: { key: 'search', negated: false, values: ['two', 'words'] } });
    expect(parseFilterValue('ua', 'has "quotes" kept')).toEqual({ ok: true, chip: { key: 'ua', negated: false, value: 'has "quotes" kept' } });
    expect(parseFilterValue('pop', 'wa', true)).toEqual({ ok: true, chip: { key: 'pop', negated: true, value: 'WA' } });
    expect(parseFilterValue('status', '6xx')).toEqual({ ok: false, message: 'status: "6xx" is not a status code (e.g. 404) or class (e.g. 4xx)' });
    expect(parseFilterValue('order', 'newest')).toEqual({ ok: false, message: 'order: "newest" must be asc or desc' });
  });

  it('writes single chips for labels', () => {
    expect(formatChip({ key: 'search', negated: true, values: ['a', '-b'] })).toBe('-a -"-b"');
    expect(formatChip({ key: 'originShield', negated: false, value: true })).toBe('shield:on');
    expect(formatChip({ key: 'ua', negated: true, value: 'a\\b' })).toBe('-ua:"a\\\\b"');
  });
});

// Characters that stress the quoting rules, mixed with any printable text.
const tricky = fc.constantFrom('a', 'Z', ' ', '\t', '\n', '"', '\\', ':', ',', '-', 'é', '/', '?', '=');
const text = fc
  .oneof(fc.string({ unit: tricky, minLength: 1, maxLength: 12 }), fc.string({ minLength: 1, maxLength: 20 }))
  .filter((s) => s.trim() !== '');
const word = fc
  .oneof(fc.string({ unit: tricky, minLength: 1, maxLength: 8 }), fc.string({ minLength: 1, maxLength: 12 }))
  .filter((s) => /^\S+$/.test(s));
const hex32 = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 32, maxLength: 32 });
const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');

const chipArb: fc.Arbitrary<LogFilterChip> = fc.boolean().chain((negated) =>
  fc.oneof(
    fc
      .array(fc.oneof(fc.integer({ min: 100, max: 599 }).map((code) => ({ kind: 'code' as const, code })), fc.integer({ min: 1, max: 5 }).map((digit) => ({ kind: 'class' as const, digit }))), {
        minLength: 1,
        maxLength: 4,
      })
      .map((values): LogFilterChip => ({ key: 'status', negated, values })),
    fc.shuffledSubarray([...ALL_CACHE_STATUSES], { minLength: 1 }).map((values): LogFilterChip => ({ key: 'cache', negated, values })),
    fc.array(fc.string({ unit: letter, minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 3 }).map((values): LogFilterChip => ({ key: 'country', negated, values })),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/).map((value): LogFilterChip => ({ key: 'pop', negated, value })),
    fc.oneof(fc.ipV4(), fc.ipV6().filter(isIpv6)).map((value): LogFilterChip => ({ key: 'ip', negated, value })),
    fc.constantFrom('url', 'ua', 'referer', 'pattern').chain((key) => text.map((value): LogFilterChip => ({ key, negated, value }))),
    fc.constantFrom('host', 'refererHost').chain((key) =>
      fc.array(fc.stringMatching(/^[A-Za-z0-9.:[\]_-]{1,20}$/), { minLength: 1, maxLength: 3 }).map((values): LogFilterChip => ({ key, negated, values })),
    ),
    fc.array(fc.constantFrom(...UA_KINDS, ...UA_FAMILY_NAMES), { minLength: 1, maxLength: 3 }).map((values): LogFilterChip => ({ key: 'agent', negated, values })),
    hex32.map((value): LogFilterChip => ({ key: 'requestId', negated, value })),
    fc.boolean().map((value): LogFilterChip => ({ key: 'originShield', negated: false, value })),
    fc.constantFrom('asc', 'desc').map((value): LogFilterChip => ({ key: 'order', negated: false, value })),
    fc.array(word, { minLength: 1, maxLength: 5 }).map((values): LogFilterChip => ({ key: 'search', negated, values })),
  ),
);
const filterArb = fc.array(chipArb, { maxLength: 8 }).map((chips) => normalizeFilter(chips));

describe('filter text round trip', () => {
  it('reads back every canonical filter exactly, and formatting is idempotent', () => {
    fc.assert(
      fc.property(filterArb, (f) => {
        const textForm = formatFilterText(f);
        const back = parseFilterText(textForm);
        expect(back, textForm).toEqual({ ok: true, filter: f });
        if (back.ok) expect(formatFilterText(back.filter)).toBe(textForm);
      }),
      { numRuns: 500 },
    );
  });

  it('reads any chip list written out as the canonical form of that list', () => {
    fc.assert(
      fc.property(fc.array(chipArb, { maxLength: 8 }), (chips) => {
        const back = parseFilterText(formatFilterText(chips));
        expect(back).toEqual({ ok: true, filter: normalizeFilter(chips) });
      }),
      { numRuns: 300 },
    );
  });
});
