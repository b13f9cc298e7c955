// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FetchView } from '../../../../shared/contract/videos-fetch';
import { useLibrary } from '../library/library-store';
import { useTarget } from '../target-store';
import { FetchRows } from './FetchRows';
import { BridgeProvider, createQueryClient } from '../../../bridge/provider';
import { installFakeBridge, type FakeBridge } from '../../../testing/fake-bridge';
import { aProfile, profilesWith } from '../testing/screen';

function aRow(over: Partial<FetchView>): FetchView {
  return {
    id: 'f1',
    profileId: 'p1',
    libraryId: 2,
    collectionId: null,
    url: 'https://media.example.com/talk.mp4',
    title: 'Keynote, day one',
    headerNames: [],
    state: 'ready',
    encodeProgress: null,
    videoId: '5f2a9c1e-77aa-4b1c-9d3e-0a1b2c3d4e5f',
    error: null,
    note: null,
    needsHeaders: false,
    addedAt: 1,
    endedAt: 2,
    ...over,
  };
}

let bridge: FakeBridge;
beforeEach(() => {
  bridge = installFakeBridge();
  bridge.answer('settings.profiles', profilesWith('p1', [aProfile('p1', 'Sandbox', 'sandbox', [{ id: 2, name: 'Talks' }]), aProfile('p2', 'Production', 'platform')]));
  bridge.answer('videos.libraries', { libraries: [{ id: 2, name: 'Talks', hasKey: true }] });
  bridge.answer('videos.libraryGet', { guid: '5f2a9c1e-77aa-4b1c-9d3e-0a1b2c3d4e5f', title: 'Keynote, day one', status: 4, encodeProgress: 100, length: 60, storageSize: 1, views: 0, dateUploaded: '2026-01-02T03:04:05Z', collectionId: null, hasThumbnail: false });
  useTarget.setState({ libraryId: 1, collectionByLibrary: {} });
  useLibrary.setState({ view: 'queue', spotlight: null });
});
afterEach(cleanup);

describe('a fetched row', () => {
  it('shows the video by its title and opens it in the library, never by its id', async () => {
    render(
      <BridgeProvider client={createQueryClient()}>
        <FetchRows rows={[aRow({})]} onEnterAgain={() => {}} />
      </BridgeProvider>,
    );
    const row = screen.getByTestId('fetch-row');
    expect(row.textContent).toContain('Keynote, day one');
    expect(row.textContent).not.toContain('5f2a9c1e');
    fireEvent.click(within(row).getByRole('button', { name: 'Show in library: Keynote, day one' }));
    await waitFor(() => expect(useLibrary.getState().view).toBe('library'));
    expect(bridge.inputs('videos.libraryGet')).toEqual([{ libraryId: 2, videoId: '5f2a9c1e-77aa-4b1c-9d3e-0a1b2c3d4e5f' }]);
    expect(useLibrary.getState().spotlight).toEqual({ libraryId: 2, videoId: '5f2a9c1e-77aa-4b1c-9d3e-0a1b2c3d4e5f' });
    expect(useTarget.getState().libraryId).toBe(2);
  });

  it('offers no link before the platform has a video for it', () => {
    render(
      <BridgeProvider client={createQueryClient()}>
        <FetchRows rows={[aRow({ state: 'fetching', videoId: null })]} onEnterAgain={() => {}} />
      </BridgeProvider>,
    );
    expect(screen.queryByRole('button', { name: /Show in library/ })).toBeNull();
  });

  it('of another profile says so and offers to switch to it, never opening the active profile\'s library', async () => {
    bridge.answer('settings.profiles', profilesWith('p2', [aProfile('p1', 'Sandbox', 'sandbox', [{ id: 2, name: 'Talks' }]), aProfile('p2', 'Production', 'platform')]));
    render(
      <BridgeProvider client={createQueryClient()}>
        <FetchRows rows={[aRow({})]} onEnterAgain={() => {}} />
      </BridgeProvider>,
    );
    const row = screen.getByTestId('fetch-row');
    expect((await within(row).findByTestId('fetch-profile')).textContent).toBe('in profile Sandbox');
    expect(within(row).queryByRole('button', { name: 'Show in library: Keynote, day one' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Switch to Sandbox and show: Keynote, day one' })).toBeTruthy();
  });
});
