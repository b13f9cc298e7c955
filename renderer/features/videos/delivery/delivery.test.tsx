// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LibraryQuery, LibraryVideo } from '../../../../shared/contract/videos-library';
import type { FakeBridge } from '../../../testing/fake-bridge';
import { FIRST_PAGE, useLibrary } from '../library/library-store';
import { aDelivery, aTop, PARTIAL } from '../testing/delivery-fixtures';
import { bridgeWith, fakeLayout, renderVideos } from '../testing/screen';
import { useDelivery } from './delivery-store';

function aVideo(guid: string, title: string): LibraryVideo {
  return { guid, title, status: 4, encodeProgress: 100, length: 125, storageSize: 12_500_000, views: 3, dateUploaded: '2026-01-02T03:04:05.0000000Z', collectionId: null, hasThumbnail: false };
}

const VIDEOS = [aVideo('g-a', 'Keynote'), aVideo('g-b', 'Tour'), aVideo('g-c', 'Quiet one')];

/** A library of VIDEOS, searched by title and paged. */
function library(bridge: FakeBridge, videos: readonly LibraryVideo[] = VIDEOS) {
  bridge.answer('videos.libraryList', (q: LibraryQuery) => {
    const found = videos.filter((v) => v.title.toLowerCase().includes(q.search.toLowerCase()));
    return { items: found.slice((q.page - 1) * q.itemsPerPage, q.page * q.itemsPerPage), totalItems: found.length, page: q.page, itemsPerPage: q.itemsPerPage };
  });
}

const TOP = aTop({
  videos: [
    { guid: 'g-b', title: 'Tour', requests: 900, bytes: 1_000_000 },
    { guid: 'g-a', title: 'Keynote', requests: 300, bytes: 9_000_000 },
    { guid: 'g-x', title: 'On another page', requests: 50, bytes: 5_000 },
  ],
});

beforeEach(() => {
  fakeLayout();
  useLibrary.setState({ view: 'library', query: FIRST_PAGE, spotlight: null });
  useDelivery.setState({ range: '24h', by: 'requests', paneOpen: true, detail: null });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const cellOf = async (title: string) => within((await screen.findByDisplayValue(title)).closest('tr') as HTMLElement).getByTestId('lib-delivery');

describe("a library's rows", () => {
  it('take their figures from one walk of the library; a video absent from a complete answer had none', async () => {
    const bridge = bridgeWith([]);
    library(bridge);
    bridge.answer('videos.top', TOP);
    useLibrary.setState({ query: { ...FIRST_PAGE, itemsPerPage: 2 } });
    renderVideos();
    await waitFor(async () => expect((await cellOf('Tour')).textContent).toBe(`${(900).toLocaleString()} · 1.0 MB`));
    expect((await cellOf('Keynote')).textContent).toBe(`${(300).toLocaleString()} · 9.0 MB`);
    expect(bridge.inputs('videos.top')).toEqual([{ libraryId: 1, range: '24h', by: 'requests', limit: 1000 }]);
    expect(screen.getByRole('columnheader', { name: 'Delivered, 24 h' })).toBeTruthy();

    // The next page reads nothing more: its rows look up the same answer.
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(async () => expect((await cellOf('Quiet one')).textContent).toBe('0 · 0 B'));
    expect(bridge.count('videos.top')).toBe(1);
    expect(bridge.count('videos.delivery')).toBe(0);
  });

  it('say "partial" for a video the walk has not met yet, and follow the range', async () => {
    const bridge = bridgeWith([]);
    library(bridge);
    bridge.answer('videos.top', (i) => aTop({ range: i.range, videos: i.range === '24h' ? [TOP.videos[0]!] : [], completeness: PARTIAL }));
    renderVideos();
    await waitFor(async () => expect((await cellOf('Keynote')).textContent).toBe('partial'));
    expect((await cellOf('Tour')).textContent).toContain('partial');
    expect(screen.getByTestId('delivery-partial').textContent).toContain('3 pages of logs read so far');

    fireEvent.change(screen.getByLabelText('Delivery range'), { target: { value: '3d' } });
    await waitFor(() => expect(bridge.inputs('videos.top').map((i) => i.range)).toEqual(['24h', '3d']));
    expect(screen.getByRole('columnheader', { name: 'Delivered, 3 days' })).toBeTruthy();
    // "Read on" goes on with the walk: the same input, without starting over.
    fireEvent.click(await screen.findByRole('button', { name: 'Read on' }));
    await waitFor(() => expect(bridge.inputs('videos.top')).toHaveLength(3));
    expect(bridge.inputs('videos.top')[2]).toEqual({ libraryId: 1, range: '3d', by: 'requests', limit: 1000 });
  });
});

describe('top videos', () => {
  it('ranks by requests or by data sent from the same answer, and each links to its row', async () => {
    const bridge = bridgeWith([]);
    library(bridge);
    bridge.answer('videos.top', TOP);
    renderVideos();
    const list = await screen.findByTestId('top-videos');
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('button')?.textContent)).toEqual(['Tour', 'Keynote', 'On another page']));
    fireEvent.change(within(list).getByLabelText('by'), { target: { value: 'bytes' } });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('button')?.textContent)).toEqual(['Keynote', 'Tour', 'On another page']));
    expect(bridge.count('videos.top')).toBe(1);

    // On the page shown: its row is marked and takes the focus.
    fireEvent.click(within(list).getByRole('button', { name: 'Keynote' }));
    const row = (await screen.findByDisplayValue('Keynote')).closest('tr')!;
    await waitFor(() => expect(row.getAttribute('data-spotlight')).toBe('true'));
    expect(document.activeElement).toBe(row);
    // Elsewhere: looked for by its title.
    fireEvent.click(within(list).getByRole('button', { name: 'On another page' }));
    await waitFor(() => expect(useLibrary.getState().query.search).toBe('On another page'));
    expect(useLibrary.getState().spotlight).toEqual({ libraryId: 1, videoId: 'g-x' });
  });

  it("explains a library whose zone keeps no logs, with the setting to change", async () => {
    const bridge = bridgeWith([]);
    library(bridge);
    bridge.answer('videos.top', aTop({ unavailable: { kind: 'logging-off', message: 'Logging is turned off for this pull zone.', setting: 'Pull zone › Logging › Enable logging' } }));
    renderVideos();
    const note = await screen.findByTestId('delivery-unavailable');
    expect(note.textContent).toContain('Logging is turned off for this pull zone.');
    expect(note.textContent).toContain('Setting to change: Pull zone › Logging › Enable logging');
    await waitFor(async () => expect((await cellOf('Tour')).textContent).toBe('—'));
  });
});

describe("a video's delivery", () => {
  it('shows its figures, sparkline and breakdowns, read when opened and again on Refresh', async () => {
    const bridge = bridgeWith([]);
    library(bridge);
    bridge.answer('videos.top', TOP);
    let requests = 1000;
    bridge.answer('videos.delivery', (i) => aDelivery(i.guid, { figures: { requests, bytes: 2_500_000_000, hitRatio: 0.875, status4xx: 12, status5xx: 1 } }));
    renderVideos();
    fireEvent.click(await screen.findByRole('button', { name: /, delivery of Tour$/ }));
    const view = await screen.findByTestId('video-delivery');
    const figures = await within(view).findByTestId('delivery-figures');
    expect(figures.textContent).toContain((1000).toLocaleString());
    expect(figures.textContent).toContain('2.5 GB');
    expect(figures.textContent).toContain('88 %');
    expect(within(view).getByTestId('delivery-shares').textContent).toContain('720p 61 %, 1080p 30 %, 480p 9 %');
    expect(within(view).getByTestId('delivery-shares').textContent).toContain('DE 40 %, US 35 %');
    expect(within(view).getByTestId('delivery-shares').textContent).toContain('free-streams.example.net 12 %');
    const spark = within(view).getByRole('img', { name: /^Requests per 30 min over the last 24 h: / });
    expect(spark.getAttribute('aria-label')).toContain(`${(805).toLocaleString()} in all, at most 100 in one 30 min`);
    expect(bridge.inputs('videos.delivery')).toEqual([{ libraryId: 1, guid: 'g-b', range: '24h' }]);

    requests = 1200;
    fireEvent.click(within(view).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(figures.textContent).toContain((1200).toLocaleString()));
    expect(bridge.inputs('videos.delivery')[1]).toEqual({ libraryId: 1, guid: 'g-b', range: '24h', refresh: true });

    fireEvent.click(within(view).getByRole('button', { name: 'Top videos' }));
    expect(await screen.findByTestId('top-videos')).toBeTruthy();
    // Opened again, it shows what was read: nothing is asked behind the user's back.
    fireEvent.click(screen.getByRole('button', { name: /, delivery of Tour$/ }));
    await waitFor(() => expect(screen.getByTestId('delivery-figures').textContent).toContain((1200).toLocaleString()));
    expect(bridge.count('videos.delivery')).toBe(2);
    expect(bridge.count('videos.top')).toBe(1);
  });

  it('says partial while incomplete, and why a zone has no logs', async () => {
    const bridge = bridgeWith([]);
    library(bridge);
    bridge.answer('videos.top', TOP);
    bridge.answer('videos.delivery', (i) =>
      i.guid === 'g-a'
        ? aDelivery(i.guid, { completeness: PARTIAL })
        : aDelivery(i.guid, { zone: null, unavailable: { kind: 'no-zone', message: 'This library names no pull zone.', setting: null } }),
    );
    renderVideos();
    fireEvent.click(await screen.findByRole('button', { name: /, delivery of Keynote$/ }));
    expect((await screen.findByTestId('delivery-partial')).textContent).toContain('Partial: 3 pages of logs read so far');
    fireEvent.click(await screen.findByRole('button', { name: /, delivery of Tour$/ }));
    expect((await screen.findByTestId('delivery-unavailable')).textContent).toBe('This library names no pull zone.');
    expect(screen.queryByTestId('delivery-figures')).toBeNull();
  });

  it('the pane hides and comes back; the rows keep their figures', async () => {
    const bridge = bridgeWith([]);
    library(bridge);
    bridge.answer('videos.top', TOP);
    renderVideos();
    fireEvent.click(await screen.findByRole('button', { name: 'Hide delivery' }));
    expect(screen.queryByTestId('delivery-pane')).toBeNull();
    expect((await cellOf('Tour')).textContent).toBe(`${(900).toLocaleString()} · 1.0 MB`);
    fireEvent.click(screen.getByRole('button', { name: 'Show delivery' }));
    expect(await screen.findByTestId('delivery-pane')).toBeTruthy();
    expect(bridge.count('videos.top')).toBe(1);
  });
});
