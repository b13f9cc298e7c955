import { describe, expect, it } from 'vitest';
import type { JobState, JobView, QueueStatus } from '../../../../shared/videos/model.js';
import type { Notifier } from '../../ports.js';
import { notifyQueue } from './notify.js';
import type { QueueChange } from '../types.js';

const view = (id: string, state: JobState, extra: Partial<JobView> = {}): JobView => ({
  id, profileId: 'p', position: 1, libraryId: 1, collectionId: null, title: `Clip ${id}`, fileName: `${id}.mp4`, size: 100, state, paused: false, videoId: null,
  bytesSent: 0, speed: null, eta: null, encodeProgress: null, error: state === 'failed' ? { title: 'Bad request', retryable: false } : null, note: null, highlight: false, resumable: false, ...extra,
});
const status = (totalBytes: number, sentBytes: number): QueueStatus => ({
  concurrency: 2, bandwidthCap: null, waitingForNetwork: false, counts: { queued: 0, done: 0, failed: 0, cancelled: 0, sourceChanged: 0, inFlight: 0, totalBytes, sentBytes },
});

function setup(initial: JobView[] = []) {
  let listener: ((c: QueueChange) => void) | null = null;
  const shown: string[] = [];
  const progress: (number | null)[] = [];
  const notifier: Notifier = { notify: (title, body) => shown.push(`${title} | ${body}`), progress: (f) => progress.push(f) };
  const stop = notifyQueue({ list: () => ({ jobs: initial, status: status(0, 0) }), onChange: (l) => ((listener = l), () => (listener = null)) }, notifier);
  const emit = (jobs: JobView[], s = status(0, 0), removed: string[] = []) => listener!({ jobs, removed, status: s });
  return { shown, progress, emit, stop };
}

describe('OS notifications and taskbar progress', () => {
  it('shows progress while uploads run, clears it when idle, and tells one finished batch once', () => {
    const { shown, progress, emit } = setup();
    emit([view('a', 'uploading'), view('b', 'queued'), view('c', 'queued')], status(300, 75));
    emit([view('a', 'ready')], status(200, 0));
    emit([view('b', 'ready')], status(100, 50));
    expect(shown).toEqual([]);
    emit([view('c', 'ready')], status(0, 0));
    expect(progress).toEqual([0.25, 0, 0.5, null]);
    expect(shown).toEqual(['3 videos uploaded | Every upload in the queue has finished.']);
    emit([view('d', 'uploading')], status(100, 10));
    emit([view('d', 'ready')], status(0, 0));
    expect(shown.at(-1)).toContain('1 video uploaded');
  });

  it('tells each failure, and groups more than three that end together', () => {
    const { shown, emit } = setup([view('a', 'uploading'), view('k', 'queued', { paused: true })]);
    emit([view('a', 'failed')], status(0, 0));
    expect(shown).toEqual(['Upload failed: Clip a | Bad request']);
    emit(['b', 'c', 'd', 'e', 'f'].map((id) => view(id, 'uploading')), status(500, 0));
    emit(['b', 'c', 'd', 'e', 'f'].map((id) => view(id, 'failed')), status(0, 0));
    expect(shown.at(-1)).toBe('5 uploads failed | Open Videos to see why and retry them.');
    expect(shown).toHaveLength(2);
  });

  it('clears the taskbar when stopped mid-batch', () => {
    const { progress, emit, stop } = setup();
    emit([view('a', 'uploading')], status(100, 40));
    stop();
    expect(progress).toEqual([0.4, null]);
  });
});
