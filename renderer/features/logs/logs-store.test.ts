// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { useLogs } from './logs-store';
import { anAggregates, aStatus } from './testing/logs';

beforeEach(() => useLogs.setState({ sessionId: null, status: null, version: 0, aggregates: null, early: null }));

describe('the logs session store', () => {
  it('a status that overtook the reply opening its session is kept when it is further along', () => {
    useLogs.getState().received(aStatus({ sessionId: 'a', requests: 2, loadedRows: 20_000 }));
    useLogs.getState().opened(aStatus({ sessionId: 'a', requests: 1, loadedRows: 10_000 }));
    expect(useLogs.getState().status?.loadedRows).toBe(20_000);
    expect(useLogs.getState().early).toBeNull();
  });

  it('an early status of another session is dropped; an older one loses to the reply', () => {
    useLogs.getState().received(aStatus({ sessionId: 'old', loadedRows: 5 }));
    useLogs.getState().opened(aStatus({ sessionId: 'a', loadedRows: 7 }));
    expect(useLogs.getState().status?.loadedRows).toBe(7);
    useLogs.getState().closed();
    useLogs.getState().received(aStatus({ sessionId: 'b', requests: 0, loadedRows: 0 }));
    useLogs.getState().opened(aStatus({ sessionId: 'b', requests: 1, loadedRows: 10 }));
    expect(useLogs.getState().status?.loadedRows).toBe(10);
  });

  it('the version moves only when the rows, the filter or the span change', () => {
    useLogs.getState().opened(aStatus({ sessionId: 'a' }));
    const v = useLogs.getState().version;
    useLogs.getState().received(aStatus({ sessionId: 'a', budget: { limit: 30, windowMs: 10_000, remaining: 3, pausedUntil: null } }));
    expect(useLogs.getState().version).toBe(v);
    useLogs.getState().received(aStatus({ sessionId: 'a', matchingRows: 1 }));
    expect(useLogs.getState().version).toBe(v + 1);
    useLogs.getState().received(aStatus({ sessionId: 'a', matchingRows: 1, filter: 'cache:MISS' }));
    expect(useLogs.getState().version).toBe(v + 2);
    useLogs.getState().received(aStatus({ sessionId: 'z', matchingRows: 99 }));
    expect(useLogs.getState().status?.matchingRows).toBe(1);
  });

  it('aggregates of a session no longer shown are ignored', () => {
    useLogs.getState().opened(aStatus({ sessionId: 'a' }));
    useLogs.getState().setAggregates('gone', anAggregates({ requests: 1 }));
    expect(useLogs.getState().aggregates).toBeNull();
  });
});
