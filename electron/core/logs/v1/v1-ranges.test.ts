import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineRanges } from './v1-ranges.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-v1-ranges-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function rangesOf(text: string | Buffer, parts: number) {
  const path = join(dir, 'f.log');
  const bytes = Buffer.from(text);
  await writeFile(path, bytes);
  return { bytes, ranges: await lineRanges(path, bytes.length, parts) };
}

describe('lineRanges', () => {
  it('cuts a file into whole lines that cover it exactly, in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 50 }).map((s) => s.replace(/\n/g, '')), { maxLength: 40 }), fc.boolean(), fc.integer({ min: 1, max: 5 }), async (lines, lastNewline, parts) => {
        const { bytes, ranges } = await rangesOf(lines.join('\n') + (lastNewline ? '\n' : ''), parts);
        expect(ranges.length).toBeGreaterThanOrEqual(1);
        expect(ranges.length).toBeLessThanOrEqual(parts);
        expect(ranges[0]!.start).toBe(0);
        expect(ranges.at(-1)!.end).toBe(bytes.length);
        ranges.forEach((r, i) => {
          if (i > 0) {
            expect(r.start).toBe(ranges[i - 1]!.end);
            expect(bytes[r.start - 1]).toBe(0x0a);
          }
          if (bytes.length > 0) expect(r.end).toBeGreaterThan(r.start);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('gives even parts of a file of even lines, and one range when a line is longer than a part', async () => {
    const even = await rangesOf('abcdefghi\n'.repeat(100), 4);
    expect(even.ranges).toEqual([
      { start: 0, end: 260 },
      { start: 260, end: 510 },
      { start: 510, end: 760 },
      { start: 760, end: 1000 },
    ]);
    // A line of 200 KiB, longer than a probe: the cut goes after it.
    const long = await rangesOf(`${'x'.repeat(200 * 1024)}\nshort\n`, 2);
    expect(long.ranges).toEqual([
      { start: 0, end: 200 * 1024 + 1 },
      { start: 200 * 1024 + 1, end: 200 * 1024 + 7 },
    ]);
    expect((await rangesOf('no line break at all', 3)).ranges).toEqual([{ start: 0, end: 20 }]);
    expect((await rangesOf('', 2)).ranges).toEqual([{ start: 0, end: 0 }]);
  });
});
