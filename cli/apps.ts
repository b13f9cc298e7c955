/**
 * `burrow apps`: list, get, delete and create Magic Containers applications through the core's `apps.*` methods, as
 * the app calls them, the create request checked first by the same rules the platform applies; update, deploy,
 * undeploy, restart, scale and env are in apps-life.ts.
 */
import { readFile } from 'node:fs/promises';
import { checkAppText } from '../shared/apps/app-rules.js';
import { cdnPortNotes, setEndpointKind, withEndpoints } from '../shared/apps/compose-endpoints.js';
import { addUnreadable, NOTHING_UNREADABLE, unreadableText } from '../shared/apps/platform-answers.js';
import type { AppSummary } from '../shared/contract/apps.js';
import type { MethodOutput } from '../shared/contract/index.js';
import { BUNNY_ENDPOINTS } from '../shared/settings/endpoint-url.js';
import { APPS_HELP, APPS_USAGE, parseAppsArgs, wantsAppsHelp, type AppsCommand } from './apps-args.js';
import { getAsRequest, getInWords, performLife, refused, violationLines, type LifeContext } from './apps-life.js';
import { areaBaseUrl, resolveAuth } from './config.js';
import { CliCallError, openCore, type CliCore } from './core.js';
import { createErrorWriter, EXIT, type CliIo } from './io.js';
import { prettyJson, shownOn as shown } from './output.js';
import { firstInvalidUtf8, readStdinBody } from './stdin.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The container API's base URL: --containers-url, else BURROW_CONTAINERS_URL, else bunny.net's. */
export function containersUrlFor(flag: string | undefined, env: Env): { ok: true; url: string } | { ok: false; message: string } {
  return areaBaseUrl({ name: '--containers-url', value: flag }, 'BURROW_CONTAINERS_URL', env, BUNNY_ENDPOINTS.containersUrl);
}

/** The request's text from a file or standard input; a usage message when it cannot be read as UTF-8 text. */
export async function requestText(file: string, io: CliIo): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file === '-') {
    const body = await readStdinBody(io.stdin);
    if (body.kind === 'text') return { ok: true, text: body.text };
    if (body.kind === 'none') return { ok: false, message: 'standard input is empty' };
    if (body.kind === 'too-large') return { ok: false, message: `standard input holds ${body.bytes} bytes; a request is at most 1 MiB` };
    return { ok: false, message: body.message };
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (e) {
    return { ok: false, message: `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  const bad = firstInvalidUtf8(bytes);
  if (bad !== -1) return { ok: false, message: `${file} is not UTF-8 text (byte ${bad})` };
  return { ok: true, text: bytes.toString('utf8') };
}

/** Runs `burrow apps …`; resolves to the exit status. */
export async function runApps(args: readonly string[], io: CliIo): Promise<number> {
  if (args[0] === 'health') return (await import('./delivery.js')).runDelivery('health', args.slice(1), io);
  if (wantsAppsHelp(args)) {
    (args.length === 0 ? io.stderr : io.stdout).write(APPS_HELP);
    return args.length === 0 ? EXIT.usage : EXIT.ok;
  }
  const parsed = parseAppsArgs(args);
  if (!parsed.ok) {
    io.stderr.write(`burrow apps: ${parsed.message}\nusage: burrow ${APPS_USAGE}\n`);
    return EXIT.usage;
  }
  const cmd = parsed.command;
  const secrets: string[] = [];
  const err = createErrorWriter(io, () => secrets);

  let text = '';
  if (cmd.kind === 'create' && cmd.file !== null) {
    const read = await requestText(cmd.file, io);
    if (!read.ok) {
      err(`burrow apps: ${read.message}`);
      return EXIT.usage;
    }
    const checked = checkAppText(read.text);
    if (cmd.dryRun) {
      const out = checked.ok ? 'valid\n' : violationLines(checked.violations);
      io.stdout.write(shown(io.stdout, out));
      return checked.ok ? EXIT.ok : EXIT.usage;
    }
    if (!checked.ok) return refused({ io, err }, checked.violations);
    text = read.text;
  }

  const url = containersUrlFor(cmd.containersUrl, io.env);
  if (!url.ok) {
    err(`burrow apps: ${url.message}`);
    return EXIT.usage;
  }
  const auth = resolveAuth({ ...(cmd.apiKey !== undefined ? { apiKeyFlag: cmd.apiKey } : {}), ...(cmd.profile !== undefined ? { profile: cmd.profile } : {}), env: io.env, home: io.home });
  if (!auth.ok) {
    err(`burrow apps: ${auth.message}`);
    return EXIT.usage;
  }
  secrets.push(auth.auth.apiKey);
  // A compose file is the core's to read: the file dialog it would open answers with the path given.
  const core = await openCore({ auth: auth.auth, env: io.env, home: io.home, dataDir: 'temporary', endpoints: { containersUrl: url.url }, ...(cmd.kind === 'create' && cmd.compose !== undefined ? { chosenFiles: [cmd.compose] } : {}) });
  try {
    const life: LifeContext = { core, io, err, readText: (file) => requestText(file, io) };
    if (cmd.kind === 'create' && cmd.compose !== undefined) {
      const fromCompose = await composeRequest({ anycast: cmd.anycast ?? [], dryRun: cmd.dryRun }, core, io, err);
      if (typeof fromCompose === 'number') return fromCompose;
      if (cmd.dryRun) return EXIT.ok;
      text = fromCompose;
    }
    return await perform(cmd, text, life);
  } catch (e) {
    if (!(e instanceof CliCallError)) throw e;
    const a = e.error;
    err(`burrow apps: ${a.title}`);
    // Through the error writer, so a key the platform echoed is masked here too.
    for (const [field, message] of Object.entries(a.fieldErrors ?? {})) {
      err(`${field}: ${message}`);
      // The platform's own words under Burrow's, where they differ.
      const said = a.platformSays?.[field];
      if (said !== undefined) err(`  platform says: ${said}`);
    }
    if (a.detail !== undefined) err(a.detail);
    if (a.kind === 'network' || a.kind === 'timeout') return EXIT.network;
    return a.status === undefined && a.kind === 'validation' ? EXIT.usage : EXIT.http;
  } finally {
    await core.close();
  }
}

const json = (value: unknown) => `${prettyJson(JSON.stringify(value))}\n`;

/**
 * The create request mapped by the core from the compose file, with the account's registries matching image hosts: what could not be
 * mapped goes to stderr, then the request is checked by the create rules. With --dry-run the request is printed on
 * stdout (and the caller sends nothing). Resolves to the request's text, or to an exit status when there is nothing to send.
 */
async function composeRequest({ anycast, dryRun }: { anycast: readonly number[]; dryRun: boolean }, core: CliCore, io: CliIo, err: (line: string) => void): Promise<string | number> {
  const imported = await core.invoke('apps.importCompose', {});
  if (imported === null) throw new Error('the core did not read the compose file');
  let endpoints = [...imported.endpoints];
  for (const port of anycast) {
    const named = endpoints.filter((e) => e.containerPort === port);
    if (named.length === 0) {
      err(`burrow apps: --anycast ${port}: no service of ${imported.fileName} publishes container port ${port}`);
      return EXIT.usage;
    }
    for (const e of named) endpoints = setEndpointKind(endpoints, e.displayName, 'anycast');
  }
  // The CDN's published ports are known only now, with the --anycast choices made.
  const unmapped = [...imported.unmapped, ...cdnPortNotes(endpoints).map((n) => ({ service: n.service, key: 'ports', message: n.message }))];
  if (unmapped.length > 0) {
    const lines = unmapped.map((u) => `  ${u.service === null ? u.key : `${u.service} ${u.key}`}: ${u.message}\n`).join('');
    io.stderr.write(shown(io.stderr, `burrow apps: not mapped from ${imported.fileName}:\n${lines}`));
  }
  const text = JSON.stringify(withEndpoints(imported.body as Parameters<typeof withEndpoints>[0], endpoints), null, 2);
  const checked = checkAppText(text);
  if (dryRun) io.stdout.write(shown(io.stdout, `${text}\n`));
  return checked.ok ? text : refused({ io, err }, checked.violations, `the request from ${imported.fileName}`);
}

/** Every app of the account, page after page, and what could not be read of them. */
async function allApps(core: CliCore): Promise<{ apps: AppSummary[]; unreadable: typeof NOTHING_UNREADABLE }> {
  const apps: AppSummary[] = [];
  let unreadable = NOTHING_UNREADABLE;
  for (let cursor: string | null = null; ; ) {
    const page: MethodOutput<'apps.list'> = await core.invoke('apps.list', { limit: 1000, cursor });
    apps.push(...page.items);
    unreadable = addUnreadable(unreadable, page.unreadable ?? NOTHING_UNREADABLE);
    if (page.cursor === null || page.cursor === cursor) return { apps, unreadable };
    cursor = page.cursor;
  }
}

async function perform(cmd: AppsCommand, text: string, life: LifeContext): Promise<number> {
  const { core, io } = life;
  const out = (s: string) => io.stdout.write(shown(io.stdout, s));
  switch (cmd.kind) {
    case 'list': {
      const { apps, unreadable } = await allApps(core);
      if (cmd.json) out(json(apps));
      else for (const a of apps) out(`${a.id.padEnd(15)}  ${(a.status ?? '-').padEnd(10)}  ${a.name}\n`);
      // Apps that could not be read are said, never silently missing; the listing itself still succeeded.
      const skipped = unreadableText(unreadable, 'app');
      if (skipped !== null) io.stderr.write(shown(io.stderr, `burrow apps: ${skipped}\n`));
      // An empty listing says so (on stderr, as `videos list` does), not with --json, whose `[]` says it already.
      else if (apps.length === 0 && !cmd.json) io.stderr.write('No apps.\n');
      return EXIT.ok;
    }
    case 'get':
      if (cmd.asRequest) return getAsRequest(life, cmd.id);
      if (!cmd.json) return getInWords(life, cmd.id);
      out(json(await core.invoke('apps.get', { id: cmd.id })));
      return EXIT.ok;
    case 'delete':
      await core.invoke('apps.delete', { id: cmd.id });
      out(`deleted ${cmd.id}\n`);
      return EXIT.ok;
    case 'create': {
      const created = await core.invoke('apps.create', { text });
      out(cmd.json ? json(created) : `${created.id}\n`);
      return cmd.deploy ? performLife(life, { kind: 'run', id: created.id, action: 'deploy', wait: cmd.wait }) : EXIT.ok;
    }
    default:
      return performLife(life, cmd);
  }
}
