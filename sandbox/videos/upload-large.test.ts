import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { send, startVideoSandbox, type VideoSandbox } from './testing/support.js';

const MiB = 1024 * 1024;
const TOTAL_MIB = 1024;

let s: VideoSandbox;

beforeEach(async () => {
  s = await startVideoSandbox();
});
afterEach(async () => {
  await s.sandbox.close();
});

it(
  'streams a 1 GiB PUT to disk with the right size and SHA-256 while RSS grows by less than 200 MB',
  async () => {
    const created = await s.call('POST', `/library/${s.libA.id}/videos`, { key: s.libA.key, json: { title: 'one gibibyte' } });
    const guid = (created.json as { guid: string }).guid;

    // One random MiB sent 1024 times: the client never holds more than that MiB.
    const block = randomBytes(MiB);
    const clientHash = createHash('sha256');
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent === TOTAL_MIB) return void this.push(null);
        sent++;
        clientHash.update(block);
        this.push(block);
      },
    });

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
    try {
      const reply = await send(
        `${s.sandbox.videoUrl}/library/${s.libA.id}/videos/${guid}`,
        'PUT',
        { AccessKey: s.libA.key, 'content-type': 'application/octet-stream', 'content-length': String(TOTAL_MIB * MiB) },
        body,
      );
      expect(reply.status).toBe(200);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);

    const seen = await s.call('GET', `/library/${s.libA.id}/videos/${guid}/__upload`, { key: s.libA.key });
    expect(seen.json).toMatchObject({ state: 'stored', size: TOTAL_MIB * MiB, sha256: clientHash.digest('hex') });
    expect(peak - baseline).toBeLessThan(200 * 1000 * 1000);
  },
  120_000,
);
