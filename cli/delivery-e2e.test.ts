/**
 * `burrow videos stats`, `videos top` and `apps health` spawned against a sandbox: the figures they print equal the
 * sandbox generator's hidden truth (sandbox/logs/testing/truth.ts) or the rows the test injected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppHealth, TopVideos, VideoDelivery } from '../shared/contract/delivery.js';
import { endpointZones, libraryZoneId, renditionOf, videoRows, zoneRows } from '../sandbox/logs/testing/truth.js';
import { runBurrow, startFixture, type Fixture } from './testing/support.js';

const HOUR = 3_600_000;
const clock = Date.now();
let f: Fixture;
let env: Record<string, string>;
const lib = (name: string) => f.sandbox.libraries.find((l) => l.name === name)!;

beforeAll(async () => {
  f = await startFixture({ now: () => clock, liveTraffic: false, demoApps: true });
  env = { ...f.env, BURROW_LOGGING_URL: f.sandbox.loggingUrl, BURROW_VIDEO_URL: f.sandbox.videoUrl, BURROW_CONTAINERS_URL: f.sandbox.containersUrl };
});
afterAll(() => f.close());

const burrow = (args: readonly string[]) => runBurrow(args, { env });

describe('burrow videos stats', () => {
  it('prints a video’s figures equal to its rows in the sandbox, as JSON and for people', async () => {
    const { id } = lib('Clips On Demand');
    const top = await burrow(['videos', 'top', '--library', String(id), '--limit', '1', '--json']);
    expect(top.code).toBe(0);
    const guid = (JSON.parse(top.stdout) as TopVideos).videos[0]!.guid;

    const json = await burrow(['videos', 'stats', guid, '--library', String(id), '--json']);
    expect(json.stderr).toBe('');
    const answer = JSON.parse(json.stdout) as VideoDelivery;
    const rows = await videoRows(f.sandbox, id, guid, { from: Date.parse(answer.from), to: Date.parse(answer.to) });
    expect(rows.length).toBeGreaterThan(0);
    expect(answer.figures).toMatchObject({ requests: rows.length, bytes: rows.reduce((n, r) => n + r.bytesSent, 0), status5xx: rows.filter((r) => r.statusCode >= 500).length });
    expect(answer.completeness.partial).toBe(false);

    const human = await burrow(['videos', 'stats', guid, '--library', String(id)]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`${rows.length.toLocaleString('en-US')} requests`);
    const renditions = new Map<string, number>();
    for (const r of rows) renditions.set(renditionOf(r.url), (renditions.get(renditionOf(r.url)) ?? 0) + 1);
    const [first, n] = [...renditions].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    expect(human.stdout).toContain(`Renditions  ${first} ${Math.round((n / rows.length) * 100)} %`);
    expect(human.stdout).not.toContain(f.sandbox.accountKey);
  });

  it('says plainly when the library’s zone keeps no logs, and exits 0; a missing --library is a usage error', async () => {
    const off = await burrow(['videos', 'stats', '3f2b9c1e-8d4a-4b7e-9f00-1a2b3c4d5e6f', '--library', String(lib('Training Videos').id)]);
    expect(off.code).toBe(0);
    expect(off.stdout).toContain('Logging is turned off for this pull zone');
    expect(off.stdout).toContain('Setting: ');
    const usage = await burrow(['videos', 'stats', 'x']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--library <id> is required');
  });
});

describe('burrow videos top', () => {
  it('ranks the library’s videos by bytes as the zone’s rows do, with their titles', async () => {
    const { id } = lib('Clips On Demand');
    const before = Date.now();
    const r = await burrow(['videos', 'top', '--library', String(id), '--last', '3d', '--by', 'bytes', '--limit', '1000', '--json']);
    const after = Date.now();
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.stdout) as TopVideos;
    const rows = zoneRows(f.sandbox, await libraryZoneId(f.sandbox, id), { from: before - 72 * HOUR + 60_000, to: clock });
    const rankFrom = (start: number) => {
      const per = new Map<string, { requests: number; bytes: number }>();
      for (const row of rows.filter((x) => x.timestampMs >= start)) {
        const g = /^https?:\/\/[^/]+\/([0-9a-f-]{36})\//.exec(row.url)?.[1];
        if (g !== undefined) per.set(g, { requests: (per.get(g)?.requests ?? 0) + 1, bytes: (per.get(g)?.bytes ?? 0) + row.bytesSent });
      }
      return [...per].sort((a, b) => b[1].bytes - a[1].bytes || (a[0] < b[0] ? -1 : 1)).map(([guid, v]) => ({ guid, ...v }));
    };
    // The 3 days start when the command ran: the answer is the rows from one of the moments in between.
    const starts = [before - 72 * HOUR + 60_000, ...rows.filter((x) => x.timestampMs <= after - 72 * HOUR + 60_000).map((x) => x.timestampMs + 1)];
    expect(starts.map(rankFrom)).toContainEqual(answer.videos.map(({ title: _t, ...v }) => v));
    expect(answer.videos.every((v) => v.title !== null)).toBe(true);

    const table = await burrow(['videos', 'top', '--library', String(id), '--limit', '3']);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/#\s+REQUESTS\s+BYTES\s+GUID\s+TITLE/);
    expect(lines).toHaveLength(4);
  });
});

describe('burrow apps health', () => {
  it('prints each CDN endpoint’s 5xx rate as the sandbox’s rows give it, and marks the failing app', async () => {
    const list = await burrow(['apps', 'list', '--json']);
    const apps = JSON.parse(list.stdout) as { id: string; name: string }[];
    const shop = apps.find((a) => a.name === 'shop-api')!;
    const before = Date.now();
    const r = await burrow(['apps', 'health', shop.id, '--json']);
    const after = Date.now();
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.stdout) as AppHealth;
    const zones = await endpointZones(f.sandbox, shop.id);
    for (const e of answer.endpoints) {
      // The hour starts when the command ran: the answer is the rows from one of the moments in between.
      const rows = zoneRows(f.sandbox, zones.get(e.endpointName)!, { from: before - HOUR, to: clock });
      const starts = [before - HOUR, ...rows.filter((x) => x.timestampMs <= after - HOUR).map((x) => x.timestampMs + 1)];
      const candidates = starts.map((s) => rows.filter((x) => x.timestampMs >= s));
      const match = candidates.find((c) => c.length === e.figures.requests);
      expect(match).toBeDefined();
      expect(e.rate5xx).toBe(match!.filter((x) => x.statusCode >= 500).length / match!.length);
      expect(e.unhealthy).toBe(true);
    }
    const human = await burrow(['apps', 'health', shop.id]);
    expect(human.stdout).toMatch(/^CONTAINER\s+ENDPOINT\s+ZONE\s+REQUESTS\s+5XX RATE/);
    expect(human.stdout).toContain('UNHEALTHY');
  });
});
