// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inScopes, STALE_AFTER_EVENT } from '../bridge/invalidation';
import { BridgeProvider, createQueryClient } from '../bridge/provider';
import { useCallMutation } from '../bridge/queries';
import { queryKey } from '../bridge/query-key';
import { installFakeBridge, type FakeBridge } from '../testing/fake-bridge';
import { useBridgeEvents } from './use-bridge-events';

afterEach(cleanup);

const LIST = {
  activeId: 'p1',
  profiles: [],
  secretStorage: { backend: 'test', persistent: true, weak: false, optedIn: false },
  problems: [],
};

/** The cache holds one answer per key below, all fresh (fetched just now, stale after 30 s). */
const PROFILE_KEYS = [queryKey('settings.testProfile', { id: 'p1', areas: ['core'] }), queryKey('console.history', {}), queryKey('console.history', { query: 'zone' })];
const OTHER_KEYS = [queryKey('desktop.info', {}), queryKey('files.list', {})];

let bridge: FakeBridge;
let qc: ReturnType<typeof createQueryClient>;

beforeEach(() => {
  bridge = installFakeBridge();
  bridge.answer('settings.profiles', LIST);
  bridge.answer('settings.activateProfile', { ...LIST, activeId: 'p2' } as never);
  qc = createQueryClient();
  for (const key of [...PROFILE_KEYS, ...OTHER_KEYS]) qc.setQueryData(key, { seeded: true });
});

const wrapper = ({ children }: { children: ReactNode }) => <BridgeProvider client={qc}>{children}</BridgeProvider>;

function Subscriber() {
  useBridgeEvents();
  return null;
}

describe('the invalidation table', () => {
  it('profiles.changed makes the profile-dependent queries stale and leaves the others fresh', async () => {
    render(<Subscriber />, { wrapper });
    await waitFor(() => expect(qc.getQueryState(queryKey('settings.profiles', {}))?.status).toBe('success'));
    expect(bridge.count('settings.profiles')).toBe(1);
    for (const key of [...PROFILE_KEYS, ...OTHER_KEYS]) expect(qc.getQueryState(key)?.isInvalidated).toBe(false);

    act(() => bridge.emit('settings.changed', { activeId: 'p2' }));

    // The list is on screen (the subscriber reads it), so it is fetched again at once.
    await waitFor(() => expect(bridge.count('settings.profiles')).toBe(2));
    for (const key of PROFILE_KEYS) expect(qc.getQueryState(key)?.isInvalidated, String(key[0])).toBe(true);
    for (const key of OTHER_KEYS) {
      expect(qc.getQueryState(key)?.isInvalidated, String(key[0])).toBe(false);
      expect(qc.getQueryCache().find({ queryKey: key })?.isStale(), String(key[0])).toBe(false);
    }
  });

  it('app.notice changes no cached data', async () => {
    render(<Subscriber />, { wrapper });
    await waitFor(() => expect(bridge.count('settings.profiles')).toBe(1));
    act(() => bridge.emit('desktop.notice', { level: 'info', message: 'hello' }));
    for (const key of [...PROFILE_KEYS, ...OTHER_KEYS]) expect(qc.getQueryState(key)?.isInvalidated).toBe(false);
    expect(STALE_AFTER_EVENT['desktop.notice']).toEqual([]);
  });

  it('a settled profile change refreshes the same queries as the event', async () => {
    const { result } = renderHook(() => useCallMutation('settings.activateProfile'), { wrapper });
    await act(() => result.current.mutateAsync({ id: 'p2' }));
    for (const key of PROFILE_KEYS) expect(qc.getQueryState(key)?.isInvalidated, String(key[0])).toBe(true);
    for (const key of OTHER_KEYS) expect(qc.getQueryState(key)?.isInvalidated, String(key[0])).toBe(false);
  });

  it('matches area scopes by prefix and method scopes exactly', () => {
    expect(inScopes(['settings.profiles', {}], ['settings.*'])).toBe(true);
    expect(inScopes(['console.history', {}], ['settings.*'])).toBe(false);
    expect(inScopes(['console.history', {}], ['console.history'])).toBe(true);
    expect(inScopes(['console.historyX', {}], ['console.history'])).toBe(false);
    expect(inScopes([42], ['settings.*'])).toBe(false);
  });
});
