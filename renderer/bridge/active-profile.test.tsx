// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MethodOutput } from '../../shared/contract/index';
import { installFakeBridge, type FakeBridge } from '../testing/fake-bridge';
import { observeActiveProfile, useActiveProfile } from './active-profile';
import { BridgeProvider, createQueryClient } from './provider';
import { useCall } from './queries';

afterEach(cleanup);

const PAGE = (title: string) => ({ totalItems: 1, currentPage: 1, itemsPerPage: 25, items: [{ guid: 'v1', title }] }) as unknown as MethodOutput<'videos.libraryList'>;
const LIST = { activeId: 'p1', profiles: [], secretStorage: { backend: 'test', persistent: true, weak: false, optedIn: false }, problems: [] } as unknown as MethodOutput<'settings.profiles'>;

let bridge: FakeBridge;
let qc: ReturnType<typeof createQueryClient>;
const wrapper = ({ children }: { children: ReactNode }) => <BridgeProvider client={qc}>{children}</BridgeProvider>;

beforeEach(() => {
  useActiveProfile.setState({ activeId: undefined, name: null, epoch: 0 });
  observeActiveProfile('p1', 'Sandbox');
  bridge = installFakeBridge();
  qc = createQueryClient();
});

describe('queries keyed by the active profile', () => {
  it('never show the old profile’s answer after a switch, not even as the placeholder a page keeps while the next loads', async () => {
    bridge.answer('videos.libraryList', PAGE('sandbox-clip'));
    const { result } = renderHook(() => useCall('videos.libraryList', { libraryId: 1, page: 1, itemsPerPage: 25, search: '', orderBy: 'date', collectionId: null }, { placeholderData: (previous) => previous }), { wrapper });
    await waitFor(() => expect(result.current.data?.items[0]?.title).toBe('sandbox-clip'));

    let release: (page: MethodOutput<'videos.libraryList'>) => void = () => {};
    bridge.answer('videos.libraryList', () => new Promise((r) => (release = r)) as never);
    act(() => void observeActiveProfile('p2', 'Production'));

    await waitFor(() => expect(result.current.isPending).toBe(true));
    expect(result.current.data).toBeUndefined();
    act(() => release(PAGE('production-clip')));
    await waitFor(() => expect(result.current.data?.items[0]?.title).toBe('production-clip'));
  });

  it('keep answers that are the same for every profile (the profile list) on screen through a switch', async () => {
    bridge.answer('settings.profiles', LIST);
    const { result } = renderHook(() => useCall('settings.profiles', {}), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(LIST));
    act(() => void observeActiveProfile('p2', 'Production'));
    expect(result.current.data).toEqual(LIST);
    expect(bridge.count('settings.profiles')).toBe(1);
  });
});
