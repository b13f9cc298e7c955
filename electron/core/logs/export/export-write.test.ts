/** The rows' side of an export on real files: the formats, the temporary file, a cancel or a failure leaving nothing. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportFields } from '../../../../shared/logs/export-format.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { parseV1Line } from '../../../../shared/logs/testing/v1-line.js';
import { ColumnStore } from '../rows/columns.js';
import { writeRowsFile } from './export-write.js';

const dir = mkdtempSync(join(tmpdir(), 'burrow-export-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 10, 21, 14, 3, 7, 123);
const records: CdnLogRecord[] = Array.from({ length: 5_000 }, (_, i) => ({
  timestampMs: T0 + i * 1000,
  pullZoneId: 42,
  requestId: i.toString(16).padStart(32, '0'),
  cacheStatus: i % 2 === 0 ? 'HIT' : 'MISS',
  statusCode: i % 50 === 0 ? 502 : 200,
  bytesSent: 100 + i,
  remoteIp: '203.0.113.9',
  countryCode: 'DE',
  edgeLocation: 'FR',
  url: `https://z.b-cdn.net/a,b/${i}.js?q="x"`,
  userAgent: i % 3 === 0 ? 'Mozilla/5.0 (X11, "quoted")' : null,
  referer: null,
}));
const store = new ColumnStore();
for (const r of records) store.appendRecord(r);
const all = Uint32Array.from(records.keys());

const onlyFile = (name: string) => readdirSync(dir).filter((f) => f.includes(name));

describe('writing an export', () => {
  it('CSV: a header, one line per row, quoted where needed, times with an offset', async () => {
    const target = join(dir, 'rows.csv');
    const r = await writeRowsFile(store, all, { target, format: 'csv' }, { batchChars: 10_000 });
    const text = readFileSync(target, 'utf8');
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(5_001);
    expect(r).toEqual({ rows: 5_000, bytes: Buffer.byteLength(text) });
    expect(lines[0]).toBe(exportFields(false).join(','));
    expect(lines[1]!.startsWith('2026-11-21T14:03:07.123+00:00,42,00000000000000000000000000000000,HIT,502,100,203.0.113.9,DE,FR,https,z.b-cdn.net,')).toBe(true);
    expect(lines[1]).toContain(',"/a,b/0.js?q=""x""","https://z.b-cdn.net/a,b/0.js?q=""x""","Mozilla/5.0 (X11, ""quoted"")",');
    expect(onlyFile('.partial')).toEqual([]);
  });

  it('a target name as long as the file system allows is written: the temporary name stays short', async () => {
    const target = join(dir, `${'n'.repeat(250)}.csv`);
    await writeRowsFile(store, Uint32Array.from([0, 1]), { target, format: 'csv' });
    expect(readFileSync(target, 'utf8').split('\r\n')).toHaveLength(4);
    expect(onlyFile('.partial')).toEqual([]);
  });

  it('NDJSON in a named zone, in the order given', async () => {
    const target = join(dir, 'rows.ndjson');
    const order = Uint32Array.from([4, 2, 0]);
    await writeRowsFile(store, order, { target, format: 'ndjson', timeZone: 'America/New_York' });
    const rows = readFileSync(target, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.map((x) => x.requestId)).toEqual([4, 2, 0].map((i) => i.toString(16).padStart(32, '0')));
    expect(rows[2]!.timestamp).toBe('2026-11-21T09:03:07.123-05:00');
    expect(new Date(rows[0]!.timestamp as string).getTime()).toBe(T0 + 4000);
  });

  it('v1 lines that the v1 parser reads back as the same records', async () => {
    const target = join(dir, 'rows.log');
    await writeRowsFile(store, all, { target, format: 'v1' });
    const back = readFileSync(target, 'utf8').trimEnd().split('\n').map((l) => parseV1Line(l));
    expect(back.every((b) => b.ok)).toBe(true);
    expect(back.map((b) => (b.ok ? b.record : null))).toEqual(records);
  });

  it('a cancel while writing leaves neither the target nor the temporary file', async () => {
    const target = join(dir, 'cancelled.csv');
    const abort = new AbortController();
    const seen: number[] = [];
    const run = writeRowsFile(store, all, { target, format: 'csv' }, {
      signal: abort.signal,
      batchChars: 4_000,
      progressIntervalMs: 0,
      onProgress: (written) => {
        seen.push(written);
        if (written >= 1_000) abort.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen.at(-1)).toBeGreaterThanOrEqual(1_000);
    expect(seen.at(-1)).toBeLessThan(5_000);
    expect(existsSync(target)).toBe(false);
    expect(onlyFile('cancelled')).toEqual([]);
  });

  it('a failure halfway leaves no file, and an existing target untouched', async () => {
    const target = join(dir, 'kept.csv');
    await writeRowsFile(store, Uint32Array.from([1]), { target, format: 'csv' });
    const before = readFileSync(target, 'utf8');
    const broken = Object.create(store) as ColumnStore;
    broken.record = (i: number) => {
      if (i === 3_000) throw new Error('disk on fire');
      return store.record(i);
    };
    await expect(writeRowsFile(broken, all, { target, format: 'csv' }, { batchChars: 4_000 })).rejects.toThrow('disk on fire');
    expect(readFileSync(target, 'utf8')).toBe(before);
    expect(onlyFile('kept')).toEqual(['kept.csv']);
    await expect(writeRowsFile(store, all, { target: join(dir, 'no-such-folder', 'x.csv'), format: 'csv' })).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
