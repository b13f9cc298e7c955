/**
 * `burrow logs <zone> --follow`: the app's live tail in a terminal. The core's `logs.tail` polls v2 every few seconds
 * within the zone's budget, reaches back for rows the platform delivers late and keeps each request id once; this
 * prints the rows of each ask as they arrive (a table on a terminal, NDJSON otherwise). The first ask prints its
 * newest `--limit` rows (every row with `--all`), as `tail -f` starts with the last lines. Ctrl+C stops (exit 130,
 * SIGTERM 143); an error asking again cannot fix ends it (exit 1, or 3 when the platform stays unreachable).
 */
import type { TailStatus } from '../shared/contract/logs-tail.js';
import { formatFilterText } from '../shared/logs/filter-text.js';
import type { CliCoreOptions } from './core.js';
import { createErrorWriter, EXIT, SIGNAL_EXIT, type CliIo } from './io.js';
import type { LogFormat, LogsCommand } from './logs-args.js';
import { cliLoggingCore, failureExit, RowWriter } from './logs.js';
import type { ProcessHooks } from './sandbox.js';

/** Asks in a row that failed (network, 5xx, 429) before the command gives up. */
export const FOLLOW_MAX_FAILURES = 5;
/** Rows a follow keeps for deduplication windows; printed rows need not stay. */
const FOLLOW_CAP = 20_000;


const processHooks: Pick<ProcessHooks, 'onSignal' | 'offSignal'> = {
  onSignal: (s, h) => process.on(s, h),
  offSignal: (s, h) => process.off(s, h),
};

/** Options for tests: hooks to fire signals, tail tuning. */
export interface FollowOptions {
  readonly hooks?: Pick<ProcessHooks, 'onSignal' | 'offSignal'>;
  readonly tail?: CliCoreOptions['logsTail'];
}

/** Runs `burrow logs <zone> --follow …`; resolves to the exit status. */
export async function runLogsFollow(cmd: LogsCommand, format: LogFormat, io: CliIo, options: FollowOptions = {}): Promise<number> {
  const secrets: string[] = [];
  const err = createErrorWriter(io, () => secrets);
  if (cmd.source.kind !== 'zone') {
    err(cmd.source.kind === 'day' ? 'burrow logs: --follow starts at now and goes on; it does not go with --day' : 'burrow logs: --follow reads a pull zone, not a file');
    return EXIT.usage;
  }
  if (cmd.order === 'asc') {
    err('burrow logs: --follow prints rows as they arrive; --order does not apply');
    return EXIT.usage;
  }
  if (cmd.when.from !== undefined || cmd.when.to !== undefined || cmd.when.last !== undefined) {
    err('burrow logs: --follow starts at now and goes on; --from, --to and --last do not apply');
    return EXIT.usage;
  }
  const zoneId = cmd.source.zoneId;
  const made = await cliLoggingCore(cmd, io, secrets, err, options.tail);
  if ('exit' in made) return made.exit;
  const { core } = made;

  const hooks = options.hooks ?? processHooks;
  const writer = new RowWriter(io, format, cmd);
  /** The tail's id once started; its statuses that came before are held until then. */
  let id: string | null = null;
  const early: TailStatus[] = [];
  let ended: ((how: 'SIGINT' | 'SIGTERM' | { code: number }) => void) | undefined;
  const end = new Promise<'SIGINT' | 'SIGTERM' | { code: number }>((r) => (ended = r));
  let printing: Promise<void> = Promise.resolve();
  let first = true;
  let failures = 0;

  const report = (e: unknown): number => {
    err(`burrow logs: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT.http;
  };

  const fail = (status: TailStatus) => {
    const e = status.error ?? { kind: 'internal', title: 'The live tail stopped' };
    err(`burrow logs: ${e.title}`);
    if (e.detail !== undefined) err(e.detail);
    ended?.({ code: e.kind === 'network' || e.kind === 'timeout' ? EXIT.network : EXIT.http });
  };

  // Rows the platform sent that could not be read: said as their count grows.
  let unreadableSaid = 0;
  const sayUnreadable = (s: TailStatus) => {
    const n = s.unreadable?.rows ?? 0;
    if (n <= unreadableSaid) return;
    unreadableSaid = n;
    const first = s.unreadable?.firstReason;
    err(`burrow logs: ${n} row${n === 1 ? '' : 's'} could not be read and ${n === 1 ? 'was' : 'were'} skipped so far${first ? ` (first: ${first})` : ''}`);
  };

  const cap = options.tail?.cap ?? FOLLOW_CAP;
  /** Prints the matching rows of the latest ask: they are the last `lastArrived` of the rows held. */
  const print = async (s: TailStatus) => {
    sayUnreadable(s);
    // More may have arrived in one ask than the tail keeps: those beyond its cap were trimmed before printing.
    let count = Math.min(s.lastArrived, s.matchingRows);
    if (count < s.lastArrived) err(`burrow logs: ${s.lastArrived - count} older rows of this ask were over the ${cap.toLocaleString('en-US')}-row buffer and are not printed`);
    if (first) {
      first = false;
      if (cmd.limit !== null) count = Math.min(count, cmd.limit);
    }
    for (let left = count; left > 0; ) {
      const take = Math.min(left, 500);
      const w = await core.invoke('logs.window', { sessionId: s.sessionId, offset: s.matchingRows - left, count: take });
      for (const row of w.rows) {
        const { index: _index, ...entry } = row;
        writer.write(entry);
      }
      left -= take;
    }
  };

  const onStatus = (s: TailStatus) => {
    if (s.phase === 'failed') {
      printing = printing.then(() => fail(s));
      return;
    }
    if (s.error !== null) {
      if (++failures >= FOLLOW_MAX_FAILURES) {
        printing = printing.then(() => fail(s));
        return;
      }
      io.stderr.write(`burrow logs: ${s.error.title} — trying again\n`);
      return;
    }
    failures = 0;
    if (s.phase === 'live') printing = printing.then(() => print(s)).catch((e: unknown) => ended?.({ code: report(e) }));
  };
  const off = core.on('logs.tailStatus', (s) => (id === null ? early.push(s) : s.sessionId === id && onStatus(s)));

  const onSignal = (signal: NodeJS.Signals) => ended?.(signal === 'SIGTERM' ? 'SIGTERM' : 'SIGINT');
  hooks.onSignal('SIGINT', onSignal);
  hooks.onSignal('SIGTERM', onSignal);
  try {
    // A table or CSV starts with its header, before the first ask is in.
    writer.end();
    id = (await core.invoke('logs.tail', { zoneId, filter: formatFilterText(cmd.filter), cap })).sessionId;
    for (const s of early.splice(0)) if (s.sessionId === id) onStatus(s);
    const how = await end;
    off();
    await printing.catch(() => undefined);
    if (how === 'SIGINT' || how === 'SIGTERM') return SIGNAL_EXIT[how];
    return how.code;
  } catch (e) {
    return failureExit(e, err);
  } finally {
    off();
    hooks.offSignal('SIGINT', onSignal);
    hooks.offSignal('SIGTERM', onSignal);
    await core.close();
  }
}
