import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlatformClient } from '../platform/client.js';
import { allAreasAt, fixedCredentials, perTestCleanup } from '../platform/test-support.js';
import type { PlatformClient } from '../platform/types.js';
import type { BandwidthGate } from './bandwidth.js';
import { putFile, type PutFileOptions } from './put-file.js';
import { randomFile, tempDir } from './testing/runner-harness.js';

const LIBRARY = 42;
const MiB = 1024 * 1024;
const { cleanups, server } = perTestCleanup();

let dir: { dir: string; remove(): Promise<void> };
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => dir.remove());

function clientFor(url: string): PlatformClient {
  const c = createPlatformClient({ endpoints: () => allAreasAt(url), credentials: fixedCredentials({ libraries: { [LIBRARY]: 'library-key' } }), userAgent: 'Burrow/test', env: {} });
  cleanups.push(() => c.close());
  return c;
}

function hashOf(req: IncomingMessage): Promise<{ bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let bytes = 0;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
      hash.update(c);
    });
    req.on('end', () => resolve({ bytes, sha256: hash.digest('hex') }));
    req.on('error', reject);
  });
}

function options(client: PlatformClient, file: { path: string; size: number; mtimeMs: number }, extra: Partial<PutFileOptions>): PutFileOptions {
  return { client, libraryId: LIBRARY, videoId: 'v', path: file.path, size: file.size, mtimeMs: file.mtimeMs, signal: new AbortController().signal, idleTimeoutMs: 30_000, statIntervalMs: 0, onProgress: () => undefined, ...extra };
}

describe('putFile under the upload cap', () => {
  it('asks the cap for every byte, a grain at a time, and still sends the whole file', async () => {
    const file = await randomFile(dir.dir, 3 * MiB + 11);
    let got: Promise<{ bytes: number; sha256: string }> | undefined;
    const s = await server((req, res) => {
      got = hashOf(req);
      void got.then(() => res.end('{}'));
    });
    const asked: number[] = [];
    const gate: BandwidthGate = { take: async (bytes) => void asked.push(bytes), grain: () => 256 * 1024 };
    expect(await putFile(options(clientFor(s.url), file, { bandwidth: gate }))).toEqual({ kind: 'done' });
    expect(await got).toEqual({ bytes: file.size, sha256: file.sha256 });
    expect(asked.reduce((a, b) => a + b, 0)).toBe(file.size);
    expect(Math.max(...asked)).toBe(256 * 1024);
  });

  it('is cancelled while it waits for the cap, and sends nothing more', async () => {
    const file = await randomFile(dir.dir, 2 * MiB);
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
    const result = await putFile(options(clientFor(s.url), file, { bandwidth: gate, signal: controller.signal }));
    expect(result).toMatchObject({ kind: 'failed', failure: { code: 'ABORTED' } });
    expect(takes).toBe(2);
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
  });
});
