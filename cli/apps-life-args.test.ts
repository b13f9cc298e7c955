/** The words of `burrow apps` update/deploy/undeploy/restart/scale/env, and --wait's following of the status with a clock the test drives. */
import { describe, expect, it } from 'vitest';
import type { AppOverview } from '../shared/contract/apps.js';
import { parseAppsArgs } from './apps-args.js';
import { judge, waitForApp, type WaitClock } from './apps-wait.js';

const parse = (...args: string[]) => parseAppsArgs(args);

describe('parsing', () => {
  it('env: several NAME=VALUE after one --set, repeated --set, --unset by comma; exactly one kind of change', () => {
    const set = parse('env', 'app1', '--container', 'web', '--set', 'A=1', 'B=x=y', '--set', 'C=');
    expect(set).toMatchObject({ ok: true, command: { kind: 'env', id: 'app1', container: 'web', change: { kind: 'set' } } });
    const variables = set.ok && set.command.kind === 'env' && set.command.change.kind === 'set' ? set.command.change.variables : [];
    expect([...variables].sort((a, b) => a.name.localeCompare(b.name))).toEqual([{ name: 'A', value: '1' }, { name: 'B', value: 'x=y' }, { name: 'C', value: '' }]);
    expect(parse('env', 'app1', '--container', 'web', '--unset', 'A,B', '--unset', 'C')).toMatchObject({ ok: true, command: { change: { kind: 'unset', names: ['A', 'B', 'C'] } } });
    expect(parse('env', 'app1', '--container', 'web', '--set', 'A=1', '--unset', 'B')).toEqual({ ok: false, message: 'apps env takes one of --set NAME=VALUE, --unset NAME or --file <.env>' });
    expect(parse('env', 'app1', '--set', 'A=1')).toMatchObject({ ok: false, message: expect.stringContaining('needs --container') });
    expect(parse('env', 'app1', '--container', 'web', '--set', 'A')).toMatchObject({ ok: false, message: '--set takes NAME=VALUE; got "A"' });
    expect(parse('env', 'app1', '--container', 'web', '--set', 'A=1', 'A=2')).toMatchObject({ ok: false, message: '--set names A twice' });
    expect(parse('env', 'app1', '--container', 'web', '--unset', '1BAD')).toMatchObject({ ok: false });
  });

  it('update needs --file; --yes and -y; flags of other subcommands are refused by name', () => {
    expect(parse('update', 'app1', '--file', 'a.json', '-y')).toMatchObject({ ok: true, command: { kind: 'update', id: 'app1', file: 'a.json', yes: true, dryRun: false } });
    expect(parse('update', 'app1')).toMatchObject({ ok: false, message: expect.stringContaining('needs --file') });
    expect(parse('update', 'app1', '--file', 'a.json', '--wait')).toEqual({ ok: false, message: '--wait does not apply to apps update' });
    expect(parse('deploy', 'app1', '--json')).toEqual({ ok: false, message: '--json does not apply to apps deploy' });
    expect(parse('list', '--yes')).toEqual({ ok: false, message: '--yes does not apply to apps list' });
  });

  it('--wait with its timeout and interval in seconds; either alone, or out of range, is refused', () => {
    expect(parse('restart', 'app1', '--wait', '--timeout', '90', '--interval', '0.5')).toMatchObject({ ok: true, command: { kind: 'run', action: 'restart', wait: { timeoutMs: 90_000, intervalMs: 500 } } });
    expect(parse('undeploy', 'app1')).toMatchObject({ ok: true, command: { kind: 'run', action: 'undeploy', wait: null } });
    expect(parse('deploy', 'app1', '--interval', '1')).toEqual({ ok: false, message: '--interval applies to --wait' });
    expect(parse('deploy', 'app1', '--wait', '--timeout', '0')).toMatchObject({ ok: false, message: expect.stringContaining('--timeout is a number of seconds') });
    expect(parse('create', '--file', 'a.json', '--deploy', '--wait')).toMatchObject({ ok: true, command: { kind: 'create', deploy: true, wait: { timeoutMs: 600_000, intervalMs: 2_000 } } });
    expect(parse('create', '--file', 'a.json', '--deploy', '--dry-run')).toMatchObject({ ok: false });
  });

  it('scale takes both bounds as numbers; their rules are checked when it runs', () => {
    expect(parse('scale', 'app1', '--min', '2', '--max', '5')).toMatchObject({ ok: true, command: { kind: 'scale', min: 2, max: 5 } });
    expect(parse('scale', 'app1', '--min', '2')).toEqual({ ok: false, message: 'apps scale needs both --min N and --max N' });
    expect(parse('scale', 'app1', '--min', 'two', '--max', '5')).toMatchObject({ ok: false, message: '--min is a number of instances; got "two"' });
  });
});

/** A clock the wait reads and sleeps on; each sleep moves it on. */
function fakeClock(): WaitClock & { slept: number[] } {
  let now = 0;
  const slept: number[] = [];
  return { slept, now: () => now, sleep: async (ms) => void (slept.push(ms), (now += ms)) };
}

/** An overview reader that answers the given overviews in turn, the last one from then on. */
function answers(...list: AppOverview[]) {
  let i = 0;
  return { overview: async () => list[Math.min(i++, list.length - 1)]! };
}

describe('--wait', () => {
  it('running needs active with instances; stopped needs inactive; failing and suspended fail; any other status waits', () => {
    expect(judge('running', { status: 'ACTIVE', activeInstances: { indicator: 2 } })).toBe('settled');
    expect(judge('running', { status: 'active', activeInstances: { indicator: 0 } })).toBe('waiting');
    expect(judge('running', { status: 'active', regions: [{ region: 'DE', instances: 1 }] })).toBe('settled');
    expect(judge('running', { status: 'active' })).toBe('settled');
    expect(judge('running', { status: 'hibernating' })).toBe('waiting');
    expect(judge('stopped', { status: 'Inactive' })).toBe('settled');
    expect(judge('stopped', { status: 'Suspended' })).toBe('failed');
    expect(judge('running', { status: 'failing' })).toBe('failed');
  });

  it('follows progressing to active, telling each new status once', async () => {
    const clock = fakeClock();
    const seen: string[] = [];
    const end = await waitForApp(
      answers({ status: 'progressing' }, { status: 'progressing' }, { status: 'active', activeInstances: { indicator: 0 } }, { status: 'active', activeInstances: { indicator: 3 } }),
      'a',
      'running',
      { timeoutMs: 60_000, intervalMs: 2_000 },
      (l) => seen.push(l),
      clock,
    );
    expect(end).toEqual({ kind: 'settled', status: 'active', instances: 3 });
    expect(seen).toEqual(['Changing', 'Running — 0 instances running', 'Running — 3 instances running']);
    expect(clock.slept).toEqual([2_000, 2_000, 2_000]);
  });

  it('gives up at the timeout, the last pause cut to what is left', async () => {
    const clock = fakeClock();
    const end = await waitForApp(answers({ status: 'progressing' }), 'a', 'stopped', { timeoutMs: 5_000, intervalMs: 2_000 }, () => undefined, clock);
    expect(end).toEqual({ kind: 'timeout', status: 'progressing' });
    expect(clock.slept).toEqual([2_000, 2_000, 1_000]);
  });
});
