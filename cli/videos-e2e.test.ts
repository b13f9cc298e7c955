/**
 * `burrow videos upload` end to end: the spawned command on the real queue, runner and walk, against a sandbox.
 * Skipped until the core's queue is in the tree (it is written in another branch); see videos-wiring.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../sandbox/server.js';
import { startVideosE2e, type VideosE2e } from './testing/videos-e2e.js';
import { runBurrow, spawnBurrow as spawnBurrowIn } from './testing/support.js';


type Line = Record<string, unknown> & { event?: string; id?: string; state?: string; videoId?: string | null; file?: string; summary?: Record<string, number> };
const lines = (text: string): Line[] => text.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Line);
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

let sandbox: Sandbox;
let lib: Sandbox['libraries'][number];
let dir: string;
let env: Record<string, string>;
let setup: VideosE2e;

beforeEach(async () => {
  setup = await startVideosE2e({ prefix: 'burrow-videos-e2e-', accountKey: true });
  ({ sandbox, lib, dir, env } = setup);
});
afterEach(() => setup.close());

const clip = (name: string, bytes: number) => setup.clip(name, bytes);
/** The library's videos, as the platform lists them. */
const libraryVideos = () => setup.videos();

function videoIdsOf(out: Line[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const l of out) if (l.event === 'state' && typeof l.videoId === 'string' && typeof l.file === 'string') ids.set(l.file, l.videoId);
  return ids;
}

const spawnBurrow = (args: readonly string[]) => spawnBurrowIn(args, env);

describe('burrow videos upload, end to end', () => {
  it('a folder of files: every one Ready, the bytes the sandbox holds are the file, the key fetched with the account key, never printed', async () => {
    const a = clip('a.mp4', 3_000_000);
    const b = clip('b.mkv', 10_000);
    writeFileSync(join(dir, 'clips', 'notes.txt'), 'not a video');
    const r = await runBurrow(['videos', 'upload', join(dir, 'clips'), '--library', String(lib.id), '--concurrency', '2'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = lines(r.stdout);
    expect(out).toContainEqual({ event: 'skipped', file: 'notes.txt', reason: 'not a video file' });
    expect(out.at(-1)).toEqual({ summary: { queued: 2, done: 2, failed: 0, cancelled: 0, sourceChanged: 0 } });
    const ids = videoIdsOf(out);
    for (const file of [a, b]) {
      const inspected = sandbox.uploads.inspect(lib.id, ids.get(file) ?? '');
      expect(inspected?.sha256, file).toBe(sha256(file));
    }
    expect(r.stdout).not.toContain(lib.key);
    expect(r.stdout).not.toContain(sandbox.accountKey);
    expect((await libraryVideos()).map((v) => v.title).sort()).toEqual(['a', 'b']);
  });

  it('killed with SIGKILL mid-upload, then run again with the same arguments: the same videoId, one video, the whole file', async () => {
    const big = clip('big.mp4', 8_000_000);
    // Holds the first PUT so the kill lands while the body is on its way.
    sandbox.faults.add({ method: 'PUT', path: `/video/library/${lib.id}/videos/*`, times: 1, action: { kind: 'delay', ms: 3000 } });
    const args = ['videos', 'upload', big, '--library', String(lib.id), '--library-key', lib.key, '--json'];
    const first = spawnBurrow(args);
    await first.waitFor('"state":"uploading"');
    first.child.kill('SIGKILL');
    await first.exited;
    const before = videoIdsOf(lines(first.stdout())).get(big);
    expect(before).toBeTypeOf('string');

    const again = await runBurrow(args, { env });
    expect(again.code).toBe(0);
    const out = lines(again.stdout);
    expect(new Set(out.filter((l) => l.event === 'state').map((l) => l.videoId).filter((v) => v !== null))).toEqual(new Set([before]));
    expect(sandbox.uploads.inspect(lib.id, before ?? '')?.sha256).toBe(sha256(big));
    expect((await libraryVideos()).filter((v) => v.title === 'big')).toHaveLength(1);
  });

  it('Ctrl+C (SIGINT): exit 130 after the summary; the rerun continues the same job', async () => {
    const file = clip('slow.mp4', 2_000_000);
    sandbox.faults.add({ method: 'PUT', path: `/video/library/${lib.id}/videos/*`, times: 1, action: { kind: 'delay', ms: 3000 } });
    const args = ['videos', 'upload', file, '--library', String(lib.id), '--no-wait'];
    const first = spawnBurrow(args);
    await first.waitFor('"state":"uploading"');
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(130);
    expect(lines(first.stdout()).at(-1)).toEqual({ summary: { queued: 1, done: 0, failed: 0, cancelled: 0, sourceChanged: 0 } });
    const videoId = videoIdsOf(lines(first.stdout())).get(file);
    const again = await runBurrow(args, { env });
    expect(again.code).toBe(0);
    expect(videoIdsOf(lines(again.stdout)).get(file)).toBe(videoId);
  });

  it('the fault matrix once through the command line; afterwards every video maps to exactly one job', async () => {
    const id = String(lib.id);
    const create = `/video/library/${id}/videos`;
    const put = `${create}/*`;
    const seen = new Map<string, string>();
    const run = async (name: string, faults: readonly Parameters<Sandbox['faults']['add']>[0][], expected: number, extra: string[] = []) => {
      const file = clip(name, 200_000);
      for (const f of faults) sandbox.faults.add(f);
      const r = await runBurrow(['videos', 'upload', file, '--library', id, '--no-wait', ...extra], { env });
      sandbox.faults.reset();
      expect(r.code, `${name}: ${r.stdout}${r.stderr}`).toBe(expected);
      for (const [f, v] of videoIdsOf(lines(r.stdout))) seen.set(f, v);
      return lines(r.stdout);
    };
    await run('reset.mp4', [{ method: 'PUT', path: put, times: 1, action: { kind: 'reset-after-body-bytes', bytes: 50_000 } }], 0);
    await run('burst.mp4', [{ method: 'POST', path: create, times: 3, action: { kind: 'status', status: 503 } }], 0);
    await run('limited.mp4', [{ method: 'PUT', path: put, times: 1, action: { kind: 'status', status: 429, retryAfter: '1' } }], 0);
    await run('dated.mp4', [{ method: 'PUT', path: put, times: 1, action: { kind: 'status', status: 429, retryAfter: new Date(Date.now() + 1000).toUTCString() } }], 0);
    await run('committed.mp4', [{ method: 'POST', path: create, times: 1, action: { kind: 'commit-then-reset' } }], 0);
    const refused = await run('wrong-key.mp4', [], 1, ['--library-key', 'not-the-library-key']);
    expect(refused.find((l) => l.state === 'failed')).toMatchObject({ error: { status: 401 } });
    expect(JSON.stringify(refused)).not.toContain('not-the-library-key');

    // Appended to while its PUT is held: the job ends as changed on disk, never done.
    const growing = clip('growing.mp4', 200_000);
    sandbox.faults.add({ method: 'PUT', path: put, times: 1, action: { kind: 'delay', ms: 2000 } });
    const appended = spawnBurrow(['videos', 'upload', growing, '--library', id, '--no-wait']);
    await appended.waitFor('"state":"uploading"');
    appendFileSync(growing, randomBytes(1000));
    expect(await appended.exited).toBe(1);
    expect(lines(appended.stdout()).at(-1)).toMatchObject({ summary: { sourceChanged: 1 } });

    const videos = await libraryVideos();
    const guids = videos.map((v) => v.guid);
    expect(new Set(guids).size).toBe(guids.length);
    for (const v of seen.values()) expect(guids.filter((g) => g === v)).toHaveLength(1);
    // Each title at most once: no file got a second video.
    const titles = videos.map((v) => v.title);
    expect(new Set(titles).size).toBe(titles.length);
  }, 120_000);

  it('the platform unreachable: exit 3 once --offline-timeout passes, the job kept for the next run', async () => {
    const file = clip('offline.mp4', 10_000);
    const r = await runBurrow(['videos', 'upload', file, '--library', String(lib.id), '--library-key', lib.key, '--video-url', 'http://127.0.0.1:9', '--offline-timeout', '1'], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('could not be reached');
  }, 120_000);
});
