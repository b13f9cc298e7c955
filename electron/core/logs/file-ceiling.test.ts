/**
 * A file session over a gzip bomb: the rows stop at the store's ceiling (above a million rows: a million-line day
 * file opens whole), inflating stops with them, and the session's status says the rows are the file's first ones and
 * that it has more (the screen's "Showing N rows of this file, as many as fit; the file has more").
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { LogsStatus } from '../../../shared/contract/logs.js';
import { formatV1Line } from '../../../shared/logs/v1-line.js';
import { FileRegistry } from '../files/index.js';
import { createLogsArea } from './index.js';
import { createRateBudget } from './v2/rate-budget.js';
import { inThreadRows } from './rows/rows-host.js';
import { DEFAULT_ROW_CEILING } from '../../../shared/logs/v1-line.js';

const dir = mkdtempSync(join(tmpdir(), 'burrow-file-ceiling-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const T0 = Date.UTC(2024, 2, 13);
const line = (i: number) =>
  formatV1Line({ timestampMs: T0 + i, pullZoneId: 7, requestId: i.toString(16).padStart(32, '0'), cacheStatus: 'HIT', statusCode: 200, bytesSent: 10, remoteIp: '10.0.0.1', countryCode: 'DE', edgeLocation: 'WA', url: `https://z.b-cdn.net/video/segment-${i}.ts`, userAgent: 'curl/8.0', referer: 'https://example.com/watch' });

describe('a file session over a gzip bomb', () => {
  it('holds the rows up to the ceiling, stops reading, and says the file has more', async () => {
    const file = join(dir, 'bomb.log.gz');
    const block = Buffer.from(`${Array.from({ length: 64 }, (_, i) => line(i)).join('\n')}\n`);
    const gz = createGzip({ level: 1 });
    const out = createWriteStream(file);
    gz.pipe(out);
    // Three times the ceiling's bytes in lines: more rows than it can hold.
    let written = 0;
    for (let n = 0; n < 3 * DEFAULT_ROW_CEILING.maxBytes; n += block.length, written += 64) if (!gz.write(block)) await once(gz, 'drain');
    gz.end();
    await once(out, 'close');

    const files = new FileRegistry();
    const status: LogsStatus[] = [];
    const area = createLogsArea({
      bus: { emit: (name, payload) => void (name === 'logs.status' && status.push(payload as LogsStatus)) },
      dialogs: { openFiles: async () => [], saveFile: async () => null },
      client: async () => {
        throw new Error('no platform in this test');
      },
      pathOf: (t) => files.pathOf(t),
      register: (p) => files.register(p),
      budget: createRateBudget(),
      rows: inThreadRows(),
    });
    try {
      const f = await files.register(file);
      const opened = await area.handlers['logs.open']({ source: { kind: 'file', token: f.token }, filter: '' }, {} as never);
      await vi.waitFor(() => expect(status.findLast((e) => e.sessionId === opened.sessionId)?.phase).toBe('idle'), { timeout: 60_000 });
      const last = status.findLast((e) => e.sessionId === opened.sessionId)!;
      expect(last.file?.truncated).toBe(true);
      expect(last.loadedRows).toBeGreaterThan(1_000_000);
      expect(last.loadedRows).toBeLessThan(DEFAULT_ROW_CEILING.maxRows);
      // Inflating stopped: far fewer lines were read than the file holds.
      expect(last.file!.lines).toBeLessThan(written / 2);
      expect(last.file!.bytesRead).toBeLessThan(last.file!.totalBytes);
    } finally {
      area.close();
    }
  }, 180_000);
});
