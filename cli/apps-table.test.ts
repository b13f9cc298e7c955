/**
 * `burrow apps create --dry-run` and the sandbox agree on every row of the create request's boundary table: exit 2
 * where the sandbox answers 400, naming every field the sandbox names; beyond the platform, exactly the fields of the
 * shared rules spanning fields (the create form's, so the CLI refuses what the form refuses); `valid` and exit 0
 * otherwise. The messages are Burrow's words for people (form-cli-rules.test.ts pins them against the form's). Run in
 * process (the table is long); the spawned command is covered by apps.test.ts.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASES } from '../sandbox/apps/testing/boundary-table.js';
import { fullApp, setPath, startContainers, type Harness } from '../sandbox/apps/testing/harness.js';
import { crossFieldProblems } from '../shared/apps/app-rules.js';
import { formatPath } from '../shared/common/json-path.js';
import { runApps } from './apps.js';
import type { CliIo } from './io.js';

let h: Harness;
beforeAll(async () => {
  h = await startContainers({ appLimit: 100_000 });
});
afterAll(async () => h.close());

/** Runs `burrow apps create --file - --dry-run` with `text` on standard input, no key and no network. */
async function dryRun(text: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  stdin.end(text);
  const io: CliIo = {
    stdin,
    stdout: { isTTY: false, write: (c) => ((stdout += String(c)), true) },
    stderr: { isTTY: false, write: (c) => ((stderr += String(c)), true) },
    env: {},
    home: '/nonexistent-burrow-home',
  };
  const code = await runApps(['create', '--file', '-', '--dry-run'], io);
  return { code, stdout, stderr };
}

describe('burrow apps create --dry-run against the sandbox, row by row', () => {
  for (const [group, cases] of CASES) {
    describe(group, () => {
      it.each(cases.map((c) => [`${c.path} = ${JSON.stringify(c.value) ?? '(absent)'} → ${c.expect}`, c] as const))('%s', async (_, c) => {
        const body = setPath(fullApp(), c.path, c.value);
        const text = JSON.stringify(body);
        const [cli, res] = await Promise.all([dryRun(text), h.create(text)]);
        expect(cli.stderr).toBe('');
        const printed = cli.stdout === 'valid\n' ? [] : cli.stdout.trimEnd().split('\n').map((l) => l.slice(0, l.indexOf(': ')));
        const platform = res.status === 400 ? (res.json as { errors: { field: string }[] }).errors.map((e) => e.field) : [];
        if (res.status !== 400) expect(res.status).toBe(201);
        // A rule spanning fields is said only where the field breaks no rule of its own.
        const crossField = crossFieldProblems(body).map((p) => formatPath(p.path)).filter((f) => !platform.includes(f));
        expect([...printed].sort()).toEqual([...new Set([...platform, ...crossField])].sort());
        expect(cli.code).toBe(printed.length === 0 ? 0 : 2);
        if (printed.length === 0) expect(cli.stdout).toBe('valid\n');
        // Written for people: never the platform's wording.
        expect(cli.stdout).not.toMatch(/The field |regular expression|The JSON property/);
      });
    });
  }
});
