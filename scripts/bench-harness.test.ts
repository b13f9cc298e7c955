/** The bench harness (bench/): its line format, its statistics, and one smoke round of its cheapest case. */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { formatLine, LINE_PATTERN, median, passes, type CaseResult } from '../bench/line.js';
import { initialJs, namedScripts } from '../bench/cases/renderer-initial-js.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const base: CaseResult = { name: 'x', unit: 'ms', ours: [3, 1, 2], peerName: 'node -e 0', peer: [2, 2, 2], gate: { op: '<=', value: 1.5 } };

describe('the result line', () => {
  it('has exactly the documented shape, and reads back', () => {
    const line = formatLine({ ...base, ours: [120.4, 98.2, 130.9, 101, 99], peer: [80, 81.5, 79] });
    expect(line).toBe('bench x: ours 101 ms (min 98.2, max 131), node -e 0 80 ms, ratio 1.26, gate <= 1.5: PASS');
    expect(LINE_PATTERN.exec(line)?.groups).toMatchObject({ name: 'x', ours: '101', unit: 'ms', peerName: 'node -e 0', ratio: '1.26', gate: '1.5', verdict: 'PASS' });
  });

  it('gates the ratio for a bare number and ours itself for a number with a unit', () => {
    expect(passes({ ...base, ours: [3], peer: [2] })).toBe(true);
    expect(passes({ ...base, ours: [3.2], peer: [2] })).toBe(false);
    const rss = { ...base, unit: 'MiB', ours: [81], peer: [27], gate: { op: '<=', value: 80, unit: 'MiB' } } as const;
    expect(passes(rss)).toBe(false);
    expect(formatLine(rss)).toBe('bench x: ours 81 MiB (min 81, max 81), node -e 0 27 MiB, ratio 3, gate <= 80 MiB: FAIL');
    expect(passes({ ...rss, ours: [79.9] })).toBe(true);
  });

  it('a >= gate passes when ours is at least the bound (throughput: more is better)', () => {
    const put = { ...base, unit: 'MB/s', ours: [400], peer: [500], gate: { op: '>=', value: 0.8 } } as const;
    expect(passes(put)).toBe(true);
    expect(passes({ ...put, ours: [390] })).toBe(false);
    const line = formatLine(put);
    expect(line).toBe('bench x: ours 400 MB/s (min 400, max 400), node -e 0 500 MB/s, ratio 0.8, gate >= 0.8: PASS');
    expect(LINE_PATTERN.exec(line)?.groups).toMatchObject({ op: '>=', verdict: 'PASS' });
  });

  it('a peer that measured nothing fails a ratio gate and prints ratio inf', () => {
    const r = { ...base, ours: [1], peer: [0] };
    expect(passes(r)).toBe(false);
    expect(LINE_PATTERN.exec(formatLine(r))?.groups?.ratio).toBe('inf');
  });

  it('median of odd and even counts', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});

describe('renderer-initial-js', () => {
  it('counts entry scripts, preloads and their static imports, not dynamic imports or stylesheets', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'burrow-initial-js-'));
    try {
      mkdirSync(join(dir, 'assets'));
      writeFileSync(
        join(dir, 'index.html'),
        '<script type="module" crossorigin src="./assets/index.js"></script><link rel="modulepreload" href="./assets/pre.js"><link rel="stylesheet" href="./assets/a.css">',
      );
      writeFileSync(join(dir, 'assets/index.js'), 'import{a}from"./dep.js";console.log(a);import("./lazy.js");');
      writeFileSync(join(dir, 'assets/dep.js'), 'export const a="dep".repeat(100);');
      writeFileSync(join(dir, 'assets/pre.js'), 'export const p=1;');
      writeFileSync(join(dir, 'assets/lazy.js'), 'export const l="lazy".repeat(100000);');
      writeFileSync(join(dir, 'assets/a.css'), 'body{}');
      expect(namedScripts('<script src="https://x.test/a.js"></script><script type="module" src=./b.js></script>')).toEqual(['./b.js']);
      const m = await initialJs(dir);
      expect([...m.files].sort()).toEqual(['assets/dep.js', 'assets/index.js', 'assets/pre.js']);
      expect(m.gzipBytes).toBeGreaterThan(0);
      expect(m.rawBytes).toBeLessThan(1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run bench -- --smoke', () => {
  it('runs one round of cli-startup and prints its two lines, and nothing else, on stdout', async () => {
    const r = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(root, 'bench/run.ts'), '--smoke', 'cli-startup'], { cwd: root }).catch(
      // A failed gate exits 1; the lines are what this test is about.
      (e: { code?: number; stdout?: string; stderr?: string }) => {
        if (e.code !== 1) throw e;
        return { stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
      },
    );
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => LINE_PATTERN.exec(l)?.groups?.name)).toEqual(['cli-startup', 'cli-startup-rss']);
    expect(lines[0]).toMatch(/, node -e 0 [\d.]+ ms, ratio [\d.]+, gate <= 1\.5: (PASS|FAIL)$/);
    expect(lines[1]).toMatch(/ MiB, ratio [\d.]+, gate <= 80 MiB: (PASS|FAIL)$/);
  }, 120_000);

  it('refuses an unknown case with exit 2, naming the cases', async () => {
    const e = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(root, 'bench/run.ts'), '--smoke', 'nope'], { cwd: root }).then(
      () => null,
      (err: { code?: number; stderr?: string }) => err,
    );
    expect(e?.code).toBe(2);
    expect(e?.stderr).toContain('the cases are cli-startup, renderer-initial-js, launch, console-200mb');
  });
});
