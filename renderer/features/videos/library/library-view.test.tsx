// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LibraryQuery, LibraryVideo } from '../../../../shared/contract/videos-library';
import type { FakeBridge } from '../../../testing/fake-bridge';
import { aJob, aStatus } from '../testing/job-fixtures';
import { aProfile, bridgeWith, fakeLayout, profilesWith, renderVideos, rowOf } from '../testing/screen';
import { FIRST_PAGE, useLibrary } from './library-store';

function aVideo(guid: string, over: Partial<LibraryVideo> = {}): LibraryVideo {
  return { guid, title: `Video ${guid}`, status: 4, encodeProgress: 100, length: 125, storageSize: 12_500_000, views: 1234, dateUploaded: '2026-01-02T03:04:05.0000000Z', collectionId: null, hasThumbnail: false, ...over };
}

/** A library of `videos`, answered page by page as the platform would (search, collection, order, paging). */
function libraryOf(bridge: FakeBridge, videos: () => readonly LibraryVideo[]) {
  bridge.answer('videos.libraryList', (q: LibraryQuery) => {
    const found = videos()
      .filter((v) => v.title.toLowerCase().includes(q.search.toLowerCase()) && (q.collectionId === null || v.collectionId === q.collectionId))
      .sort((a, b) => (q.orderBy === 'title' ? a.title.localeCompare(b.title) : 0));
    const start = (q.page - 1) * q.itemsPerPage;
    return { items: found.slice(start, start + q.itemsPerPage), totalItems: found.length, page: q.page, itemsPerPage: q.itemsPerPage };
  });
}

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fakeLayout();
  useLibrary.setState({ view: 'queue', query: FIRST_PAGE, spotlight: null });
  writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openLibrary() {
  fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Library' }));
  return screen.findByTestId('library-view');
}

const rowByTitle = async (title: string) => (await screen.findByDisplayValue(title)).closest('tr') as HTMLElement;

describe('the Queue | Library switch', () => {
  it('is a pair of tabs the arrow keys move between, and the choice is remembered', async () => {
    const bridge = bridgeWith([]);
    libraryOf(bridge, () => []);
    renderVideos();
    const queueTab = await screen.findByRole('tab', { name: 'Upload queue' });
    expect(queueTab.getAttribute('aria-selected')).toBe('true');
    act(() => queueTab.focus());
    fireEvent.keyDown(queueTab, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Library' }).getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByText('This library has no videos yet')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('burrow.videos.view') ?? '{}').state.view).toBe('library');
    fireEvent.click(screen.getByRole('button', { name: 'Go to the upload queue' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Upload queue' }).getAttribute('aria-selected')).toBe('true'));
  });
});

describe('the library browser', () => {
  it('shows each video with its status in words, length, size and views, and follows encoding live', async () => {
    const bridge = bridgeWith([]);
    let progress = 35;
    libraryOf(bridge, () => [aVideo('enc', { title: 'Encoding one', status: progress === 100 ? 4 : 3, encodeProgress: progress, length: 0 }), aVideo('done', { title: 'Done one' })]);
    renderVideos();
    await openLibrary();
    const done = await rowByTitle('Done one');
    expect(within(done).getByTestId('lib-state').textContent).toBe('Ready');
    expect(done.textContent).toContain('2:05');
    expect(done.textContent).toContain('12.5 MB');
    expect(done.textContent).toContain((1234).toLocaleString());
    const enc = await rowByTitle('Encoding one');
    expect(within(enc).getByTestId('lib-state').textContent).toBe('Encoding 35 %');
    expect(within(enc).getByRole('progressbar', { name: 'Encoding of Encoding one' }).getAttribute('aria-valuenow')).toBe('35');

    // The platform moves on; the list is read again by itself.
    progress = 100;
    await waitFor(() => expect(within(enc).getByTestId('lib-state').textContent).toBe('Ready'), { timeout: 5000 });
    expect(within(enc).queryByRole('progressbar')).toBeNull();
  });

  it('shows a status added later in words, and says how many videos of the page could not be read', async () => {
    const bridge = bridgeWith([]);
    bridge.answer('videos.libraryList', (q: LibraryQuery) => ({
      items: [aVideo('new', { title: 'Newer status', status: 12, encodeProgress: 0 })],
      totalItems: 2,
      page: q.page,
      itemsPerPage: q.itemsPerPage,
      unreadable: { count: 1, firstReason: 'items.1.guid: Invalid input' },
    }));
    renderVideos();
    await openLibrary();
    const row = await rowByTitle('Newer status');
    expect(within(row).getByTestId('lib-state').textContent).toBe('Processing (status 12)');
    expect((await screen.findByTestId('lib-unreadable')).textContent).toBe('1 video on this page could not be read and is not shown (first: items.1.guid: Invalid input)');
  });

  it('searches as you type, filters by collection, sorts by title and pages', async () => {
    const bridge = bridgeWith([]);
    const videos = Array.from({ length: 30 }, (_, i) => aVideo(`v${i}`, { title: `Clip ${String(30 - i).padStart(2, '0')}`, collectionId: i === 3 ? 'g1' : null }));
    libraryOf(bridge, () => videos);
    renderVideos();
    await openLibrary();
    expect(await screen.findByTestId('lib-page')).toHaveProperty('textContent', 'Page 1 of 2 · 30 videos');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('lib-row')).toHaveLength(5));
    expect(bridge.inputs('videos.libraryList').at(-1)).toMatchObject({ page: 2, itemsPerPage: 25 });

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'title' } });
    await waitFor(() => expect(bridge.inputs('videos.libraryList').at(-1)).toMatchObject({ page: 1, orderBy: 'title' }));
    await waitFor(() => expect((screen.getAllByTestId('lib-title')[0] as HTMLInputElement).value).toBe('Clip 01'));

    fireEvent.change(screen.getByLabelText('Search titles'), { target: { value: 'clip 2' } });
    await waitFor(() => expect(bridge.inputs('videos.libraryList').at(-1)).toMatchObject({ search: 'clip 2', page: 1 }));
    await waitFor(() => expect(screen.getAllByTestId('lib-row')).toHaveLength(10));

    fireEvent.change(screen.getByLabelText('Search titles'), { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No video matches', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show every video' }));
    await waitFor(() => expect(screen.getAllByTestId('lib-row')).toHaveLength(25));

    fireEvent.change(await screen.findByLabelText('Filter by collection'), { target: { value: 'g1' } });
    await waitFor(() => expect(screen.getAllByTestId('lib-row')).toHaveLength(1));
    expect(bridge.inputs('videos.libraryList').at(-1)).toMatchObject({ collectionId: 'g1', search: '' });
  });

  it('renames with Enter, undoes with Esc, and moves a video between collections', async () => {
    const bridge = bridgeWith([]);
    let video = aVideo('a', { title: 'Old name' });
    libraryOf(bridge, () => [video]);
    bridge.answer('videos.libraryUpdate', (i) => (video = { ...video, ...(i.title !== undefined ? { title: i.title } : {}), ...(i.collectionId !== undefined ? { collectionId: i.collectionId } : {}) }));
    renderVideos();
    await openLibrary();
    const title = await screen.findByLabelText('Title of Old name');
    fireEvent.change(title, { target: { value: 'Thrown away' } });
    fireEvent.keyDown(title, { key: 'Escape' });
    expect((title as HTMLInputElement).value).toBe('Old name');
    fireEvent.change(title, { target: { value: '  New name ' } });
    fireEvent.keyDown(title, { key: 'Enter' });
    await waitFor(() => expect(bridge.inputs('videos.libraryUpdate')).toEqual([{ libraryId: 1, videoId: 'a', title: 'New name' }]));
    expect(await screen.findByDisplayValue('New name')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Collection of New name'), { target: { value: 'g1' } });
    await waitFor(() => expect(bridge.inputs('videos.libraryUpdate').at(-1)).toEqual({ libraryId: 1, videoId: 'a', collectionId: 'g1' }));
    await waitFor(() => expect((screen.getByLabelText('Collection of New name') as HTMLSelectElement).value).toBe('g1'));

    fireEvent.change(screen.getByLabelText('Title of New name'), { target: { value: '   ' } });
    fireEvent.keyDown(screen.getByLabelText('Title of New name'), { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('Title must not be empty');
    expect(bridge.count('videos.libraryUpdate')).toBe(2);
  });

  it('asks once before deleting, naming the video; Keep it changes nothing; a refusal stays in the dialog', async () => {
    const bridge = bridgeWith([]);
    let videos = [aVideo('a', { title: 'Keeper' }), aVideo('b', { title: 'Goner' })];
    libraryOf(bridge, () => videos);
    renderVideos();
    await openLibrary();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Goner' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete “Goner”?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bridge.count('videos.libraryDelete')).toBe(0);

    bridge.answer('videos.libraryDelete', { error: { kind: 'auth', title: 'The library key was refused (401)', status: 401, detail: 'Each video library has its own API key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Goner' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete video' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Each video library has its own API key');

    bridge.answer('videos.libraryDelete', (i) => {
      videos = videos.filter((v) => v.guid !== i.videoId);
      return { deleted: true };
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete video' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByDisplayValue('Goner')).toBeNull());
    expect(screen.getByDisplayValue('Keeper')).toBeTruthy();
    expect(bridge.inputs('videos.libraryDelete').at(-1)).toEqual({ libraryId: 1, videoId: 'b' });
  });

  it('copies the video id and the play URL; shows the thumbnail the core hands over', async () => {
    const bridge = bridgeWith([]);
    libraryOf(bridge, () => [aVideo('guid-1', { title: 'Pictured', hasThumbnail: true })]);
    bridge.answer('videos.libraryLinks', { playUrl: 'https://video.bunnycdn.com/play/1/guid-1', playlistUrl: null });
    bridge.answer('videos.libraryThumbnail', { dataUrl: 'data:image/png;base64,AAAA' });
    renderVideos();
    await openLibrary();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the video id of Pictured' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('guid-1'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy the play URL of Pictured' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('https://video.bunnycdn.com/play/1/guid-1'));
    expect(((await screen.findByTestId('lib-thumb')) as HTMLImageElement).src).toBe('data:image/png;base64,AAAA');
  });

  it('says what failed and tries again on request; a library without its key is not listed', async () => {
    const bridge = bridgeWith([]);
    bridge.answer('videos.libraryList', { error: { kind: 'auth', title: 'The library key was refused (401)', status: 401, detail: 'Each video library has its own API key' } });
    renderVideos();
    await openLibrary();
    expect((await screen.findByRole('alert')).textContent).toContain('The library key was refused (401)');
    libraryOf(bridge, () => [aVideo('a')]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('Video a')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Library' }), { target: { value: '2' } });
    expect((await screen.findByTestId('browse-no-key')).textContent).toContain('each video library has its own API key');
  });

  it('a finished upload’s “Show in library” opens the library on its row, marked and focused', async () => {
    const bridge = bridgeWith([aJob('up', { state: 'ready', videoId: 'v-up', title: 'Fresh upload' })], aStatus({ done: 1 }));
    libraryOf(bridge, () => [aVideo('v-up', { title: 'Fresh upload' }), aVideo('older')]);
    bridge.answer('videos.libraryGet', aVideo('v-up', { title: 'Fresh upload' }));
    renderVideos();
    const row = await rowOf('Fresh upload');
    fireEvent.click(within(row).getByRole('button', { name: 'Show in library' }));
    // The library opens once the platform confirmed it still has the video.
    await screen.findByTestId('library-view');
    const spot = await rowByTitle('Fresh upload');
    expect(spot.dataset.spotlight).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(spot));
    expect((await rowByTitle('Video older')).dataset.spotlight).toBeUndefined();
  });

  it('“Show in library” on a video that vanished says so in its row and leaves the queue on screen', async () => {
    const bridge = bridgeWith([aJob('gone', { state: 'ready', videoId: 'v-gone', title: 'Lost upload', libraryId: 1 })], aStatus({ done: 1 }));
    bridge.answer('settings.profiles', profilesWith('p1', [aProfile('p1', 'Sandbox', 'sandbox')]));
    libraryOf(bridge, () => []);
    bridge.answer('videos.libraryGet', { error: { kind: 'not_found', status: 404, title: 'This video is no longer in the library' } });
    renderVideos();
    const row = await rowOf('Lost upload');
    fireEvent.click(within(row).getByRole('button', { name: 'Show in library' }));
    const said = await within(row).findByTestId('video-gone');
    expect(said.textContent).toBe('This video is no longer in Demo Library — it was deleted or the sandbox was reset.');
    expect(bridge.inputs('videos.libraryGet')).toEqual([{ libraryId: 1, videoId: 'v-gone' }]);
    expect(useLibrary.getState().view).toBe('queue');
    expect(screen.queryByTestId('library-view')).toBeNull();
  });
});

describe('"Show in library" on a row of another profile than the active one', () => {
  const SANDBOX = aProfile('p1', 'Sandbox', 'sandbox', [{ id: 105643, name: 'Demo Library' }]);
  const PRODUCTION = aProfile('p2', 'Production', 'platform', [{ id: 1, name: 'Marketing' }]);

  /** The Sandbox's finished upload, seen while Production is active; activating a profile makes it the active one. */
  function switchedAway() {
    const bridge = bridgeWith([aJob('up', { profileId: 'p1', libraryId: 105643, state: 'ready', videoId: 'v-up', title: 'small clip' })], aStatus({ done: 1 }));
    let active = 'p2';
    bridge.answer('settings.profiles', () => profilesWith(active, [SANDBOX, PRODUCTION]));
    bridge.answer('settings.activateProfile', ({ id }) => {
      active = id;
      return id === 'p1' ? SANDBOX : PRODUCTION;
    });
    // The active profile's own library 1 is no answer for the Sandbox's row.
    bridge.answer('videos.libraries', { libraries: [{ id: 1, name: 'Marketing', hasKey: true }] });
    bridge.answer('videos.libraryGet', aVideo('v-up', { title: 'small clip' }));
    libraryOf(bridge, () => []);
    return bridge;
  }

  it('the row names its profile and that profile\'s library, and offers to switch to it', async () => {
    switchedAway();
    renderVideos();
    const row = await rowOf('small clip');
    await waitFor(() => expect(within(row).getByTestId('job-destination').textContent).toBe('to Demo Library in profile Sandbox'));
    expect(within(row).queryByRole('button', { name: 'Show in library' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Switch to Sandbox and show' })).toBeTruthy();
    // The queue's library filter names it the same way, not by the active profile's list or a bare number.
    const filter = screen.getByRole('combobox', { name: 'Show rows of' }) as HTMLSelectElement;
    await waitFor(() => expect([...filter.options].map((o) => o.textContent)).toEqual(['All libraries', 'Demo Library (profile Sandbox)']));
  });

  it('switches to that profile first, then opens its library on the video; the active library is never asked', async () => {
    const bridge = switchedAway();
    renderVideos();
    const row = await rowOf('small clip');
    fireEvent.click(await within(row).findByRole('button', { name: 'Switch to Sandbox and show' }));
    await waitFor(() => expect(useLibrary.getState().spotlight).toEqual({ libraryId: 105643, videoId: 'v-up' }));
    expect(useLibrary.getState().view).toBe('library');
    const order = bridge.calls.map((c) => c.method).filter((m) => m === 'settings.activateProfile' || m === 'videos.libraryGet');
    expect(order).toEqual(['settings.activateProfile', 'videos.libraryGet']);
    expect(bridge.inputs('settings.activateProfile')).toEqual([{ id: 'p1' }]);
    expect(bridge.inputs('videos.libraryGet')).toEqual([{ libraryId: 105643, videoId: 'v-up' }]);
  });

  it('a vanished video of a platform profile is said deleted, without a word about a sandbox', async () => {
    const bridge = bridgeWith([aJob('gone', { profileId: 'p2', libraryId: 1, state: 'ready', videoId: 'v-gone', title: 'Lost upload' })], aStatus({ done: 1 }));
    bridge.answer('settings.profiles', profilesWith('p2', [SANDBOX, PRODUCTION]));
    bridge.answer('videos.libraries', { libraries: [{ id: 1, name: 'Marketing', hasKey: true }] });
    bridge.answer('videos.libraryGet', { error: { kind: 'not_found', status: 404, title: 'This video is no longer in the library' } });
    renderVideos();
    const row = await rowOf('Lost upload');
    fireEvent.click(await within(row).findByRole('button', { name: 'Show in library' }));
    expect((await within(row).findByTestId('video-gone')).textContent).toBe('This video is no longer in Marketing — it was deleted.');
  });

  it('a check that fails for another reason says so in the row and opens nothing', async () => {
    const bridge = bridgeWith([aJob('up', { state: 'ready', videoId: 'v-up', title: 'Fresh upload' })], aStatus({ done: 1 }));
    bridge.answer('videos.libraryGet', { error: { kind: 'network', title: 'Could not reach video.bunnycdn.com' } });
    renderVideos();
    const row = await rowOf('Fresh upload');
    fireEvent.click(within(row).getByRole('button', { name: 'Show in library' }));
    expect((await within(row).findByTestId('video-check-failed')).textContent).toBe('Could not check Demo Library for this video: Could not reach video.bunnycdn.com');
    expect(useLibrary.getState().view).toBe('queue');
    expect(useLibrary.getState().spotlight).toBeNull();
  });
});
