import { describe, expect, it } from 'vitest';
import { completing, estimateText, formatCount, formatShare, fromInputValue, toInputValue } from './logs-format';

describe('logs-format', () => {
  it('from/to inputs read and write on the chosen clock', () => {
    const ms = Date.UTC(2026, 4, 9, 12, 30);
    expect(toInputValue(ms, 'utc')).toBe('2026-05-09T12:30');
    expect(fromInputValue('2026-05-09T12:30', 'utc')).toBe(ms);
    expect(fromInputValue(toInputValue(ms, 'local'), 'local')).toBe(ms);
    expect(fromInputValue('2026-05-09T12:30:15', 'utc')).toBe(ms + 15_000);
    expect(fromInputValue('', 'utc')).toBeNaN();
    expect(fromInputValue('yesterday', 'local')).toBeNaN();
  });

  it('unknown numbers read "—"; shares have one decimal', () => {
    expect(formatShare(0.7)).toBe('70.0 %');
    expect(formatShare(null)).toBe('—');
    expect(formatShare(Number.NaN)).toBe('—');
    expect(formatCount(undefined)).toBe('—');
    expect(formatCount(0)).toBe('0');
  });

  it('the load-all estimate names the limit, the page size and the least time per page', () => {
    const text = estimateText({ perPageMs: 334, rowsPerPage: 10_000, requestsPer10s: 30 });
    expect(text).toMatch(/30 requests per 10 s/);
    expect(text).toMatch(/at least 0\.4 s/);
    expect(text).toMatch(/1.796.407 rows a minute/);
    expect(text).not.toMatch(/Loading all takes|Whole day/);
  });

  it('with the pages left it says how long loading all takes, and past half a minute points to Whole day', () => {
    const day = estimateText({ perPageMs: 334, rowsPerPage: 10_000, requestsPer10s: 30, pagesLeft: 170 });
    expect(day).toMatch(/^Loading all takes about 57 s \(about 170 more pages, judged from the rows so far\)\. Whole day reads a day from its day file in one download instead\./);
    expect(estimateText({ perPageMs: 334, rowsPerPage: 10_000, requestsPer10s: 30, pagesLeft: 400 })).toMatch(/^Loading all takes about 2 min \(about 400 more pages/);
    const hour = estimateText({ perPageMs: 334, rowsPerPage: 10_000, requestsPer10s: 30, pagesLeft: 9 });
    expect(hour).toMatch(/^Loading all takes about 3\.1 s \(about 9 more pages/);
    expect(hour).not.toMatch(/Whole day/);
  });

  it('completes the value at the end of the text for keys with completions', () => {
    expect(completing('status:5xx cache:MISS,ST')).toEqual({ head: 'status:5xx cache:MISS,', key: 'cache', prefix: 'ST' });
    expect(completing('-pop:W')).toEqual({ head: '-pop:', key: 'pop', prefix: 'W' });
    expect(completing('Country:')).toEqual({ head: 'Country:', key: 'country', prefix: '' });
    expect(completing('-host:cdn.example.com,im')).toEqual({ head: '-host:cdn.example.com,', key: 'host', prefix: 'im' });
    expect(completing('agent:Go')).toEqual({ head: 'agent:', key: 'agent', prefix: 'Go' });
    expect(completing('url:/vid')).toBeNull();
    expect(completing('status:5xx ')).toBeNull();
    expect(completing('ua:"a b')).toBeNull();
  });
});
