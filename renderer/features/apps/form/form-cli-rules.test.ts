/**
 * One rule set: every row of the create request's boundary table, and the rules spanning fields, through the create
 * form's resolver and through `burrow apps create --dry-run` give the same verdict, on the same fields, with the same
 * message — the form's under the field (`Tag: …`), the CLI's with the rows around it (`Container 1 (web) › Tag: …`).
 */
import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
// The table is plain data; the sandbox and the CLI (below) are test inputs only and never reach the renderer's bundle.
// eslint-disable-next-line no-restricted-imports
import { CASES, type Case } from '../../../../sandbox/apps/testing/boundary-table';
import { toFormPath } from '../../../ui/form-errors';
import { appFormResolver, type AppFormValues } from './form-schema';

const OPTIONS: ResolverOptions<AppFormValues> = { fields: {}, shouldUseNativeValidation: false, criteriaMode: 'firstError' };

/** Every error the resolver gives, as form path → message (a field may be named `type`, so only an error's own keys are skipped). */
function errorsOf(errors: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (!errors || typeof errors !== 'object') return out;
  const node = errors as Record<string, unknown>;
  const isError = typeof node.message === 'string' && typeof node.type === 'string';
  if (isError) out.set(prefix, node.message as string);
  const skip = isError ? ['message', 'type', 'ref', 'types'] : ['ref'];
  for (const [k, v] of Object.entries(node)) if (!skip.includes(k)) errorsOf(v, prefix === '' ? k : `${prefix}.${k}`, out);
  return out;
}

async function formErrors(values: unknown): Promise<Map<string, string>> {
  const { errors } = await appFormResolver(values as AppFormValues, undefined, OPTIONS);
  return errorsOf(errors as FieldErrors);
}

interface HarnessModule {
  fullApp(): Record<string, unknown>;
  setPath(target: Record<string, unknown>, path: string, value: unknown): Record<string, unknown>;
}
interface Io {
  stdin: unknown;
  stdout: { isTTY: boolean; write(c: unknown): boolean };
  stderr: { isTTY: boolean; write(c: unknown): boolean };
  env: Record<string, string>;
  home: string;
}
interface CliModule {
  runApps(args: readonly string[], io: Io): Promise<number>;
}
interface StreamModule {
  PassThrough: new () => { end(text: string): void };
}
// Node-only modules, loaded by paths the renderer's type check does not follow; vitest runs this file under Node.
const HARNESS = '../../../../sandbox/apps/testing/harness';
const CLI = '../../../../cli/apps';
const STREAM = 'node:stream';
let harness: HarnessModule;
let cli: CliModule;
let stream: StreamModule;
beforeAll(async () => {
  [harness, cli, stream] = (await Promise.all([import(/* @vite-ignore */ HARNESS), import(/* @vite-ignore */ CLI), import(/* @vite-ignore */ STREAM)])) as [
    HarnessModule,
    CliModule,
    StreamModule,
  ];
});

/** `burrow apps create --file - --dry-run` run in process with the body on standard input: exit status and the lines printed. */
async function dryRun(body: unknown): Promise<{ code: number; lines: string[]; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const stdin = new stream.PassThrough();
  stdin.end(JSON.stringify(body));
  const io: Io = {
    stdin,
    stdout: { isTTY: false, write: (c) => ((stdout += String(c)), true) },
    stderr: { isTTY: false, write: (c) => ((stderr += String(c)), true) },
    env: {},
    home: '/nonexistent-burrow-home',
  };
  const code = await cli.runApps(['create', '--file', '-', '--dry-run'], io);
  return { code, lines: stdout === 'valid\n' ? [] : stdout.trimEnd().split('\n'), stderr };
}

/** Rules spanning fields, as changes to the full app (a list of [path, value] set in turn). */
const CROSS_FIELD: readonly (readonly [string, readonly (readonly [string, unknown])[]])[] = [
  ['min above max', [['autoScaling.min', 3], ['autoScaling.max', 1]]],
  ['min equal to max', [['autoScaling.min', 2], ['autoScaling.max', 2]]],
  ['a required region not allowed', [['regionSettings.allowedRegionIds', ['DE']], ['regionSettings.requiredRegionIds', ['UK', 'DE']]]],
  ['max allowed regions below the required ones', [['regionSettings.allowedRegionIds', ['DE', 'UK']], ['regionSettings.requiredRegionIds', ['DE', 'UK']], ['regionSettings.maxAllowedRegions', 1]]],
  ['two volumes of one name', [['volumes', [{ name: 'data', size: 1 }, { name: 'data', size: 2 }]]]],
  ['a mount of an undeclared volume', [['containerTemplates.0.volumeMounts.0.name', 'logs']]],
  ['min above max and a bad name: both said', [['autoScaling.min', 9], ['name', 'a_b']]],
];

/** The form path a CLI line's field shows on: its own, or (an unknown member) the object holding it. */
function formPlace(field: string, form: ReadonlyMap<string, string>): string {
  const path = toFormPath(field);
  if (form.has(path)) return path;
  return path.split('.').slice(0, -1).join('.') || 'root';
}

async function bothPaths(body: Record<string, unknown>) {
  const [form, run] = await Promise.all([formErrors(body), dryRun(body)]);
  expect(run.stderr).toBe('');
  // The same verdict.
  expect(run.code).toBe(form.size === 0 ? 0 : 2);
  // The same fields, with the same message: the CLI's is the form's with the rows around the field before it.
  const said = new Map<string, string>();
  for (const line of run.lines) {
    const at = line.indexOf(': ');
    const place = formPlace(line.slice(0, at), form);
    if (!said.has(place)) said.set(place, line.slice(at + 2));
  }
  expect([...said.keys()].sort()).toEqual([...form.keys()].sort());
  for (const [place, message] of form) {
    const placed = said.get(place)!;
    expect(placed === message || placed.endsWith(` › ${message}`), `${place}: “${placed}” vs “${message}”`).toBe(true);
    expect(message).not.toMatch(/The field |regular expression|The JSON property/);
  }
  return { form, lines: run.lines };
}

const row = (c: Case) => `${c.path} = ${JSON.stringify(c.value) ?? '(absent)'} → ${c.expect}`;

describe('the form’s resolver and burrow apps create --dry-run: one rule set, one message', () => {
  it('a few rows, word for word', async () => {
    const tag = await bothPaths(harness.setPath(harness.fullApp(), 'containerTemplates.0.imageTag', 'a/b'));
    expect(tag.form.get('containerTemplates.0.imageTag')).toBe('Tag: letters and digits joined by one or two of . _ -, such as 1.25-alpine');
    expect(tag.lines).toEqual(['containerTemplates[0].imageTag: Container 1 (web) › Tag: letters and digits joined by one or two of . _ -, such as 1.25-alpine']);
    const name = await bothPaths(harness.setPath(harness.fullApp(), 'name', 'a_b'));
    expect(name.lines).toEqual(['name: Name: 1–100 characters — letters, digits, hyphens and spaces']);
    const scaling = await bothPaths(harness.setPath(harness.setPath(harness.fullApp(), 'autoScaling.min', 3), 'autoScaling.max', 1));
    expect(scaling.lines).toEqual(['autoScaling.max: Maximum instances per region: at least the minimum (3); the platform refuses a max below the min']);
    const extra = await bothPaths(harness.setPath(harness.fullApp(), 'containerTemplates.0.endpoints.0.internalIp', null));
    expect(extra.form.get('containerTemplates.0.endpoints.0')).toBe('Endpoint: “internalIp” is not a field the platform knows; remove it');
    expect(extra.lines).toEqual([
      'containerTemplates[0].endpoints[0].internalIp: Container 1 (web) › Endpoint: “internalIp” is not a field the platform knows; remove it',
    ]);
  });

  describe('rules spanning fields', () => {
    it.each(CROSS_FIELD.map(([title, changes]) => [title, changes] as const))('%s', async (title, changes) => {
      const body = changes.reduce((b, [path, value]) => harness.setPath(b, path, value), harness.fullApp());
      const { form } = await bothPaths(body);
      expect(form.size > 0, title).toBe(title !== 'min equal to max');
    });
  });

  for (const [group, cases] of CASES) {
    describe(group, () => {
      it.each(cases.map((c) => [row(c), c] as const))('%s', async (_, c) => {
        await bothPaths(harness.setPath(harness.fullApp(), c.path, c.value));
      });
    });
  }
});
