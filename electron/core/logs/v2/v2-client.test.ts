import { afterEach, describe, expect, it } from 'vitest';
import { logError } from '../../../../shared/logs/v2-response.js';
import type { V2QueryInput } from '../../../../shared/logs/v2-query-string.js';
import { startSandbox, type Sandbox } from '../../../../sandbox/server.js';
import { createPlatformClient } from '../../platform/client.js';
import { endpointsOf, failureOf, fakeSleep, fixedCredentials } from '../../platform/testing/support.js';
import type { PlatformClient, PlatformRequest, PlatformResponse } from '../../platform/types.js';
import { LOG_ERROR_TEXTS } from '../../../../shared/logs/log-error-texts.js';
import { createRateBudget, LOG_RATE_LIMIT, LOG_RATE_WINDOW_MS, type BudgetTimers, type RateBudget, type ZoneBudgetState } from './rate-budget.js';
import { createV2LogClient, type V2LogClient, type V2Page } from './v2-client.js';

/** Noon UTC on a whole second, so an HTTP-date Retry-After is exact. */
const START = Date.UTC(2026, 4, 9, 12, 0, 0);
const HOUR = 3_600_000;

/** Budget timers on the sandbox's clock: a wait never sleeps, it moves the shared clock forward to its end. */
function virtualTimers(clock: { now: number }): BudgetTimers {
  return {
    now: () => clock.now,
    set: (fn, ms) => {
      const at = clock.now + ms;
      return setImmediate(() => {
        clock.now = Math.max(clock.now, at);
        fn();
      });
    },
    clear: (h) => clearImmediate(h as NodeJS.Immediate),
  };
}

interface Sent {
  readonly at: number;
  readonly status: number;
  readonly path: string;
}

interface Rig {
  readonly sandbox: Sandbox;
  readonly clock: { now: number };
  readonly budget: RateBudget;
  readonly logs: V2LogClient;
  /** Every answer the sandbox gave, with the clock when the request went out. */
  readonly sent: Sent[];
  readonly zone: number;
  readonly quietZone: number;
}

let rigs: { sandbox: Sandbox; client: PlatformClient }[] = [];
afterEach(async () => {
  for (const r of rigs) {
    await r.client.close();
    await r.sandbox.close();
  }
  rigs = [];
});

/** A sandbox on a fake clock (its logging limit is the real 30 per 10 s), a budget on the same clock, and a v2 client through the platform client. */
async function rig(): Promise<Rig> {
  const clock = { now: START };
  const sandbox = await startSandbox({ now: () => clock.now });
  const client = createPlatformClient({
    endpoints: () => endpointsOf(sandbox),
    credentials: fixedCredentials({ accountKey: sandbox.accountKey }),
    userAgent: 'Burrow/0.0.0-test',
    now: () => clock.now,
    sleep: fakeSleep().sleep,
    env: {},
  });
  rigs.push({ sandbox, client });
  const sent: Sent[] = [];
  // Records what went over the wire; the request itself is untouched.
  const recording: PlatformClient = {
    ...client,
    async send(req: PlatformRequest): Promise<PlatformResponse> {
      const at = clock.now;
      const response = await client.send(req);
      sent.push({ at, status: response.status, path: req.path });
      return response;
    },
  };
  const budget = createRateBudget({ timers: virtualTimers(clock) });
  const logs = createV2LogClient({ client: recording, budget, now: () => clock.now, sleep: fakeSleep().sleep });
  const zone = sandbox.pullZones.find((z) => z.loggingEnabled)?.id;
  const quietZone = sandbox.pullZones.find((z) => !z.loggingEnabled)?.id;
  if (zone === undefined || quietZone === undefined) throw new Error('the sandbox seed needs a zone with logging and one without');
  return { sandbox, clock, budget, logs, sent, zone, quietZone };
}

async function collect(it: AsyncIterable<V2Page>): Promise<V2Page[]> {
  const out: V2Page[] = [];
  for await (const p of it) out.push(p);
  return out;
}

const ids = (pages: readonly V2Page[]) => pages.flatMap((p) => p.rows.map((r) => r.requestId));

/** The most requests any 10 s window saw. */
function busiestWindow(sent: readonly Sent[]): number {
  return Math.max(0, ...sent.map((s) => sent.filter((o) => o.at >= s.at && o.at < s.at + LOG_RATE_WINDOW_MS).length));
}

describe('the v2 log client against the sandbox', () => {
  it('pages by hand and by iterator to the same rows, in the same order, as one big page', async () => {
    const r = await rig();
    const query: V2QueryInput = { from: START - 3 * HOUR, to: START, order: 'asc' };
    const byHand: V2Page[] = [];
    for (let offset = 0; ; ) {
      const page = await r.logs.fetchPage(r.zone, query, offset, 50);
      byHand.push(page);
      if (!page.hasMore) break;
      offset += 50;
    }
    const iterated = await collect(r.logs.pages(r.zone, query, { pageSize: 50 }));
    const whole = await r.logs.fetchPage(r.zone, query, 0, 10_000);
    expect(byHand.length).toBeGreaterThan(3);
    expect(ids(iterated)).toEqual(ids(byHand));
    expect(ids(iterated)).toEqual(whole.rows.map((e) => e.requestId));
    // Every row with a request id has its own (the sandbox's realism sends a few rows without one).
    const withId = ids(iterated).filter((x) => x !== null);
    expect(new Set(withId).size).toBe(withId.length);
    expect(iterated.map((p) => p.offset)).toEqual(byHand.map((_, i) => i * 50));
    expect(whole.hasMore).toBe(false);
    expect(r.sent.every((s) => s.status === 200)).toBe(true);
  });

  it('keeps paging past short and empty pages until the platform says there are no more', async () => {
    const r = await rig();
    // Country is filtered after the page is cut, so pages come back short while more remain.
    const query: V2QueryInput = { from: START - 6 * HOUR, to: START, country: ['DE'] };
    const pages = await collect(r.logs.pages(r.zone, query, { pageSize: 25 }));
    const whole = await r.logs.fetchPage(r.zone, query, 0, 10_000);
    expect(pages.some((p) => p.hasMore && p.returned < p.limit)).toBe(true);
    expect(pages.some((p) => p.hasMore && p.returned === 0)).toBe(true);
    expect(pages.at(-1)?.hasMore).toBe(false);
    expect(ids(pages)).toEqual(whole.rows.map((e) => e.requestId));
    expect(whole.rows.length).toBeGreaterThan(0);
    expect(pages.flatMap((p) => p.rows).every((e) => e.countryCode === 'DE')).toBe(true);
  });

  it('explains logging_disabled, with the platform message beneath', async () => {
    const r = await rig();
    const e = await failureOf(r.logs.fetchPage(r.quietZone, {}, 0, 10));
    expect(e).toMatchObject({ kind: 'not_found', status: 404, code: 'logging_disabled', title: LOG_ERROR_TEXTS.logging_disabled.sentence });
    const lines = e.detail?.split('\n') ?? [];
    expect(lines[0]).toBe(`The platform said: Logging is not enabled for pull zone ${r.quietZone}`);
    expect(lines[1]).toBe(LOG_ERROR_TEXTS.logging_disabled.action);
    expect(lines[2]).toMatch(new RegExp(`^GET /logging/v2/pullzones/${r.quietZone}/logs\\?`));
  });

  it('keeps the code of an error body whose details are null', async () => {
    const r = await rig();
    r.sandbox.faults.add({ path: `/logging/v2/pullzones/${r.zone}/logs`, times: 1, action: { kind: 'status', status: 404, body: { error: { code: 'logging_disabled', message: 'Logging is off here', details: null } } } });
    const e = await failureOf(r.logs.fetchPage(r.zone, {}, 0, 5));
    expect(e.code).toBe('logging_disabled');
    expect(e.title).toBe(LOG_ERROR_TEXTS.logging_disabled.sentence);
    expect(e.detail?.split('\n')[0]).toBe('The platform said: Logging is off here');
  });

  it('says a pull zone that is not the account\'s was refused, in the platform\'s words, not only the key', async () => {
    const r = await rig();
    const e = await failureOf(r.logs.fetchPage(987654321, {}, 0, 5));
    expect(e.status).toBe(403);
    expect(e.code).toBe('forbidden');
    expect(e.title).toMatch(/pull zone/);
    expect(e.detail?.split('\n')[0]).toBe("The platform said: Pull zone 987654321 is not one of this account's");
  });

  it('explains invalid_request with the failed rules keyed by parameter', async () => {
    const r = await rig();
    const e = await failureOf(r.logs.fetchPage(r.zone, { from: START - 5 * 24 * HOUR, to: START }, 0, 10));
    expect(e).toMatchObject({ kind: 'validation', status: 400, code: 'invalid_request', title: LOG_ERROR_TEXTS.invalid_request.sentence });
    expect(e.fieldErrors?.from).toMatch(/retention window/);
    expect(e.detail).toMatch(/\n {2}• from: must be inside the 3-day retention window/);
  });

  it('refuses a bad page request without sending it', async () => {
    const r = await rig();
    const e = await failureOf(r.logs.fetchPage(0, {}, -1, 10_001));
    expect(e.kind).toBe('validation');
    expect(Object.keys(e.fieldErrors ?? {}).sort()).toEqual(['limit', 'offset', 'zoneId']);
    expect(r.sent).toHaveLength(0);
  });

  it.each([
    ['seconds', () => '3', 3_000],
    ['an HTTP date', (now: number) => new Date(now + 5_000).toUTCString(), 5_000],
  ])('waits out a 429 whose Retry-After is in %s, pausing the whole zone, then gets the page', async (_, retryAfter, waitMs) => {
    const r = await rig();
    const states: ZoneBudgetState[] = [];
    r.budget.subscribe((s) => states.push(s));
    r.sandbox.faults.add({ path: `/logging/v2/pullzones/${r.zone}/logs`, times: 1, action: { kind: 'status', status: 429, retryAfter: retryAfter(r.clock.now), body: logError('rate_limited', 'slow down') } });
    const page = await r.logs.fetchPage(r.zone, { from: START - HOUR, to: START }, 0, 10);
    expect(page.rows).toHaveLength(10);
    expect(page.requests).toBe(2);
    expect(r.sent.map((s) => s.status)).toEqual([429, 200]);
    expect(r.sent[1]!.at - r.sent[0]!.at).toBe(waitMs);
    expect(states.some((s) => s.zoneId === r.zone && s.pausedUntil === START + waitMs)).toBe(true);
  });

  it('gives up with rate_limited explained when the platform keeps refusing', async () => {
    const r = await rig();
    r.sandbox.faults.add({ path: `/logging/v2/pullzones/${r.zone}/logs`, times: 10, action: { kind: 'status', status: 429, retryAfter: '1', body: logError('rate_limited', 'still too many') } });
    const e = await failureOf(r.logs.fetchPage(r.zone, {}, 0, 10));
    expect(e).toMatchObject({ code: 'rate_limited', status: 429, title: LOG_ERROR_TEXTS.rate_limited.sentence });
    expect(e.detail).toMatch(/^The platform said: still too many/);
    expect(r.sent).toHaveLength(5);
  });

  it('tries again after an internal_error, and explains it when it persists', async () => {
    const r = await rig();
    const path = `/logging/v2/pullzones/${r.zone}/logs`;
    r.sandbox.faults.add({ path, times: 1, action: { kind: 'status', status: 500, body: logError('internal_error', 'hiccup') } });
    expect((await r.logs.fetchPage(r.zone, {}, 0, 5)).requests).toBe(2);
    r.sandbox.faults.add({ path, times: 3, action: { kind: 'status', status: 500, body: logError('internal_error', 'down') } });
    const e = await failureOf(r.logs.fetchPage(r.zone, {}, 0, 5));
    expect(e).toMatchObject({ code: 'internal_error', status: 500, title: LOG_ERROR_TEXTS.internal_error.sentence });
  });

  it('says what it cannot read in a page whose envelope does not match the v2 shape', async () => {
    const r = await rig();
    r.sandbox.faults.add({ path: `/logging/v2/pullzones/${r.zone}/logs`, times: 1, action: { kind: 'status', status: 200, body: { data: [{ timestamp: 'yesterday' }] } } });
    const e = await failureOf(r.logs.fetchPage(r.zone, {}, 0, 5));
    expect(e.title).toBe('The logging service sent a page Burrow cannot read');
    expect(e.detail).toMatch(/^pagination/);
  });

  it('skips and counts a row it cannot read, keeps the rest of the page, and reads the rows the schema allows', async () => {
    const r = await rig();
    const good = { timestamp: '2026-11-20T10:00:00', pullZoneId: r.zone, requestId: null, cacheStatus: 'DEFERRED', statusCode: 200, bytesSent: 5, edgeLocation: null, scheme: 'HTTPS', host: 'a.b-cdn.net', path: '/x?y=1', url: null, asn: 3320, ja4Fingerprint: 't13d', somethingNew: true };
    const body = {
      data: [{ timestamp: 'yesterday', pullZoneId: r.zone, statusCode: 200, bytesSent: 1 }, good, { ...good, host: null, path: null, scheme: null }],
      pagination: { offset: 0, limit: 5, returned: 3, hasMore: false },
      query: { pullZoneId: r.zone, from: '2026-11-20T00:00:00Z', to: '2026-11-21T00:00:00Z', order: null },
    };
    r.sandbox.faults.add({ path: `/logging/v2/pullzones/${r.zone}/logs`, times: 1, action: { kind: 'status', status: 200, body } });
    const page = await r.logs.fetchPage(r.zone, {}, 0, 5);
    expect(page.skipped).toBe(1);
    expect(page.firstSkipReason).toBe('timestamp must be a date-time (got "yesterday")');
    expect(page.rows).toEqual([
      expect.objectContaining({ timestampMs: Date.UTC(2026, 10, 20, 10), requestId: null, cacheStatus: 'DEFERRED', edgeLocation: null, url: 'https://a.b-cdn.net/x?y=1' }),
      expect.objectContaining({ url: '', requestId: null }),
    ]);
    expect(page.entries[0]).toMatchObject({ scheme: 'https', host: 'a.b-cdn.net', path: '/x?y=1', url: 'https://a.b-cdn.net/x?y=1', asn: 3320, ja4Fingerprint: 't13d' });
    expect(page.entries[0]).not.toHaveProperty('somethingNew');
  });

  it('reads data: null as a page without rows', async () => {
    const r = await rig();
    const body = { data: null, pagination: { offset: 0, limit: 5, returned: 0, hasMore: false }, query: { pullZoneId: r.zone, from: '2026-11-20T00:00:00Z', to: '2026-11-21T00:00:00Z', order: 'desc' } };
    r.sandbox.faults.add({ path: `/logging/v2/pullzones/${r.zone}/logs`, times: 1, action: { kind: 'status', status: 200, body } });
    const page = await r.logs.fetchPage(r.zone, {}, 0, 5);
    expect(page).toMatchObject({ rows: [], skipped: 0, hasMore: false });
  });

  it('pages by the offset it asked for and ends when a page brings no new request ids (a platform stuck on offset 0)', async () => {
    const r = await rig();
    const first = await r.logs.fetchPage(r.zone, { from: START - HOUR, to: START }, 0, 5);
    expect(first.rows).toHaveLength(5);
    // Every answer from now on is the first page again, saying there is more.
    const stuck = { data: first.entries, pagination: { offset: 0, limit: 5, returned: 5, hasMore: true }, query: first.query };
    r.sandbox.faults.add({ path: `/logging/v2/pullzones/${r.zone}/logs`, times: 50, action: { kind: 'status', status: 200, body: stuck } });
    const seen: V2Page[] = [];
    for await (const p of r.logs.pages(r.zone, { from: START - HOUR, to: START }, { pageSize: 5 })) seen.push(p);
    // A few pages of nothing new are allowed (filters after paging make them normal), then the walk ends and says why.
    expect(seen.map((p) => p.offset)).toEqual([0, 5, 10, 15]);
    expect(seen.flatMap((p) => p.rows.map((x) => x.requestId))).toEqual(first.rows.map((x) => x.requestId));
    expect(seen.at(-1)?.stopped).toMatch(/paging stopped after 3 pages in a row brought no new rows/);
  });

  describe('ends the walk and says why when the platform keeps saying there is more but brings nothing new', () => {
    /** At most `max` pages, so a walk that never ends fails the test instead of hanging it. */
    async function walk(r: Rig, query: V2QueryInput, max = 40): Promise<V2Page[]> {
      const out: V2Page[] = [];
      for await (const p of r.logs.pages(r.zone, query, { pageSize: 5 })) {
        out.push(p);
        if (out.length >= max) break;
      }
      return out;
    }
    const range = { from: START - HOUR, to: START };

    it('empty pages with hasMore forever', async () => {
      const r = await rig();
      const first = await r.logs.fetchPage(r.zone, range, 0, 5);
      const empty = { data: [], pagination: { offset: 0, limit: 5, returned: 0, hasMore: true }, query: first.query };
      r.sandbox.faults.add({ path: `/logging/v2/pullzones/${r.zone}/logs`, times: 100, action: { kind: 'status', status: 200, body: empty } });
      const pages = await walk(r, range);
      expect(pages).toHaveLength(3);
      expect(pages.at(-1)?.stopped).toMatch(/kept answering the same/);
      expect(pages.slice(0, -1).every((p) => p.stopped === undefined)).toBe(true);
    });

    it('pages whose every row is unreadable', async () => {
      const r = await rig();
      const bad = { data: [{ timestamp: 'yesterday', pullZoneId: r.zone, statusCode: 200, bytesSent: 1 }], pagination: { offset: 0, limit: 5, returned: 1, hasMore: true }, query: null };
      r.sandbox.faults.add({ path: `/logging/v2/pullzones/${r.zone}/logs`, times: 100, action: { kind: 'status', status: 200, body: bad } });
      const pages = await walk(r, range);
      expect(pages).toHaveLength(3);
      expect(pages.flatMap((p) => p.rows)).toEqual([]);
      expect(pages.at(-1)?.stopped).toMatch(/paging stopped/);
    });

    it('the same page of rows without request ids again and again', async () => {
      const r = await rig();
      const row = { timestamp: '2026-05-09T11:00:00Z', pullZoneId: r.zone, requestId: null, cacheStatus: 'HIT', statusCode: 200, bytesSent: 5, edgeLocation: null, scheme: 'https', host: 'a.b-cdn.net', path: '/x', url: null };
      const same = { data: [row, { ...row, path: '/y' }], pagination: { offset: 0, limit: 5, returned: 2, hasMore: true }, query: null };
      r.sandbox.faults.add({ path: `/logging/v2/pullzones/${r.zone}/logs`, times: 100, action: { kind: 'status', status: 200, body: same } });
      const pages = await walk(r, range);
      // The first page is new; the next three bring nothing new and end the walk.
      expect(pages).toHaveLength(4);
      expect(pages.at(-1)?.stopped).toMatch(/paging stopped after 3 pages/);
    });

    it('remembers only the last few pages of ids, yet never hands a repeated row on', async () => {
      const r = await rig();
      const pages = await collect(r.logs.pages(r.zone, { from: START - 6 * HOUR, to: START }, { pageSize: 7 }));
      const all = ids(pages).filter((x) => x !== null);
      expect(all.length).toBeGreaterThan(100);
      expect(new Set(all).size).toBe(all.length);
      expect(pages.every((p) => p.stopped === undefined)).toBe(true);
    });
  });

  it('stops paging when the signal aborts, without an error', async () => {
    const r = await rig();
    const controller = new AbortController();
    const seen: V2Page[] = [];
    for await (const p of r.logs.pages(r.zone, { from: START - 6 * HOUR, to: START }, { pageSize: 10, signal: controller.signal })) {
      seen.push(p);
      if (seen.length === 2) controller.abort();
    }
    expect(seen).toHaveLength(2);
    expect(r.sent).toHaveLength(2);
  });

  it('never has the sandbox count more than 30 requests in 10 s while several callers page at once', async () => {
    const r = await rig();
    const query = (hoursBack: number): V2QueryInput => ({ from: START - hoursBack * HOUR, to: START - (hoursBack - 2) * HOUR });
    const callers = [2, 4, 6].map((h) => collect(r.logs.pages(r.zone, query(h), { pageSize: 8 })));
    // A fourth caller asks single pages meanwhile, as a chart would.
    const charts = Promise.all([0, 1, 2, 3, 4].map((i) => r.logs.fetchPage(r.zone, query(2), i * 8, 8)));
    const results = await Promise.all(callers);
    await charts;
    expect(r.sent.length).toBeGreaterThan(2 * LOG_RATE_LIMIT);
    expect(r.sent.filter((s) => s.status !== 200)).toEqual([]);
    expect(busiestWindow(r.sent)).toBeLessThanOrEqual(LOG_RATE_LIMIT);
    // Each caller still got every row of its range.
    for (const [i, h] of [2, 4, 6].entries()) {
      const whole = await r.logs.fetchPage(r.zone, query(h), 0, 10_000);
      expect(ids(results[i]!)).toEqual(whole.rows.map((e) => e.requestId));
    }
  });

});
