/**
 * The queue's work outside the upload slots: polling a processed video until it is ready, sending a changed title
 * until the platform has it, and probing a lost network until it answers. Each runs until its signal is aborted
 * or its work is done; the queue owns the signals and the bookkeeping.
 */
import { toAppError } from '../../errors.js';
import type { PlatformClient } from '../../platform/types.js';
import type { MachineEvent } from './machine.js';
import type { JobRecord, JobRunner } from '../types.js';

/** Processing polls start this far apart and back off to the cap while nothing moves. */
const POLL_FIRST_MS = 2_000;
const POLL_MAX_MS = 30_000;
/** Probes of a missing network back off to this cap. */
const PROBE_FIRST_MS = 1_000;
const PROBE_MAX_MS = 30_000;
/** A title the platform did not take is sent again, less and less often. */
const TITLE_RETRY_FIRST_MS = 5_000;
const TITLE_RETRY_MAX_MS = 60_000;

/** What the loops need from the queue. */
export interface LoopHost {
  readonly runner: JobRunner;
  job(id: string): JobRecord | undefined;
  /** Applies an event to the job and persists it; false when the machine refused it. */
  apply(id: string, event: MachineEvent): Promise<boolean>;
  clientFor(profileId: string): Promise<PlatformClient>;
  wait(ms: number, signal: AbortSignal): Promise<void>;
  now(): number;
  random(): number;
}

/** Polls a processing job with backoff until it is ready or failed (or the signal ends it). */
export async function pollProcessing(host: LoopHost, id: string, signal: AbortSignal): Promise<void> {
  let delay = POLL_FIRST_MS;
  while (!signal.aborted) {
    await host.wait(delay, signal);
    const job = host.job(id);
    if (signal.aborted || !job || job.state !== 'processing') return;
    try {
      const poll = await host.runner.pollProcessing(job, await host.clientFor(job.profileId), signal);
      if (signal.aborted) return;
      await host.apply(id, { type: 'poll', poll, at: host.now() });
      if (poll.kind !== 'processing') return;
      // Progress resets the pace; a stalled encode is asked less and less often.
      delay = poll.encodeProgress > (job.encodeProgress ?? -1) ? POLL_FIRST_MS : Math.min(delay * 2, POLL_MAX_MS);
    } catch {
      delay = Math.min(delay * 2, POLL_MAX_MS);
    }
  }
}

/** Sends the wanted title until it sticks; a failure leaves a note on the row and tries again later. */
export async function syncTitle(host: LoopHost, id: string, signal: AbortSignal): Promise<void> {
  let delay = TITLE_RETRY_FIRST_MS;
  while (!signal.aborted) {
    const job = host.job(id);
    if (!job || job.titleSynced || !job.videoId) return;
    try {
      await host.runner.updateTitle(job, await host.clientFor(job.profileId), signal);
      if (signal.aborted) return;
      await host.apply(id, { type: 'title-synced', title: job.title });
    } catch (e) {
      if (signal.aborted) return;
      await host.apply(id, { type: 'note', note: `The new title is not on the platform yet (${toAppError(e).title}); Burrow will try again.` });
      await host.wait(delay, signal);
      delay = Math.min(delay * 2, TITLE_RETRY_MAX_MS);
    }
  }
}

/** Probes the platform with capped, jittered backoff; true once it answers, false when the signal ended the wait. */
export async function waitForPlatform(host: LoopHost, job: JobRecord, signal: AbortSignal): Promise<boolean> {
  for (let attempt = 0; !signal.aborted; attempt++) {
    const cap = Math.min(PROBE_MAX_MS, PROBE_FIRST_MS * 2 ** Math.min(attempt, 10));
    await host.wait(Math.round(cap * (0.5 + host.random() / 2)), signal);
    if (signal.aborted) return false;
    const up = await host
      .clientFor(job.profileId)
      .then((c) => host.runner.reachable(job.libraryId, c, signal))
      .catch(() => false);
    if (up) return true;
  }
  return false;
}
