/**
 * `burrow videos upload` with resumable uploads, end to end: the spawned command on the real queue and runner,
 * killed with SIGKILL mid-upload, run again, against a sandbox that counts the bytes it received per video.
 */
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../sandbox/server.js';
import { startVideosE2e, type VideosE2e } from './testing/videos-e2e.js';
import { runBurrow, spawnBurrow as spawnBurrowIn } from './testing/support.js';

/** The uploader's default bytes per PATCH: what a kill may cost at most. */
const CHUNK = 32 * 1024 * 1024;

type Line = Record<string, unknown> & { event?: string; state?: string; videoId?: string | null; file?: string; bytesSent?: number; resumable?: boolean };
const lines = (text: string): Line[] => text.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Line);
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

let sandbox: Sandbox;
let lib: Sandbox['libraries'][number];
let dir: string;
let env: Record<string, string>;
let setup: VideosE2e;

beforeEach(async () => {
  setup = await startVideosE2e({ sandbox: { liveTraffic: false }, prefix: 'burrow-tus-e2e-', accountKey: false });
  ({ sandbox, lib, dir, env } = setup);
});
afterEach(() => setup.close());

const clip = (name: string, bytes: number) => setup.clip(name, bytes);
/** The library's videos, as the platform lists them. */
const videos = () => setup.videos();

async function titled(title: string): Promise<string[]> {
  return (await videos()).filter((v) => v.title === title).map((v) => v.guid);
}

/** The one video made since `before` (the command prints its id at most ten times a second, so a kill may beat it). */
async function madeSince(before: readonly string[]): Promise<string> {
  const made = (await videos()).map((v) => v.guid).filter((g) => !before.includes(g));
  expect(made).toHaveLength(1);
  return made[0]!;
}

const spawnBurrow = (args: readonly string[]) => spawnBurrowIn(args, env);

/**
 * Resolves once the sandbox holds at least `bytes` of an unfinished tus upload, watching its part files change
 * (the platform's side of the offset; the command prints progress at most once a second, so its output cannot say).
 */
function platformHolds(bytes: number): Promise<void> {
  const parts = join(sandbox.dataDir, 'video', 'tus');
  mkdirSync(parts, { recursive: true });
  const reached = () => readdirSync(parts).some((name) => (statSync(join(parts, name), { throwIfNoEntry: false })?.size ?? 0) >= bytes);
  return new Promise((resolve) => {
    const watcher = watch(parts, () => {
      if (!reached()) return;
      watcher.close();
      resolve();
    });
    if (reached()) {
      watcher.close();
      resolve();
    }
  });
}

/** Where the kill lands: inside the second chunk, while its PATCH streams. */
const MID = CHUNK + 4 * 1024 * 1024;

describe('burrow videos upload --resumable, end to end', () => {
  it('a 100 MB file killed with SIGKILL mid-upload continues on the same video from the platform offset, re-sending at most one chunk', async () => {
    const big = clip('big.mp4', 100_000_000);
    const args = ['videos', 'upload', big, '--library', String(lib.id), '--library-key', lib.key, '--json', '--resumable'];
    const before = (await videos()).map((v) => v.guid);
    const first = spawnBurrow(args);
    await Promise.race([platformHolds(MID), first.until(() => false)]);
    first.child.kill('SIGKILL');
    await first.exited;
    const videoId = await madeSince(before);
    const partial = sandbox.uploads.inspect(lib.id, videoId)!;
    expect(partial.state).not.toBe('stored');
    expect(partial.bytesReceived).toBeGreaterThanOrEqual(MID);
    expect(partial.bytesReceived).toBeLessThan(100_000_000);
    // The URL of the upload is on disk for the next run.
    expect(readdirSync(join(dir, 'state', 'tus'))).toHaveLength(1);

    const again = await runBurrow(args, { env });
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    const out = lines(again.stdout);
    expect(new Set(out.filter((l) => l.event === 'state').map((l) => l.videoId).filter((v) => v !== null))).toEqual(new Set([videoId]));
    expect(out.some((l) => l.event === 'state' && l.resumable === true)).toBe(true);
    const seen = sandbox.uploads.inspect(lib.id, videoId)!;
    expect(seen).toMatchObject({ state: 'stored', size: 100_000_000, sha256: sha256(big) });
    expect(seen.bytesReceived - 100_000_000).toBeLessThanOrEqual(CHUNK);
    expect(await titled('big')).toEqual([videoId]);
    // Verified: nothing is kept to resume.
    expect(readdirSync(join(dir, 'state', 'tus'))).toEqual([]);
    expect(again.stdout).not.toContain(lib.key);
  });

  it('a 100 MB upload cut by a reset mid-PATCH continues by itself from the platform offset, re-sending at most one chunk', async () => {
    const big = clip('cut.mp4', 100_000_000);
    // The first PATCH loses its connection 40 MB in.
    sandbox.faults.add({ method: 'PATCH', path: '/video/tusupload/*', times: 1, action: { kind: 'reset-after-body-bytes', bytes: 40_000_000 } });
    const r = await runBurrow(['videos', 'upload', big, '--library', String(lib.id), '--library-key', lib.key, '--json', '--resumable-over', '50M'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(sandbox.faults.list()).toEqual([]);
    const ready = lines(r.stdout).find((l) => l.event === 'state' && l.state === 'ready');
    expect(ready?.resumable).toBe(true);
    const seen = sandbox.uploads.inspect(lib.id, ready!.videoId!)!;
    expect(seen).toMatchObject({ state: 'stored', size: 100_000_000, sha256: sha256(big) });
    expect(seen.bytesReceived - 100_000_000).toBeLessThanOrEqual(CHUNK);
    expect(await titled('cut')).toEqual([ready!.videoId]);
  });

  it('a file changed on disk after the kill is never resumed onto the old upload: it is sent whole, as it is now, to the same video', async () => {
    const path = clip('changing.mp4', 40 * 1024 * 1024);
    const args = ['videos', 'upload', path, '--library', String(lib.id), '--library-key', lib.key, '--json', '--resumable-over', '1M'];
    const before = (await videos()).map((v) => v.guid);
    const first = spawnBurrow(args);
    await Promise.race([platformHolds(4 * 1024 * 1024), first.until(() => false)]);
    first.child.kill('SIGKILL');
    await first.exited;
    const oldVideo = await madeSince(before);
    const receivedBefore = sandbox.uploads.inspect(lib.id, oldVideo)?.bytesReceived ?? 0;

    appendFileSync(path, randomBytes(1000));
    const again = await runBurrow(args, { env });
    expect(again.code).toBe(0);
    const ready = lines(again.stdout).find((l) => l.event === 'state' && l.state === 'ready');
    expect(ready?.resumable).toBe(true);
    const seen = sandbox.uploads.inspect(lib.id, ready!.videoId!)!;
    expect(seen).toMatchObject({ state: 'stored', size: 40 * 1024 * 1024 + 1000, sha256: sha256(path) });
    // The changed file's bytes all came in this run: nothing of the old upload was built on (a resume from the
    // platform's offset, at least 4 MiB, would send less than the whole file). It went to the job's own video, so
    // the library holds one video for the file, never a second one beside an empty one.
    expect(ready!.videoId).toBe(oldVideo);
    expect(seen.bytesReceived - receivedBefore).toBeGreaterThanOrEqual(40 * 1024 * 1024 + 1000);
    expect((await videos()).map((v) => v.guid).filter((g) => !before.includes(g))).toEqual([oldVideo]);
  });
});
