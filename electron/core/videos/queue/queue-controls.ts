/**
 * The queue's controls on chosen rows: pause, resume, cancel, retry, move to the top, switch to or from the
 * resumable protocol, and point a row at a file found again. Each goes through the state machine and the journal;
 * a row sending now is stopped where the control needs it, and waiting rows start when slots free up.
 */
import { basename } from 'node:path';
import { appError } from '../../../../shared/result.js';
import type { JobView } from '../../../../shared/videos/model.js';
import { AppFailure } from '../../errors.js';
import { fingerprintFile } from './fingerprint.js';
import { isEnded, RETRYABLE_STATES, transition, type MachineEvent } from './machine.js';
import { cancelJob, type RunHost } from './queue-run.js';
import type { JobRecord, Selection } from '../types.js';

/** What the controls need from the queue. */
export interface ControlHost extends RunHost {
  readonly jobs: ReadonlyMap<string, JobRecord>;
  /** The rows a selection names; refuses once the queue is closed. */
  select(selection: Selection): JobRecord[];
  view(job: JobRecord): JobView;
}

/** Pauses the rows; a running one stops its runner. Resolves to how many changed. */
export async function pauseJobs(host: ControlHost, selection: Selection): Promise<number> {
  let changed = 0;
  for (const job of host.select(selection)) {
    if (!(await host.apply(job.id, { type: 'pause' }))) continue;
    changed++;
    const run = host.running.get(job.id);
    run?.meter.setPaused(true);
    run?.controller.abort();
  }
  return changed;
}

/** Lets paused rows go back in line. */
export async function resumeJobs(host: ControlHost, selection: Selection): Promise<number> {
  let changed = 0;
  for (const job of host.select(selection)) if (await host.apply(job.id, { type: 'resume' })) changed++;
  host.pump();
  return changed;
}

/** Cancels every row of the selection that has not ended, all at once. */
export async function cancelJobs(host: ControlHost, selection: Selection): Promise<number> {
  const targets = host.select(selection).filter((j) => !isEnded(j));
  const results = await Promise.all(targets.map((j) => cancelJob(host, j.id)));
  host.pump();
  return results.filter(Boolean).length;
}

/** Puts failed, cancelled and changed rows back in line. */
export async function retryJobs(host: ControlHost, selection: Selection): Promise<number> {
  let changed = 0;
  for (const job of host.select(selection)) {
    if (!RETRYABLE_STATES.has(job.state)) continue;
    let event: MachineEvent = { type: 'retry' };
    if (job.state === 'source-changed' || job.state === 'source-missing') {
      // Retrying a changed file means uploading it as it is now.
      const identity = await fingerprintFile(job.path).catch(() => null);
      if (identity) event = { type: 'relocate', path: job.path, fileName: job.fileName, ...identity };
    }
    if (await host.apply(job.id, event)) changed++;
  }
  host.pump();
  return changed;
}

/** Moves the rows ahead of every other, keeping their order among themselves. */
export async function moveJobsToTop(host: ControlHost, selection: Selection): Promise<number> {
  const chosen = host.select(selection);
  if (chosen.length === 0) return 0;
  const top = Math.min(...[...host.jobs.values()].map((j) => j.position));
  await Promise.all(chosen.map((j, i) => host.apply(j.id, { type: 'move', position: top - chosen.length + i })));
  host.pump();
  return chosen.length;
}

/** Switches rows to (or from) the resumable protocol. */
export async function setJobsResumable(host: ControlHost, selection: Selection, resumable: boolean): Promise<number> {
  let changed = 0;
  for (const job of host.select(selection)) {
    if (!(await host.apply(job.id, { type: 'resumable', resumable }))) continue;
    changed++;
    host.kept.delete(job.id);
    // A row sending now stops and goes back in line, to start again the new way.
    host.running.get(job.id)?.controller.abort();
  }
  host.pump();
  return changed;
}

/** Points a row at a file found again and queues it anew; null when the file cannot be read or is empty. */
export async function relocateJob(host: ControlHost, id: string, path: string): Promise<JobView | null> {
  const job = host.get(id);
  const identity = await fingerprintFile(path).catch(() => null);
  // An empty file would make a video the platform can never fill.
  if (!identity || identity.size === 0) return null;
  const step = transition(job, { type: 'relocate', path, fileName: basename(path), ...identity });
  if (!step.ok) throw new AppFailure(appError('conflict', 'This upload cannot take another file now', { detail: step.reason }));
  await host.commit(step.job);
  host.pump();
  return host.view(host.get(id));
}
