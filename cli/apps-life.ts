/**
 * `burrow apps` for an app's life after create: get in words, update (diff, question, merge-patch), deploy, undeploy
 * and restart (with --wait), scale, one container's environment, and create's --deploy. Every call is one of the
 * core's `apps.*` methods, as the app makes it; the rules are the ones the app applies.
 */
import { diffEnv, diffRequests, envPairsOf, withListsWritten } from '../shared/apps/app-diff.js';
import { appToRequest } from '../shared/apps/duplicate-app.js';
import { parseEnvText } from '../shared/apps/env-text.js';
import { isRecord, type Json } from '../shared/apps/json.js';
import { appsContract } from '../shared/contract/apps.js';
import { checkAppText } from '../shared/apps/app-rules.js';
import { CliCallError, type CliCore } from './core.js';
import type { LifeCommand, WaitFlags } from './apps-life-args.js';
import { appWords } from './apps-view.js';
import { waitForApp, type WaitGoal } from './apps-wait.js';
import { EXIT, type CliIo } from './io.js';
import { shownOn as shown } from './output.js';

/** What the life commands need from `runApps`: the core, the streams, the error writer and the request text reader. */
export interface LifeContext {
  readonly core: CliCore;
  readonly io: CliIo;
  readonly err: (line: string) => void;
  readonly readText: (file: string) => Promise<{ ok: true; text: string } | { ok: false; message: string }>;
}

/** `<field path>: <the field as the form labels it, with its rows>: <the rule in words>`, one per line (create's --dry-run too). */
export const violationLines = (violations: readonly { field: string; message: string }[]) => violations.map((v) => `${v.field}: ${v.message}\n`).join('');

/** A request that breaks the platform's rules (`what` names it): how many, then each rule, on stderr; nothing is sent. */
export function refused(ctx: Pick<LifeContext, 'io' | 'err'>, violations: readonly { field: string; message: string }[], what = 'the request'): number {
  ctx.err(`burrow apps: ${what} breaks ${violations.length === 1 ? 'a rule' : `${violations.length} rules`} of the platform; nothing was sent`);
  ctx.io.stderr.write(shown(ctx.io.stderr, violationLines(violations)));
  return EXIT.usage;
}

/** The answer, or `fallback` when the core answered with an error (a part that only adds to what is shown). */
const orElse = <T>(call: Promise<T>, fallback: T): Promise<T> =>
  call.catch((e: unknown) => {
    if (e instanceof CliCallError) return fallback;
    throw e;
  });

/** `apps get <id>` in words: the app, its overview and the regions' names (both left out when the platform does not give them). */
export async function getInWords(ctx: LifeContext, id: string): Promise<number> {
  const app = await ctx.core.invoke('apps.get', { id });
  // The overview and region names only add to the page; an app whose overview cannot be read is still shown.
  const overview = await orElse(ctx.core.invoke('apps.overview', { id }), null);
  const { regions } = await orElse(ctx.core.invoke('apps.regions', {}), { regions: [] });
  ctx.io.stdout.write(shown(ctx.io.stdout, appWords(app, overview, new Map(regions.map((r) => [r.id, r.name])))));
  return EXIT.ok;
}

/** The registries of the account, or none when they cannot be read (the request then keeps the ids the app has). */
const registriesOf = async (core: CliCore) => (await orElse(core.invoke('apps.registries', {}), { registries: [] })).registries;

/** `apps get <id> --request`: the app as the update request that changes nothing (container ids kept), to edit. */
export async function getAsRequest(ctx: LifeContext, id: string): Promise<number> {
  const app = await ctx.core.invoke('apps.get', { id });
  const request = appToRequest(app, await registriesOf(ctx.core));
  ctx.io.stdout.write(shown(ctx.io.stdout, `${JSON.stringify(request, null, 2)}\n`));
  return EXIT.ok;
}

/** Running an action's words: what is asked, and where --wait waits for it to land. */
const RUN: Readonly<Record<'deploy' | 'undeploy' | 'restart', { readonly asked: string; readonly goal: WaitGoal }>> = {
  deploy: { asked: 'deploying', goal: 'running' },
  undeploy: { asked: 'undeploying', goal: 'stopped' },
  restart: { asked: 'restarting', goal: 'running' },
};

/**
 * 409 and 404 for deploy, undeploy and restart in words, naming the app: the core's sentence is the operation's own
 * (a suspended app for deploy and undeploy, an app not deployed or still changing for restart), with the platform's
 * words and the next step beneath it, as the app's page says them.
 */
function explainRunFailure({ error }: CliCallError, id: string): string[] | null {
  const status = error.status;
  if (status === 409) return [`${id}: ${error.title}`, ...(error.detail ? error.detail.split('\n') : [])];
  if (status === 404) return [`${id} does not exist (any more): it may have been deleted elsewhere.`, 'List the apps with burrow apps list.'];
  return null;
}

/** Deploy, undeploy or restart, then (with --wait) follow the status. */
async function run(ctx: LifeContext, id: string, action: 'deploy' | 'undeploy' | 'restart', wait: WaitFlags | null): Promise<number> {
  try {
    await ctx.core.invoke(`apps.${action}`, { id });
  } catch (e) {
    const words = e instanceof CliCallError ? explainRunFailure(e, id) : null;
    if (words === null) throw e;
    for (const line of words) ctx.err(`burrow apps: ${line}`);
    return EXIT.http;
  }
  ctx.io.stdout.write(shown(ctx.io.stdout, `${RUN[action].asked} ${id}\n`));
  // A restart, or a deploy of an app that already runs, leaves the app as it was for a moment after the answer.
  return wait === null ? EXIT.ok : follow(ctx, id, RUN[action].goal, wait, action !== 'undeploy');
}

/** --wait: progress on stderr when it is a terminal; the end on stdout (settled) or stderr (failed, timed out). */
async function follow(ctx: LifeContext, id: string, goal: WaitGoal, wait: WaitFlags, expectChange: boolean): Promise<number> {
  const tty = ctx.io.stderr.isTTY === true;
  const end = await waitForApp(
    { overview: (app) => ctx.core.invoke('apps.overview', { id: app }) },
    id,
    goal,
    wait,
    (line) => {
      if (tty) ctx.io.stderr.write(shown(ctx.io.stderr, `${id}: ${line}\n`));
    },
    { now: () => Date.now(), sleep: (ms) => ctx.core.sleep(ms) },
    expectChange,
  );
  if (end.kind === 'settled') {
    const n = end.instances;
    ctx.io.stdout.write(shown(ctx.io.stdout, goal === 'running' ? `running ${id}${n !== null ? `: ${n} instance${n === 1 ? '' : 's'}` : ''}\n` : `stopped ${id}\n`));
    return EXIT.ok;
  }
  if (end.kind === 'failed') {
    ctx.err(`burrow apps: ${id} is ${end.status.toLowerCase()}: it did not settle ${goal === 'running' ? 'running' : 'stopped'}. See burrow apps get ${id}.`);
    return EXIT.http;
  }
  ctx.err(`burrow apps: ${id} did not settle within ${Math.round(wait.timeoutMs / 1000)} s; its status is ${end.status ?? 'unknown'}. Follow it with burrow apps get ${id}.`);
  return EXIT.http;
}

/** Asks a yes/no question on stderr and reads one line of standard input; only y or yes (any case) is yes. */
async function ask(io: CliIo, question: string): Promise<boolean> {
  io.stderr.write(question);
  const line = await new Promise<string>((resolve) => {
    let got = '';
    const onData = (chunk: Buffer | string) => {
      got += chunk.toString();
      const nl = got.indexOf('\n');
      if (nl !== -1) done(got.slice(0, nl));
    };
    const done = (answer: string) => {
      io.stdin.off('data', onData);
      io.stdin.off('end', onEnd);
      io.stdin.pause();
      resolve(answer);
    };
    const onEnd = () => done(got);
    io.stdin.on('data', onData);
    io.stdin.on('end', onEnd);
    io.stdin.resume();
  });
  return /^\s*y(es)?\s*$/i.test(line);
}

/** True when the text is an object with the members only the platform's answer has (id, status, instances). */
function looksLikeAnswer(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return isRecord(v) && typeof v.id === 'string' && ('status' in v || 'containerInstances' in v);
  } catch {
    return false;
  }
}

/** `apps update`: check, show the changes, ask (or --yes), send the whole desired request as a merge-patch. */
async function update(ctx: LifeContext, cmd: Extract<LifeCommand, { kind: 'update' }>): Promise<number> {
  const { io, err } = ctx;
  const read = await ctx.readText(cmd.file);
  if (!read.ok) {
    err(`burrow apps: ${read.message}`);
    return EXIT.usage;
  }
  const checked = checkAppText(read.text);
  if (!checked.ok) {
    // The platform's answer (get --json) is not a request: say what the file is instead of only its many violations.
    if (looksLikeAnswer(read.text)) err(`burrow apps: the file is the app as the platform answers it (burrow apps get --json); update takes the request — print it with: burrow apps get ${cmd.id} --request > app.json`);
    if (!cmd.dryRun) return refused(ctx, checked.violations);
    io.stdout.write(shown(io.stdout, violationLines(checked.violations)));
    return EXIT.usage;
  }
  const app = await ctx.core.invoke('apps.get', { id: cmd.id });
  // The registries turn the app's image host back into the request's registry id; without them the diff still reads.
  const current = appToRequest(app, await registriesOf(ctx.core)) as Json;
  // The file is the whole desired request: a list it leaves out goes empty (its items removed, and the diff says
  // so), where a merge-patch alone would keep it. What is sent is what the diff describes.
  const desired = JSON.parse(read.text) as Json;
  const written = withListsWritten(current, desired);
  const changes = diffRequests(current, written);
  if (changes.length === 0) {
    io.stdout.write(shown(io.stdout, `No changes: ${app.name} (${cmd.id}) already is as the file says. Nothing was sent.\n`));
    return EXIT.ok;
  }
  io.stdout.write(shown(io.stdout, `Changes to ${app.name} (${cmd.id}):\n${changes.map((c) => `  ${c.text}\n`).join('')}`));
  if (cmd.dryRun) {
    io.stdout.write('Dry run: nothing was sent.\n');
    return EXIT.ok;
  }
  if (!cmd.yes) {
    if (io.stdin.isTTY !== true) {
      err('burrow apps: not on a terminal, so there is no one to ask; nothing was sent. Add --yes to apply these changes.');
      return EXIT.usage;
    }
    if (!(await ask(io, 'Apply? [y/N] '))) {
      err('burrow apps: not applied; nothing was sent.');
      return EXIT.http;
    }
  }
  await ctx.core.invoke('apps.update', { id: cmd.id, text: JSON.stringify(written) === JSON.stringify(desired) ? read.text : JSON.stringify(written) });
  io.stdout.write(shown(io.stdout, `updated ${cmd.id}\n`));
  return EXIT.ok;
}

/** `apps scale`: the scaling rules are the contract's (the ones the app's Scale action is held to), then the PUT. */
async function scale(ctx: LifeContext, cmd: Extract<LifeCommand, { kind: 'scale' }>): Promise<number> {
  const input = appsContract.methods['apps.setScaling'].input.safeParse({ id: cmd.id, min: cmd.min, max: cmd.max });
  if (!input.success) {
    // Named as the form's scaling fields are labelled, with the flag that set them.
    const label: Readonly<Record<string, string>> = { min: 'Minimum instances per region (--min)', max: 'Maximum instances per region (--max)' };
    for (const issue of input.error.issues) ctx.err(`burrow apps: ${label[String(issue.path[0])] ?? 'Scaling'}: ${issue.message}; nothing was sent`);
    return EXIT.usage;
  }
  await ctx.core.invoke('apps.setScaling', { id: cmd.id, min: cmd.min, max: cmd.max });
  ctx.io.stdout.write(shown(ctx.io.stdout, `scaled ${cmd.id}: ${cmd.min}–${cmd.max} instances per region\n`));
  return EXIT.ok;
}

type Variable = { readonly name: string; readonly value: string };

/** `apps env`: one container's variables changed as asked, the change shown, then the whole list sent. */
async function env(ctx: LifeContext, cmd: Extract<LifeCommand, { kind: 'env' }>): Promise<number> {
  const { io, err } = ctx;
  let fromFile: Variable[] | null = null;
  if (cmd.change.kind === 'file') {
    const read = await ctx.readText(cmd.change.file);
    if (!read.ok) {
      err(`burrow apps: ${read.message}`);
      return EXIT.usage;
    }
    const parsed = parseEnvText(read.text);
    if (!parsed.ok) {
      for (const p of parsed.problems) err(`burrow apps: ${cmd.change.file}: ${p.message}`);
      return EXIT.usage;
    }
    if (parsed.duplicates.length > 0) {
      for (const d of parsed.duplicates) err(`burrow apps: ${cmd.change.file}: ${d.name} is given on lines ${d.lines.join(', ')}; give it once`);
      return EXIT.usage;
    }
    fromFile = parsed.rows.map(({ name, value }) => ({ name, value }));
  }
  const app = await ctx.core.invoke('apps.get', { id: cmd.id });
  const containers = (Array.isArray(app.containerTemplates) ? app.containerTemplates : []).filter(isRecord);
  const container = containers.find((c) => c.name === cmd.container) ?? containers.find((c) => c.id === cmd.container);
  if (!container || typeof container.id !== 'string') {
    const names = containers.map((c) => (typeof c.name === 'string' ? c.name : '?')).join(', ');
    err(`burrow apps: ${app.name} has no container named ${JSON.stringify(cmd.container)}${names ? `; its containers are ${names}` : ''}`);
    return EXIT.usage;
  }
  const before: Variable[] = envPairsOf(container.environmentVariables);
  let after: Variable[];
  if (cmd.change.kind === 'file') after = fromFile!;
  else if (cmd.change.kind === 'unset') {
    const names = new Set(cmd.change.names);
    for (const n of names) if (!before.some((v) => v.name === n)) io.stderr.write(shown(io.stderr, `burrow apps: ${n} is not set in ${String(container.name)}\n`));
    after = before.filter((v) => !names.has(v.name));
  } else {
    const set = new Map(cmd.change.variables.map((v) => [v.name, v.value]));
    after = before.map((v) => (set.has(v.name) ? { name: v.name, value: set.get(v.name)! } : v));
    for (const v of cmd.change.variables) if (!before.some((b) => b.name === v.name)) after.push(v);
  }
  const lines = diffEnv(before, after, String(container.name)).map((c) => c.text);
  const label = `${String(container.name)} of ${app.name} (${cmd.id})`;
  if (lines.length === 0) {
    io.stdout.write(shown(io.stdout, `No changes to the environment of ${label}. Nothing was sent.\n`));
    return EXIT.ok;
  }
  io.stdout.write(shown(io.stdout, `Environment of ${label}:\n${lines.map((l) => `  ${l}\n`).join('')}`));
  if (cmd.dryRun) {
    io.stdout.write('Dry run: nothing was sent.\n');
    return EXIT.ok;
  }
  await ctx.core.invoke('apps.setEnv', { id: cmd.id, containerId: container.id, variables: after });
  io.stdout.write(shown(io.stdout, `updated the environment of ${label}\n`));
  return EXIT.ok;
}

/** Runs one of the life commands; failed calls other than those explained here go back to `runApps`. */
export async function performLife(ctx: LifeContext, cmd: LifeCommand): Promise<number> {
  switch (cmd.kind) {
    case 'update':
      return update(ctx, cmd);
    case 'run':
      return run(ctx, cmd.id, cmd.action, cmd.wait);
    case 'scale':
      return scale(ctx, cmd);
    case 'env':
      return env(ctx, cmd);
  }
}
