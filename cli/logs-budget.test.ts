/**
 * One process, many callers of one zone: the app's sessions loading every page and asking for chart aggregates
 * while `burrow logs --all` runs in the same core. They all draw from the process's one rate budget, so the
 * sandbox (which enforces the platform's limit and answers 429 past it) never refuses anyone, and no sliding
 * 10 s window ever holds more than 30 requests, even though together they send more than 30.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogsStatus } from '../shared/contract/logs.js';
import { logQueryResponseSchema } from '../shared/logs/testing/v2-page.js';
import { startSandbox, type Sandbox } from '../sandbox/server.js';
import { processRateBudget } from '../electron/core/logs/index.js';
import { openCore, type CliCore } from './core.js';
import type { CliIo } from './io.js';
import { runLogs } from './logs.js';

const SESSIONS = 6;
const CLI_RUNS = 12;
const LIMIT = 30;
const WINDOW_MS = 10_000;

let sandbox: Sandbox;
let dir: string;
/** The app's side: a core of its own in this process, whose sessions page through the process's budget. */
let core: CliCore;
let zone: number;
const events: LogsStatus[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'burrow-logs-budget-'));
  core = await openCore({ auth: { apiKey: sandbox.accountKey, baseUrl: sandbox.apiUrl, keySource: 'test' }, env: {}, home: dir, dataDir: dir, endpoints: { loggingUrl: sandbox.loggingUrl } });
  core.on('logs.status', (s) => events.push(s));
  zone = sandbox.pullZones.find((z) => z.loggingEnabled)!.id;
});
afterAll(async () => {
  await core.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

function captureIo(): { io: CliIo; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdin: new PassThrough(),
    stdout: { isTTY: false, write: (c) => ((out += String(c)), true) },
    stderr: { isTTY: false, write: (c) => ((err += String(c)), true) },
    env: { BUNNYNET_API_URL: sandbox.apiUrl, BUNNYNET_API_KEY: sandbox.accountKey, BURROW_LOGGING_URL: sandbox.loggingUrl },
    home: '/nonexistent-burrow-home',
  };
  return { io, out: () => out, err: () => err };
}

/** Rows of the range, paged by hand as the platform documents it. */
async function rowsOfRange(from: number, to: number): Promise<number> {
  let rows = 0;
  for (let offset = 0; ; ) {
    const q = new URLSearchParams({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), limit: '10000', offset: String(offset) });
    // The test's own requests count at the sandbox too, so they take their turn in the same budget.
    const grant = await processRateBudget().acquire(zone);
    const page = await fetch(`${sandbox.loggingUrl}/v2/pullzones/${zone}/logs?${q}`, { headers: { AccessKey: sandbox.accountKey } })
      .then(async (res) => logQueryResponseSchema.parse(await res.json()))
      .finally(() => grant.done());
    rows += page.data.length;
    if (!page.pagination.hasMore) return rows;
    offset = page.pagination.offset + page.pagination.limit;
  }
}

describe('the logging rate budget shared by the app and burrow logs in one process', () => {
  it('sends more than the limit in total without a 429 and never more than the limit in any window', async () => {
    const to = Date.now() - 60_000;
    const from = to - 3 * 24 * 3_600_000 + 5 * 60_000;
    const expected = await rowsOfRange(from, to);
    // A full walk of the range takes at least two pages, so the callers below need more requests than one window allows.
    expect(expected).toBeGreaterThan(10_000);

    const opened = await Promise.all(
      Array.from({ length: SESSIONS }, () => core.invoke('logs.open', { source: { kind: 'zone', zoneId: zone, range: { kind: 'absolute', from, to } }, filter: '' })),
    );
    const ids = opened.map((s) => s.sessionId);
    const runs = Array.from({ length: CLI_RUNS }, () => {
      const c = captureIo();
      const args = [String(zone), '--from', new Date(from).toISOString(), '--to', new Date(to).toISOString(), '--all', '--format', 'ndjson'];
      return runLogs(args, c.io).then((code) => ({ code, out: c.out(), err: c.err() }));
    });
    // Each session loads everything and keeps asking for its charts while the pages come in.
    const sessions = ids.map(async (id) => {
      await vi.waitFor(() => expect(events.findLast((e) => e.sessionId === id)?.phase).toMatch(/idle|failed/), { timeout: 60_000 });
      await core.invoke('logs.loadAll', { sessionId: id });
      // Charts ask for aggregates over what is loaded so far; they are computed in the core and cost no request.
      await vi.waitFor(
        async () => {
          await core.invoke('logs.aggregates', { sessionId: id });
          expect(events.findLast((e) => e.sessionId === id)).toMatchObject({ phase: 'idle', hasMore: false });
        },
        { timeout: 60_000, interval: 100 },
      );
      return events.findLast((e) => e.sessionId === id)!;
    });
    const [cli, done] = await Promise.all([Promise.all(runs), Promise.all(sessions)]);

    for (const r of cli) {
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out.split('\n').filter((l) => l !== '')).toHaveLength(expected);
    }
    for (const s of done) expect(s).toMatchObject({ phase: 'idle', hasMore: false, loadedRows: expected });

    const log = sandbox.logging.requests().filter((r) => r.zoneId === zone);
    expect(log.length).toBeGreaterThan(LIMIT);
    expect(log.filter((r) => r.status === 429)).toEqual([]);
    let busiest = 0;
    for (const r of log) busiest = Math.max(busiest, log.filter((x) => x.at >= r.at && x.at < r.at + WINDOW_MS).length);
    expect(busiest).toBeLessThanOrEqual(LIMIT);
  }, 90_000);
});
