/** Test helpers for the job runner: files of random bytes, a job for a file, a recording RunContext, a sandbox and its client. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startSandbox, type Sandbox } from '../../../../sandbox/server.js';
import { createPlatformClient } from '../../platform/client.js';
import { endpointsOf, fixedCredentials } from '../../platform/testing/support.js';
import type { PlatformClient, PlatformRequest } from '../../platform/types.js';
import { fingerprintFile } from '../queue/fingerprint.js';
import { BandwidthCap } from '../upload/bandwidth.js';
import type { JobPatch, JobRecord, RunContext } from '../types.js';

/** A file of random bytes on disk. */
export interface TestFile {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly sha256: string;
  /** Its identity as the queue reads it when the file is added. */
  readonly fingerprint: string;
}

/** Writes `size` random bytes to a new file in `dir`. */
export async function randomFile(dir: string, size: number, name = `clip-${randomUUID().slice(0, 8)}.mp4`): Promise<TestFile> {
  const bytes = randomBytes(size);
  const path = join(dir, name);
  await writeFile(path, bytes);
  const s = await stat(path);
  return { path, size, mtimeMs: s.mtimeMs, sha256: createHash('sha256').update(bytes).digest('hex'), fingerprint: (await fingerprintFile(path)).fingerprint };
}

/** A fresh temp dir and its removal. */
export async function tempDir(): Promise<{ readonly dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'burrow-runner-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A queued job for a file, as the queue would persist it. */
export function jobFor(file: Pick<TestFile, 'path' | 'size' | 'mtimeMs'>, libraryId: number, overrides: Partial<JobRecord> = {}): JobRecord {
  return {
    id: randomUUID(),
    profileId: 'profile-1',
    position: 1,
    libraryId,
    collectionId: null,
    title: 'Holiday clip',
    titleSynced: false,
    path: file.path,
    fileName: basename(file.path),
    size: file.size,
    mtimeMs: file.mtimeMs,
    fingerprint: `fp-${file.size}`,
    state: 'queued',
    paused: false,
    videoId: null,
    createPending: false,
    uploaded: false,
    resumable: false,
    attempts: 0,
    error: null,
    note: null,
    encodeProgress: null,
    addedAt: 0,
    endedAt: null,
    ...overrides,
  };
}

/** What the fake context saw, in order: persisted patches, progress, and the sends of a recording client. */
export type LogEntry = { readonly kind: 'update'; readonly patch: JobPatch } | { readonly kind: 'progress'; readonly bytes: number } | { readonly kind: 'send'; readonly method: string; readonly path: string };

/** A RunContext over one job: patches apply to it, and resolve only a turn later, as a write to disk would. */
export interface FakeRun {
  readonly ctx: RunContext;
  readonly log: LogEntry[];
  readonly patches: JobPatch[];
  readonly progress: number[];
  readonly abort: AbortController;
  job(): JobRecord;
}

/** Builds the fake context; `onProgress` sees each report after it is logged (tests act on the upload from there). */
export function fakeRun(job: JobRecord, client: PlatformClient, onProgress?: (bytes: number, run: FakeRun) => void): FakeRun {
  let current = job;
  const log: LogEntry[] = [];
  const patches: JobPatch[] = [];
  const progress: number[] = [];
  const abort = new AbortController();
  const recording: PlatformClient = {
    send: (req: PlatformRequest) => {
      log.push({ kind: 'send', method: req.method, path: req.path });
      return client.send(req);
    },
    json: (req) => client.json(req),
    close: () => client.close(),
  };
  const run: FakeRun = {
    log,
    patches,
    progress,
    abort,
    job: () => current,
    ctx: {
      job: () => current,
      update: async (patch) => {
        // The patch counts as persisted only once this resolves; a runner that does not wait shows in the log order.
        await new Promise<void>((resolve) => setImmediate(resolve));
        current = { ...current, ...patch };
        patches.push(patch);
        log.push({ kind: 'update', patch });
      },
      progress: (bytes) => {
        progress.push(bytes);
        log.push({ kind: 'progress', bytes });
        onProgress?.(bytes, run);
      },
      signal: abort.signal,
      client: recording,
      bandwidth: new BandwidthCap(null),
    },
  };
  return run;
}

/** A sandbox, a client with its real library keys (or a wrong one), and the demo library's id. */
export interface RunnerSandbox {
  readonly sandbox: Sandbox;
  readonly client: PlatformClient;
  readonly libraryId: number;
  /** A client for the same sandbox sending `key` as the library key. */
  clientWithKey(key: string): PlatformClient;
  close(): Promise<void>;
}

/** Starts a sandbox (processing slowed out of the way unless told), and a client for it. */
export async function runnerSandbox(options: { readonly processingStepMs?: number } = {}): Promise<RunnerSandbox> {
  const sandbox = await startSandbox({ liveTraffic: false, processingStepMs: options.processingStepMs ?? 60_000 });
  const clients: PlatformClient[] = [];
  const make = (libraries: Readonly<Record<number, string>>) => {
    const c = createPlatformClient({ endpoints: () => endpointsOf(sandbox), credentials: fixedCredentials({ accountKey: sandbox.accountKey, libraries }), userAgent: 'Burrow/0.0.0-test', env: {} });
    clients.push(c);
    return c;
  };
  const library = sandbox.libraries[0];
  if (!library) throw new Error('the sandbox has no video library');
  return {
    sandbox,
    client: make(Object.fromEntries(sandbox.libraries.map((l) => [l.id, l.key]))),
    libraryId: library.id,
    clientWithKey: (key) => make({ [library.id]: key }),
    close: async () => {
      for (const c of clients) await c.close();
      await sandbox.close();
    },
  };
}

/** A sleep that returns at once and records every delay; it honours an aborted signal. */
export function recordedSleep(): { readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>; readonly delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms, signal) => {
      delays.push(ms);
      if (signal.aborted) throw new Error('aborted');
    },
  };
}
