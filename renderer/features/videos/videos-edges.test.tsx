// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aJob } from './testing/job-fixtures';
import { bridgeWith, fakeLayout, renderVideos, rowOf } from './testing/screen';

beforeEach(fakeLayout);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('rows name their library, and the queue filters by library', () => {
  const JOBS = [
    aJob('a', { position: 1, libraryId: 1, collectionId: 'g1' }),
    aJob('b', { position: 2, libraryId: 2 }),
    aJob('c', { position: 3, libraryId: 1 }),
    aJob('d', { position: 4, libraryId: 7 }),
  ];

  it('each row says the library (and collection) its video goes to, by name', async () => {
    bridgeWith(JOBS);
    renderVideos();
    await waitFor(async () => expect(within(await rowOf('clip a')).getByTestId('job-destination').textContent).toBe('to Demo Library › Getting Started'));
    expect(within(await rowOf('clip b')).getByTestId('job-destination').textContent).toBe('to Training');
    // A library the profile no longer lists is still named by its number, never left out.
    expect(within(await rowOf('clip d')).getByTestId('job-destination').textContent).toBe('to library 7');
  });

  it('"Show rows of" keeps one library\'s rows and says how many it hides; All libraries shows them again', async () => {
    bridgeWith(JOBS);
    renderVideos();
    await rowOf('clip a');
    const filter = screen.getByRole('combobox', { name: 'Show rows of' }) as HTMLSelectElement;
    expect(filter.selectedOptions[0]?.textContent).toBe('All libraries');
    await waitFor(() => expect([...filter.options].map((o) => o.textContent)).toEqual(['All libraries', 'Demo Library', 'Library 7', 'Training']));
    expect(screen.queryByTestId('queue-hidden')).toBeNull();

    fireEvent.change(filter, { target: { value: '1' } });
    await waitFor(() => expect(screen.getAllByRole('listitem').map((r) => r.dataset.jobId)).toEqual(['a', 'c']));
    expect(screen.getByTestId('queue-hidden').textContent).toBe('2 rows of other libraries hidden');

    fireEvent.change(filter, { target: { value: 'all' } });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(4));
    expect(screen.queryByTestId('queue-hidden')).toBeNull();
  });
});

describe('with a library filter on, the toolbar acts on the rows shown', () => {
  const JOBS = [
    aJob('a', { position: 1, libraryId: 1, state: 'uploading', bytesSent: 10_000_000, resumable: true }),
    aJob('b', { position: 2, libraryId: 2, state: 'uploading', bytesSent: 10_000_000, resumable: true }),
    aJob('c', { position: 3, libraryId: 1, state: 'failed', error: { title: 'Bad request', retryable: true } }),
    aJob('d', { position: 4, libraryId: 2, state: 'failed', error: { title: 'Bad request', retryable: true } }),
    aJob('e', { position: 5, libraryId: 1, state: 'ready', videoId: 'v-e' }),
    aJob('f', { position: 6, libraryId: 2, state: 'ready', videoId: 'v-f' }),
    aJob('g', { position: 7, libraryId: 1, paused: true }),
    aJob('h', { position: 8, libraryId: 2, paused: true }),
  ];

  it('says "shown" and sends the shown rows\' ids, never the whole queue', async () => {
    const bridge = bridgeWith(JOBS);
    renderVideos();
    await rowOf('clip a');
    fireEvent.change(screen.getByRole('combobox', { name: 'Show rows of' }), { target: { value: '1' } });
    await waitFor(() => expect(screen.getAllByRole('listitem').map((r) => r.dataset.jobId)).toEqual(['a', 'c', 'e', 'g']));
    const toolbar = screen.getByRole('group', { name: 'Rows shown' });
    for (const gone of ['Pause all', 'Resume all', 'Cancel all', 'Clear completed']) expect(within(toolbar).queryByRole('button', { name: gone })).toBeNull();

    fireEvent.click(within(toolbar).getByRole('button', { name: 'Pause shown' }));
    await waitFor(() => expect(bridge.inputs('videos.pause')).toEqual([{ ids: ['a'] }]));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Resume shown' }));
    await waitFor(() => expect(bridge.inputs('videos.resume')).toEqual([{ ids: ['g'] }]));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Retry shown failed (1)' }));
    await waitFor(() => expect(bridge.inputs('videos.retry')).toEqual([{ ids: ['c'] }]));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Clear shown completed' }));
    await waitFor(() => expect(bridge.inputs('videos.clearCompleted')).toEqual([{ ids: ['c', 'e'] }]));

    fireEvent.click(within(toolbar).getByRole('button', { name: 'Cancel shown' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Cancel all 2 shown uploads?');
    expect(dialog.textContent).toContain('Rows of other libraries, hidden by the filter, keep uploading.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel uploads' }));
    await waitFor(() => expect(bridge.inputs('videos.cancel')).toEqual([{ ids: ['a', 'g'] }]));
  });

  it('without a filter the buttons still act on the whole queue', async () => {
    const bridge = bridgeWith(JOBS);
    renderVideos();
    await rowOf('clip a');
    const toolbar = screen.getByRole('group', { name: 'Whole queue' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Resume all' }));
    await waitFor(() => expect(bridge.inputs('videos.resume')).toEqual([{ all: true }]));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Clear completed' }));
    await waitFor(() => expect(bridge.inputs('videos.clearCompleted')).toEqual([{}]));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Cancel all' }));
    expect(within(await screen.findByRole('dialog')).getByRole('heading').textContent).toBe('Cancel all 4 uploads?');
  });
});

describe('pausing a plain upload', () => {
  const JOBS = [
    aJob('plain', { position: 1, state: 'uploading', bytesSent: 30_000_000 }),
    aJob('big', { position: 2, state: 'uploading', bytesSent: 40_000_000, resumable: true }),
    aJob('fresh', { position: 3, state: 'queued' }),
    aJob('starting', { position: 4, state: 'uploading', bytesSent: 0 }),
  ];

  it('a resumable row, or one still waiting, pauses at once', async () => {
    const bridge = bridgeWith(JOBS);
    renderVideos();
    fireEvent.click(within(await rowOf('clip big')).getByRole('button', { name: 'Pause clip big' }));
    fireEvent.click(within(await rowOf('clip fresh')).getByRole('button', { name: 'Pause clip fresh' }));
    await waitFor(() => expect(bridge.inputs('videos.pause')).toEqual([{ ids: ['big'] }, { ids: ['fresh'] }]));
    expect(screen.queryByTestId('pause-dialog')).toBeNull();
  });

  it('says first that it starts over; "Pause anyway" pauses, "Keep uploading" does nothing', async () => {
    const bridge = bridgeWith(JOBS);
    renderVideos();
    fireEvent.click(within(await rowOf('clip plain')).getByRole('button', { name: 'Pause clip plain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause and start over?' });
    expect(dialog.textContent).toContain('“clip plain” is a plain upload: it cannot keep what it sent. Pausing drops the 30.0 MB sent so far and sends the file again from zero when resumed.');
    expect(bridge.count('videos.pause')).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep uploading' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.count('videos.pause')).toBe(0);

    fireEvent.click(within(await rowOf('clip plain')).getByRole('button', { name: 'Pause clip plain' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pause anyway' }));
    await waitFor(() => expect(bridge.inputs('videos.pause')).toEqual([{ ids: ['plain'] }]));
    expect(bridge.count('videos.setResumable')).toBe(0);

    // Sending, with nothing through yet: still asked, without a number of bytes to lose.
    fireEvent.click(within(await rowOf('clip starting')).getByRole('button', { name: 'Pause clip starting' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('“clip starting” is a plain upload: it cannot keep what it sent. Pausing stops it and sends the file again from zero when resumed.');
  });

  it('"Make resumable, then pause" switches the row to resumable, then pauses it', async () => {
    const bridge = bridgeWith(JOBS);
    bridge.answer('videos.setResumable', { changed: 1 });
    renderVideos();
    fireEvent.click(within(await rowOf('clip plain')).getByRole('button', { name: 'Pause clip plain' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('what was sent is lost either way');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make resumable, then pause' }));
    await waitFor(() => expect(bridge.inputs('videos.pause')).toEqual([{ ids: ['plain'] }]));
    expect(bridge.inputs('videos.setResumable')).toEqual([{ ids: ['plain'], resumable: true }]);
  });

  it('"Pause all" asks too, and its answer applies to the whole queue', async () => {
    const bridge = bridgeWith(JOBS);
    bridge.answer('videos.setResumable', { changed: 2 });
    renderVideos();
    await rowOf('clip plain');
    fireEvent.click(screen.getByRole('button', { name: 'Pause all' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('2 of these are plain uploads');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make resumable, then pause' }));
    await waitFor(() => expect(bridge.inputs('videos.pause')).toEqual([{ all: true }]));
    expect(bridge.inputs('videos.setResumable')).toEqual([{ ids: ['plain', 'starting'], resumable: true }]);
  });

  it('Space on a selection holding a plain upload asks too, for the whole selection', async () => {
    const bridge = bridgeWith(JOBS);
    renderVideos();
    fireEvent.click(await rowOf('clip plain'));
    fireEvent.click(await rowOf('clip big'), { shiftKey: true });
    fireEvent.keyDown(await rowOf('clip plain'), { key: ' ' });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause anyway' }));
    await waitFor(() => expect(bridge.inputs('videos.pause')).toEqual([{ ids: ['plain', 'big'] }]));
  });
});

describe('Space on a row checkbox', () => {
  it('toggles that row once and pauses nothing', async () => {
    const bridge = bridgeWith([aJob('a', { position: 1, state: 'uploading', bytesSent: 10 }), aJob('b', { position: 2 })]);
    renderVideos();
    const box = within(await rowOf('clip b')).getByRole('checkbox', { name: 'Select clip b' }) as HTMLInputElement;
    box.focus();
    const notHandled = fireEvent.keyDown(box, { key: ' ' });
    // The key is taken by the row (so the checkbox's own click on key up does not toggle it back).
    expect(notHandled).toBe(false);
    await waitFor(() => expect(box.checked).toBe(true));
    expect((await rowOf('clip b')).dataset.selected).toBe('true');
    expect((await rowOf('clip a')).dataset.selected).toBeUndefined();
    fireEvent.keyDown(box, { key: ' ' });
    await waitFor(() => expect(box.checked).toBe(false));
    expect(bridge.count('videos.pause')).toBe(0);
    expect(bridge.count('videos.resume')).toBe(0);
  });
});

describe('Move to top', () => {
  it('is offered to waiting rows behind another waiting row, not to the first one or the top row', async () => {
    const bridge = bridgeWith([
      aJob('running', { position: 1, state: 'uploading', bytesSent: 10 }),
      aJob('next', { position: 2 }),
      aJob('later', { position: 3 }),
    ]);
    renderVideos();
    const name = /to the top$/;
    expect(within(await rowOf('clip running')).queryByRole('button', { name })).toBeNull();
    expect(within(await rowOf('clip next')).queryByRole('button', { name })).toBeNull();
    fireEvent.click(within(await rowOf('clip later')).getByRole('button', { name: 'Move clip later to the top' }));
    await waitFor(() => expect(bridge.inputs('videos.moveToTop')).toEqual([{ ids: ['later'] }]));
  });

  it('a waiting row on top of the queue is not offered it', async () => {
    bridgeWith([aJob('first', { position: 1 }), aJob('second', { position: 2 })]);
    renderVideos();
    expect(within(await rowOf('clip first')).queryByRole('button', { name: /to the top$/ })).toBeNull();
    expect(within(await rowOf('clip second')).getByRole('button', { name: 'Move clip second to the top' })).toBeTruthy();
  });
});
