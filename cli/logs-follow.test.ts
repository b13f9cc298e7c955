/** `burrow logs <zone> --follow` against a sandbox: rows printed as they arrive, each once (late ones too); Ctrl+C is exit 130. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogEntry } from '../shared/logs/v2-response.js';
import { parseLogsArgs } from './logs-args.js';
import { runLogsFollow } from './logs-follow.js';
import { ndjsonRows, runBurrow, spawnBurrow, startLogsFixture, type LogsFixture } from './testing/support.js';
import { outputWhere, testHooks, testIo } from './testing/videos.js';

let fx: LogsFixture;
let zone: number;
let env: Record<string, string>;

beforeAll(async () => {
  fx = await startLogsFixture();
  ({ zone, loggingEnv: env } = fx);
});
afterAll(() => fx.close());

const ndjson = (text: string) => ndjsonRows<LogEntry>(text);
const asked = () => fx.sandbox.logging.requests().filter((r) => r.zoneId === zone).length;

function command(args: string[]) {
  const parsed = parseLogsArgs(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.command;
}

describe('burrow logs --follow', () => {
  it('prints the newest rows, then each row as it arrives, once — a late one too — and stops on SIGINT with 130', async () => {
    const io = testIo(env, fx.home);
    const hooks = testHooks();
    const running = runLogsFollow(command([String(zone), '--follow', '--limit', '5']), 'ndjson', io, { hooks, tail: { intervalMs: 30, sweepEvery: 3 } });
    await outputWhere(io.out, (t) => t.includes('\n'));
    const [onTime] = fx.sandbox.logging.inject(zone, [{ timestampMs: Date.now() - 1000, url: '/follow/on-time' }]);
    const [late] = fx.sandbox.logging.inject(zone, [{ timestampMs: Date.now() - 5 * 60_000, url: '/follow/late' }]);
    await outputWhere(io.out, (t) => t.includes(onTime!.requestId!) && t.includes(late!.requestId!));
    // Several asks later, still once each.
    const before = asked();
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (asked() < before + 6) return;
        clearInterval(check);
        resolve();
      }, 10);
    });
    hooks.fire('SIGINT');
    expect(await running).toBe(130);
    expect(hooks.handlers()).toBe(0);
    const rows = ndjson(io.out.text());
    const ids = rows.map((r) => r.requestId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((x) => x === onTime!.requestId)).toHaveLength(1);
    expect(ids.filter((x) => x === late!.requestId)).toHaveLength(1);
    // The first ask printed its newest five; the rest came after.
    expect(ids.indexOf(onTime!.requestId)).toBeGreaterThanOrEqual(5);
    expect(io.errs.text()).toBe('');
  });

  it('with --all, a first ask larger than the buffer prints what the buffer kept, says how many it could not, and still stops on SIGINT', async () => {
    const io = testIo(env, fx.home);
    const hooks = testHooks();
    const now = Date.now();
    fx.sandbox.logging.inject(zone, Array.from({ length: 300 }, (_, i) => ({ timestampMs: now - 2000 + i, url: `/follow/burst/${i}` })));
    const running = runLogsFollow(command([String(zone), '--follow', '--all', '--url', '/follow/burst/']), 'ndjson', io, { hooks, tail: { intervalMs: 30, cap: 100 } });
    await outputWhere(io.errs, (t) => t.includes('not printed'));
    hooks.fire('SIGINT');
    expect(await running).toBe(130);
    const rows = ndjson(io.out.text());
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(100);
    expect(new Set(rows.map((r) => r.requestId)).size).toBe(rows.length);
    expect(io.errs.text()).toMatch(/\d+ older rows of this ask were over the 100-row buffer and are not printed/);
  });

  it('a table on a terminal; a filter applies; a zone without logging ends with exit 1 and the reason', async () => {
    const io = testIo(env, fx.home, true);
    const hooks = testHooks();
    const running = runLogsFollow(command([String(zone), '--follow', '--status', '5xx']), 'table', io, { hooks, tail: { intervalMs: 30 } });
    const [row] = fx.sandbox.logging.inject(zone, [{ timestampMs: Date.now() - 500, statusCode: 503, url: '/follow/table-row' }]);
    fx.sandbox.logging.inject(zone, [{ timestampMs: Date.now() - 500, statusCode: 200, url: '/follow/not-shown' }]);
    await outputWhere(io.out, (t) => t.includes('/follow/table-row'));
    hooks.fire('SIGTERM');
    expect(await running).toBe(143);
    const lines = io.out.text().split('\n');
    expect(lines[0]).toMatch(/^Time \(UTC\)\s+Status\s+Cache/);
    expect(io.out.text()).not.toContain('/follow/not-shown');
    expect(row).toBeDefined();

    const off = fx.sandbox.pullZones.find((z) => !z.loggingEnabled)!.id;
    const r = await runLogsFollow(command([String(off), '--follow']), 'ndjson', testIo(env, fx.home), { hooks: testHooks() });
    expect(r).toBe(1);
  });

  it('as a process: NDJSON off a terminal, the injected row printed once, Ctrl+C exits 130; --follow with --last is a usage error', async () => {
    const p = spawnBurrow(['logs', String(zone), '--follow'], env);
    try {
      // The first ask is in once it has been answered (it printed the newest rows, or none): sandbox state, polled.
      const first = asked();
      await vi.waitFor(() => expect(asked()).toBeGreaterThan(first), { timeout: 20_000, interval: 20 });
      const [row] = fx.sandbox.logging.inject(zone, [{ timestampMs: Date.now() - 1000, url: '/follow/process' }]);
      await p.waitFor(row!.requestId!);
      p.child.kill('SIGINT');
      expect(await p.exited).toBe(130);
      expect(ndjson(p.stdout()).filter((r) => r.requestId === row!.requestId)).toHaveLength(1);
      expect(p.stderr()).toBe('');
    } finally {
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
    }
    const usage = await runBurrow(['logs', String(zone), '--follow', '--last', '1h'], { env });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--follow starts at now/);
  }, 40_000);

  it('as a process: another client pushing the zone over its limit makes it wait, not end; it goes on following', async () => {
    const p = spawnBurrow(['logs', String(zone), '--follow'], env);
    try {
      const first = asked();
      await vi.waitFor(() => expect(asked()).toBeGreaterThan(first), { timeout: 20_000, interval: 20 });
      // Another client spends the zone's whole budget: the follow's next ask is answered 429.
      const refusedBefore = fx.sandbox.logging.requests().filter((r) => r.zoneId === zone && r.status === 429).length;
      for (let i = 0; i < 40; i++) {
        const res = await fetch(`${fx.sandbox.loggingUrl}/v2/pullzones/${zone}/logs?limit=1`, { headers: { AccessKey: fx.sandbox.accountKey } });
        await res.arrayBuffer();
      }
      const [row] = fx.sandbox.logging.inject(zone, [{ timestampMs: Date.now() - 1000, url: '/follow/after-429' }]);
      await p.waitFor(row!.requestId!);
      expect(fx.sandbox.logging.requests().filter((r) => r.zoneId === zone && r.status === 429).length).toBeGreaterThan(refusedBefore);
      expect(p.child.exitCode).toBeNull();
      p.child.kill('SIGINT');
      expect(await p.exited).toBe(130);
    } finally {
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
    }
  }, 60_000);
});
