/** TailSession on a scripted v2 client: the memory of request ids stays bounded, by age and by count. */
import { describe, expect, it } from 'vitest';
import type { TailStatus } from '../../../../shared/contract/logs-tail.js';
import { readLogPage, type LogEntry } from '../../../../shared/logs/v2-response.js';
import { recordOf } from '../../../../shared/logs/testing/record-of.js';
import { appError } from '../../../../shared/contract/result.js';
import { AppFailure } from '../../errors.js';
import { createRateBudget } from '../v2/rate-budget.js';
import { inThreadRows } from '../rows/rows-host.js';
import { isTransient, TailSession, type TailTimers } from './tail-session.js';
import type { V2LogClient, V2Page } from '../v2/v2-client.js';

let serial = 0;
function entry(ms: number): LogEntry {
  const id = (serial++).toString(16).padStart(32, '0');
  return { timestamp: new Date(ms).toISOString(), pullZoneId: 1, requestId: id, cacheStatus: 'HIT', statusCode: 200, bytesSent: 1, remoteIp: null, countryCode: null, edgeLocation: 'DE', scheme: 'https', host: 'h', path: '/', url: 'https://h/', userAgent: null, referer: null };
}

function setup(pages: () => LogEntry[], options: { idMemory?: number; lookbackMs?: number } = {}) {
  const clock = { now: Date.UTC(2026, 10, 23, 12) };
  const pending: (() => void)[] = [];
  const timers: TailTimers = { set: (fn) => pending.push(fn), clear: () => undefined };
  const statuses: TailStatus[] = [];
  const client: V2LogClient = {
    fetchPage: async (zoneId, _q, offset, limit): Promise<V2Page> => {
      const entries = pages();
      const rows = entries.map((e) => recordOf(e));
      return { zoneId, rows, entries, skipped: 0, skippedRows: [], offset, limit, returned: rows.length, hasMore: false, query: { pullZoneId: zoneId, from: '', to: '', order: 'desc' }, requests: 1 };
    },
    pages: () => {
      throw new Error('not used');
    },
  };
  const tail = new TailSession('t', { now: () => clock.now, budget: createRateBudget(), emit: (s) => statuses.push(s) }, [], inThreadRows().open(), 1, async () => client, { timers, ...options });
  const step = async (ms = 3000) => {
    clock.now += ms;
    const fn = pending.shift();
    fn?.();
    await new Promise((r) => setTimeout(r, 0));
    await tail.settled();
    return statuses.at(-1)!;
  };
  return { tail, clock, step };
}

describe('TailSession', () => {
  it('remembers at most idMemory request ids, and none older than any ask reaches', async () => {
    let clockNow = 0;
    const s = setup(() => Array.from({ length: 30 }, () => entry(clockNow - 1000)), { idMemory: 50 });
    s.tail.start();
    for (let i = 0; i < 6; i++) {
      clockNow = s.clock.now + 3000;
      const st = await s.step();
      expect(st.lastArrived).toBe(30);
      expect(s.tail.rememberedIds).toBeLessThanOrEqual(50);
    }
    // Rows older than the look-back (plus a minute) are forgotten even under the bound.
    const old = setup(() => [entry(old.clock.now - 20 * 60_000)], { lookbackMs: 60_000 });
    old.tail.start();
    await old.step();
    await old.step();
    expect(old.tail.rememberedIds).toBeLessThanOrEqual(1);
  });

  it('the same rows asked again arrive once', async () => {
    const fixed = Array.from({ length: 10 }, (_, i) => entry(Date.UTC(2026, 10, 23, 12) + i));
    const s = setup(() => fixed);
    s.tail.start();
    expect((await s.step()).arrived).toBe(10);
    expect((await s.step()).arrived).toBe(10);
    expect((await s.step()).lastArrived).toBe(0);
  });

  it('counts each unreadable row once, however many asks bring it again', async () => {
    const good = entry(Date.UTC(2026, 10, 23, 12));
    const body = { data: [good, { timestamp: 'yesterday', pullZoneId: 1, statusCode: 200, bytesSent: 1 }, { timestamp: 'never', pullZoneId: 1, statusCode: 200, bytesSent: 2 }], pagination: { offset: 0, limit: 100, returned: 3, hasMore: false }, query: null };
    const read = readLogPage(body);
    if (!read.ok) throw new Error(read.reason);
    const clock = { now: Date.UTC(2026, 10, 23, 12) };
    const pending: (() => void)[] = [];
    const statuses: TailStatus[] = [];
    const client: V2LogClient = {
      fetchPage: async (zoneId, _q, offset, limit): Promise<V2Page> => ({ zoneId, ...read.page, offset, limit, returned: 3, hasMore: false, requests: 1 }),
      pages: () => {
        throw new Error('not used');
      },
      };
    const tail = new TailSession('t', { now: () => clock.now, budget: createRateBudget(), emit: (st) => statuses.push(st) }, [], inThreadRows().open(), 1, async () => client, { timers: { set: (fn) => pending.push(fn), clear: () => undefined } });
    tail.start();
    for (let i = 0; i < 3; i++) {
      clock.now += 3000;
      pending.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
      await tail.settled();
      expect(statuses.at(-1)?.unreadable).toEqual({ rows: 2, firstReason: 'timestamp must be a date-time (got "yesterday")' });
    }
    expect(tail.polls).toBe(3);
  });

  it('tells errors worth another ask from the rest', () => {
    expect(isTransient(new AppFailure(appError('network', 'Unreachable')))).toBe(true);
    expect(isTransient(new AppFailure(appError('http', 'Bad gateway', { status: 502 })))).toBe(true);
    expect(isTransient(new AppFailure(appError('http', 'Slow down', { status: 429, code: 'rate_limited' })))).toBe(true);
    expect(isTransient(new AppFailure(appError('auth', 'Wrong key', { status: 401 })))).toBe(false);
    expect(isTransient(new AppFailure(appError('not_found', 'Logging is off', { status: 404, code: 'logging_disabled' })))).toBe(false);
  });
});
