import { describe, expect, it } from 'vitest';
import { formatLogsLink, parseLogsLink, type LogsLink } from './link.js';

const link: LogsLink = {
  zoneId: 4242,
  from: Date.UTC(2026, 10, 21, 10, 0, 0),
  to: Date.UTC(2026, 10, 21, 11, 30, 0),
  filter: 'status:5xx -cache:HIT url:"/a b?x=1&y=2" words',
  requestId: '0123456789abcdef0123456789abcdef',
};

function failure(text: string): string {
  const r = parseLogsLink(text);
  if (r.ok) throw new Error(`expected ${text} to be refused`);
  return r.message;
}

describe('logs links', () => {
  it('read back what they were written from, filter characters included', () => {
    const text = formatLogsLink(link);
    expect(text.startsWith('burrow://logs?zone=4242&from=2026-11-21T10%3A00%3A00.000Z')).toBe(true);
    expect(parseLogsLink(text)).toEqual({ ok: true, link });
  });

  it('read back the longest filter, in characters that percent-encode to nine each', () => {
    const filter = `url:${'路'.repeat(1_990)} -url:${'丁'.repeat(1_990)}`;
    const text = formatLogsLink({ ...link, filter });
    expect(text.length).toBeGreaterThan(35_000);
    expect(parseLogsLink(text)).toEqual({ ok: true, link: { ...link, filter } });
  });

  it('may leave out the filter and the request', () => {
    const text = formatLogsLink({ ...link, filter: '', requestId: null });
    expect(text).not.toContain('filter=');
    expect(text).not.toContain('request=');
    expect(parseLogsLink(text)).toEqual({ ok: true, link: { ...link, filter: '', requestId: null } });
  });

  it('read a filter typed by hand back in the canonical text a session reports', () => {
    const text = formatLogsLink({ ...link, filter: 'words   CACHE:miss status:5xx' });
    expect(parseLogsLink(text)).toEqual({ ok: true, link: { ...link, filter: 'status:5xx cache:MISS words' } });
  });

  it('take surrounding spaces and an upper-case request id', () => {
    const r = parseLogsLink(`  burrow://logs?zone=1&from=2026-11-21T10:00Z&to=2026-11-21T11:00:00Z&request=${'AB'.repeat(16)}  `);
    expect(r).toEqual({ ok: true, link: { zoneId: 1, from: Date.UTC(2026, 10, 21, 10), to: Date.UTC(2026, 10, 21, 11), filter: '', requestId: 'ab'.repeat(16) } });
  });

  it('name what is wrong with a bad one', () => {
    const ok = 'burrow://logs?zone=1&from=2026-11-21T10:00:00Z&to=2026-11-21T11:00:00Z';
    expect(failure('')).toBe('The link is empty.');
    expect(failure('not a link')).toMatch(/not a link: it should start with burrow:\/\/logs\?/);
    expect(failure(ok.replace('burrow:', 'https:'))).toBe('The link must start with burrow:// (it starts with https://).');
    expect(failure(ok.replace('//logs', '//apps'))).toMatch(/must point at logs/);
    expect(failure(ok.replace('zone=1', 'zone=abc'))).toBe('The link "zone" must be a pull zone id (a whole number).');
    expect(failure(ok.replace('zone=1&', ''))).toBe('The link has no "zone".');
    expect(failure(ok.replace('&to=2026-11-21T11:00:00Z', ''))).toBe('The link has no "to" time.');
    expect(failure(ok.replace('from=2026-11-21T10:00:00Z', 'from=yesterday'))).toBe('The link "from" must be a UTC time like 2026-11-21T10:00:00Z.');
    expect(failure(ok.replace('from=2026-11-21T10', 'from=2026-13-21T10'))).toBe('The link "from" is not a real date.');
    // A day the month does not have is refused, not rolled over into the next month.
    expect(failure(ok.replace('from=2026-11-21T10', 'from=2026-02-30T10'))).toBe('The link "from" is not a real date.');
    expect(failure(ok.replace('to=2026-11-21T11', 'to=2026-11-31T11'))).toBe('The link "to" is not a real date.');
    expect(failure(ok.replace('T11:', 'T09:'))).toBe('The link "from" must be before "to".');
    expect(failure(`${ok}&request=xyz`)).toBe('The link "request" must be a request id (hex, at most 32 digits).');
    expect(failure(`${ok}&colour=red`)).toBe('The link has an unknown part "colour".');
    expect(failure(`${ok}&zone=2`)).toBe('The link has "zone" twice.');
    expect(failure(`${ok}&filter=${encodeURIComponent('status:abc')}`)).toMatch(/^The link's filter cannot be read: /);
    expect(failure(`${ok}&filter=${'x'.repeat(4001)}`)).toBe('The link "filter" must be at most 4000 characters.');
  });
});
