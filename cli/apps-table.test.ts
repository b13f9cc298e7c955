/**
 * `burrow apps create --dry-run` and the sandbox agree on every row of the create request's boundary table: exit 2
 * exactly where the sandbox answers 400, printing the same field paths in the same order; `valid` and exit 0 where it
 * creates the app. Run in process (the table is long); the spawned command is covered by apps.test.ts.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASES } from '../sandbox/containers/boundary-table.js';
import { fullApp, setPath, startContainers, type Harness } from '../sandbox/containers/test-harness.js';
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
        const text = JSON.stringify(setPath(fullApp(), c.path, c.value));
        const [cli, res] = await Promise.all([dryRun(text), h.create(text)]);
        expect(cli.stderr).toBe('');
        if (res.status !== 400) {
          expect(res.status).toBe(201);
          expect(cli).toEqual({ code: 0, stdout: 'valid\n', stderr: '' });
          return;
        }
        expect(cli.code).toBe(2);
        const platform = (res.json as { errors: { field: string; message: string }[] }).errors;
        const printed = cli.stdout.trimEnd().split('\n');
        expect(printed.map((l) => l.slice(0, l.indexOf(': ')))).toEqual(platform.map((e) => e.field));
        // The rule too, word for word.
        expect(printed).toEqual(platform.map((e) => `${e.field}: ${e.message}`));
      });
    });
  }
});
