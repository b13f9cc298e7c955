// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNav } from '../../app/nav-store';
import { useLogsIntent } from '../logs/open-logs';
import { aDelivery } from './testing/delivery-fixtures';
import { aJob, aStatus } from './testing/job-fixtures';
import { bridgeWith, fakeLayout, renderVideos, rowOf } from './testing/screen';

const GUID = '6a1f0c2e-9b7d-4e21-8c3a-5d4e3f2a1b0c';

beforeEach(fakeLayout);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useLogsIntent.setState({ intent: null });
});

describe('"Watch delivery" on a ready upload', () => {
  it("opens Logs live on the library's zone, filtered to the video", async () => {
    const bridge = bridgeWith([aJob('r', { state: 'ready', videoId: GUID }), aJob('p', { state: 'processing', videoId: 'other' })], aStatus({ done: 1 }));
    bridge.answer('videos.delivery', (i) => aDelivery(i.guid, { zone: { id: 42, name: 'library-zone' } }));
    renderVideos();
    // Only the row that reached Ready offers it.
    expect(within(await rowOf('clip p')).queryByRole('button', { name: /^Watch delivery/ })).toBeNull();
    fireEvent.click(within(await rowOf('clip r')).getByRole('button', { name: 'Watch delivery: clip r' }));
    await waitFor(() => expect(useNav.getState().area).toBe('logs'));
    expect(useLogsIntent.getState().intent).toEqual({ zoneId: 42, filter: `url:/${GUID}/`, live: true });
    expect(bridge.inputs('videos.delivery')).toEqual([{ libraryId: 1, guid: GUID, range: '24h' }]);
  });

  it('says so in place when the library has no zone to read', async () => {
    const bridge = bridgeWith([aJob('r', { state: 'ready', videoId: GUID })], aStatus({ done: 1 }));
    bridge.answer('videos.delivery', (i) => aDelivery(i.guid, { zone: null, unavailable: { kind: 'no-zone', message: 'This library names no pull zone.', setting: null } }));
    renderVideos();
    fireEvent.click(within(await rowOf('clip r')).getByRole('button', { name: 'Watch delivery: clip r' }));
    expect((await screen.findByTestId('watch-delivery-failed')).textContent).toBe('This library names no pull zone.');
    expect(useNav.getState().area).toBe('videos');
    expect(useLogsIntent.getState().intent).toBeNull();
  });
});
