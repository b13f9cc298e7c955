import { afterEach, describe, expect, it } from 'vitest';
import { endpointsOf, FAKE_NOW, sandboxClient, type SandboxClient, failureOf } from './testing/support.js';
import type { AttemptInfo, Endpoints } from './types.js';


let t: SandboxClient | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A client whose clock the test moves, with the breaker opening after 6 failures in a row for 30 s. */
async function start(): Promise<{ t: SandboxClient; clock: { now: number } }> {
  const clock = { now: FAKE_NOW };
  t = await sandboxClient({ now: () => clock.now, retryPolicy: { breakerThreshold: 6, breakerCooldownMs: 30_000 } });
  return { t, clock };
}

/** How many requests the sandbox answered with the fault so far. */
function faultHits(s: SandboxClient, times: number): number {
  return times - (s.sandbox.faults.list()[0]?.remaining ?? 0);
}

describe('the shared failure budget against the sandbox (circuit breaker)', () => {
  it('after 6 failures in a row, a GET fails after fewer attempts, says why, and the cool-down gives the budget back', async () => {
    const { t, clock } = await start();
    const TIMES = 100;
    t.sandbox.faults.add({ method: 'GET', path: '/pullzone', times: TIMES, action: { kind: 'status', status: 503 } });
    const get = (attempts: AttemptInfo[] = []) => t.client.send({ area: 'core', method: 'GET', path: '/pullzone', onAttempt: (a) => attempts.push(a) });

    // 4 attempts (failures 1-4): the ordinary retry policy gives up.
    expect((await get()).attempts).toBe(4);
    expect(faultHits(t, TIMES)).toBe(4);

    // Failures 5 and 6: the sixth opens the breaker, so there is no third attempt.
    const second: AttemptInfo[] = [];
    const res = await get(second);
    expect(res.status).toBe(503);
    expect(res.attempts).toBe(2);
    expect(faultHits(t, TIMES)).toBe(6);
    expect(second.map((a) => a.retry)).toEqual([true, false]);
    expect(second[1]?.reason).toBe('HTTP 503; Burrow stopped retrying: the platform failed 6 times in a row; retries resume in 30 s');

    // While open, one attempt each: the first attempt is still made, but never repeated.
    clock.now += 10_000;
    const e = await failureOf(t.client.json({ area: 'core', method: 'GET', path: '/pullzone' }));
    expect(faultHits(t, TIMES)).toBe(7);
    expect(e).toMatchObject({ kind: 'http', status: 503, title: 'The platform is unavailable (503)' });
    expect(e.detail).toBe('Burrow stopped retrying: the platform failed 7 times in a row; retries resume in 20 s. GET /pullzone');
    expect(t.delays).toHaveLength(3 + 1);

    // The cool-down is over: a request gets its full attempts again.
    clock.now += 20_000;
    expect((await get()).attempts).toBe(4);
    expect(faultHits(t, TIMES)).toBe(11);
  });

  it('a success closes the breaker at once', async () => {
    const { t } = await start();
    t.sandbox.faults.add({ method: 'GET', path: '/pullzone', times: 6, action: { kind: 'status', status: 503 } });
    await t.client.send({ area: 'core', method: 'GET', path: '/pullzone' });
    expect((await t.client.send({ area: 'core', method: 'GET', path: '/pullzone' })).attempts).toBe(2);

    // The platform answers again: the next failure burst gets the whole budget.
    expect((await t.client.send({ area: 'core', method: 'GET', path: '/pullzone' })).status).toBe(200);
    t.sandbox.faults.add({ method: 'GET', path: '/pullzone', times: 3, action: { kind: 'status', status: 503 } });
    const res = await t.client.send({ area: 'core', method: 'GET', path: '/pullzone' });
    expect(res).toMatchObject({ status: 200, attempts: 4 });
  });

  it('the budget is per origin: an open breaker for one host does not stop retries to another', async () => {
    // Assigned once the sandbox's port is known; the client reads it lazily.
    // eslint-disable-next-line prefer-const
    let endpoints: Endpoints | undefined;
    const clock = { now: FAKE_NOW };
    t = await sandboxClient({ now: () => clock.now, endpoints: () => endpoints!, retryPolicy: { breakerThreshold: 6 } });
    const core = new URL(t.sandbox.apiUrl);
    expect(core.hostname).toBe('127.0.0.1');
    // The same sandbox by another name is another origin, as a second platform host would be.
    endpoints = { ...endpointsOf(t.sandbox), containersUrl: `http://localhost:${core.port}/mc` };
    t.sandbox.faults.add({ method: 'GET', path: '/pullzone', times: 6, action: { kind: 'status', status: 503 } });
    await t.client.send({ area: 'core', method: 'GET', path: '/pullzone' });
    expect((await t.client.send({ area: 'core', method: 'GET', path: '/pullzone' })).attempts).toBe(2);

    t.sandbox.faults.add({ method: 'GET', path: '/mc/apps', times: 2, action: { kind: 'status', status: 503 } });
    const apps = await t.client.send({ area: 'containers', method: 'GET', path: '/apps' });
    expect(apps).toMatchObject({ status: 200, attempts: 3 });
  });

  it('network failures count too, and the thrown error names the breaker', async () => {
    const { t } = await start();
    t.sandbox.faults.add({ method: 'GET', path: '/pullzone', times: 100, action: { kind: 'reset-after-headers' } });
    await failureOf(t.client.send({ area: 'core', method: 'GET', path: '/pullzone' }));
    const e = await failureOf(t.client.send({ area: 'core', method: 'GET', path: '/pullzone' }));
    expect(100 - (t.sandbox.faults.list()[0]?.remaining ?? 0)).toBe(6);
    expect(e).toMatchObject({ kind: 'network', title: 'The response was cut short' });
    expect(e.detail).toMatch(/^Burrow stopped retrying: the platform failed 6 times in a row; retries resume in 30 s\. The connection closed .* after 2 attempts — GET \/pullzone\.$/);
  });
});
