import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { formatV1Line } from '../../../../shared/logs/v1-line.js';
import { parseV1File, parseV1FileInWorker, type V1FileProgress, type V1FileResult } from './v1-file.js';

let dir = '';
const records: CdnLogRecord[] = Array.from({ length: 3000 }, (_, i) => ({
  timestampMs: 1_700_000_000_000 + i * 1000,
  pullZoneId: 390,
  requestId: (i * 2654435761).toString(16).padStart(32, '0').slice(-32),
  cacheStatus: (['HIT', 'MISS', 'STALE', '-'] as const)[i % 4]!,
  statusCode: [200, 404, 503][i % 3]!,
  bytesSent: i * 17,
  remoteIp: i % 10 === 0 ? null : `198.51.100.${i % 256}`,
  countryCode: i % 7 === 0 ? null : ['DE', 'US', 'JP'][i % 3]!,
  edgeLocation: ['WA', 'NY', 'DE'][i % 3]!,
  url: `https://zone.b-cdn.net/files/${i}/ü.bin`,
  userAgent: i % 5 === 0 ? null : `agent/${i % 20}`,
  referer: i % 6 === 0 ? 'https://example.com/' : null,
}));
const lines = records.map(formatV1Line);
// A damaged line in the middle, 1-based line 1501 of the file.
const text = [...lines.slice(0, 1500), 'HIT|200|not-a-time|1|2|-|-|https://h/|WA|-|322b688bd63fb63f2babe9de30a5d262|DE', ...lines.slice(1500)].join('\r\n');

function rows(r: V1FileResult): CdnLogRecord[] {
  return Array.from({ length: r.store.length }, (_, i) => r.store.record(i));
}

function expectParsed(r: V1FileResult): void {
  expect(rows(r)).toEqual(records);
  expect([r.lines, r.malformed]).toEqual([3001, 1]);
  expect(r.samples).toEqual([{ line: 1501, reason: 'timestamp', text: expect.stringContaining('not-a-time') }]);
  expect(r.malformedByReason.get('timestamp')).toBe(1);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-v1-file-'));
  await writeFile(join(dir, 'day.log'), text);
  await writeFile(join(dir, 'day.log.gz'), gzipSync(text));
  // Gzip content under a plain name, and a gzip file of two members (as concatenated day files are).
  await writeFile(join(dir, 'renamed.log'), gzipSync(text));
  const half = text.indexOf('\n', text.length >> 1) + 1;
  await writeFile(join(dir, 'members.log.gz'), Buffer.concat([gzipSync(text.slice(0, half)), gzipSync(text.slice(half))]));
  await writeFile(join(dir, 'broken.log.gz'), gzipSync(text).subarray(0, 2000));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('parseV1File', () => {
  it.each(['day.log', 'day.log.gz', 'renamed.log', 'members.log.gz'])('reads %s, counting the malformed line in the middle', async (name) => {
    const progress: V1FileProgress[] = [];
    const r = await parseV1File(join(dir, name), { onProgress: (p) => progress.push(p), progressIntervalMs: 0 });
    expectParsed(r);
    const end = progress.at(-1)!;
    expect(end.bytesRead).toBe(end.totalBytes);
    expect([end.lines, end.malformed]).toEqual([3001, 1]);
  });

  it('reads a file of several megabytes, chunk after chunk, in order', async () => {
    const copies = 9;
    const path = join(dir, 'big.log');
    await writeFile(path, Array.from({ length: copies }, () => text).join('\r\n'));
    const progress: V1FileProgress[] = [];
    const r = await parseV1File(path, { onProgress: (p) => progress.push(p), progressIntervalMs: 0 });
    expect(r.store.length).toBe(records.length * copies);
    for (const i of [0, 2999, 3000, 3000 * 4 + 17, 3000 * copies - 1]) expect(r.store.record(i), String(i)).toEqual(records[i % 3000]);
    expect([r.lines, r.malformed]).toEqual([3001 * copies, copies]);
    expect(r.samples.map((x) => x.line)).toEqual(Array.from({ length: copies }, (_, k) => 1501 + k * 3001));
    // More than one chunk went by, and the last report covers the file.
    expect(progress.filter((p) => p.bytesRead < p.totalBytes).length).toBeGreaterThan(1);
    expect(progress.at(-1)!.bytesRead).toBe(progress.at(-1)!.totalBytes);
  });

  it('rejects a missing file; a truncated gzip file keeps the rows before the cut and says where it ended', async () => {
    await expect(parseV1File(join(dir, 'absent.log'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(parseV1File(join(dir, 'broken.log.gz'))).resolves.toMatchObject({ endedEarly: expect.stringContaining('the gzip data ends early') });
  });

  it('stops when aborted, before or while reading', async () => {
    const before = new AbortController();
    before.abort();
    await expect(parseV1File(join(dir, 'day.log'), { signal: before.signal })).rejects.toMatchObject({ name: 'AbortError' });
    for (const name of ['day.log.gz', 'day.log']) {
      const during = new AbortController();
      const read = parseV1File(join(dir, name), { signal: during.signal, progressIntervalMs: 0, onProgress: () => during.abort() });
      await expect(read, name).rejects.toMatchObject({ name: 'AbortError' });
    }
  });
});

describe('parseV1FileInWorker', () => {
  it('parses in a worker thread and hands back the same rows, with progress', async () => {
    const progress: V1FileProgress[] = [];
    const r = await parseV1FileInWorker(join(dir, 'day.log.gz'), { onProgress: (p) => progress.push(p), progressIntervalMs: 0 });
    expectParsed(r);
    expect(progress.at(-1)?.lines).toBe(3001);
    // The store received from the worker still grows.
    r.store.appendRecord(records[0]!);
    expect(r.store.record(3000)).toEqual(records[0]);
  });

  it('reads a plain file in parts on several workers exactly as in one piece: rows, counts, reasons and line numbers', async () => {
    // A byte order mark, bad lines at the start, spread through and at the end, extended rows and no final newline.
    const bad = ['', 'HIT|200|1', lines[5]!.replace('|390|', '|x|'), '   '];
    const mixed = lines.map((l, i) => (i % 400 === 0 ? bad[(i / 400) % bad.length]! : i % 7 === 0 ? `${l}|12|bytes=0-1|-` : l));
    const path = join(dir, 'mixed.log');
    await writeFile(path, `\ufeff${['WARM|1', ...mixed, 'HIT|oops'].join('\n')}`);
    const one = await parseV1File(path);
    const reading = (r: V1FileResult) => ({ rows: rows(r), lines: r.lines, malformed: r.malformed, reasons: [...r.malformedByReason].sort(), samples: r.samples });
    expect(one.malformed).toBe(10);
    for (const workers of [2, 3, 5]) {
      const progress: V1FileProgress[] = [];
      const r = await parseV1FileInWorker(path, { workers, onProgress: (p) => progress.push(p), progressIntervalMs: 0 });
      expect(reading(r), String(workers)).toEqual(reading(one));
      expect(progress.at(-1)).toMatchObject({ lines: one.lines, malformed: one.malformed, bytesRead: progress.at(-1)!.totalBytes });
    }
    // Samples past the limit are the first ones of the whole file, whichever part found them.
    const few = await parseV1FileInWorker(path, { workers: 3, parser: { maxSamples: 4 } });
    expect(few.samples).toEqual(one.samples.slice(0, 4));
  });

  it('reads a gzip file on one worker whatever is asked', async () => {
    expectParsed(await parseV1FileInWorker(join(dir, 'day.log.gz'), { workers: 2 }));
  });

  it('reports the worker’s failure and stops on abort', async () => {
    await expect(parseV1FileInWorker(join(dir, 'absent.log'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(parseV1FileInWorker(join(dir, 'absent.log'), { workers: 2 })).rejects.toMatchObject({ code: 'ENOENT' });
    // Workers that cannot start: every part fails, the call rejects once and nothing is left unhandled.
    await expect(parseV1FileInWorker(join(dir, 'day.log'), { workers: 2, script: join(dir, 'missing.cjs') })).rejects.toThrow();
    const ctl = new AbortController();
    const read = parseV1FileInWorker(join(dir, 'day.log'), { signal: ctl.signal, progressIntervalMs: 0, onProgress: () => ctl.abort() });
    ctl.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
    // Aborted while the parts are being read: the first progress report of any part stops them all.
    const during = new AbortController();
    const parts = parseV1FileInWorker(join(dir, 'day.log'), { workers: 2, signal: during.signal, progressIntervalMs: 0, onProgress: () => during.abort() });
    await expect(parts).rejects.toMatchObject({ name: 'AbortError' });
  });
});
