/**
 * `burrow videos upload`: the app's upload queue, run from a shell. The queue (persisted, locked) and the folder
 * walk are injected, so this file holds only the command's own rules: which jobs it follows, when it is done, what
 * it prints and how it exits.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { PlatformClient } from '../electron/core/platform/types.js';
import type { NewJob, TusAccess, UploadQueue } from '../electron/core/videos/types.js';
import { FINAL_STATES, type JobView } from '../shared/videos/model.js';
import { createErrorWriter, EXIT, SIGNAL_EXIT, type CliIo } from './io.js';
import type { ProcessHooks } from './sandbox.js';
import { parseUploadArgs, UPLOAD_HELP, UPLOAD_USAGE, VIDEOS_HELP, wantsHelp, type UploadCommand } from './videos-args.js';
import { planUpload, RESUMABLE_ENDINGS } from './videos-plan.js';
import { jsonReporter, terminalReporter, type UploadReporter, type UploadSummary } from './videos-report.js';
import { stateDirFor } from './core.js';
import { commandLibraryKey, uploadClient, videoUrlFor, type LibraryKeyInput } from './videos-setup.js';

/** What the folder walk gives: the video files found, and what was left out (names). */
export interface WalkResult {
  readonly files: readonly string[];
  readonly skipped: readonly string[];
}

/** What the command's flags set on the queue it opens; an absent cap keeps the one the queue has. */
export interface QueueSettings {
  readonly concurrency: number;
  readonly bandwidthCap?: number | null;
  /** Files of at least this many bytes go resumable (--resumable-over); absent keeps the queue's setting. */
  readonly resumableOver?: number;
  /** How resumable uploads are signed: the run's video URL and the key it resolved. */
  readonly tus?: TusAccess;
  /** Told what the user should know that is not about one file (the upload history could not be written). */
  readonly notice?: (message: string) => void;
}

/** The core pieces the command runs on; the real ones are in videos-wiring.ts. */
export interface VideosDeps {
  openQueue(dir: string, clientFor: (profileId: string) => Promise<PlatformClient>, settings: QueueSettings): Promise<UploadQueue>;
  walk(paths: readonly string[]): Promise<WalkResult>;
}

/** What a run may be given besides its words (tests). */
export interface VideosOptions {
  readonly deps?: VideosDeps;
  readonly keyClientOptions?: LibraryKeyInput['clientOptions'];
  /** After the run, the process is made to exit this much later if something still holds it; null never. */
  readonly exitGraceMs?: number | null;
}

/** Whose jobs these are in the queue: the command line's own profile id. */
export const CLI_PROFILE_ID = 'cli';

/** Exit statuses after a signal: the shell's 128 + signal number. */

/** Runs `burrow videos …`; resolves to the exit status. */
export async function runVideos(args: readonly string[], io: CliIo, hooks: ProcessHooks, options: VideosOptions = {}): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    (sub === undefined ? io.stderr : io.stdout).write(VIDEOS_HELP);
    return sub === undefined ? EXIT.usage : EXIT.ok;
  }
  if (sub === 'fetch') return (await import('./videos-fetch.js')).runVideosFetch(rest, io, hooks, options);
  if (sub === 'list') return (await import('./videos-list.js')).runVideosList(rest, io);
  if (sub !== 'upload') {
    io.stderr.write(`burrow: unknown videos command ${JSON.stringify(sub)}; the commands are upload, fetch and list (burrow videos --help)\n`);
    return EXIT.usage;
  }
  if (wantsHelp(rest)) {
    io.stdout.write(UPLOAD_HELP);
    return EXIT.ok;
  }
  const parsed = parseUploadArgs(rest);
  if (!parsed.ok) {
    io.stderr.write(`burrow: ${parsed.error.message} (usage: burrow ${UPLOAD_USAGE.split(' [')[0] ?? ''} …; burrow videos upload --help)\n`);
    return EXIT.usage;
  }
  return exitAfterGrace(await runUpload(parsed.command, io, hooks, options), hooks, options);
}

/** Passes a finished command's status on, and exits with it after a grace period unless told not to wait. */
export function exitAfterGrace(code: number, hooks: ProcessHooks, options: VideosOptions): number {
  if (options.exitGraceMs !== null) {
    // A socket or timer the core failed to release must not keep a finished command alive.
    setTimeout(() => hooks.exit(code), options.exitGraceMs ?? 2000).unref();
  }
  return code;
}

/** Whether a job counts as done: ready, or (with --no-wait) verified and processing. */
function isDone(view: JobView, wait: boolean): boolean {
  return view.state === 'ready' || (!wait && view.state === 'processing');
}

function isSettled(view: JobView, wait: boolean): boolean {
  return FINAL_STATES.has(view.state) || isDone(view, wait);
}

function summarize(views: readonly JobView[], wait: boolean): UploadSummary {
  const count = (test: (v: JobView) => boolean) => views.filter(test).length;
  return {
    queued: views.length,
    done: count((v) => isDone(v, wait)),
    failed: count((v) => v.state === 'failed'),
    cancelled: count((v) => v.state === 'cancelled'),
    sourceChanged: count((v) => v.state === 'source-changed' || v.state === 'source-missing'),
  };
}

async function missingPath(paths: readonly string[]): Promise<string | undefined> {
  for (const p of paths) {
    try {
      await stat(p);
    } catch {
      return p;
    }
  }
  return undefined;
}

async function runUpload(cmd: UploadCommand, io: CliIo, hooks: ProcessHooks, options: VideosOptions): Promise<number> {
  const secrets: string[] = [];
  if (cmd.libraryKey !== undefined) secrets.push(cmd.libraryKey);
  if (cmd.apiKey !== undefined) secrets.push(cmd.apiKey);
  const err = createErrorWriter(io, () => secrets);

  const missing = await missingPath(cmd.paths);
  if (missing !== undefined) {
    err(`burrow: no such file or folder: ${missing}`);
    return EXIT.usage;
  }
  const video = videoUrlFor(cmd.videoUrl, io.env);
  if (!video.ok) {
    err(`burrow: ${video.message}`);
    return EXIT.usage;
  }
  // Loaded on demand, as `burrow api` is: the queue's modules are only needed here.
  const deps = options.deps ?? (await import('./videos-wiring.js')).coreDeps();
  const walked = await deps.walk(cmd.paths.map((p) => resolve(p)));
  if (cmd.title !== undefined && walked.files.length > 1) {
    err(`burrow: --title names one video, but ${cmd.paths[0] ?? ''} holds ${walked.files.length} video files`);
    return EXIT.usage;
  }
  if (walked.files.length === 0) {
    err(`burrow: no video files among the paths given${walked.skipped.length > 0 ? ` (left out: ${walked.skipped.join(', ')})` : ''}`);
    return EXIT.usage;
  }

  const key = await commandLibraryKey(cmd, io, secrets, err, options.keyClientOptions);
  if (!key.ok) return key.exit;

  const json = cmd.json || io.stdout.isTTY !== true;
  const reporter = json ? jsonReporter(io.stdout, () => secrets) : terminalReporter(io.stdout, () => secrets);
  const client = uploadClient({ libraryId: cmd.libraryId, libraryKey: key.key, accountKey: key.accountKey, apiUrl: key.apiUrl, videoUrl: video.url });
  const dir = stateDirFor(io.env, io.home);
  let queue: UploadQueue;
  try {
    // Resumable uploads are signed here, in this process, with the key the run resolved; it is never sent as is.
    const tus: TusAccess = { videoUrl: video.url, libraryKey: async (id) => (id === cmd.libraryId ? key.key : null) };
    queue = await deps.openQueue(dir, async () => client, {
      concurrency: cmd.concurrency,
      tus,
      notice: (message) => err(`burrow: ${message}`),
      ...(cmd.bandwidthCap !== undefined ? { bandwidthCap: cmd.bandwidthCap } : {}),
      ...(cmd.resumableOver !== undefined ? { resumableOver: cmd.resumableOver } : {}),
    });
    const recovered = (queue as { readonly recovered?: unknown }).recovered;
    if (typeof recovered === 'string') err(`burrow: ${recovered}`);
  } catch (e) {
    await client.close();
    err(`burrow: cannot open the upload queue in ${dir}: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT.http;
  }
  try {
    return await follow(cmd, queue, walked, reporter, hooks, err);
  } finally {
    await queue.close();
    await client.close();
  }
}

/** Adds the files, follows their jobs to the end (or a signal, or a network that stays away), reports, and says how it ended. */
async function follow(cmd: UploadCommand, queue: UploadQueue, walked: WalkResult, reporter: UploadReporter, hooks: ProcessHooks, err: (line: string) => void): Promise<number> {
  const latest = new Map<string, JobView>();
  const followed = new Set<string>();
  const files = new Map<string, string>();
  let ended: ((how: 'done' | 'offline' | 'SIGINT' | 'SIGTERM') => void) | undefined;
  const end = new Promise<'done' | 'offline' | 'SIGINT' | 'SIGTERM'>((r) => (ended = r));
  const fileOf = (id: string) => files.get(id) ?? queue.record(id)?.path ?? id;
  const checkDone = () => {
    if ([...followed].every((id) => { const v = latest.get(id); return v !== undefined && isSettled(v, cmd.wait); })) ended?.('done');
  };

  let offlineTimer: NodeJS.Timeout | undefined;
  let waiting = false;
  const network = (now: boolean) => {
    if (now === waiting) return;
    waiting = now;
    reporter.network(now);
    if (offlineTimer !== undefined) clearTimeout(offlineTimer);
    offlineTimer = now && cmd.offlineTimeoutMs > 0 ? setTimeout(() => ended?.('offline'), cmd.offlineTimeoutMs) : undefined;
  };

  const unsubscribe = queue.onChange((change) => {
    for (const view of change.jobs) {
      latest.set(view.id, view);
      if (followed.has(view.id)) reporter.job(view, fileOf(view.id));
    }
    network(change.status.waitingForNetwork);
    if (followed.size > 0) checkDone();
  });
  const onSignal = (signal: NodeJS.Signals) => ended?.(signal === 'SIGTERM' ? 'SIGTERM' : 'SIGINT');
  hooks.onSignal('SIGINT', onSignal);
  hooks.onSignal('SIGTERM', onSignal);
  try {
    const before = queue.list();
    for (const view of before.jobs) latest.set(view.id, view);
    // Jobs left by an earlier run for other files (or another library) wait, paused, for the run that names them again.
    const others = before.jobs.filter((v) => !FINAL_STATES.has(v.state) && !v.paused).map((v) => v.id);
    if (others.length > 0) await queue.pause({ ids: others });

    const plan = await planUpload(queue, walked.files, cmd.libraryId);
    const jobs: NewJob[] = plan.add.map((path) => ({ path, profileId: CLI_PROFILE_ID, libraryId: cmd.libraryId, collectionId: cmd.collectionId, ...(cmd.title !== undefined ? { title: cmd.title } : {}), ...(cmd.resumable ? { resumable: true } : {}) }));
    for (const name of walked.skipped) reporter.skipped(name, 'not a video file');
    const added = await queue.add(jobs, cmd.again ? { again: true } : {});
    for (const view of added.added) {
      followed.add(view.id);
      if (!latest.has(view.id)) latest.set(view.id, view);
    }
    const toResume: string[] = [];
    const toRetry: string[] = [...plan.retry];
    for (const id of plan.retry) followed.add(id);
    // A file taken up again stays in the collection its upload began in: say so when this run names another.
    const collectionOf = (id: string) => {
      const record = queue.record(id);
      if (record === undefined || cmd.collectionId === null || record.collectionId === cmd.collectionId) return;
      const where = record.collectionId === null ? 'no collection' : `collection ${record.collectionId}`;
      err(`burrow: ${record.path} already has an upload in ${where} (begun by an earlier run); it goes on there, not in collection ${cmd.collectionId} (--collection applies to new uploads only)`);
    };
    for (const id of new Set(plan.retry)) collectionOf(id);
    const current = new Map(queue.list().jobs.map((v) => [v.id, v]));
    for (const id of added.alreadyQueued) {
      const record = queue.record(id);
      if (record !== undefined && record.libraryId !== cmd.libraryId) {
        reporter.skipped(record.path, `already queued for library ${record.libraryId}`);
        continue;
      }
      if (!followed.has(id)) collectionOf(id);
      followed.add(id);
      const view = current.get(id) ?? latest.get(id);
      if (view === undefined) continue;
      latest.set(id, view);
      // The same job again, on its video: an interrupted one continues, an ended one is retried (never re-created).
      if (RESUMABLE_ENDINGS.has(view.state)) toRetry.push(id);
      else if (view.paused) toResume.push(id);
    }
    for (const p of added.previouslyUploaded) reporter.skipped(p.path, `uploaded to library ${cmd.libraryId} before (${new Date(p.uploadedAt).toISOString()}); --again uploads it again`);
    for (const p of added.unreadable) reporter.skipped(p, 'cannot be read');
    for (const p of added.empty) reporter.skipped(p, 'the file is empty (0 bytes): there is nothing to upload');
    if (cmd.resumable) {
      // Jobs of an earlier run taken up again go resumable too when this run asks for it.
      const plain = [...followed].filter((id) => queue.record(id)?.resumable === false);
      if (plain.length > 0) await queue.setResumable({ ids: plain }, true);
    }
    if (toResume.length > 0) await queue.resume({ ids: toResume });
    if (toRetry.length > 0) await queue.retry({ ids: toRetry });
    const settled = new Map(queue.list().jobs.map((v) => [v.id, v]));
    for (const id of followed) {
      files.set(id, queue.record(id)?.path ?? id);
      const view = settled.get(id) ?? latest.get(id);
      if (view !== undefined) latest.set(id, view);
      if (view !== undefined) reporter.job(view, fileOf(id));
    }
    network(queue.list().status.waitingForNetwork);
    checkDone();
    const how = await end;
    const views = [...followed].map((id) => latest.get(id)).filter((v): v is JobView => v !== undefined);
    const summary = summarize(views, cmd.wait);
    reporter.finish(summary);
    if (how === 'SIGINT' || how === 'SIGTERM') {
      err(`burrow: interrupted; the queue keeps ${summary.queued - summary.done - summary.failed - summary.cancelled - summary.sourceChanged} unfinished upload(s): run the same command again to continue them`);
      return SIGNAL_EXIT[how];
    }
    if (how === 'offline') {
      err(`burrow: the platform could not be reached for ${cmd.offlineTimeoutMs / 1000} s; the uploads stay queued: run the same command again to continue them`);
      return EXIT.network;
    }
    return summary.failed + summary.cancelled + summary.sourceChanged + added.unreadable.length + added.empty.length > 0 ? EXIT.http : EXIT.ok;
  } finally {
    if (offlineTimer !== undefined) clearTimeout(offlineTimer);
    hooks.offSignal('SIGINT', onSignal);
    hooks.offSignal('SIGTERM', onSignal);
    unsubscribe();
  }
}
