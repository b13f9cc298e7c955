/** Test helpers for `burrow videos upload`: a core that answers the upload's calls in memory and moves jobs when told to. */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { EventName, MethodName } from '../../shared/contract/channels.js';
import type { EventPayload, FileMethod, MethodInput } from '../../shared/contract/index.js';
import type { AddResult } from '../../shared/contract/videos.js';
import { CONCURRENCY, FINAL_STATES, isVideoFileName, titleFromFileName, type JobView, type QueueStatus } from '../../shared/videos/model.js';
import type { CliCore } from '../core.js';
import type { CliIo, OutStream } from '../io.js';
import type { ProcessHooks } from '../sandbox.js';
import type { VideosOptions } from '../videos.js';

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

type Selection = MethodInput<'videos.pause'>;

/**
 * The core as `burrow videos upload` calls it, in memory: every call is recorded; `videos.add` treats names that look
 * like videos as files (a path in `history` was uploaded before) and every other name as not a video; `set` moves a
 * job and sends the change as the core's event does.
 */
export class FakeCore implements CliCore {
  readonly views = new Map<string, JobView>();
  readonly paths = new Map<string, string>();
  readonly calls: { readonly method: string; readonly input: unknown }[] = [];
  /** Paths `videos.add` answers as uploaded before. */
  readonly history = new Set<string>();
  closed = false;
  status: QueueStatus = STATUS;
  #listeners = new Map<string, Set<(payload: unknown) => void>>();
  #next = 1;

  /** Puts a job in the queue as an earlier run left it. */
  seed(path: string, patch: Partial<JobView> = {}): string {
    const id = `job-${this.#next++}`;
    const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    this.paths.set(id, path);
    this.views.set(id, {
      id, profileId: 'cli', position: this.#next, libraryId: 7, collectionId: null, title: titleFromFileName(basename(path)), fileName: basename(path), size, state: 'queued', paused: false,
      videoId: null, bytesSent: 0, speed: null, eta: null, encodeProgress: null, error: null, note: null, highlight: false, resumable: false, ...patch,
    });
    return id;
  }

  /** Moves a job and sends the change, as the core does after persisting it. */
  set(id: string, patch: Partial<JobView>): void {
    const view = this.views.get(id);
    if (view === undefined) throw new Error(`no job ${id}`);
    const next = { ...view, ...patch };
    this.views.set(id, next);
    this.emit('videos.jobs', { jobs: [next], removed: [], status: this.status });
  }

  /** The platform is unreachable (true) or back (false). */
  setWaiting(waiting: boolean): void {
    this.status = { ...this.status, waitingForNetwork: waiting };
    this.emit('videos.jobs', { jobs: [], removed: [], status: this.status });
  }

  /** The ids in the order they were added. */
  ids(): string[] {
    return [...this.views.keys()];
  }

  /** The inputs of one method's calls, in order. */
  inputs<M extends MethodName>(method: M): MethodInput<M>[] {
    return this.calls.filter((c) => c.method === method).map((c) => c.input as MethodInput<M>);
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const l of [...(this.#listeners.get(event) ?? [])]) l(payload);
  }

  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    const set = this.#listeners.get(event) ?? new Set();
    this.#listeners.set(event, set);
    const l = listener as (payload: unknown) => void;
    set.add(l);
    return () => set.delete(l);
  }

  sleep(): Promise<void> {
    throw new Error('not used by the videos commands');
  }

  async invoke<M extends MethodName>(method: M, input: MethodInput<M>): Promise<never> {
    this.calls.push({ method, input });
    return this.#answer(method, input) as never;
  }

  async invokeWithFiles<M extends FileMethod>(paths: readonly string[], method: M, input: Omit<MethodInput<M>, 'tokens'>): Promise<never> {
    this.calls.push({ method, input: { ...input, paths } });
    if (method !== 'videos.add') throw new Error(`not used by the command line: ${method}`);
    return this.#add(paths, input as Omit<MethodInput<'videos.add'>, 'tokens'>) as never;
  }

  pathOf(token: string): string | undefined {
    return token.startsWith('t:') ? token.slice(2) : undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.#listeners.clear();
  }

  listeners(): number {
    return [...this.#listeners.values()].reduce((n, s) => n + s.size, 0);
  }

  #answer(method: string, input: unknown): unknown {
    switch (method) {
      case 'videos.setConcurrency':
        return (this.status = { ...this.status, concurrency: (input as { value: number }).value });
      case 'videos.setBandwidthCap':
        return (this.status = { ...this.status, bandwidthCap: (input as { bytesPerSecond: number | null }).bytesPerSecond });
      case 'videos.setResumableOver':
        return (input as { bytes: number }).bytes;
      case 'videos.pause':
        return { changed: this.#apply(input as Selection, (v) => (FINAL_STATES.has(v.state) || v.paused ? undefined : { paused: true })) };
      case 'videos.list':
        return { jobs: [...this.views.values()], status: this.status };
      default:
        throw new Error(`not used by the command line: ${method}`);
    }
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

  #add(paths: readonly string[], input: Omit<MethodInput<'videos.add'>, 'tokens'>): AddResult {
    const files: AddResult['files'] = [];
    const added: JobView[] = [];
    for (const path of paths.filter((p) => isVideoFileName(p))) {
      const token = `t:${path}`;
      const name = basename(path);
      if (this.history.has(path) && input.again !== true) {
        files.push({ token, name, outcome: 'uploaded', uploadedAt: Date.UTC(2026, 0, 2) });
        continue;
      }
      const id = this.seed(path, { libraryId: input.libraryId, collectionId: input.collectionId, ...(input.title !== undefined ? { title: input.title } : {}), resumable: input.resumable === true });
      added.push(this.views.get(id) as JobView);
      files.push({ token, name, outcome: 'added', jobId: id });
    }
    this.emit('videos.jobs', { jobs: added, removed: [], status: this.status });
    return { files, skipped: paths.filter((p) => !isVideoFileName(p)).map((p) => basename(p)) };
  }
}

/** Options that run the command on `core`; `opened` records what the command opened it with. */
export function fakeCoreOptions(core: FakeCore): VideosOptions & { readonly opened: Parameters<NonNullable<VideosOptions['openCore']>>[0][] } {
  const opened: Parameters<NonNullable<VideosOptions['openCore']>>[0][] = [];
  return {
    opened,
    exitGraceMs: null,
    openCore: async (options) => {
      opened.push(options);
      return core;
    },
  };
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
