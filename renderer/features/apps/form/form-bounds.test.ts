/**
 * The create form's own validation agrees with the sandbox on every row of the create request's boundary table: the
 * resolver the form is built with, given the row's body as the form's values, flags exactly the fields the sandbox
 * names in its 400 (platform path spelling turned into the form's, as form-errors does) and flags nothing where the
 * sandbox creates the app. The form's values are the request body itself, so each row's body is used unchanged.
 */
import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The table is plain data; the sandbox itself (below) is a test input only and never reaches the renderer's bundle.
// eslint-disable-next-line no-restricted-imports
import { CASES } from '../../../../sandbox/apps/testing/boundary-table';
import { toFormPath } from '../../../ui/form-errors';
import { appFormResolver, type AppFormValues } from './form-schema';

/** Built exactly as AppForm builds it. */
const resolver = appFormResolver;
const OPTIONS: ResolverOptions<AppFormValues> = { fields: {}, shouldUseNativeValidation: false, criteriaMode: 'firstError' };

/** Every error the resolver gives, as form path → message. A field may be named `type` (anycast's), so only an error's own keys are skipped. */
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
  const { errors } = await resolver(values as AppFormValues, undefined, OPTIONS);
  return errorsOf(errors as FieldErrors);
}

const MOUNT = 'containerTemplates.0.volumeMounts.0.name';
const row = (path: string, value: unknown) => `${path} = ${JSON.stringify(value) ?? '(absent)'}`;

/**
 * Where the form says more than the platform: its own rules across fields (see form-schema.ts) add an error the
 * platform does not give. A mount must name a declared volume (the full app mounts its volume `data`), and max may
 * not be below min (the platform refuses that too, but only once every
 * field parses, with a 422). Pinned row by row so a new divergence fails here.
 */
const FORM_ALSO: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(['', 'a', 'a'.repeat(50), 'a'.repeat(51)].map((v) => [row('volumes.0.name', v), [MOUNT]])),
  ...Object.fromEntries(['a', 'a'.repeat(50)].map((v) => [row(MOUNT, v), [MOUNT]])),
  [row('volumes', [])]: [MOUNT],
  [row('volumes', undefined)]: [MOUNT],
  [row('autoScaling.min', 1001)]: ['autoScaling.max'],
};

/** The form's place for a platform field: an unknown member is flagged by zod on the object holding it. */
function formPathOf(group: string, platformField: string): string {
  const path = toFormPath(platformField);
  return group === 'unknown properties' ? path.split('.').slice(0, -1).join('.') || 'root' : path;
}

/** What this test uses of sandbox/apps/testing/harness.ts (a mismatch fails the run, as every row calls it). */
interface HarnessModule {
  fullApp(): Record<string, unknown>;
  setPath(target: Record<string, unknown>, path: string, value: unknown): Record<string, unknown>;
  startContainers(options: { appLimit?: number }): Promise<{
    create(body: string): Promise<{ readonly status: number; readonly json: unknown }>;
    close(): Promise<void>;
  }>;
}
// The harness runs a real loopback server under Node. The renderer's type check has no Node types, so the module is
// loaded by a path it does not follow; vitest runs this file under Node, where it loads like any other.
const HARNESS = '../../../../sandbox/apps/testing/harness';
let harness: HarnessModule;
let h: Awaited<ReturnType<HarnessModule['startContainers']>>;
beforeAll(async () => {
  harness = (await import(/* @vite-ignore */ HARNESS)) as HarnessModule;
  h = await harness.startContainers({ appLimit: 100_000 });
});
afterAll(async () => h.close());

describe('the create form’s validation against the sandbox, row by row', () => {
  it('accepts the full app the rows start from', async () => {
    expect([...(await formErrors(harness.fullApp())).keys()]).toEqual([]);
  });

  for (const [group, cases] of CASES) {
    describe(group, () => {
      it.each(cases.map((c) => [`${row(c.path, c.value)} → ${c.expect}`, c] as const))('%s', async (_, c) => {
        const body = harness.setPath(harness.fullApp(), c.path, c.value);
        const [form, res] = await Promise.all([formErrors(body), h.create(JSON.stringify(body))]);
        const also = FORM_ALSO[row(c.path, c.value)] ?? [];
        if (res.status !== 400) {
          expect(res.status).toBe(201);
          expect([...form.keys()].sort()).toEqual([...also].sort());
          return;
        }
        const platform = (res.json as { errors: { field: string; message: string }[] }).errors;
        expect(platform.map((e) => e.field)).toContain(c.expect);
        const expected = new Set([...platform.map((e) => formPathOf(group, e.field)), ...also]);
        expect([...form.keys()].sort()).toEqual([...expected].sort());
        // The form words each rule for a person (the platform's wording stays the sandbox's): never the platform's text.
        for (const message of form.values()) expect(message).not.toMatch(/The field |regular expression|The JSON property/);
      });
    });
  }
});
