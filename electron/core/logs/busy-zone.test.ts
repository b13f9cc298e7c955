/**
 * The sandbox's busy zone (about 20 requests a second) opened as the app opens a zone: the first page is a small
 * part of an hour, the session says it is partial, and what the rows so far cover tells how many pages "load all"
 * still needs under the zone's rate limit.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogsStatus } from '../../../shared/contract/logs.js';
import { startSandbox, type Sandbox } from '../../../sandbox/server.js';
import { BUSY_ZONE_NAME } from '../../../sandbox/seed.js';
import { createPlatformClient } from '../platform/client.js';
import { endpointsOf, fixedCredentials } from '../platform/testing/support.js';
import type { PlatformClient } from '../platform/types.js';
import { createLogsArea, type LogsArea } from './index.js';
import { createRateBudget, type RateBudget } from './v2/rate-budget.js';
import { inThreadRows } from './rows/rows-host.js';

/** A Wednesday at 18:00 UTC: the hour before it is one of the day's busiest. */
const NOW = Date.UTC(2026, 10, 25, 18, 0);
const HOUR_MS = 3_600_000;

let sandbox: Sandbox;
let client: PlatformClient;
let budget: RateBudget;
let area: LogsArea;
let busyZone: number;
const events: LogsStatus[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, now: () => NOW, liveTraffic: false });
  client = createPlatformClient({ endpoints: () => endpointsOf(sandbox), credentials: fixedCredentials({ accountKey: sandbox.accountKey }), userAgent: 'Burrow/0.0.0-test', env: {} });
  budget = createRateBudget();
  area = createLogsArea({
    bus: { emit: (name, payload) => name === 'logs.status' && events.push(payload as LogsStatus) },
    dialogs: { openFiles: async () => [], saveFile: async () => null },
    client: async () => client,
    pathOf: () => undefined,
    register: async () => {
      throw new Error('no files here');
    },
    now: () => NOW,
    budget,
    rows: inThreadRows(),
  });
  busyZone = sandbox.pullZones.find((z) => z.name === BUSY_ZONE_NAME)!.id;
});
afterAll(async () => {
  area.close();
  await client.close();
  await sandbox.close();
});

const h = () => area.handlers;

/** Opens the busy zone over the last `ms` and waits for its first page; answers the status and the oldest loaded row's time. */
async function openLast(ms: number): Promise<{ status: LogsStatus; oldest: number }> {
  const opened = await h()['logs.open']({ source: { kind: 'zone', zoneId: busyZone, range: { kind: 'absolute', from: NOW - ms, to: NOW } }, filter: '' }, {} as never);
  await vi.waitFor(() => expect(events.findLast((e) => e.sessionId === opened.sessionId)?.phase).toMatch(/idle|failed/), { timeout: 30_000 });
  const status = events.findLast((e) => e.sessionId === opened.sessionId)!;
  const w = await h()['logs.window']({ sessionId: opened.sessionId, offset: 0, count: 1, sort: { key: 'time', dir: 'asc' } }, {} as never);
  return { status, oldest: Date.parse(w.rows[0]!.timestamp) };
}

/** Pages still to load, projected from the share of the range the loaded rows cover (newest first). */
function pagesLeft(loaded: number, oldest: number, rangeMs: number, rowsPerPage: number): number {
  const projected = (loaded * rangeMs) / (NOW - oldest);
  return Math.ceil(projected / rowsPerPage) - Math.ceil(loaded / rowsPerPage);
}

describe('the busy zone in a logs session', () => {
  it('an hour opens partial, from 10,000 rows covering a few minutes, with about ten pages left', async () => {
    const { status, oldest } = await openLast(HOUR_MS);
    expect(status).toMatchObject({ phase: 'idle', hasMore: true, loadedRows: 10_000, requests: 1, error: null });
    // The newest page covers only the end of the hour: the rest is still on the platform.
    expect(NOW - oldest).toBeLessThan(10 * 60_000);
    // What the "load all" dialog is told: the platform's page size and the zone's limit, as for every zone.
    // and the core's own projection of the pages left, which agrees with the one worked out here.
    const estimate = await h()['logs.estimate']({ sessionId: status.sessionId }, {} as never);
    expect(estimate).toMatchObject({ perPageMs: 334, rowsPerPage: 10_000, requestsPer10s: 30 });
    await h()['logs.close']({ sessionId: status.sessionId }, {} as never);
    const left = pagesLeft(status.loadedRows, oldest, HOUR_MS, 10_000);
    expect(left).toBeGreaterThanOrEqual(8);
    expect(left).toBeLessThanOrEqual(14);
    expect(Math.abs(estimate.pagesLeft! - left)).toBeLessThanOrEqual(1);
  });

  it('a day opens partial too, and loading all of it would take a minute or more at the rate limit alone', async () => {
    const { status, oldest } = await openLast(24 * HOUR_MS);
    expect(status).toMatchObject({ hasMore: true, loadedRows: 10_000 });
    const estimate = await h()['logs.estimate']({ sessionId: status.sessionId }, {} as never);
    await h()['logs.close']({ sessionId: status.sessionId }, {} as never);
    const left = pagesLeft(status.loadedRows, oldest, 24 * HOUR_MS, 10_000);
    expect(Math.abs(estimate.pagesLeft! - left)).toBeLessThanOrEqual(1);
    // About 1.7 million rows: some 170 pages.
    expect(left).toBeGreaterThan(120);
    expect(left).toBeLessThan(260);
    // 30 requests per 10 s, even were every answer instant.
    expect(left * estimate.perPageMs).toBeGreaterThan(40_000);
  });
});
