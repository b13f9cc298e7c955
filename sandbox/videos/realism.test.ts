/** The video area with realism on: a just-in-time library, the variety the schema allows, and a 429 now and then on lists. */
import { afterEach, describe, expect, it } from 'vitest';
import { readableBySchema } from '../testing/openapi-arbitrary.js';
import { LIST_429_EVERY } from './realism.js';
import { startVideoSandbox, waitFor, type VideoSandbox } from './testing/support.js';

let s: VideoSandbox | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});

async function uploaded(v: VideoSandbox, lib: VideoSandbox['libA']): Promise<string> {
  const created = await v.call('POST', `/library/${lib.id}/videos`, { key: lib.key, json: { title: 'clip' } });
  const guid = (created.json as { guid: string }).guid;
  expect((await v.call('PUT', `/library/${lib.id}/videos/${guid}`, { key: lib.key, body: 'x'.repeat(5000), headers: { 'content-type': 'application/octet-stream' } })).status).toBe(200);
  return guid;
}

describe('Stream realism', () => {
  it.each([
    [true, [7, 8], 8],
    [false, [3, 4], 4],
  ])('realism %s: the seeded just-in-time library goes through %j and ends at %i', async (realism, through, last) => {
    s = await startVideoSandbox({ realism, processingStepMs: 5 });
    const lib = s.sandbox.libraries.find((l) => l.jitEncoding)!;
    const guid = await uploaded(s, lib);
    const video = await waitFor(async () => {
      const r = await s!.call('GET', `/library/${lib.id}/videos/${guid}`, { key: lib.key });
      return (r.json as { status: number }).status === last ? (r.json as { status: number; jitEncodingEnabled: boolean }) : undefined;
    });
    expect(video.jitEncodingEnabled).toBe(realism);
    const history = s.sandbox.uploads.inspect(lib.id, guid)!.statusHistory.map((c) => c.status);
    expect(history).toEqual(expect.arrayContaining(through));
    // The other libraries keep encoding as before.
    const other = await uploaded(s, s.libA);
    await waitFor(() => (s!.sandbox.uploads.inspect(s!.libA.id, other)!.statusHistory.at(-1)?.status === 4 ? true : undefined));
  });

  it('lists videos with keys a client does not know and null lists, all readable by the schema', async () => {
    s = await startVideoSandbox({ realism: true });
    for (let i = 0; i < 16; i++) await s.call('POST', `/library/${s.libA.id}/videos`, { key: s.libA.key, json: { title: `v${i}` } });
    const list = await s.call('GET', `/library/${s.libA.id}/videos?itemsPerPage=100`, { key: s.libA.key });
    const items = (list.json as { items: Record<string, unknown>[] }).items;
    expect(items).toHaveLength(16);
    for (const item of items) expect(readableBySchema('stream', 'VideoModel', item)).toBe(true);
    expect(items.some((v) => 'zzFutureField' in v)).toBe(true);
    expect(items.some((v) => v['captions'] === null)).toBe(true);
    expect(items.some((v) => Array.isArray(v['captions']) && !('zzFutureField' in v))).toBe(true);
  });

  it(`refuses one list call in ${LIST_429_EVERY} of a library with 429 and no Retry-After; the next is answered`, async () => {
    s = await startVideoSandbox({ realism: true });
    const statuses: number[] = [];
    let retryAfter: string | null = 'unset';
    for (let i = 0; i < LIST_429_EVERY + 1; i++) {
      const r = await s.call('GET', `/library/${s.libA.id}/videos`, { key: s.libA.key });
      statuses.push(r.status);
      if (r.status === 429) retryAfter = r.headers.get('retry-after');
    }
    expect(statuses.filter((x) => x === 429)).toHaveLength(1);
    expect(statuses[LIST_429_EVERY - 1]).toBe(429);
    expect(statuses.at(-1)).toBe(200);
    expect(retryAfter).toBeNull();
  });
});
