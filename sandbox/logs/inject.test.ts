/** Rows injected into a zone's traffic: served by v2 like generated traffic, late ones included; the admin route. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logQueryResponseSchema } from '../../shared/logs/testing/v2-page.js';
import { startSandbox, type Sandbox } from '../server.js';

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const clock = { now: T0 };
let sandbox: Sandbox;
let zone: number;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, now: () => clock.now, liveTraffic: true, logRateLimit: { requests: 1000, windowMs: 10_000 } });
  zone = sandbox.pullZones.find((z) => z.loggingEnabled)!.id;
});
afterAll(() => sandbox.close());

async function v2(query: Record<string, string>) {
  const res = await fetch(`${sandbox.loggingUrl}/v2/pullzones/${zone}/logs?${new URLSearchParams({ limit: '10000', ...query })}`, { headers: { AccessKey: sandbox.accountKey } });
  return logQueryResponseSchema.parse(await res.json());
}

const admin = (method: string, body?: unknown, key = sandbox.accountKey) =>
  fetch(`${sandbox.apiUrl.replace(/\/$/, '')}/__admin/logs/inject`, {
    method,
    headers: { AccessKey: key, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

describe('injected log rows', () => {
  it('a late row (timestamp minutes back) is served once, in its time place, with the filters applied', async () => {
    clock.now = T0 + 60_000;
    const late = T0 - 3 * 60_000 + 123;
    const res = await admin('POST', { zoneId: zone, rows: [{ timestampMs: late, statusCode: 503, url: '/late-one?x=1' }] });
    expect(res.status).toBe(201);
    const { rows } = (await res.json()) as { rows: { requestId: string; url: string }[] };
    expect(rows[0]!.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0]!.url).toMatch(/^https:\/\/.+\/late-one\?x=1$/);
    const page = await v2({ from: new Date(T0 - 10 * 60_000).toISOString(), to: new Date(clock.now).toISOString(), order: 'asc' });
    const hits = page.data.filter((e) => e.requestId === rows[0]!.requestId);
    expect(hits).toHaveLength(1);
    expect(Date.parse(hits[0]!.timestamp)).toBe(late);
    const times = page.data.map((e) => Date.parse(e.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Filters apply to it as to any row; desc order holds it too.
    const fives = await v2({ from: new Date(T0 - 10 * 60_000).toISOString(), status: '5xx', order: 'desc' });
    expect(fives.data.some((e) => e.requestId === rows[0]!.requestId)).toBe(true);
    const twos = await v2({ from: new Date(T0 - 10 * 60_000).toISOString(), status: '2xx' });
    expect(twos.data.some((e) => e.requestId === rows[0]!.requestId)).toBe(false);
  });

  it('a row stamped after now is not served until the clock reaches it; in-process inject works alike', async () => {
    const [row] = sandbox.logging.inject(zone, [{ timestampMs: clock.now + 30_000 }]);
    const ask = () => v2({ from: new Date(clock.now - 60_000).toISOString(), to: new Date(clock.now + 120_000).toISOString(), requestId: row!.requestId! });
    expect((await ask()).data).toHaveLength(0);
    clock.now += 31_000;
    expect((await ask()).data).toHaveLength(1);
  });

  it('refuses a bad body, an unknown zone and a wrong key; DELETE forgets the rows', async () => {
    expect((await admin('POST', { zoneId: zone, rows: [{ statusCode: 42 }] })).status).toBe(400);
    expect((await admin('POST', { zoneId: 999_999, rows: [{}] })).status).toBe(404);
    expect((await admin('POST', { zoneId: zone, rows: [{}] }, 'wrong')).status).toBe(401);
    const [row] = ((await (await admin('POST', { zoneId: zone, rows: [{ timestampMs: clock.now - 1000 }] })).json()) as { rows: { requestId: string }[] }).rows;
    expect((await v2({ from: new Date(clock.now - 60_000).toISOString(), requestId: row!.requestId })).data).toHaveLength(1);
    expect((await admin('DELETE')).status).toBe(200);
    expect((await v2({ from: new Date(clock.now - 60_000).toISOString(), requestId: row!.requestId })).data).toHaveLength(0);
  });
});
