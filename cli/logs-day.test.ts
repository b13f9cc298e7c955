/** `burrow logs <zone> --day`: a whole day from the v1 day files, as a spawned process against a sandbox, row for row against v2 paging. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, localTimeZone, planDay } from '../shared/logs/day.js';
import { type LogEntry } from '../shared/logs/v2-response.js';
import { recordOf } from '../shared/logs/testing/record-of.js';
import { ndjsonRows, runBurrow, startLogsFixture, type LogsFixture } from './testing/support.js';

let fx: LogsFixture;
let zone: number;
let env: Record<string, string>;

beforeAll(async () => {
  fx = await startLogsFixture();
  ({ zone, loggingEnv: env } = fx);
});
afterAll(() => fx.close());

const ndjson = (text: string) => ndjsonRows<LogEntry>(text);
/**
 * Rows as records in one order. A v1 line may drop a request id's leading zeros (real ones do), and a v2 entry may
 * carry fields a line has no place for (a host apart from the URL, the later fields): records hold what both say.
 */
const byId = (rows: readonly LogEntry[]) =>
  rows
    .map((e) => {
      const r = recordOf(e);
      return { ...r, requestId: r.requestId?.replace(/^0+(?=.)/, '') ?? null };
    })
    .map((r) => ({ r, key: `${r.timestampMs}|${r.requestId ?? ''}|${r.url}|${r.bytesSent}|${r.statusCode}` }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.r);

describe('burrow logs <zone> --day', () => {
  for (const [tz, flags] of [['UTC', ['--utc']], ['Asia/Tokyo', []]] as const) {
    it(`the day (${tz}${flags.length ? ', --utc' : ', from TZ'}) equals the same span through v2 paging, row for row`, async () => {
      const day = localDate(Date.now() - 86_400_000, tz);
      const plan = planDay(day, tz, Date.now());
      if (!plan.ok) throw new Error(plan.message);
      const dayRun = await runBurrow(['logs', String(zone), '--day', day, ...flags, '--status', '2xx,5xx', '--format', 'ndjson'], { env: { ...env, TZ: tz === 'UTC' ? 'Asia/Tokyo' : tz } });
      expect(dayRun.stderr).toBe('');
      expect(dayRun.code).toBe(0);
      const v2Run = await runBurrow(['logs', String(zone), '--from', new Date(plan.from).toISOString(), '--to', new Date(plan.to - 1).toISOString(), '--status', '2xx,5xx', '--all', '--format', 'ndjson'], { env });
      expect(v2Run.code, v2Run.stderr).toBe(0);
      const got = ndjson(dayRun.stdout);
      const expected = ndjson(v2Run.stdout).filter((e) => Date.parse(e.timestamp) < plan.to);
      expect(got.length).toBeGreaterThan(500);
      expect(byId(got)).toEqual(byId(expected));
      // Newest first, as v2.
      const times = got.map((e) => Date.parse(e.timestamp));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });
  }

  it('says how many lines of the day could not be read, with where the first one is and why', async () => {
    const day = localDate(Date.now() - 86_400_000, 'UTC');
    fx.sandbox.faults.add({ path: '/logging/*', times: 1, action: { kind: 'status', status: 200, body: 'not a log line\nneither|is|this\n' } });
    const r = await runBurrow(['logs', String(zone), '--day', day, '--utc', '--format', 'ndjson'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/2 malformed lines of 2 skipped \(first at line 1: \S/);
  });

  it('a day older than 3 days is refused (exit 2) with the reason; --day with --from or --file is a usage error', async () => {
    const old = await runBurrow(['logs', String(zone), '--day', localDate(Date.now() - 5 * 86_400_000, 'UTC'), '--utc'], { env });
    expect(old.code).toBe(2);
    expect(old.stderr).toMatch(/older than 3 days/);
    expect(old.stdout).toBe('');
    for (const extra of [['--from', '1h'], ['--utc', '--last', '2h']]) {
      const r = await runBurrow(['logs', String(zone), '--day', '2026-01-01', ...extra], { env });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--day/);
    }
    expect((await runBurrow(['logs', String(zone), '--utc'], { env })).stderr).toMatch(/--utc goes with --day/);
  });
});

describe('localTimeZone', () => {
  const withTz = (tz: string | undefined, run: () => void) => {
    const before = process.env.TZ;
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
    try {
      run();
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  };

  it('is the zone TZ names, or the fixed zone of an unnamed whole-hour offset', () => {
    withTz('Asia/Tokyo', () => expect(localTimeZone()).toBe('Asia/Tokyo'));
    // POSIX "UTC+5" is five hours behind UTC, which the Etc zones write as Etc/GMT+5.
    withTz('UTC+5', () => expect(localTimeZone()).toBe('Etc/GMT+5'));
    withTz('XYZ-3', () => expect(localTimeZone()).toBe('Etc/GMT-3'));
  });
});
