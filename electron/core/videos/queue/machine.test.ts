import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FINAL_STATES, JOB_STATES, SLOT_STATES } from '../../../../shared/videos/model.js';
import { countJobs, newJobRecord, transition, WAITING_FOR_NETWORK, type MachineEvent } from './machine.js';
import type { JobRecord } from '../types.js';

const base = newJobRecord({ id: 'j', profileId: 'p', position: 1, libraryId: 1, collectionId: null, path: '/v/a clip.mp4', fileName: 'a clip.mp4', size: 100, mtimeMs: 5, fingerprint: 'f', addedAt: 0 });
const error = { title: 'Bad', retryable: false };

function run(job: JobRecord, ...events: MachineEvent[]): JobRecord {
  for (const e of events) {
    const step = transition(job, e);
    if (!step.ok) throw new Error(step.reason);
    job = step.job;
  }
  return job;
}

describe('job state machine', () => {
  it('starts a new job by creating, and a job with a video by sending to it', () => {
    expect(base).toMatchObject({ state: 'queued', title: 'a clip', videoId: null });
    expect(run(base, { type: 'start' })).toMatchObject({ state: 'creating', attempts: 1 });
    expect(run({ ...base, videoId: 'v' }, { type: 'start' })).toMatchObject({ state: 'created', videoId: 'v' });
    expect(transition({ ...base, paused: true }, { type: 'start' })).toMatchObject({ ok: false });
  });

  it('moves through the runner steps to processing or ready', () => {
    const up = run(base, { type: 'start' }, { type: 'patch', patch: { state: 'created', videoId: 'v' } }, { type: 'patch', patch: { state: 'uploading' } });
    expect(run(up, { type: 'outcome', outcome: { kind: 'verified', ready: false, encodeProgress: 12 }, at: 9 })).toMatchObject({ state: 'processing', uploaded: true, encodeProgress: 12 });
    expect(run(up, { type: 'outcome', outcome: { kind: 'verified', ready: true, encodeProgress: null }, at: 9 })).toMatchObject({ state: 'ready', endedAt: 9 });
    const processing = run(up, { type: 'outcome', outcome: { kind: 'verified', ready: false, encodeProgress: 0 }, at: 9 });
    expect(run(processing, { type: 'poll', poll: { kind: 'processing', encodeProgress: 50 }, at: 10 }).encodeProgress).toBe(50);
    expect(run(processing, { type: 'poll', poll: { kind: 'failed', error }, at: 10 })).toMatchObject({ state: 'failed', error });
    // A runner cannot end a job by patch, nor verify one without a video.
    expect(transition(up, { type: 'patch', patch: { state: 'ready' } }).ok).toBe(false);
    expect(transition(run(base, { type: 'start' }), { type: 'outcome', outcome: { kind: 'verified', ready: true, encodeProgress: null }, at: 1 }).ok).toBe(false);
  });

  it('sends an offline job back to waiting with its video, and a stopped one back in line', () => {
    const up = run(base, { type: 'start' }, { type: 'patch', patch: { state: 'uploading', videoId: 'v' } });
    expect(run(up, { type: 'outcome', outcome: { kind: 'offline', error: { title: 'down', retryable: true } }, at: 1 })).toMatchObject({ state: 'queued', videoId: 'v', note: WAITING_FOR_NETWORK });
    expect(run(up, { type: 'pause' }, { type: 'outcome', outcome: { kind: 'stopped' }, at: 1 })).toMatchObject({ state: 'queued', paused: true, videoId: 'v' });
    expect(run(up, { type: 'outcome', outcome: { kind: 'source-changed' }, at: 1 }).state).toBe('source-changed');
    expect(run(up, { type: 'outcome', outcome: { kind: 'source-missing' }, at: 1 }).state).toBe('source-missing');
  });

  it('pauses waiting and running jobs only, and resumes paused ones only', () => {
    expect(run(base, { type: 'pause' }).paused).toBe(true);
    expect(transition(base, { type: 'resume' }).ok).toBe(false);
    expect(transition({ ...base, state: 'processing' }, { type: 'pause' }).ok).toBe(false);
    expect(transition({ ...base, state: 'ready' }, { type: 'pause' }).ok).toBe(false);
  });

  it('cancels, and retries on the same video unless it was deleted', () => {
    const withVideo = { ...base, state: 'uploading' as const, videoId: 'v' };
    const kept = run(withVideo, { type: 'cancel', at: 3, deleted: false, note: 'Kept' });
    expect(kept).toMatchObject({ state: 'cancelled', videoId: 'v', note: 'Kept', endedAt: 3 });
    expect(run(kept, { type: 'retry' })).toMatchObject({ state: 'queued', videoId: 'v', endedAt: null, note: null });
    const gone = run(withVideo, { type: 'cancel', at: 3, deleted: true, note: 'Deleted' });
    expect(run(gone, { type: 'retry' })).toMatchObject({ state: 'queued', videoId: null });
    expect(transition(kept, { type: 'cancel', at: 4, deleted: false, note: null }).ok).toBe(false);
    expect(transition(base, { type: 'retry' }).ok).toBe(false);
    // Deleted on the platform meanwhile (the library browser, another tool): the platform's 404 makes the retry a new video.
    const lost = run(withVideo, { type: 'outcome', outcome: { kind: 'failed', error: { title: 'The video does not exist in this library', status: 404, retryable: false } }, at: 5 });
    expect(lost).toMatchObject({ state: 'failed', videoId: 'v' });
    expect(run(lost, { type: 'retry' })).toMatchObject({ state: 'queued', videoId: null, createPending: false });
    const refused = run(withVideo, { type: 'outcome', outcome: { kind: 'failed', error: { title: 'Bad request', status: 400, retryable: false } }, at: 5 });
    expect(run(refused, { type: 'retry' })).toMatchObject({ state: 'queued', videoId: 'v' });
  });

  it('recovers after a crash: a create with no answer is marked pending; sending goes back to waiting', () => {
    expect(run({ ...base, state: 'creating' }, { type: 'recover' })).toMatchObject({ state: 'queued', createPending: true });
    expect(run({ ...base, state: 'uploading', videoId: 'v' }, { type: 'recover' })).toMatchObject({ state: 'queued', videoId: 'v', createPending: false });
    expect(run({ ...base, state: 'verifying', videoId: 'v', uploaded: true }, { type: 'recover' })).toMatchObject({ state: 'queued', videoId: 'v' });
    expect(transition({ ...base, state: 'processing' }, { type: 'recover' }).ok).toBe(false);
  });

  it('keeps a title sync that raced a newer edit unsynced', () => {
    const j = { ...base, videoId: 'v', title: 'New' };
    expect(transition(j, { type: 'title-synced', title: 'Old' }).ok).toBe(false);
    expect(run(j, { type: 'title-synced', title: 'New' }).titleSynced).toBe(true);
  });

  it('switches a row to the resumable protocol only while bytes are left to send', () => {
    expect(run(base, { type: 'resumable', resumable: true })).toMatchObject({ resumable: true, state: 'queued' });
    expect(run({ ...base, state: 'uploading', videoId: 'v' }, { type: 'resumable', resumable: true })).toMatchObject({ resumable: true, state: 'uploading' });
    expect(run({ ...base, state: 'failed', resumable: true }, { type: 'resumable', resumable: false }).resumable).toBe(false);
    // Back to a plain upload only before its video exists: the platform refuses a PUT onto part of a tus upload.
    expect(transition({ ...base, state: 'uploading', videoId: 'v', resumable: true }, { type: 'resumable', resumable: false }).ok).toBe(false);
    expect(transition({ ...base, state: 'failed', videoId: 'v', resumable: true }, { type: 'resumable', resumable: false }).ok).toBe(false);
    expect(transition({ ...base, resumable: true }, { type: 'resumable', resumable: true }).ok).toBe(false);
    expect(transition({ ...base, state: 'processing', videoId: 'v', uploaded: true }, { type: 'resumable', resumable: true }).ok).toBe(false);
    expect(transition({ ...base, state: 'verifying', videoId: 'v', uploaded: true }, { type: 'resumable', resumable: true }).ok).toBe(false);
  });

  const event: fc.Arbitrary<MachineEvent> = fc.oneof(
    fc.constant<MachineEvent>({ type: 'start' }),
    fc.constantFrom(...JOB_STATES).map((state): MachineEvent => ({ type: 'patch', patch: { state, videoId: 'v' } })),
    fc.constantFrom<MachineEvent['type']>('pause', 'resume', 'retry', 'recover').map((type) => ({ type }) as MachineEvent),
    fc.boolean().map((deleted): MachineEvent => ({ type: 'cancel', at: 1, deleted, note: null })),
    fc.boolean().map((resumable): MachineEvent => ({ type: 'resumable', resumable })),
    fc.constantFrom<MachineEvent>(
      { type: 'outcome', outcome: { kind: 'verified', ready: true, encodeProgress: null }, at: 1 },
      { type: 'outcome', outcome: { kind: 'verified', ready: false, encodeProgress: Number.NaN }, at: 1 },
      { type: 'outcome', outcome: { kind: 'failed', error }, at: 1 },
      { type: 'outcome', outcome: { kind: 'offline', error }, at: 1 },
      { type: 'outcome', outcome: { kind: 'stopped' }, at: 1 },
      { type: 'outcome', outcome: { kind: 'source-changed' }, at: 1 },
      { type: 'poll', poll: { kind: 'processing', encodeProgress: 250 }, at: 1 },
      { type: 'poll', poll: { kind: 'ready' }, at: 1 },
    ),
  );

  it('never leaves a defined state under any sequence of events', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let job = base;
        for (const e of events) {
          const step = transition(job, e);
          if (!step.ok) expect(step.job).toBe(job);
          job = step.job;
          expect(JOB_STATES).toContain(job.state);
          expect(job.paused && (FINAL_STATES.has(job.state) || job.state === 'processing')).toBe(false);
          expect(FINAL_STATES.has(job.state) === (job.endedAt !== null)).toBe(true);
          if (job.state === 'processing' || job.state === 'ready') expect(job.videoId).not.toBeNull();
          if (job.encodeProgress !== null) expect(job.encodeProgress >= 0 && job.encodeProgress <= 100).toBe(true);
          if (SLOT_STATES.has(job.state)) expect(job.attempts).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('counts so that queued = done + failed + cancelled + changed + in flight', () => {
    const jobs = (['queued', 'uploading', 'processing', 'ready', 'failed', 'cancelled', 'source-changed', 'source-missing'] as const).map((state) => ({ ...base, state }));
    const c = countJobs(jobs, (j) => (j.state === 'uploading' ? 40 : j.state === 'processing' ? 100 : 0));
    expect(c).toEqual({ queued: 8, done: 1, failed: 1, cancelled: 1, sourceChanged: 2, inFlight: 3, totalBytes: 300, sentBytes: 140 });
  });
});
