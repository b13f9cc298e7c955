/** What every bench case is: a name and a run that yields one or more result lines. */
import type { CaseResult } from '../line.js';

/** What the harness hands a case. */
export interface CaseContext {
  /** Rounds to run; each round runs ours then the peer, as fresh processes. */
  readonly rounds: number;
  /** The repository root. */
  readonly root: string;
  /** `--smoke` or BENCH_SMOKE=1: one small round that checks the harness, not the numbers. */
  readonly smoke: boolean;
  /** Progress for the person watching (stderr); results go to stdout only as final lines. */
  log(line: string): void;
}

/** One case of `npm run bench`. */
export interface BenchCase {
  readonly name: string;
  /** What it needs built first, by npm script name; the harness runs each script once. */
  readonly needs: readonly string[];
  run(ctx: CaseContext): Promise<readonly CaseResult[]>;
}
