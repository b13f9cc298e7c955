import { afterEach, describe, expect, it } from 'vitest';
import { hueOf } from './thumbnail.js';
import { bytes, startVideoSandbox, waitFor, type VideoSandbox } from './testing/support.js';

let s: VideoSandbox;
afterEach(async () => {
  await s.sandbox.close();
});

async function encoded(title: string): Promise<string> {
  const guid = ((await s.call('POST', `/library/${s.libA.id}/videos`, { key: s.libA.key, json: { title } })).json as { guid: string }).guid;
  const put = await fetch(`${s.sandbox.videoUrl}/library/${s.libA.id}/videos/${guid}`, { method: 'PUT', headers: { AccessKey: s.libA.key }, body: new Uint8Array(bytes(5000)) });
  expect(put.status).toBe(200);
  await waitFor(async () => ((await s.call('GET', `/library/${s.libA.id}/videos/${guid}`, { key: s.libA.key })).json as { status: number }).status === 4 || undefined);
  return guid;
}

describe('thumbnails on the sandbox’s CDN route', () => {
  it('serves each encoded video a picture of its own, with its title, at /{videoId}/{thumbnailFileName} without a key', async () => {
    s = await startVideoSandbox();
    const first = await encoded('Harbour at dawn');
    const second = await encoded('Tom & Jerry <live>');
    const pictures = [];
    for (const guid of [first, second]) {
      const model = (await s.call('GET', `/library/${s.libA.id}/videos/${guid}`, { key: s.libA.key })).json as { thumbnailFileName: string };
      const res = await fetch(`${s.sandbox.apiUrl}/${guid}/${model.thumbnailFileName}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      pictures.push(await res.text());
    }
    expect(pictures[0]).toContain('Harbour at dawn');
    expect(pictures[0]).toContain(`hsl(${hueOf(first)},`);
    // Titles are written as text, never as markup.
    expect(pictures[1]).toContain('Tom &amp; Jerry &lt;live&gt;');
    expect(pictures[1]).not.toContain('<live>');
    expect(pictures[0]).not.toBe(pictures[1]);
  });

  it('answers 404 before a video is encoded, for another file name and for an unknown video', async () => {
    s = await startVideoSandbox();
    const guid = ((await s.call('POST', `/library/${s.libA.id}/videos`, { key: s.libA.key, json: { title: 'Not yet' } })).json as { guid: string }).guid;
    expect((await fetch(`${s.sandbox.apiUrl}/${guid}/thumbnail.jpg`)).status).toBe(404);
    const done = await encoded('Done');
    expect((await fetch(`${s.sandbox.apiUrl}/${done}/other.jpg`)).status).toBe(404);
    expect((await fetch(`${s.sandbox.apiUrl}/00000000-0000-4000-8000-000000000000/thumbnail.jpg`)).status).toBe(404);
  });
});
