/**
 * A tus 1.0 client written by others (tuspy, Debian's python3-tuspy) uploads into the sandbox:
 * the sandbox must agree with the protocol, not only with our own uploader. The client is
 * required, never skipped: .ci/run installs it.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256, startVideoSandbox, waitFor, type VideoSandbox } from './testing/support.js';
import { bunnyTusHeaders, newVideo } from './testing/tus.js';

/** Debian's interpreter, where python3-tuspy installs (not whatever python3 comes first on PATH). */
const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('./tus-third-party.py', import.meta.url));
const CHUNK = 256 * 1024;

let s: VideoSandbox;
let dir: string;

/** What the script printed. */
interface Report {
  readonly url: string | null;
  readonly startedAt: number;
  readonly offset: number;
  readonly error?: string;
}

/** Runs Debian's python with these arguments; resolves with its exit code and output (killed within the test's own time limit). */
function python(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(PYTHON, [...args], { timeout: 25_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

let probed: Promise<void> | undefined;

/** Fails (never skips) every test when the client is missing, saying what to install. */
function requireTuspy(): Promise<void> {
  probed ??= python(['-c', 'import tusclient']).then((probe) => {
    if (probe.code !== 0) throw new Error(`the third-party TUS client is missing: install Debian's python3-tuspy (${PYTHON}: ${probe.stderr.trim()})`);
  });
  return probed;
}

/** Uploads `file` (or its first `stopAt` bytes) with tuspy, keeping upload URLs in `store` as tuspy does to resume. */
async function tuspy(file: string, videoId: string, options: { stopAt?: number; retries?: number; store: string }): Promise<{ code: number; report: Report }> {
  await requireTuspy();
  const request = join(dir, `request-${Date.now()}-${Math.random()}.json`);
  await writeFile(
    request,
    JSON.stringify({
      endpoint: `${s.sandbox.videoUrl}/tusupload`,
      file,
      headers: bunnyTusHeaders(s, videoId),
      chunkSize: CHUNK,
      metadata: { filetype: 'video/mp4', title: 'Filmed with tuspy' },
      store: options.store,
      stopAt: options.stopAt,
      retries: options.retries ?? 0,
    }),
  );
  const run = await python([SCRIPT, request]);
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (!line.startsWith('{')) throw new Error(`tuspy printed no report (exit ${run.code}): ${run.stderr}`);
  return { code: run.code, report: JSON.parse(line) as Report };
}

async function realFile(size: number): Promise<{ path: string; data: Buffer }> {
  const data = randomBytes(size);
  const path = join(dir, 'clip.mp4');
  await writeFile(path, data);
  return { path, data };
}

/** The stored file's bytes and the sandbox's account of them, once the video has been processed. */
async function storedAndProcessed(videoId: string) {
  const seen = s.sandbox.uploads.inspect(s.libA.id, videoId);
  if (!seen?.path) throw new Error(`nothing stored for ${videoId}: ${JSON.stringify(seen)}`);
  const video = await waitFor(async () => {
    const model = (await s.call('GET', `/library/${s.libA.id}/videos/${videoId}`, { key: s.libA.key })).json as { status: number; title: string; originalHash: string };
    return model.status === 4 ? model : undefined;
  });
  return { seen, bytes: await readFile(seen.path), video };
}

afterEach(async () => {
  await s.sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a third-party tus 1.0 client (tuspy)', () => {
  it('uploads a file in chunks with the bunny.net headers; the sandbox stores exactly the file and processes it', async () => {
    s = await startVideoSandbox();
    dir = await mkdtemp(join(tmpdir(), 'burrow-tuspy-'));
    const file = await realFile(5 * CHUNK + 12_345);
    const videoId = await newVideo(s, 'placeholder');

    const { code, report } = await tuspy(file.path, videoId, { store: join(dir, 'urls.json') });
    expect(report.error).toBeUndefined();
    expect(code).toBe(0);
    expect(report).toMatchObject({ startedAt: 0, offset: file.data.length });
    expect(report.url).toMatch(new RegExp(`^${s.sandbox.videoUrl}/tusupload/[0-9a-f]{32}$`));

    const { seen, bytes, video } = await storedAndProcessed(videoId);
    expect(seen).toMatchObject({ state: 'stored', size: file.data.length, sha256: sha256(file.data), bytesReceived: file.data.length });
    expect(bytes.length).toBe(file.data.length);
    expect(sha256(bytes)).toBe(sha256(file.data));
    expect(video).toMatchObject({ title: 'Filmed with tuspy', originalHash: sha256(file.data) });
    // One PATCH per chunk, plus nothing else with a body.
    expect(s.sandbox.uploads.stats().bodies).toBe(6);
  });

  it('resumes: a new process continues from its stored URL at the server offset, and a PATCH cut midway is retried from the offset HEAD reports', async () => {
    s = await startVideoSandbox();
    dir = await mkdtemp(join(tmpdir(), 'burrow-tuspy-'));
    const file = await realFile(6 * CHUNK + 777);
    const videoId = await newVideo(s, 'placeholder');
    const store = join(dir, 'urls.json');

    // The first process stops after two chunks, as a client that was closed would.
    const first = await tuspy(file.path, videoId, { store, stopAt: 2 * CHUNK });
    expect(first.code).toBe(0);
    expect(first.report.offset).toBe(2 * CHUNK);
    const url = first.report.url ?? '';

    // The next part the sandbox receives is cut after half a chunk.
    s.sandbox.faults.add({ method: 'PATCH', path: new URL(url).pathname, action: { kind: 'reset-after-body-bytes', bytes: CHUNK / 2 } });
    const second = await tuspy(file.path, videoId, { store, retries: 1 });
    expect(second.report.error).toBeUndefined();
    expect(second.code).toBe(0);
    // Same upload, picked up where the server had it: no new creation, nothing sent from zero.
    expect(second.report).toMatchObject({ url, startedAt: 2 * CHUNK, offset: file.data.length });
    expect(s.sandbox.faults.list()).toEqual([]);

    const { seen, bytes } = await storedAndProcessed(videoId);
    expect(seen).toMatchObject({ state: 'stored', size: file.data.length, sha256: sha256(file.data) });
    expect(sha256(bytes)).toBe(sha256(file.data));
    // The bytes of the cut part that arrived were kept, so the retry re-sent at most what was in flight.
    expect(seen.bytesReceived).toBeGreaterThanOrEqual(file.data.length);
    expect(seen.bytesReceived - file.data.length).toBeLessThanOrEqual(CHUNK);
  });

  it('without retries, tuspy reports the cut part as failed and the sandbox keeps the bytes that arrived', async () => {
    s = await startVideoSandbox();
    dir = await mkdtemp(join(tmpdir(), 'burrow-tuspy-'));
    const file = await realFile(3 * CHUNK);
    const videoId = await newVideo(s, 'placeholder');
    const store = join(dir, 'urls.json');
    s.sandbox.faults.add({ method: 'PATCH', path: '/video/tusupload/*', action: { kind: 'reset-after-body-bytes', bytes: 100_000 } });

    const cut = await tuspy(file.path, videoId, { store });
    expect(cut.code).toBe(2);
    expect(cut.report.error).toMatch(/TusUploadFailed/);
    const after = await tuspy(file.path, videoId, { store });
    expect(after.code).toBe(0);
    expect(after.report).toMatchObject({ url: cut.report.url, startedAt: 100_000, offset: file.data.length });
    const { seen } = await storedAndProcessed(videoId);
    expect(seen).toMatchObject({ size: file.data.length, sha256: sha256(file.data), bytesReceived: file.data.length });
  });
});
