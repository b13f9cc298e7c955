/**
 * Delivery figures and open Logs sessions on the same zone share the process's one rate budget: the sandbox (on the
 * real clock, with the platform's 30-per-10-s limit of its own) never answers 429 and never sees more than 30 log
 * requests in any 10 s, although together they ask for more at once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppHealth, VideoDelivery } from '../../../../shared/contract/delivery.js';
import type { LogsStatus } from '../../../../shared/contract/logs.js';
import { fullApp } from '../../../../sandbox/apps/testing/harness.js';
import { BUSY_ZONE_NAME } from '../../../../sandbox/seed.js';
import { startDeliveryCore, type DeliveryCore } from '../../testing/delivery-core.js';

let t: DeliveryCore;
const statuses: LogsStatus[] = [];

beforeAll(async () => {
  t = await startDeliveryCore();
  t.core.on('logs.status', (s) => statuses.push(s as LogsStatus));
});
afterAll(() => t.close());

describe('the zone’s one budget', () => {
  it('is shared by the Logs screen’s sessions and 35 videos’ delivery asked at once: no 429, at most 30 requests in any 10 s', async () => {
    const lib = t.sandbox.libraries.find((l) => l.name === 'Demo Library')!;
    const zoneId = ((await (await fetch(`${t.sandbox.apiUrl}/videolibrary/${lib.id}`, { headers: { AccessKey: t.sandbox.accountKey } })).json()) as { PullZoneId: number }).PullZoneId;
    t.sandbox.logging.resetRequests();

    const sessions = await Promise.all([0, 1, 2].map(() => t.call<LogsStatus>('logs.open', { source: { kind: 'zone', zoneId, range: { kind: 'preset', preset: '24h' } }, filter: '' })));
    const guids = Array.from({ length: 35 }, () => randomUUID());
    const answers = await Promise.all(guids.map((guid) => t.call<VideoDelivery>('videos.delivery', { libraryId: lib.id, guid, range: '24h' })));
    await vi.waitFor(() => expect(sessions.map((o) => statuses.findLast((s) => s.sessionId === o.sessionId)?.phase)).toEqual(['idle', 'idle', 'idle']), { timeout: 60_000, interval: 100 });

    const seen = t.sandbox.logging.requests().filter((r) => r.zoneId === zoneId);
    const byGuid = seen.filter((r) => new URLSearchParams(r.query).get('urlContains') !== null);
    expect(byGuid).toHaveLength(35);
    expect(seen.length).toBeGreaterThan(35);
    expect(seen.filter((r) => r.status === 429)).toEqual([]);
    const most = Math.max(...seen.map((r) => seen.filter((o) => o.at > r.at - 10_000 && o.at <= r.at).length));
    expect(most).toBeLessThanOrEqual(30);
    for (const a of answers) expect(a).toMatchObject({ figures: { requests: 0 }, completeness: { partial: false, pagesRead: 1 }, unavailable: null });
  }, 120_000);

  it('a zone too busy for one call: the answer is partial and says why, the next call goes on where it stopped, refresh starts over', async () => {
    const busy = t.sandbox.pullZones.find((z) => z.name === BUSY_ZONE_NAME)!.id;
    const app = fullApp();
    const [web] = app.containerTemplates as { endpoints: { cdn?: Record<string, unknown> }[] }[];
    web!.endpoints[0]!.cdn!.pullZoneId = busy;
    const { id } = await t.call<{ id: string }>('apps.create', { body: app });
    const first = await t.call<AppHealth>('apps.health', { id, range: '24h' });
    expect(first.completeness).toMatchObject({ partial: true, pagesRead: 10, reason: expect.stringContaining('request budget') });
    const second = await t.call<AppHealth>('apps.health', { id, range: '24h' });
    expect(second.completeness.partial).toBe(true);
    expect(second.completeness.pagesRead).toBeGreaterThan(10);
    expect(second.endpoints[0]!.figures.requests).toBeGreaterThan(first.endpoints[0]!.figures.requests);
    const again = await t.call<AppHealth>('apps.health', { id, range: '24h', refresh: true });
    expect(again.completeness.pagesRead).toBeLessThanOrEqual(10);
    expect(t.sandbox.logging.requests().filter((r) => r.zoneId === busy && r.status === 429)).toEqual([]);
  }, 120_000);
});
