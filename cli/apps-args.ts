/** The words of `burrow apps`: its four subcommands, their flags, and the help text. */
import { COMMAND_VARIABLES, environmentHelp, unionOf } from './env-help.js';
import { splitFlags, wantsHelpIn } from './flags.js';
import { GET_HELP, LIFE_BOOLEAN_FLAGS, LIFE_EXAMPLES, LIFE_HELP, LIFE_SUBCOMMANDS, LIFE_USAGE, LIFE_VALUE_FLAGS, parseLifeArgs, parseWaitFlags, type LifeCommand, type LifeReach, type WaitFlags } from './apps-life-args.js';

/** Options every subcommand that reaches the platform shares. */
type Reach = LifeReach & { readonly json: boolean };

/** The flags that say how the platform is reached, with the member of LifeReach each sets. */
const REACH_FLAGS = [
  ['--containers-url', 'containersUrl'],
  ['--api-key', 'apiKey'],
  ['--profile', 'profile'],
] as const;

/** The reach flags given (`valueOf` reads one), as LifeReach. */
function reachOf(valueOf: (flag: string) => string | undefined): LifeReach {
  return Object.fromEntries(REACH_FLAGS.flatMap(([flag, key]) => (valueOf(flag) === undefined ? [] : [[key, valueOf(flag)]])));
}

/** The command as parsed. */
export type AppsCommand =
  | ({ readonly kind: 'list' } & Reach)
  | ({ readonly kind: 'get'; readonly id: string; readonly asRequest: boolean } & Reach)
  | ({ readonly kind: 'delete'; readonly id: string } & Reach)
  | ({
      readonly kind: 'create';
      /** The request's JSON file (`-` for standard input); null when the request comes from a compose file. */
      readonly file: string | null;
      readonly dryRun: boolean;
      readonly deploy: boolean;
      readonly wait: WaitFlags | null;
      /** A compose file to map to the request instead (--from-compose). */
      readonly compose?: string;
      /** Container ports of the compose file to publish by anycast rather than the CDN (--anycast, repeatable). */
      readonly anycast?: readonly number[];
    } & Reach)
  | (LifeCommand & Reach);

/** The usage lines. */
export const APPS_USAGE = `apps list [--json]
       burrow apps get <id> [--json | --request]
       burrow apps delete <id>
       burrow apps health <id> [--last 1h|24h] [--json]
       burrow apps create --file <app.json|-> [--dry-run] [--json] [--deploy [--wait]]
       burrow apps create --from-compose <docker-compose.yml> [--anycast <port>]... [--dry-run] [--json] [--deploy [--wait]]
       ${LIFE_USAGE}`;

/** The help text of `burrow apps`. */
export const APPS_HELP = `usage: burrow ${APPS_USAGE}

Magic Containers applications of the account.
  list                  every application: id, status and name (--json: the platform's items as JSON)
${GET_HELP}  delete <id>           deletes an application (it does not ask)
  health <id>           each CDN endpoint's requests, 5xx rate, hit ratio and bytes per request (burrow apps health --help)
  create --file <f>     creates an application from a create request in JSON (- reads standard input) and prints its
                        id (--json: the platform's whole answer). The request is first checked against every rule the
                        platform checks; a violation is printed and nothing is sent.
  --dry-run             only check the request, send nothing: each violation as "<field path>: <rule>" on its own line
                        (paths as the platform's errors[].field writes them), or "valid"
  create --from-compose <f>  creates one application from a compose file: each service a container (image, environment
                        and env_file, ports, named volumes, command/entrypoint, healthcheck as a probe); what could not
                        be mapped is listed on stderr. Ports 80 and 443 go behind the CDN, others get anycast; the
                        account's registries are read to match image hosts. With --dry-run it prints the request (JSON)
                        on stdout, checks it and sends nothing; its violations go to stderr.
  --anycast <port>      with --from-compose: publish this container port by anycast instead of the CDN (repeatable)
${LIFE_HELP}  --containers-url <url>  the container API (else BURROW_CONTAINERS_URL, else https://api.bunny.net/mc)
  --api-key KEY, --profile NAME   the account key, as for burrow api
Exit status: 0 done (or valid), 1 the platform answered with an error (a 400 prints its field errors the same way),
2 usage or a request that breaks a rule, 3 the platform could not be reached; with --wait, 1 also when the app fails
or does not settle in time; an update answered "n" at the question is 1 with nothing sent, and one off a terminal
without --yes is 2.
${LIFE_EXAMPLES}${environmentHelp(unionOf(COMMAND_VARIABLES.apps, COMMAND_VARIABLES['apps health']))}`;

const VALUE_FLAGS = new Set(['--file', '-f', '--from-compose', '--anycast', '--containers-url', '--api-key', '--profile', '-p', ...LIFE_VALUE_FLAGS]);
const BOOLEAN_FLAGS = new Set(['--dry-run', '--json', '--request', ...LIFE_BOOLEAN_FLAGS]);

/** True when --help or -h is among the words (a flag's value is not looked at). */
export function wantsAppsHelp(args: readonly string[]): boolean {
  return args.length === 0 || wantsHelpIn(args, VALUE_FLAGS);
}

/** Parses the words after `burrow apps`. */
export function parseAppsArgs(args: readonly string[]): { ok: true; command: AppsCommand } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  const split = splitFlags(args, { values: VALUE_FLAGS, booleans: BOOLEAN_FLAGS });
  if (!split.ok) return fail(split.message);
  const { operands, values, booleans } = split.words;
  // update, deploy, undeploy, restart, scale and env: apps-life-args.ts (some of their flags repeat).
  if (operands[0] !== undefined && LIFE_SUBCOMMANDS.has(operands[0])) {
    if (booleans.has('--json')) return fail(`--json does not apply to apps ${operands[0]}`);
    const life = parseLifeArgs(split.words, reachOf((flag) => values.find(([f]) => f === flag)?.[1]));
    return life.ok ? { ok: true, command: { ...life.command, json: false } } : life;
  }
  const single = new Map<string, string>();
  const anycast: string[] = [];
  for (const [flag, value] of values) {
    if (flag === '--anycast') {
      anycast.push(value);
      continue;
    }
    const name = flag === '-f' ? '--file' : flag;
    if (single.has(name)) return fail(`${name} is given twice`);
    single.set(name, value);
  }
  const [sub, ...rest] = operands;
  const reach: Reach = { json: booleans.has('--json'), ...reachOf((flag) => single.get(flag)) };
  const only = (allowed: readonly string[]) => {
    for (const f of [...single.keys(), ...booleans, ...(anycast.length > 0 ? ['--anycast'] : [])]) {
      if (!allowed.includes(f) && !REACH_FLAGS.some(([flag]) => flag === f)) return fail(`${f} does not apply to apps ${sub}`);
    }
    return undefined;
  };
  switch (sub) {
    case 'list': {
      if (rest.length > 0) return fail(`apps list takes no operands; got ${JSON.stringify(rest[0])}`);
      return only(['--json']) ?? { ok: true, command: { kind: 'list', ...reach } };
    }
    case 'get':
    case 'delete': {
      if (rest.length !== 1 || rest[0]!.trim() === '') return fail(`apps ${sub} takes one application id`);
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(rest[0]!)) return fail(`an application id is letters and digits; got ${JSON.stringify(rest[0])}`);
      if (sub === 'get' && booleans.has('--json') && booleans.has('--request')) return fail('--json and --request are two ways to print the app; choose one');
      if (sub === 'get') return only(['--json', '--request']) ?? { ok: true, command: { kind: 'get', id: rest[0]!, asRequest: booleans.has('--request'), ...reach } };
      return only([]) ?? { ok: true, command: { kind: sub, id: rest[0]!, ...reach } };
    }
    case 'create': {
      if (rest.length > 0) return fail(`apps create reads the request from --file; got ${JSON.stringify(rest[0])}`);
      const wait = parseWaitFlags(values, booleans);
      if (wait !== null && 'ok' in wait) return wait;
      if (wait !== null && !booleans.has('--deploy')) return fail('--wait follows a deploy: add --deploy (a new app is not deployed by itself)');
      if (booleans.has('--deploy') && booleans.has('--dry-run')) return fail('--deploy does not apply to --dry-run, which sends nothing');
      const deploy = booleans.has('--deploy');
      const compose = single.get('--from-compose');
      if (compose !== undefined) {
        if (single.has('--file')) return fail('give either --file or --from-compose, not both');
        if (compose.trim() === '') return fail('--from-compose needs the path of a compose file');
        const ports: number[] = [];
        for (const a of anycast) {
          const n = /^\d{1,5}$/.test(a) ? Number(a) : NaN;
          if (!(n >= 1 && n <= 65535)) return fail(`--anycast takes a container port 1–65535; got ${JSON.stringify(a)}`);
          ports.push(n);
        }
        const bad = only(['--from-compose', '--anycast', '--dry-run', '--json', '--deploy', '--wait', '--timeout', '--interval']);
        return bad ?? { ok: true, command: { kind: 'create', file: null, compose, anycast: ports, dryRun: booleans.has('--dry-run'), deploy, wait, ...reach } };
      }
      const file = single.get('--file');
      if (file === undefined || file.trim() === '') return fail('apps create needs --file <app.json> (or --file - for standard input), or --from-compose <docker-compose.yml>');
      return (
        only(['--file', '--dry-run', '--json', '--deploy', '--wait', '--timeout', '--interval']) ?? {
          ok: true,
          command: { kind: 'create', file, dryRun: booleans.has('--dry-run'), deploy, wait, ...reach },
        }
      );
    }
    case undefined:
      return fail('name a subcommand: list, get, delete, create, update, deploy, undeploy, restart, scale or env');
    default:
      return fail(`unknown subcommand ${JSON.stringify(sub)}; the subcommands are list, get, delete, create, update, deploy, undeploy, restart, scale and env`);
  }
}
