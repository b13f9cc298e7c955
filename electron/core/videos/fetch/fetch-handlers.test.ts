import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchView } from '../../../../shared/contract/videos-fetch.js';
import { startCore, type Harness } from '../../testing/core-harness.js';
import { startOrigin, type Origin } from '../testing/fetch-harness.js';

const SECRET = 'Basic dXNlcjpodW50ZXIy-secret-7c1';

const open: Harness[] = [];
const origins: Origin[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.core.close()));
  await Promise.all(origins.splice(0).map((o) => o.close()));
});

async function core(): Promise<Harness> {
  const h = await startCore();
  open.push(h);
  return h;
}

async function libraryId(h: Harness): Promise<number> {
  const { libraries } = await h.call<{ libraries: { id: number }[] }>('videos.libraries');
  const id = libraries[0]?.id;
  if (id === undefined) throw new Error('no library');
  return id;
}

/** Every file under a folder, as text. */
async function allFiles(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), 'utf8').catch(() => '')));
  return texts.join('\n');
}

describe('videos.fetch through the core', () => {
  it.each(['ftp://files.example.com/a.mp4', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', 'https://user:pw@example.com/a.mp4'])('refuses %s, naming the url field', async (url) => {
    const h = await core();
    const r = await h.core.invoke('videos.fetch', { libraryId: await libraryId(h), collectionId: null, url, headers: [] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('validation');
    expect(Object.keys(r.error.fieldErrors ?? {})).toEqual(['url']);
    expect(r.error.fieldErrors?.url).toMatch(/^url /);
  });

  it('refuses header names and values that are not HTTP fields, naming each', async () => {
    const h = await core();
    const r = await h.core.invoke('videos.fetch', {
      libraryId: await libraryId(h),
      collectionId: null,
      url: 'https://example.com/a.mp4',
      headers: [
        { name: 'Bad Name:', value: 'x' },
        { name: 'X-Ok', value: 'line\r\nInjected: 1' },
      ],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.fieldErrors).toMatchObject({ 'headers[0].name': expect.stringContaining('HTTP header name'), 'headers[1].value': expect.stringContaining('HTTP header value') });
  });

  it('a fetch is followed by the embedded sandbox, and its header value is in nothing the renderer receives nor on disk', async () => {
    const h = await core();
    const origin = await startOrigin();
    origins.push(origin);
    const id = await libraryId(h);
    const added = await h.call<FetchView>('videos.fetch', { libraryId: id, collectionId: null, url: origin.url('/demo.mp4'), title: 'Demo', headers: [{ name: 'Authorization', value: SECRET }] });
    expect(added).toMatchObject({ title: 'Demo', headerNames: ['Authorization'], state: 'queued' });

    // Taken by the platform and the origin asked: the value has been used, and every event so far is in hand.
    const taken = await new Promise<FetchView>((resolve) => {
      const check = (rows: readonly FetchView[]) => {
        const row = rows.find((r) => r.id === added.id && r.videoId !== null);
        if (row) resolve(row);
      };
      h.core.on('videos.fetchRows', (p) => check((p as { fetches: FetchView[] }).fetches));
      void h.call<{ fetches: FetchView[] }>('videos.fetches').then((l) => check(l.fetches));
    });
    expect(taken.videoId).toEqual(expect.any(String));
    const listed = await h.call<{ fetches: FetchView[] }>('videos.fetches');
    expect(listed.fetches.map((f) => f.id)).toContain(added.id);
    const sent = JSON.stringify([added, listed, h.events]);
    expect(h.events.some((e) => e.event === 'videos.fetchRows')).toBe(true);
    expect(sent).not.toContain(SECRET);
    expect(sent).not.toContain('dXNlcjpodW50ZXIy');
    expect(await allFiles(h.dataDir)).not.toContain('dXNlcjpodW50ZXIy');
  });
});
