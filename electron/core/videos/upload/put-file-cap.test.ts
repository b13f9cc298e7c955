import { describe, expect, it } from 'vitest';
import type { BandwidthGate } from './bandwidth.js';
import { putFile } from './put-file.js';
import { putHarness, putOptions, received } from '../testing/put-harness.js';
import { randomFile } from '../testing/runner-harness.js';

const MiB = 1024 * 1024;
const { server, dir, clientFor } = putHarness();

describe('putFile under the upload cap', () => {
  it('asks the cap for every byte, a grain at a time, and still sends the whole file', async () => {
    const file = await randomFile(dir(), 3 * MiB + 11);
    let got: Promise<{ bytes: number; sha256: string }> | undefined;
    const s = await server((req, res) => {
      got = received(req);
      void got.then(() => res.end('{}'));
    });
    const asked: number[] = [];
    const gate: BandwidthGate = { take: async (bytes) => void asked.push(bytes), grain: () => 256 * 1024 };
    expect(await putFile(putOptions(clientFor(s.url), file, { bandwidth: gate }))).toEqual({ kind: 'done' });
    expect(await got).toEqual({ bytes: file.size, sha256: file.sha256 });
    expect(asked.reduce((a, b) => a + b, 0)).toBe(file.size);
    expect(Math.max(...asked)).toBe(256 * 1024);
  });

  it('is cancelled while it waits for the cap, and sends nothing more', async () => {
    const file = await randomFile(dir(), 2 * MiB);
    let bytes = 0;
    const s = await server((req, res) => {
      req.on('data', (c: Buffer) => (bytes += c.length));
      req.on('end', () => res.end('{}'));
    });
    const controller = new AbortController();
    let takes = 0;
    // The cap lets the first grain through and then holds everything; the test cancels while the second waits.
    const gate: BandwidthGate = {
      grain: () => 64 * 1024,
      take: (_n, signal) => {
        takes++;
        if (takes === 1) return Promise.resolve();
        if (takes === 2) queueMicrotask(() => controller.abort());
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      },
    };
    const result = await putFile(putOptions(clientFor(s.url), file, { bandwidth: gate, signal: controller.signal }));
    expect(result).toMatchObject({ kind: 'failed', failure: { code: 'ABORTED' } });
    expect(takes).toBe(2);
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
  });
});
