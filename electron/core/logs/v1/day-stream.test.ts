/** The credit between a download and the parser: never more than the window unanswered, plain and gzip parts, a window of time, abort. */
import { MessageChannel } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { formatV1Line } from '../../../../shared/logs/v1-line.js';
import { DayStreamSender, readDayStream } from './day-stream.js';

const T0 = Date.UTC(2026, 10, 20);
const rec = (i: number): CdnLogRecord => ({
  timestampMs: T0 + i * 1000,
  pullZoneId: 7,
  requestId: i.toString(16).padStart(32, '0'),
  cacheStatus: 'HIT',
  statusCode: 200,
  bytesSent: i,
  remoteIp: '10.0.0.0',
  countryCode: 'DE',
  edgeLocation: 'WA',
  url: `https://z.b-cdn.net/f-${i}`,
  userAgent: null,
  referer: null,
});
const text = (from: number, n: number) => Array.from({ length: n }, (_, i) => formatV1Line(rec(from + i))).join('\n') + '\n';

describe('day stream', () => {
  it('a fast sender waits for the reader: at most the window of batches is ever unanswered', async () => {
    const { port1, port2 } = new MessageChannel();
    const sender = new DayStreamSender(port1, 3, 4096);
    const reading = readDayStream(port2, { window: null });
    await sender.part(false);
    const body = Buffer.from(text(0, 5000));
    for (let at = 0; at < body.length; at += 1000) await sender.write(body.subarray(at, at + 1000));
    await sender.end();
    const r = await reading;
    sender.close();
    expect(r.store.length).toBe(5000);
    expect(sender.sent).toBeGreaterThan(50);
    expect(sender.maxUnanswered).toBeLessThanOrEqual(3);
  });

  it('reads a gzip part then a plain part (a last line without newline included), keeping only the window', async () => {
    const { port1, port2 } = new MessageChannel();
    const sender = new DayStreamSender(port1);
    const reading = readDayStream(port2, { window: { from: T0 + 50_000, to: T0 + 150_000 } });
    await sender.part(true);
    await sender.write(gzipSync(text(0, 100)));
    await sender.part(false);
    await sender.write(Buffer.from(text(100, 100).trimEnd()));
    await sender.end();
    const r = await reading;
    sender.close();
    expect(r.lines).toBe(200);
    expect(r.malformed).toBe(0);
    expect(r.store.length).toBe(100);
    expect(r.outside).toBe(100);
  });

  it('an abort stops the reader, and the waiting sender is failed', async () => {
    const { port1, port2 } = new MessageChannel();
    const sender = new DayStreamSender(port1, 1, 16);
    const ac = new AbortController();
    const reading = readDayStream(port2, { window: null, signal: ac.signal });
    ac.abort();
    await expect(reading).rejects.toBeDefined();
    sender.fail(new Error('stopped'));
    await expect(Promise.resolve(sender.write(Buffer.alloc(64)))).rejects.toThrow('stopped');
    sender.close();
  });
});
