import { beforeEach, describe, expect, it } from 'vitest';
import { aJob, aStatus } from './testing/job-fixtures';
import { EMPTY_STATUS, useQueue } from './queue-store';

const ids = () => useQueue.getState().ordered.map((j) => j.id);

beforeEach(() => useQueue.setState({ byId: new Map(), ordered: [], status: EMPTY_STATUS, loaded: false, loadError: null }));

describe('the queue store', () => {
  it('takes the whole list in queue order', () => {
    useQueue.getState().replace({ jobs: [aJob('b', { position: 2 }), aJob('a', { position: 1 }), aJob('c', { position: 3 })], status: aStatus({ queued: 3, inFlight: 3 }) });
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(useQueue.getState().loaded).toBe(true);
    expect(useQueue.getState().status.counts.queued).toBe(3);
  });

  it('merges changed snapshots in place, adds new jobs by position and deletes removed ones', () => {
    useQueue.getState().replace({ jobs: [aJob('a', { position: 1 }), aJob('b', { position: 2 })], status: aStatus() });
    const before = useQueue.getState().ordered;
    useQueue.getState().merge({ jobs: [aJob('b', { position: 2, state: 'uploading', bytesSent: 10 })], removed: [], status: aStatus({ sentBytes: 10 }) });
    const after = useQueue.getState().ordered;
    expect(ids()).toEqual(['a', 'b']);
    expect(after[1]!.bytesSent).toBe(10);
    // The untouched row keeps its object: its row does not redraw.
    expect(after[0]).toBe(before[0]);
    expect(useQueue.getState().status.counts.sentBytes).toBe(10);

    useQueue.getState().merge({ jobs: [aJob('c', { position: 0 })], removed: ['a'], status: aStatus() });
    expect(ids()).toEqual(['c', 'b']);
    expect(useQueue.getState().byId.has('a')).toBe(false);
  });

  it('moves a job whose position changed (move to top) and keeps ties stable', () => {
    useQueue.getState().replace({ jobs: [aJob('a', { position: 1 }), aJob('b', { position: 2 }), aJob('c', { position: 3 })], status: aStatus() });
    useQueue.getState().merge({ jobs: [aJob('c', { position: -1 })], removed: [], status: aStatus() });
    expect(ids()).toEqual(['c', 'a', 'b']);
    useQueue.getState().merge({ jobs: [aJob('b', { position: 1 })], removed: [], status: aStatus() });
    expect(ids()).toEqual(['c', 'a', 'b']);
  });

  it('ignores the removal of a job it never had', () => {
    useQueue.getState().replace({ jobs: [aJob('a')], status: aStatus() });
    useQueue.getState().merge({ jobs: [], removed: ['zzz'], status: aStatus() });
    expect(ids()).toEqual(['a']);
  });
});
