/** Test helpers for `burrow videos upload`: a queue that implements UploadQueue in memory and moves jobs when told to. */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { AddOutcome, JobRecord, NewJob, QueueChange, Selection, TusAccess, UploadQueue } from '../../electron/core/videos/index.js';
import { CONCURRENCY, FINAL_STATES, isVideoFileName, titleFromFileName, type JobView, type QueueStatus } from '../../shared/videos/model.js';
import type { CliIo, OutStream } from '../io.js';
import type { ProcessHooks } from '../sandbox.js';
import type { QueueSettings, VideosDeps } from '../videos.js';

/** A stream that keeps what was written. */
export function capture(isTTY = false): OutStream & { text(): string } {
  let text = '';
  return {
    isTTY,
    write(chunk) {
      text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    },
    text: () => text,
  };
}

/** An io with captured streams and the given environment. */
export function testIo(env: Record<string, string>, home: string, tty = false): CliIo & { out: ReturnType<typeof capture>; errs: ReturnType<typeof capture> } {
  const out = capture(tty);
  const errs = capture();
  return { stdin: process.stdin, stdout: out, stderr: errs, env, home, out, errs };
}

/** Process hooks whose signal handlers the test can fire. */
export function testHooks(): ProcessHooks & { fire(signal: NodeJS.Signals): void; handlers(): number; exits: number[] } {
  const handlers = new Map<NodeJS.Signals, Set<(s: NodeJS.Signals) => void>>();
  const exits: number[] = [];
  return {
    onSignal: (s, h) => void (handlers.get(s) ?? handlers.set(s, new Set()).get(s))?.add(h),
    offSignal: (s, h) => void handlers.get(s)?.delete(h),
    parentPid: () => process.pid,
    exit: (code) => {
      exits.push(code);
      return undefined as never;
    },
    fire: (s) => [...(handlers.get(s) ?? [])].forEach((h) => h(s)),
    handlers: () => [...handlers.values()].reduce((n, set) => n + set.size, 0),
    exits,
  };
}

/** A temp folder with real files in it. */
export function tempFiles(names: readonly string[], bytes = 1000): { dir: string; paths: string[]; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'burrow-videos-'));
  const paths = names.map((name) => {
    const path = join(dir, name);
    writeFileSync(path, Buffer.alloc(bytes, 7));
    return path;
  });
  return { dir, paths, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const STATUS: QueueStatus = { concurrency: CONCURRENCY.default, bandwidthCap: null, waitingForNetwork: false, counts: { queued: 0, done: 0, failed: 0, cancelled: 0, sourceChanged: 0, inFlight: 0, totalBytes: 0, sentBytes: 0 } };

/** An in-memory UploadQueue: `add` queues, `set` moves a job and emits the change; every control call is recorded. */
export class FakeQueue implements UploadQueue {
  readonly records = new Map<string, JobRecord>();
  readonly views = new Map<string, JobView>();
  readonly calls: { add: { files: readonly NewJob[]; again: boolean }[]; pause: Selection[]; resume: Selection[]; retry: Selection[] } = { add: [], pause: [], resume: [], retry: [] };
  /** Paths `add` answers as previously uploaded. */
  readonly history = new Set<string>();
  closed = false;
  status: QueueStatus = STATUS;
  threshold = 1024 ** 3;
  #listeners = new Set<(c: QueueChange) => void>();
  #next = 1;

  /** Puts a job in the queue as an earlier run left it. */
  seed(path: string, patch: Partial<JobView> & { libraryId?: number } = {}): string {
    const id = `job-${this.#next++}`;
    const info = statSync(path, { throwIfNoEntry: false });
    const record: JobRecord = {
      id, profileId: 'cli', position: this.#next, libraryId: patch.libraryId ?? 7, collectionId: null, title: titleFromFileName(basename(path)), titleSynced: false, path, fileName: basename(path),
      size: info?.size ?? 0, mtimeMs: info?.mtimeMs ?? 0, fingerprint: `fp-${id}`, state: 'queued', paused: false, videoId: null, createPending: false, uploaded: false, resumable: patch.resumable ?? false, attempts: 0,
      error: null, note: null, encodeProgress: null, addedAt: this.#next, endedAt: null,
    };
    this.records.set(id, record);
    this.views.set(id, { id, profileId: record.profileId, position: record.position, libraryId: record.libraryId, collectionId: null, title: record.title, fileName: record.fileName, size: record.size, state: 'queued', paused: false, videoId: null, bytesSent: 0, speed: null, eta: null, encodeProgress: null, error: null, note: null, highlight: false, resumable: false, ...patch });
    return id;
  }

  /** Moves a job and emits the change, as the queue does after persisting it. */
  set(id: string, patch: Partial<JobView>): void {
    const view = this.views.get(id);
    if (view === undefined) throw new Error(`no job ${id}`);
    const next = { ...view, ...patch };
    this.views.set(id, next);
    this.emit([next]);
  }

  /** The platform is unreachable (true) or back (false). */
  setWaiting(waiting: boolean): void {
    this.status = { ...this.status, waitingForNetwork: waiting };
    this.emit([]);
  }

  /** The ids in the order they were added. */
  ids(): string[] {
    return [...this.views.keys()];
  }

  emit(jobs: readonly JobView[]): void {
    for (const l of this.#listeners) l({ jobs, removed: [], status: this.status });
  }

  async add(files: readonly NewJob[], options: { readonly again?: boolean } = {}): Promise<AddOutcome> {
    this.calls.add.push({ files, again: options.again === true });
    const added: JobView[] = [];
    const alreadyQueued: string[] = [];
    const previouslyUploaded: { path: string; uploadedAt: number }[] = [];
    for (const file of files) {
      const live = [...this.records.values()].find((r) => r.path === file.path && !FINAL_STATES.has(this.views.get(r.id)?.state ?? 'queued'));
      if (live !== undefined) alreadyQueued.push(live.id);
      else if (this.history.has(file.path) && options.again !== true) previouslyUploaded.push({ path: file.path, uploadedAt: Date.UTC(2026, 0, 2) });
      else {
        const id = this.seed(file.path, { libraryId: file.libraryId, ...(file.title !== undefined ? { title: file.title } : {}), resumable: file.resumable === true });
        added.push(this.views.get(id) as JobView);
      }
    }
    this.emit(added);
    return { added, rows: [], alreadyQueued, previouslyUploaded, unreadable: [], empty: [] };
  }

  list(): { readonly jobs: readonly JobView[]; readonly status: QueueStatus } {
    return { jobs: [...this.views.values()], status: this.status };
  }

  record(id: string): JobRecord | undefined {
    return this.records.get(id);
  }

  #apply(selection: Selection, patch: (v: JobView) => Partial<JobView> | undefined): number {
    const ids = 'all' in selection ? this.ids() : selection.ids;
    let n = 0;
    for (const id of ids) {
      const view = this.views.get(id);
      const change = view === undefined ? undefined : patch(view);
      if (change === undefined) continue;
      this.set(id, change);
      n++;
    }
    return n;
  }

  async pause(selection: Selection): Promise<number> {
    this.calls.pause.push(selection);
    return this.#apply(selection, (v) => (FINAL_STATES.has(v.state) || v.paused ? undefined : { paused: true }));
  }
  async resume(selection: Selection): Promise<number> {
    this.calls.resume.push(selection);
    return this.#apply(selection, (v) => (v.paused ? { paused: false } : undefined));
  }
  async retry(selection: Selection): Promise<number> {
    this.calls.retry.push(selection);
    return this.#apply(selection, (v) => (FINAL_STATES.has(v.state) && v.state !== 'ready' ? { state: 'queued', error: null } : undefined));
  }
  async cancel(): Promise<number> {
    throw new Error('the command line never cancels');
  }
  async moveToTop(): Promise<number> {
    throw new Error('not used by the command line');
  }
  async clearCompleted(): Promise<number> {
    throw new Error('not used by the command line');
  }
  async setTitle(): Promise<JobView> {
    throw new Error('not used by the command line');
  }
  async setConcurrency(): Promise<QueueStatus> {
    throw new Error('not used by the command line');
  }
  async setBandwidthCap(): Promise<QueueStatus> {
    throw new Error('not used by the command line');
  }
  async relocate(): Promise<JobView | null> {
    throw new Error('not used by the command line');
  }
  resumableOver(): number {
    return this.threshold;
  }
  async setResumableOver(bytes: number): Promise<number> {
    this.threshold = bytes;
    return bytes;
  }
  async setResumable(selection: Selection, resumable: boolean): Promise<number> {
    return this.#apply(selection, (v) => (v.resumable === resumable ? undefined : { resumable }));
  }
  onChange(listener: (change: QueueChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  async idle(): Promise<void> {}
  async close(): Promise<void> {
    this.closed = true;
    this.#listeners.clear();
  }
  listeners(): number {
    return this.#listeners.size;
  }
}

/** Deps over a fake queue; the walk keeps the video files among the paths and names the rest. */
export function fakeDeps(queue: FakeQueue): VideosDeps & { opened: ({ dir: string } & Omit<QueueSettings, 'tus' | 'notice'>)[]; tus: (TusAccess | undefined)[]; notice?: (message: string) => void; clientFor?: Parameters<VideosDeps['openQueue']>[1] } {
  const deps: VideosDeps & { opened: ({ dir: string } & Omit<QueueSettings, 'tus' | 'notice'>)[]; tus: (TusAccess | undefined)[]; notice?: (message: string) => void; clientFor?: Parameters<VideosDeps['openQueue']>[1] } = {
    opened: [],
    tus: [],
    async openQueue(dir, clientFor, settings) {
      // Signing access and the notice channel are recorded apart, so tests of the other settings compare them as before.
      const { tus, notice, ...rest } = settings;
      deps.opened.push({ dir, ...rest });
      deps.tus.push(tus);
      if (notice !== undefined) deps.notice = notice;
      deps.clientFor = clientFor;
      return queue;
    },
    async walk(paths) {
      return { files: paths.filter((p) => isVideoFileName(p)), skipped: paths.filter((p) => !isVideoFileName(p)).map((p) => basename(p)) };
    },
  };
  return deps;
}

/** Resolves once `test` holds for the output, checked after every write (no sleeping). */
export function outputWhere(stream: ReturnType<typeof capture>, test: (text: string) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const original = stream.write.bind(stream);
    if (test(stream.text())) return resolve();
    stream.write = (chunk) => {
      const r = original(chunk);
      if (test(stream.text())) resolve();
      return r;
    };
  });
}
