/**
 * `burrow videos upload`: the app's upload queue, run from a shell through the core (the CLI is a third shell). The
 * core keeps the queue (persisted, locked), walks folders and takes a run's earlier rows up again; this file holds
 * only the command's own rules: which jobs it follows, when it is done, what it prints and how it exits.
 */
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { AddResult } from '../shared/contract/videos.js';
import { FINAL_STATES, isVideoFileName, type JobView } from '../shared/videos/model.js';
import { CliCallError, stateDirFor, type CliCore } from './core.js';
import { createErrorWriter, EXIT, SIGNAL_EXIT, type CliIo } from './io.js';
import type { ProcessHooks } from './sandbox.js';
import { parseUploadArgs, UPLOAD_HELP, UPLOAD_USAGE, VIDEOS_HELP, wantsHelp, type UploadCommand } from './videos-args.js';
import { jsonReporter, terminalReporter, type UploadReporter, type UploadSummary } from './videos-report.js';
import { openVideosCore, type videosCore } from './videos-setup.js';

/** What a run may be given besides its words (tests). */
export interface VideosOptions {
  /** After the run, the process is made to exit this much later if something still holds it; null never. */
  readonly exitGraceMs?: number | null;
  /** Opens the core the upload runs on (tests: a scripted one); default `videosCore`. */
  readonly openCore?: typeof videosCore;
}

/** Runs `burrow videos …`; resolves to the exit status. */
export async function runVideos(args: readonly string[], io: CliIo, hooks: ProcessHooks, options: VideosOptions = {}): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    (sub === undefined ? io.stderr : io.stdout).write(VIDEOS_HELP);
    return sub === undefined ? EXIT.usage : EXIT.ok;
  }
  if (sub === 'fetch') return (await import('./videos-fetch.js')).runVideosFetch(rest, io, hooks, options);
  if (sub === 'list') return (await import('./videos-list.js')).runVideosList(rest, io);
  if (sub === 'stats' || sub === 'top') return (await import('./delivery.js')).runDelivery(sub, rest, io);
  if (sub !== 'upload') {
    io.stderr.write(`burrow: unknown videos command ${JSON.stringify(sub)}; the commands are upload, fetch, list, stats and top (burrow videos --help)\n`);
    return EXIT.usage;
  }
  if (wantsHelp(rest)) {
    io.stdout.write(UPLOAD_HELP);
    return EXIT.ok;
  }
  const parsed = parseUploadArgs(rest);
  if (!parsed.ok) {
    io.stderr.write(`burrow: ${parsed.message} (usage: burrow ${UPLOAD_USAGE.split(' [')[0] ?? ''} …; burrow videos upload --help)\n`);
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

async function runUpload(cmd: UploadCommand, io: CliIo, hooks: ProcessHooks, options: VideosOptions): Promise<number> {
  const secrets: string[] = [];
  if (cmd.libraryKey !== undefined) secrets.push(cmd.libraryKey);
  if (cmd.apiKey !== undefined) secrets.push(cmd.apiKey);
  const err = createErrorWriter(io, () => secrets);

  const paths = cmd.paths.map((p) => resolve(p));
  const found = await Promise.all(paths.map((p) => stat(p).catch(() => null)));
  const missing = found.findIndex((info) => info === null);
  if (missing !== -1) {
    err(`burrow: no such file or folder: ${cmd.paths[missing] ?? ''}`);
    return EXIT.usage;
  }
  // Files alone that are no videos need no core to say so; a folder is walked by the core.
  if (found.every((info) => info?.isFile() === true) && !paths.some((p) => isVideoFileName(basename(p)))) {
    err(`burrow: no video files among the paths given (left out: ${paths.map((p) => basename(p)).join(', ')})`);
    return EXIT.usage;
  }
  const dir = stateDirFor(io.env, io.home);
  // Resumable uploads are signed in the core, in this process, with the library's key; it is never sent as is.
  const core = await openVideosCore(cmd, io, secrets, err, options.openCore, dir);
  if (typeof core === 'number') return core;
  const json = cmd.json || io.stdout.isTTY !== true;
  const reporter = json ? jsonReporter(io.stdout, () => secrets) : terminalReporter(io.stdout, () => secrets);
  try {
    return await follow(cmd, paths, core, { reporter, hooks, err, dir });
  } finally {
    await core.close();
  }
}

/** What following a run is told with. */
interface Follow {
  readonly reporter: UploadReporter;
  readonly hooks: ProcessHooks;
  readonly err: (line: string) => void;
  /** The queue's folder, for the message when it cannot be opened. */
  readonly dir: string;
}

/** Sets the run's flags on the queue (kept for later runs); the first call opens it. False when it cannot be opened. */
async function applySettings(cmd: UploadCommand, core: CliCore, f: Follow): Promise<boolean> {
  try {
    await core.invoke('videos.setConcurrency', { value: cmd.concurrency });
  } catch (e) {
    if (!(e instanceof CliCallError)) throw e;
    const { kind, title, detail } = e.error;
    f.err(`burrow: cannot open the upload queue in ${f.dir}: ${title}${kind === 'internal' && detail !== undefined ? `: ${detail}` : ''}`);
    return false;
  }
  if (cmd.bandwidthCap !== undefined) await core.invoke('videos.setBandwidthCap', { bytesPerSecond: cmd.bandwidthCap });
  if (cmd.resumableOver !== undefined) await core.invoke('videos.setResumableOver', { bytes: cmd.resumableOver });
  return true;
}

/** Adds the files, follows their jobs to the end (or a signal, or a network that stays away), reports, and says how it ended. */
async function follow(cmd: UploadCommand, paths: readonly string[], core: CliCore, f: Follow): Promise<number> {
  const { reporter, hooks, err } = f;
  const latest = new Map<string, JobView>();
  const followed = new Set<string>();
  const files = new Map<string, string>();
  let ended: ((how: 'done' | 'offline' | 'SIGINT' | 'SIGTERM') => void) | undefined;
  const end = new Promise<'done' | 'offline' | 'SIGINT' | 'SIGTERM'>((r) => (ended = r));
  const fileOf = (id: string) => files.get(id) ?? id;
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

  const offJobs = core.on('videos.jobs', (change) => {
    for (const view of change.jobs) {
      latest.set(view.id, view);
      if (followed.has(view.id)) reporter.job(view, fileOf(view.id));
    }
    network(change.status.waitingForNetwork);
    if (followed.size > 0) checkDone();
  });
  // What the queue says that is not about one file (a journal line lost, the history not written); its own failure to
  // open comes back from the first call.
  const offNotices = core.on('desktop.notice', (n) => n.level !== 'error' && err(`burrow: ${n.message}`));
  const onSignal = (signal: NodeJS.Signals) => ended?.(signal === 'SIGTERM' ? 'SIGTERM' : 'SIGINT');
  hooks.onSignal('SIGINT', onSignal);
  hooks.onSignal('SIGTERM', onSignal);
  try {
    if (!(await applySettings(cmd, core, f))) return EXIT.http;
    // Jobs left by an earlier run wait, paused, for the run that names their files again (the core takes those up).
    await core.invoke('videos.pause', { all: true });
    let added: AddResult;
    try {
      added = await core.invokeWithFiles(paths, 'videos.add', {
        libraryId: cmd.libraryId, collectionId: cmd.collectionId, takeUp: true,
        ...(cmd.again ? { again: true } : {}), ...(cmd.title !== undefined ? { title: cmd.title } : {}), ...(cmd.resumable ? { resumable: true } : {}),
      });
    } catch (e) {
      if (!(e instanceof CliCallError) || e.error.kind !== 'validation') throw e;
      err(`burrow: ${e.message}`);
      return EXIT.usage;
    }
    if (added.files.length === 0) {
      err(`burrow: no video files among the paths given${added.skipped.length > 0 ? ` (left out: ${added.skipped.join(', ')})` : ''}`);
      return EXIT.usage;
    }
    for (const name of added.skipped) reporter.skipped(name, 'not a video file');
    const pathOf = (file: AddResult['files'][number]) => core.pathOf(file.token) ?? file.name;
    const named = (outcome: AddResult['files'][number]['outcome']) => added.files.filter((file) => file.outcome === outcome);
    for (const file of added.files) {
      if (file.jobId === undefined) continue;
      followed.add(file.jobId);
      if (!files.has(file.jobId)) files.set(file.jobId, pathOf(file));
    }
    for (const p of named('uploaded')) reporter.skipped(pathOf(p), `uploaded to library ${cmd.libraryId} before (${new Date(p.uploadedAt ?? 0).toISOString()}); --again uploads it again`);
    for (const p of named('unreadable')) reporter.skipped(pathOf(p), 'cannot be read');
    for (const p of named('empty')) reporter.skipped(pathOf(p), 'the file is empty (0 bytes): there is nothing to upload');
    const { jobs, status } = await core.invoke('videos.list', {});
    const now = new Map(jobs.map((v) => [v.id, v]));
    // A file taken up again stays in the collection its upload began in: said when this run names another.
    for (const id of new Set(named('queued').map((q) => q.jobId ?? ''))) {
      const where = now.get(id)?.collectionId;
      if (where === undefined || cmd.collectionId === null || where === cmd.collectionId) continue;
      err(`burrow: ${fileOf(id)} already has an upload in ${where === null ? 'no collection' : `collection ${where}`} (begun by an earlier run); it goes on there, not in collection ${cmd.collectionId} (--collection applies to new uploads only)`);
    }
    for (const id of followed) {
      const view = now.get(id) ?? latest.get(id);
      if (view === undefined) continue;
      latest.set(id, view);
      reporter.job(view, fileOf(id));
    }
    network(status.waitingForNetwork);
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
    return summary.failed + summary.cancelled + summary.sourceChanged + named('unreadable').length + named('empty').length > 0 ? EXIT.http : EXIT.ok;
  } finally {
    if (offlineTimer !== undefined) clearTimeout(offlineTimer);
    hooks.offSignal('SIGINT', onSignal);
    hooks.offSignal('SIGTERM', onSignal);
    offJobs();
    offNotices();
  }
}
