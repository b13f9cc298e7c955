/**
 * `--wait`: follows an app's status after deploy, undeploy or restart until it settles. It looks at the overview
 * (status and running instances) every interval; running means active with at least one instance (or active when the
 * platform reports no count), stopped means inactive. Failing or suspended ends the wait as a failure; any other
 * status (progressing, unknown, one the platform added later) keeps it waiting until the timeout.
 */
import type { AppOverview } from '../shared/contract/apps.js';
import type { WaitFlags } from './apps-life-args.js';
import { runningInstances, statusWords } from './apps-view.js';

/** What the wait looks for. */
export type WaitGoal = 'running' | 'stopped';

/** How a wait ended. */
export type WaitEnd =
  | { readonly kind: 'settled'; readonly status: string; readonly instances: number | null }
  | { readonly kind: 'failed'; readonly status: string }
  | { readonly kind: 'timeout'; readonly status: string | null };

/** Whether a status (any letter case) is where the goal is, a failure, or still on its way. */
export function judge(goal: WaitGoal, o: AppOverview): 'settled' | 'failed' | 'waiting' {
  const status = (o.status ?? '').toLowerCase();
  if (status === 'failing' || status === 'suspended') return 'failed';
  if (goal === 'running') {
    const n = runningInstances(o);
    return status === 'active' && (n === null || n > 0) ? 'settled' : 'waiting';
  }
  return status === 'inactive' ? 'settled' : 'waiting';
}

/** The clock and pause the wait uses (the command: Date.now and the core's sleep; tests: their own). */
export interface WaitClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * How long a wait that expects a change (a restart, a deploy) takes the goal status it sees before any other as the
 * app's old state: the platform answers the call before it starts on it, so an app still active from before would
 * otherwise end the wait before the restart began. Once another status was seen, or after this, the goal counts.
 */
export const CHANGE_GRACE_MS = 15_000;

/**
 * Looks at the app until it settles, fails or the timeout passes; `progress` hears each new status. With
 * `expectChange`, a settled or failed status counts only after the app was seen changing or CHANGE_GRACE_MS passed.
 */
export async function waitForApp(
  api: { overview(id: string): Promise<AppOverview> },
  id: string,
  goal: WaitGoal,
  flags: WaitFlags,
  progress: (line: string) => void,
  clock: WaitClock,
  expectChange = false,
): Promise<WaitEnd> {
  const start = clock.now();
  const deadline = start + flags.timeoutMs;
  let changing = !expectChange;
  let last: string | null = null;
  for (;;) {
    const o = await api.overview(id);
    const status = o.status ?? 'unknown';
    const n = runningInstances(o);
    const seen = `${statusWords(status)}${n !== null ? ` — ${n} instance${n === 1 ? '' : 's'} running` : ''}`;
    if (seen !== last) progress(seen);
    last = seen;
    const verdict = judge(goal, o);
    if (verdict === 'waiting') changing = true;
    // Settled or failing before any change may be the app as it was before the call: look again, within the grace.
    const believed = changing || clock.now() - start >= Math.min(CHANGE_GRACE_MS, flags.timeoutMs);
    if (verdict === 'settled' && believed) return { kind: 'settled', status, instances: n };
    if (verdict === 'failed' && believed) return { kind: 'failed', status };
    const left = deadline - clock.now();
    if (left <= 0) return { kind: 'timeout', status };
    await clock.sleep(Math.min(flags.intervalMs, left));
  }
}
