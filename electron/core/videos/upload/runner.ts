/**
 * The platform calls of one upload job: check the source, create the video (or find it by marker), stream the
 * file by PUT on the same video id until the platform has it, and verify. The queue decides when; this decides how.
 */
import type { JobError } from '../../../../shared/videos/model.js';
import { appError } from '../../../../shared/contract/result.js';
import { AppFailure } from '../../errors.js';
import { backoff, retry, sleep as realSleep, type RetryPolicy } from '../../platform/policy.js';
import type { PlatformClient } from '../../platform/types.js';
import { Stopped, UPLOAD_POLICY, uploadRetry, type Stop } from './classify.js';
import { ensureVideo, syncTitle, type Attempt } from './marker.js';
import { checkSource, putFile } from './put-file.js';
import { memoryTusStore, type TusUrlStore } from '../tus/tus-store.js';
import type { JobRecord, JobRunner, ProcessingPoll, RunContext, RunOutcome } from '../types.js';
import { isEncoding, isKnownStatus, statusWords, videoPhase } from '../../../../shared/videos/status.js';
import { deleteVideo, getVideo, updateVideoTitle, VIDEO_STATUS, VideoCallFailure, type VideoInfo } from './video-api.js';

/** What a runner is built from; every field has a default. */
export interface JobRunnerOptions {
  /** Waits between attempts; rejects when the signal aborts. */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly random?: () => number;
  readonly now?: () => number;
  /** An upload attempt fails after this long without a byte going either way (default 60 s). */
  readonly idleTimeoutMs?: number;
  /** How often the source is looked at while it uploads (default 500 ms). */
  readonly statIntervalMs?: number;
  readonly policy?: Partial<RetryPolicy>;
  /** Where resumable uploads keep their URLs (the queue's folder for the app and the command line); default memory. */
  readonly tusStore?: TusUrlStore;
  /** Bytes per resumable PATCH (default the uploader's). */
  readonly tusChunkSize?: number;
}

/** Default idle limit of one upload attempt. */
export const UPLOAD_IDLE_MS = 60_000;

function outcomeOf(v: Stop): RunOutcome {
  return v.kind === 'stopped' ? { kind: 'stopped' } : v;
}

/** The AppError a JobRunner method throws when its call gave up (the queue shows or retries it). */
function thrownOf(v: Stop): AppFailure {
  if (v.kind === 'stopped') return new AppFailure(appError('cancelled', 'Cancelled'));
  const e = v.error;
  return new AppFailure(appError(v.kind === 'offline' ? 'network' : 'http', e.title, { ...(e.detail !== undefined ? { detail: e.detail } : {}), ...(e.status !== undefined ? { status: e.status } : {}) }));
}

const PROCESSING_FAILED: JobError = { title: 'The platform could not process the video', retryable: false };

/** Creates the runner. */
export function createJobRunner(options: JobRunnerOptions = {}): JobRunner {
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const policy: RetryPolicy = { ...UPLOAD_POLICY, ...options.policy };
  const idleTimeoutMs = options.idleTimeoutMs ?? UPLOAD_IDLE_MS;
  const tusStore = options.tusStore ?? memoryTusStore();

  async function pause(ms: number, signal: AbortSignal): Promise<void> {
    await sleep(ms, signal).catch(() => undefined);
    if (signal.aborted) throw new Stopped({ kind: 'stopped' });
  }

  /** Runs a step, retrying failed attempts as the policy says (a cancel in a wait throws AppFailure 'cancelled'). */
  function attemptWith(signal: AbortSignal): Attempt {
    return (step) => retry(step, policy, uploadRetry(signal, { now, random, sleep }));
  }

  /**
   * Streams the file until the platform has it; a source problem ends the job's turn with its outcome. The first
   * PUT of a turn goes on the look the turn began with; every later one looks at the file again first.
   */
  async function send(ctx: RunContext, videoId: string, attempt: Attempt): Promise<RunOutcome | undefined> {
    const job = ctx.job();
    let sourceChecked = true;
    return attemptWith(ctx.signal)(async () => {
      await ctx.update({ attempts: ctx.job().attempts + 1 });
      const checked = sourceChecked;
      sourceChecked = false;
      const r = await putFile({
        client: ctx.client,
        libraryId: job.libraryId,
        videoId,
        path: job.path,
        size: job.size,
        mtimeMs: job.mtimeMs,
        signal: ctx.signal,
        idleTimeoutMs,
        onProgress: (bytes) => ctx.progress(bytes),
        bandwidth: ctx.bandwidth,
        ...(options.statIntervalMs !== undefined ? { statIntervalMs: options.statIntervalMs } : {}),
        now,
        sourceChecked: checked,
      });
      if (r.kind === 'done') return undefined;
      if (r.kind === 'source-changed' || r.kind === 'source-missing') return { kind: r.kind };
      // The platform refuses a second whole file: an earlier attempt whose answer was lost may have delivered it.
      if (r.failure.status === 400 || r.failure.status === 409) {
        const video = await attempt(() => getVideo(ctx.client, job.libraryId, videoId, ctx.signal));
        if (holdsFile(video)) return undefined;
      }
      throw new VideoCallFailure(r.failure);
    });
  }

  /** Sends the file by tus; a cut or a restart continues from the platform's offset on the same video. */
  async function resumable(ctx: RunContext, videoId: string, attempt: Attempt): Promise<RunOutcome | undefined> {
    // tus-js-client and its dependencies load with the first resumable upload, not with every start of the core.
    const { sendTus } = await import('../tus/tus-runner.js');
    const r = await sendTus(ctx, videoId, { store: tusStore, chunkSize: options.tusChunkSize, idleTimeoutMs, policy, now, random, sleep, sourceChecked: true });
    switch (r.kind) {
      case 'done':
        return undefined;
      case 'stopped':
        throw new Stopped({ kind: 'stopped' });
      case 'failed':
        // The platform refuses a new upload into a video that already holds a file: an earlier one may have finished.
        if (r.error.status === 400) {
          const video = await attempt(() => getVideo(ctx.client, ctx.job().libraryId, videoId, ctx.signal));
          if (holdsFile(video)) return undefined;
        }
        return r;
      default:
        return r;
    }
  }

  async function upload(ctx: RunContext): Promise<RunOutcome> {
    const attempt = attemptWith(ctx.signal);
    try {
      const job = ctx.job();
      if (!job.uploaded) {
        // Nothing is created for a file that is already gone or different; this look also serves the turn's first send.
        const problem = await checkSource(job.path, job.size, job.mtimeMs);
        if (problem) return { kind: problem.kind };
      }
      const videoId = await ensureVideo(ctx, attempt);
      if (!ctx.job().titleSynced) await syncTitle(ctx, videoId, attempt).catch(keepGoing);
      if (!ctx.job().uploaded) {
        await ctx.update({ state: 'uploading' });
        const ended = ctx.job().resumable ? await resumable(ctx, videoId, attempt) : await send(ctx, videoId, attempt);
        if (ended) return ended;
        await ctx.update({ uploaded: true, state: 'verifying' });
      } else if (ctx.job().state !== 'verifying') {
        await ctx.update({ state: 'verifying' });
      }
      const verified = await verify(ctx, videoId, attempt);
      // What was kept to resume goes only once the platform has confirmed the file.
      if (verified.kind === 'verified') await tusStore.remove(ctx.job().id);
      return verified;
    } catch (e) {
      if (ctx.signal.aborted) return { kind: 'stopped' };
      if (e instanceof Stopped) return outcomeOf(e.verdict);
      throw e;
    }
  }

  /** A failed rename does not stop the upload: the title stays unsynced and the queue renames later. */
  function keepGoing(e: unknown): void {
    if (!(e instanceof Stopped) || e.verdict.kind === 'stopped') throw e;
  }

  /** The video must have moved past "created" with no error; a video still empty is sent again on the next run. */
  async function verify(ctx: RunContext, videoId: string, attempt: Attempt): Promise<RunOutcome> {
    const { libraryId } = ctx.job();
    let video = await attempt(() => getVideo(ctx.client, libraryId, videoId, ctx.signal));
    // The platform may take a moment to register a body it has acknowledged.
    for (let n = 0; video.status === VIDEO_STATUS.created && n + 1 < policy.maxAttempts; n++) {
      await pause(backoff(n, policy, random), ctx.signal);
      video = await attempt(() => getVideo(ctx.client, libraryId, videoId, ctx.signal));
    }
    if (video.status === VIDEO_STATUS.created) {
      await ctx.update({ uploaded: false });
      return { kind: 'failed', error: { title: 'The platform did not register the upload', detail: 'The video still has no file after the upload was accepted; retrying sends it again.', retryable: true } };
    }
    if (failedStatus(video)) return { kind: 'failed', error: processingError(video) };
    if (!ctx.job().titleSynced) await syncTitle(ctx, videoId, attempt).catch(keepGoing);
    const ready = videoPhase(video.status) === 'ready';
    return { kind: 'verified', encodeProgress: video.encodeProgress, ready, ...withNote(ready ? null : processingNote(video.status)) };
  }

  /** Runs one call with the runner's retries, outside an upload; throws AppFailure when it gives up. */
  async function call<T>(signal: AbortSignal, step: () => Promise<T>): Promise<T> {
    try {
      return await attemptWith(signal)(step);
    } catch (e) {
      if (e instanceof Stopped) throw thrownOf(e.verdict);
      throw e;
    }
  }

  return {
    upload,
    async pollProcessing(job: JobRecord, client: PlatformClient, signal: AbortSignal): Promise<ProcessingPoll> {
      if (job.videoId === null) return { kind: 'failed', error: { title: 'The job has no video on the platform', retryable: true } };
      const videoId = job.videoId;
      let video: VideoInfo;
      try {
        video = await attemptWith(signal)(() => getVideo(client, job.libraryId, videoId, signal));
      } catch (e) {
        // A definite answer (the video is gone, the key is refused) ends the job; being unreachable does not.
        if (e instanceof Stopped && e.verdict.kind === 'failed') return { kind: 'failed', error: e.verdict.error };
        if (e instanceof Stopped) throw thrownOf(e.verdict);
        throw e;
      }
      const phase = videoPhase(video.status);
      if (phase === 'ready') return { kind: 'ready' };
      if (phase === 'failed') return { kind: 'failed', error: processingError(video) };
      // Still working (or a number the platform added later): followed on, its words on the row.
      return { kind: 'processing', encodeProgress: isEncoding(video.status) ? video.encodeProgress : 0, ...withNote(processingNote(video.status)) };
    },
    async updateTitle(job, client, signal) {
      const videoId = job.videoId;
      if (videoId === null) return;
      await call(signal, () => updateVideoTitle(client, job.libraryId, videoId, job.title, signal));
    },
    async deleteVideo(job, client, signal) {
      const videoId = job.videoId;
      if (videoId === null) return;
      await call(signal, async () => {
        try {
          await deleteVideo(client, job.libraryId, videoId, signal);
        } catch (e) {
          // Already gone is what was asked for.
          if (e instanceof VideoCallFailure && e.failure.status === 404) return;
          throw e;
        }
      });
    },
    forget: (jobId) => tusStore.remove(jobId),
    async reachable(libraryId, client, signal) {
      try {
        await client.send({ area: 'video', method: 'GET', path: `/library/${libraryId}/videos`, query: { page: 1, itemsPerPage: 1 }, libraryId, retry: false, timeoutMs: 10_000, signal });
        return true;
      } catch (e) {
        // Any answer, even a refusal, means the platform is there; only a failure below HTTP means it is not.
        if (e instanceof AppFailure) return !['network', 'timeout', 'cancelled'].includes(e.error.kind);
        throw e;
      }
    },
  };
}

function holdsFile(video: VideoInfo): boolean {
  return video.status !== VIDEO_STATUS.created && !failedStatus(video);
}

function failedStatus(video: VideoInfo): boolean {
  return videoPhase(video.status) === 'failed';
}

const withNote = (note: string | null) => (note !== null ? { note } : {});

/** The row's note while the platform works: its words for a step that is not plain encoding, else none. */
function processingNote(status: number): string | null {
  return status === VIDEO_STATUS.jitSegmenting || !isKnownStatus(status) ? statusWords(status) : null;
}

function processingError(video: VideoInfo): JobError {
  const what = video.status === VIDEO_STATUS.uploadFailed ? 'The platform reports the upload failed' : 'The platform could not encode the video';
  return { ...PROCESSING_FAILED, detail: `${what} (status ${video.status}).` };
}
