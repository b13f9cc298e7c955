/**
 * Reading a v1 file into the rows' store: a ceiling of rows and bytes past which reading (and inflating) stops and
 * the result says the file has more; gzip told by its magic bytes, not its name; gzip data cut short keeps the
 * rows before the cut and says where it stopped.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { formatV1Line } from '../../../../shared/logs/v1-line.js';
import { writeBigDayFile } from '../../../../e2e/support/big-day-file.js';
import { DEFAULT_ROW_CEILING } from '../../../../shared/logs/v1-line.js';
import { parseV1File, parseV1FileInWorker } from './v1-file.js';

const dir = mkdtempSync(join(tmpdir(), 'burrow-v1-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const T0 = Date.UTC(2024, 2, 13);
const line = (i: number) =>
  formatV1Line({ timestampMs: T0 + i, pullZoneId: 7, requestId: i.toString(16).padStart(32, '0'), cacheStatus: 'HIT', statusCode: 200, bytesSent: 10, remoteIp: '10.0.0.1', countryCode: 'DE', edgeLocation: 'WA', url: `https://z.b-cdn.net/${i % 100}`, userAgent: 'curl/8.0', referer: null });
const lines = (from: number, n: number) => `${Array.from({ length: n }, (_, i) => line(from + i)).join('\n')}\n`;

describe('the rows’ ceiling', () => {
  it('stops reading a gzip file that inflates past the ceiling: its first rows, and truncated', async () => {
    const file = join(dir, 'big.log.gz');
    const gz = createGzip();
    const out = createWriteStream(file);
    gz.pipe(out);
    for (let k = 0; k < 1000; k++) if (!gz.write(lines(k * 1000, 1000))) await once(gz, 'drain');
    gz.end();
    await once(out, 'close');
    let bytesRead = 0;
    const r = await parseV1File(file, { ceiling: { maxRows: 5_000, maxBytes: 1 << 30 }, onProgress: (p) => (bytesRead = p.bytesRead), progressIntervalMs: 0 });
    expect(r.truncated).toBe(true);
    expect(r.store.length).toBe(5_000);
    expect(r.store.requestId(4_999)).toBe((4_999).toString(16).padStart(32, '0'));
    expect(bytesRead).toBeLessThan(statSync(file).size);
    const bytes = await parseV1File(file, { ceiling: { maxRows: 1e9, maxBytes: 2 * 1024 * 1024 } });
    expect(bytes.truncated).toBe(true);
    expect(bytes.store.length).toBeLessThan(1_000_000);
    const whole = await parseV1File(file, { ceiling: { maxRows: 1e9, maxBytes: 1 << 30 } });
    expect(whole.truncated).toBeUndefined();
    expect(whole.store.length).toBe(1_000_000);
  });

  it('opens a typical million-line day file whole under the default ceiling, as the app reads it (two parts)', async () => {
    const f = await writeBigDayFile(dir, { lines: 1_000_000 });
    try {
      const r = await parseV1FileInWorker(f.path, { workers: 2, script: new URL('./v1-file.ts', import.meta.url) });
      expect(r.truncated).toBeUndefined();
      expect(r.lines).toBe(1_000_000);
      expect(r.store.length).toBe(1_000_000);
      expect(r.store.timestamp(999_999)).toBe(f.last);
      // The rows fill well under the ceiling: room for days with longer lines.
      expect(r.store.usedBytes).toBeLessThan(DEFAULT_ROW_CEILING.maxBytes * 0.7);
    } finally {
      rmSync(f.path);
    }
  }, 120_000);

  it('the worker variant says so too', async () => {
    const file = join(dir, 'plain.log');
    writeFileSync(file, lines(0, 3_000));
    const r = await parseV1FileInWorker(file, { ceiling: { maxRows: 1_000, maxBytes: 1 << 30 }, script: new URL('./v1-file.ts', import.meta.url) });
    expect(r.truncated).toBe(true);
    expect(r.store.length).toBe(1_000);
  });
});

describe('what a file is, and files cut short', () => {
  it('a plain file named .log.gz is read as text; a gzip file named .log is inflated', async () => {
    const plain = join(dir, 'named.log.gz');
    writeFileSync(plain, lines(0, 10));
    expect((await parseV1File(plain)).store.length).toBe(10);
    const packed = join(dir, 'packed.log');
    writeFileSync(packed, gzipSync(lines(0, 10)));
    expect((await parseV1File(packed)).store.length).toBe(10);
  });

  it('gzip data cut short keeps the whole rows before the cut and says where it stopped', async () => {
    const whole = gzipSync(lines(0, 20_000));
    const file = join(dir, 'cut.log.gz');
    writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    const r = await parseV1File(file);
    expect(r.store.length).toBeGreaterThan(1_000);
    expect(r.store.length).toBeLessThan(20_000);
    expect(r.malformed).toBe(0);
    expect(r.store.requestId(r.store.length - 1)).toBe((r.store.length - 1).toString(16).padStart(32, '0'));
    expect(r.endedEarly).toMatch(/^the gzip data ends early \(the file is cut short\): reading stopped after \d+ lines, at byte \d+ of \d+$/);
  });
});
