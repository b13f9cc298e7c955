/**
 * The one video status model, end to end in process against a sandbox: a just-in-time library's videos (7 → 8) end
 * Ready for `burrow videos upload` (the upload queue) and `burrow videos fetch` (a fetch row), and a status number
 * the platform added later is followed on, in words, until the video is ready.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOrigin, type Origin } from '../electron/core/videos/testing/fetch-harness.js';
import type { FaultRuleInput } from '../sandbox/faults.js';
import { startSandbox, type Sandbox } from '../sandbox/server.js';
import { testHooks, testIo } from './testing/videos.js';
import { runVideos } from './videos.js';

let sandbox: Sandbox;
let origin: Origin;
let home: string;
let env: Record<string, string>;

beforeEach(async () => {
  sandbox = await startSandbox({ liveTraffic: false, processingStepMs: 5 });
  origin = await startOrigin();
  home = mkdtempSync(join(tmpdir(), 'burrow-status-cli-'));
  env = { BUNNYNET_API_URL: sandbox.apiUrl, BUNNYNET_API_KEY: sandbox.accountKey, BURROW_VIDEO_URL: sandbox.videoUrl, BURROW_STATE_DIR: join(home, 'state') };
});
afterEach(async () => {
  await origin.close();
  await sandbox.close();
  rmSync(home, { recursive: true, force: true });
});

type Line = { event?: string; state?: string; videoId?: string | null; note?: string; summary?: Record<string, number> };
const lines = (text: string): Line[] => text.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Line);

/** The seeded library that encodes just in time. */
function jitLibrary(): Sandbox['libraries'][number] {
  const lib = sandbox.libraries.find((l) => l.jitEncoding === true);
  if (!lib) throw new Error('the sandbox seeds no just-in-time library');
  return lib;
}

async function run(args: readonly string[]) {
  const io = testIo(env, home);
  const code = await runVideos(args, io, testHooks(), { exitGraceMs: null });
  return { code, out: io.out.text(), err: io.errs.text() };
}

function clip(name: string): string {
  const path = join(home, name);
  writeFileSync(path, randomBytes(20_000));
  return path;
}

/** The status numbers the sandbox's video went through. */
const history = (libraryId: number, videoId: string) => (sandbox.uploads.inspect(libraryId, videoId)?.statusHistory ?? []).map((c) => c.status);

/** Answers the next GETs of any video of the library with a status number the API does not document yet. */
function unknownStatus(libraryId: number, progress: readonly number[]): void {
  for (const encodeProgress of progress) {
    const rule: FaultRuleInput = {
      method: 'GET',
      path: `/video/library/${libraryId}/videos/*`,
      times: 1,
      action: { kind: 'status', status: 200, body: { guid: 'from-the-future', videoLibraryId: libraryId, title: 'x', status: 12, encodeProgress } },
    };
    sandbox.faults.add(rule);
  }
}

describe('one status model, just-in-time libraries and statuses added later', () => {
  it('an upload to a just-in-time library goes 7 → 8 and ends Ready, exit 0', async () => {
    const lib = jitLibrary();
    const r = await run(['upload', clip('jit.mp4'), '--library', String(lib.id), '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const out = lines(r.out);
    expect(out.at(-1)).toEqual({ summary: expect.objectContaining({ done: 1, failed: 0 }) });
    const videoId = out.find((l) => typeof l.videoId === 'string')?.videoId ?? '';
    expect(history(lib.id, videoId)).toEqual(expect.arrayContaining([7, 8]));
    expect(history(lib.id, videoId)).not.toContain(4);
  });

  it('a fetch into a just-in-time library goes 7 → 8 and its row ends Ready, exit 0', async () => {
    const lib = jitLibrary();
    const r = await run(['fetch', origin.url('/jit.mp4'), '--library', String(lib.id)]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const last = lines(r.out).at(-1);
    expect(last).toMatchObject({ state: 'ready', videoId: expect.any(String) });
    expect(history(lib.id, last?.videoId ?? '')).toEqual(expect.arrayContaining([7, 8]));
  });

  it('a status the API does not document keeps an upload polling, said as "Processing (status 12)", until the video is ready', async () => {
    const lib = sandbox.libraries[0]!;
    // The check after the upload and the first poll see status 12; the next polls see the real video.
    unknownStatus(lib.id, [10, 20]);
    const r = await run(['upload', clip('later.mp4'), '--library', String(lib.id), '--json']);
    expect(r.code).toBe(0);
    const out = lines(r.out);
    expect(out.some((l) => l.state === 'processing' && l.note === 'Processing (status 12)')).toBe(true);
    expect(out.filter((l) => l.event === 'state').at(-1)).toMatchObject({ state: 'ready' });
    expect(sandbox.faults.list()).toEqual([]);
  });

  it('a status the API does not document keeps a fetch row polling, said in words, until the video is ready', async () => {
    const lib = sandbox.libraries[0]!;
    unknownStatus(lib.id, [10, 20]);
    const r = await run(['fetch', origin.url('/later.mp4'), '--library', String(lib.id)]);
    expect(r.code).toBe(0);
    const out = lines(r.out);
    expect(out.some((l) => l.state === 'processing' && l.note === 'Processing (status 12)')).toBe(true);
    expect(out.at(-1)).toMatchObject({ state: 'ready' });
    expect(sandbox.faults.list()).toEqual([]);
  });
});
