/**
 * The words of `burrow apps` for an app's life after create: update, deploy, undeploy, restart, scale and env, and the
 * --wait flags create --deploy shares. Kept apart from apps-args.ts (list, get, delete, create), which hands these
 * subcommands here once the words are split.
 */
import type { SplitWords } from './flags.js';

/** How --wait follows the status: the longest wait and the pause between two looks, in milliseconds. */
export interface WaitFlags {
  readonly timeoutMs: number;
  readonly intervalMs: number;
}

/** Options every subcommand that reaches the platform shares (as apps-args.ts reads them). */
export interface LifeReach {
  readonly containersUrl?: string;
  readonly apiKey?: string;
  readonly profile?: string;
}

/** One environment change of `apps env`. */
export type EnvChange =
  | { readonly kind: 'set'; readonly variables: readonly { readonly name: string; readonly value: string }[] }
  | { readonly kind: 'unset'; readonly names: readonly string[] }
  | { readonly kind: 'file'; readonly file: string };

/** The subcommands parsed here. */
export type LifeCommand =
  | ({ readonly kind: 'update'; readonly id: string; readonly file: string; readonly dryRun: boolean; readonly yes: boolean } & LifeReach)
  | ({ readonly kind: 'run'; readonly action: 'deploy' | 'undeploy' | 'restart'; readonly id: string; readonly wait: WaitFlags | null } & LifeReach)
  | ({ readonly kind: 'scale'; readonly id: string; readonly min: number; readonly max: number } & LifeReach)
  | ({ readonly kind: 'env'; readonly id: string; readonly container: string; readonly change: EnvChange; readonly dryRun: boolean } & LifeReach);

/** The subcommands this file parses. */
export const LIFE_SUBCOMMANDS: ReadonlySet<string> = new Set(['update', 'deploy', 'undeploy', 'restart', 'scale', 'env']);

/** Flags with a value that only these subcommands (and create's --wait) take. */
export const LIFE_VALUE_FLAGS: readonly string[] = ['--timeout', '--interval', '--min', '--max', '--container', '--set', '--unset'];
/** Standalone flags that only these subcommands (and create --deploy) take. */
export const LIFE_BOOLEAN_FLAGS: readonly string[] = ['--yes', '-y', '--wait', '--deploy'];

/** The usage lines of these subcommands. */
export const LIFE_USAGE = `burrow apps update <id> --file <app.json|-> [--dry-run] [--yes]
       burrow apps deploy|undeploy|restart <id> [--wait [--timeout S] [--interval S]]
       burrow apps scale <id> --min N --max N
       burrow apps env <id> --container <name|id> (--set K=V... | --unset K... | --file <.env>) [--dry-run]`;

/** The help lines of `get` (it lives in apps-args.ts; its words and flags here). */
export const GET_HELP = `  get <id>              the application in words: status, instances, containers with image and tag, endpoints with
                        their public address, volumes, regions by name and scaling (--json: the platform's answer;
                        --request: the app as the update request that changes nothing, ids kept — the file to edit)
`;

/** The help lines of these subcommands, for the help text of `burrow apps`. */
export const LIFE_HELP = `  update <id> --file <f>  changes an application to the whole desired request in <f> (the create request's shape with
                        the ids of the containers to keep; get --request prints it): checked like create, then the
                        changes are shown in words (removals named, secret-looking values masked) and sent as a
                        merge-patch — a container with an id is updated, one without is added, and whatever the file
                        leaves out (a container, a variable, an endpoint, a volume) is removed. On a terminal it asks
                        "Apply? [y/N]"; elsewhere it needs --yes. --dry-run shows the changes and sends nothing.
  deploy <id>           starts the application's instances
  undeploy <id>         stops every instance (it does not ask)
  restart <id>          restarts every instance
  --wait                follow the status until it settles: exit 0 once running with instances (deploy, restart) or
                        stopped (undeploy), 1 when it fails, is suspended or --timeout passes (seconds, default 600);
                        --interval seconds between two looks (default 2). Progress on stderr on a terminal.
  scale <id> --min N --max N   instances per active region (whole numbers 1–1000, min not above max)
  env <id> --container <name|id>   one container's environment variables:
                        --set NAME=VALUE (repeat it, or list several after one --set) adds or changes,
                        --unset NAME (repeat it, or NAME1,NAME2) removes,
                        --file <.env> makes the list exactly the file's NAME=VALUE lines (others are removed).
                        The change is shown first, secret-looking values masked; --dry-run sends nothing.
  create --deploy       deploys the new application after creating it (--wait then follows it, as above)
`;

/** Examples for the help text. */
export const LIFE_EXAMPLES = `Examples:
  burrow apps get 3fZk9aQ2LmN0pRt
  burrow apps get 3fZk9aQ2LmN0pRt --request > app.json   # edit it (keep the ids), then:
  burrow apps update 3fZk9aQ2LmN0pRt --file app.json --dry-run
  burrow apps update 3fZk9aQ2LmN0pRt --file app.json --yes
  burrow apps deploy 3fZk9aQ2LmN0pRt --wait
  burrow apps scale 3fZk9aQ2LmN0pRt --min 2 --max 5
  burrow apps env 3fZk9aQ2LmN0pRt --container web --set LOG_LEVEL=debug --set API_TOKEN=s3cret
  burrow apps env 3fZk9aQ2LmN0pRt --container web --unset LOG_LEVEL --dry-run
  burrow apps create --file app.json --deploy --wait --timeout 300
`;

const ID = /^[A-Za-z0-9_-]{1,100}$/;
/** As a container's environment accepts names (shared/apps/env-text.ts says the same rule for .env text). */
const ENV_NAME = /^[A-Za-z_.-][A-Za-z0-9_.-]*$/;

type Fail = { readonly ok: false; readonly message: string };
const fail = (message: string): Fail => ({ ok: false, message });

/** A number of seconds for --timeout or --interval, as milliseconds. */
function seconds(flag: string, raw: string | undefined, fallback: number, min: number, max: number): number | Fail {
  if (raw === undefined) return fallback;
  const n = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max) return fail(`${flag} is a number of seconds from ${min} to ${max}; got ${JSON.stringify(raw)}`);
  return Math.round(n * 1000);
}

/** --wait, --timeout and --interval, for run and create: null without --wait; --timeout or --interval alone is refused. */
export function parseWaitFlags(values: readonly (readonly [string, string])[], booleans: ReadonlySet<string>): WaitFlags | null | Fail {
  const one = (flag: string) => values.filter(([f]) => f === flag).map(([, v]) => v);
  for (const flag of ['--timeout', '--interval']) {
    if (one(flag).length > 1) return fail(`${flag} is given twice`);
    if (one(flag).length === 1 && !booleans.has('--wait')) return fail(`${flag} applies to --wait`);
  }
  if (!booleans.has('--wait')) return null;
  const timeoutMs = seconds('--timeout', one('--timeout')[0], 600_000, 1, 86_400);
  if (typeof timeoutMs !== 'number') return timeoutMs;
  const intervalMs = seconds('--interval', one('--interval')[0], 2_000, 0.05, 600);
  if (typeof intervalMs !== 'number') return intervalMs;
  return { timeoutMs, intervalMs };
}

/** Parses update, deploy, undeploy, restart, scale and env from the split words (the subcommand first among the operands). */
export function parseLifeArgs(words: SplitWords, reach: LifeReach): { ok: true; command: LifeCommand } | Fail {
  const { operands, values, booleans } = words;
  const [sub, ...rest] = operands;
  const all = (flag: string) => values.filter(([f]) => f === flag || (flag === '--file' && f === '-f')).map(([, v]) => v);
  const single = (flag: string): string | undefined | Fail => {
    const got = all(flag);
    return got.length > 1 ? fail(`${flag} is given twice`) : got[0];
  };
  const allowed = new Set<string>(['--containers-url', '--api-key', '--profile']);
  const only = (flags: readonly string[]): Fail | undefined => {
    for (const f of flags) allowed.add(f);
    for (const [f] of values) if (!allowed.has(f === '-f' ? '--file' : f)) return fail(`${f} does not apply to apps ${sub}`);
    for (const f of booleans) if (!allowed.has(f === '-y' ? '--yes' : f)) return fail(`${f} does not apply to apps ${sub}`);
    return undefined;
  };
  const [id, ...extra] = rest;
  const oneId = (): Fail | undefined => (extra.length > 0 ? fail(`apps ${sub} takes one application id; got ${JSON.stringify(extra[0])} as well`) : undefined);
  if (id === undefined || id.trim() === '') return fail(`apps ${sub} takes one application id`);
  if (!ID.test(id)) return fail(`an application id is letters and digits; got ${JSON.stringify(id)}`);

  switch (sub) {
    case 'update': {
      const bad = only(['--file', '--dry-run', '--yes']) ?? oneId();
      if (bad) return bad;
      const file = single('--file');
      if (typeof file === 'object') return file;
      if (file === undefined || file.trim() === '') return fail('apps update needs --file <app.json>: the whole desired request (or --file - for standard input)');
      return { ok: true, command: { kind: 'update', id, file, dryRun: booleans.has('--dry-run'), yes: booleans.has('--yes') || booleans.has('-y'), ...reach } };
    }
    case 'deploy':
    case 'undeploy':
    case 'restart': {
      const bad = only(['--wait', '--timeout', '--interval']) ?? oneId();
      if (bad) return bad;
      const wait = parseWaitFlags(values, booleans);
      if (wait !== null && 'ok' in wait) return wait;
      return { ok: true, command: { kind: 'run', action: sub, id, wait, ...reach } };
    }
    case 'scale': {
      const bad = only(['--min', '--max']) ?? oneId();
      if (bad) return bad;
      const bounds: number[] = [];
      for (const flag of ['--min', '--max']) {
        const raw = single(flag);
        if (typeof raw === 'object') return raw;
        if (raw === undefined) return fail('apps scale needs both --min N and --max N');
        // The number is checked by the scaling rules (whole, 1–1000, min not above max); here only that it is one.
        if (!/^\s*[+-]?\d+(\.\d+)?\s*$/.test(raw)) return fail(`${flag} is a number of instances; got ${JSON.stringify(raw)}`);
        bounds.push(Number(raw));
      }
      return { ok: true, command: { kind: 'scale', id, min: bounds[0]!, max: bounds[1]!, ...reach } };
    }
    case 'env': {
      const bad = only(['--container', '--set', '--unset', '--file', '--dry-run']);
      if (bad) return bad;
      const container = single('--container');
      if (typeof container === 'object') return container;
      if (container === undefined || container.trim() === '') return fail('apps env needs --container <name|id>: the container whose variables change');
      const sets = all('--set');
      const unsets = all('--unset');
      const files = all('--file');
      // Several NAME=VALUE words may follow one --set; any other extra word is a mistake.
      const more = extra.filter((w) => w.includes('='));
      const stray = extra.find((w) => !w.includes('='));
      if (stray !== undefined || (more.length > 0 && sets.length === 0)) return fail(`apps env takes one application id; got ${JSON.stringify(stray ?? more[0])} as well`);
      const given = [sets.length > 0, unsets.length > 0, files.length > 0].filter(Boolean).length;
      if (given !== 1) return fail('apps env takes one of --set NAME=VALUE, --unset NAME or --file <.env>');
      let change: EnvChange;
      if (files.length > 0) {
        if (files.length > 1) return fail('--file is given twice');
        change = { kind: 'file', file: files[0]! };
      } else if (sets.length > 0) {
        const variables: { name: string; value: string }[] = [];
        for (const word of [...sets, ...more]) {
          const eq = word.indexOf('=');
          const name = eq === -1 ? word : word.slice(0, eq);
          if (eq === -1) return fail(`--set takes NAME=VALUE; got ${JSON.stringify(word)}`);
          if (!ENV_NAME.test(name)) return fail(`--set ${JSON.stringify(name)}: a name starts with a letter, "_", "." or "-" and holds only letters, digits, "_", "." and "-"`);
          if (variables.some((v) => v.name === name)) return fail(`--set names ${name} twice`);
          variables.push({ name, value: word.slice(eq + 1) });
        }
        change = { kind: 'set', variables };
      } else {
        const names = unsets.flatMap((u) => u.split(',')).map((n) => n.trim()).filter((n) => n !== '');
        if (names.length === 0) return fail('--unset takes the name of a variable');
        const badName = names.find((n) => !ENV_NAME.test(n));
        if (badName !== undefined) return fail(`--unset ${JSON.stringify(badName)} is not a variable name`);
        change = { kind: 'unset', names: [...new Set(names)] };
      }
      return { ok: true, command: { kind: 'env', id, container, change, dryRun: booleans.has('--dry-run'), ...reach } };
    }
    default:
      return fail(`unknown subcommand ${JSON.stringify(sub)}`);
  }
}
