/**
 * Running one job in an upload slot: its state on disk before the runner sends anything, the runner's updates and
 * progress, the outcome applied once the runner returns, and cancelling (which waits for the run, then deletes an
 * unfinished video). The queue owns the slots, the journal and the loops; it hands them over through a host.
 */
import { toAppError } from '../../errors.js';
import type { UploadHistory } from './history.js';
import type { JournalLine } from './journal.js';
import { isEnded, transition } from './machine.js';
import type { LoopSetHost, QueueLoops } from './queue-loop-set.js';
import { thrownJobError } from './queue-support.js';
import { SpeedMeter } from './speed.js';
import type { JobRecord, RunContext, RunOutcome, TusAccess } from '../types.js';

/** One job holding an upload slot. */
export interface Run {
  readonly controller: AbortController;
  bytes: number;
  meter: SpeedMeter;
  cancelRequested: boolean;
  done: Promise<void>;
}

/** What running and cancelling a job need from the queue. */
export interface RunHost extends LoopSetHost {
  readonly history: UploadHistory;
  readonly bandwidth: RunContext['bandwidth'];
  /** The jobs holding a slot now. */
  readonly running: Map<string, Run>;
  /** What a resumable job's platform had when its run last stopped. */
  readonly kept: Map<string, number>;
  /** Poll loops, title retries, the network probe and cancels' deletes. */
  readonly loops: QueueLoops;
  tusAccessFor(profileId: string): Promise<TusAccess | undefined> | undefined;
  /** The job, or a not-found error. */
  get(id: string): JobRecord;
  /** Takes the record in memory at once and resolves once it is on disk. */
  commit(job: JobRecord, line?: JournalLine): Promise<void>;
  /** Counts the step as under way until it settles. */
  track<T>(p: Promise<T>): Promise<T>;
  /** The row changed: it goes out with the next change event. */
  mark(id: string): void;
  /** Tells the user something that is not about one row. */
  notice(message: string): void;
}

/** Histories whose last write failed: the user was told once, and is told again only after one succeeds. */
const failingHistories = new WeakSet<UploadHistory>();

/** Takes a slot for a waiting job and starts its run; nothing happens when the machine refuses the start. */
export function startRun(host: RunHost, job: JobRecord): void {
  const step = transition(job, { type: 'start' });
  if (!step.ok) return;
  const run: Run = { controller: new AbortController(), bytes: 0, meter: new SpeedMeter(host.now()), cancelRequested: false, done: Promise.resolve() };
  host.running.set(job.id, run);
  run.done = runJob(host, step.job, run).catch(() => undefined);
}

async function runJob(host: RunHost, started: JobRecord, run: Run): Promise<void> {
  const id = started.id;
  let finished = false;
  let outcome: RunOutcome;
  try {
    // The slot's state is on disk before the runner sends anything.
    await host.track(host.commit(started));
    const client = await host.clientFor(started.profileId);
    const ctx: RunContext = {
      job: () => host.job(id) ?? started,
      update: async (patch) => {
        if (finished) throw new Error('The runner has already returned');
        const current = host.get(id);
        const step = transition(current, { type: 'patch', patch });
        if (!step.ok) throw new Error(`Refused runner update: ${step.reason}`);
        await host.track(host.commit(step.job, { t: 'patch', id, patch }));
        if (patch.videoId && !step.job.titleSynced) host.loops.syncTitle(id);
      },
      progress: (bytes) => {
        if (finished || !Number.isFinite(bytes) || bytes <= run.bytes) return;
        // A resumed upload starts at the platform's offset: the speed counts from there, not from zero.
        if (run.bytes === 0 && host.get(id).resumable) run.meter = new SpeedMeter(host.now(), bytes);
        run.bytes = bytes;
        run.meter.sample(bytes, host.now());
        host.mark(id);
      },
      signal: run.controller.signal,
      client,
      bandwidth: host.bandwidth,
      tus: started.resumable ? await host.tusAccessFor(started.profileId) : undefined,
    };
    // Paused, cancelled or closed before the runner got going: it is never started.
    outcome = run.controller.signal.aborted ? { kind: 'stopped' } : await host.runner.upload(ctx);
  } catch (e) {
    outcome = run.controller.signal.aborted ? { kind: 'stopped' } : { kind: 'failed', error: thrownJobError(e) };
  }
  finished = true;
  if (outcome.kind === 'stopped' || outcome.kind === 'offline') host.kept.set(id, run.bytes);
  else host.kept.delete(id);
  await host.track(finishRun(host, id, run, outcome));
}

async function finishRun(host: RunHost, id: string, run: Run, outcome: RunOutcome): Promise<void> {
  try {
    // Closing keeps the journal as it is: the next open puts the job back in line.
    if (host.closed()) return;
    // A cancel waits for this run and then ends the job itself; a stop must not put it back in line first.
    if (run.cancelRequested && outcome.kind === 'stopped') return;
    const job = host.job(id);
    if (!job) return;
    const step = transition(job, { type: 'outcome', outcome, at: host.now() });
    if (!step.ok) return;
    await host.commit(step.job);
    if (outcome.kind === 'verified' && step.job.videoId) {
      // The upload is done whatever happens here; a history that cannot be written is said, never passed over.
      const history = host.history;
      await history.record({ libraryId: job.libraryId, fingerprint: job.fingerprint, videoId: step.job.videoId, at: host.now() }).then(
        () => void failingHistories.delete(history),
        (e: unknown) => {
          if (failingHistories.has(history)) return;
          failingHistories.add(history);
          host.notice(`The upload history could not be written (${e instanceof Error ? e.message : String(e)}): ${job.fileName} was uploaded and counts as done, but a later upload of the same file will not be recognised as sent before. Check that ${history.path} can be written (is the disk full?); this is not said again for the next uploads until a write succeeds.`);
        },
      );
    }
    if (step.job.state === 'processing') host.loops.poll(id);
    if (outcome.kind === 'offline') host.loops.waitForNetwork(job);
  } finally {
    host.running.delete(id);
    host.mark(id);
    host.pump();
    host.checkIdle();
  }
}

/** Cancels one job: stops its run, deletes a video that never got the whole file, and ends the job; false when refused. */
export async function cancelJob(host: RunHost, id: string): Promise<boolean> {
  const run = host.running.get(id);
  if (run) {
    run.cancelRequested = true;
    run.controller.abort();
    await run.done;
  }
  host.loops.abort(`poll:${id}`);
  const job = host.job(id);
  if (!job || isEnded(job) || host.closed()) return false;
  let deleted = false;
  let note: string | null = null;
  if (job.videoId && !job.uploaded) {
    const controller = host.loops.start(`cancel:${id}`);
    try {
      await host.runner.deleteVideo(job, await host.clientFor(job.profileId), controller.signal);
      deleted = true;
      note = 'Deleted the unfinished video';
    } catch (e) {
      note = `Could not delete the unfinished video: ${toAppError(e).title}`;
    } finally {
      host.loops.delete(`cancel:${id}`);
    }
  } else if (job.videoId) {
    note = 'Kept the video: it had received the whole file';
  }
  host.kept.delete(id);
  await host.runner.forget?.(id).catch(() => undefined);
  return host.apply(id, { type: 'cancel', at: host.now(), deleted, note });
}
