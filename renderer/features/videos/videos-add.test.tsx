// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNav } from '../../app/nav-store';
import type { FakeBridge } from '../../testing/fake-bridge';
import { skippedMessage } from './drop-files';
import { aJob, aStatus } from './testing/job-fixtures';
import { bridgeWith, fakeLayout, renderTrayOnly, renderVideos } from './testing/screen';
import { useTarget } from './target-store';

beforeEach(fakeLayout);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const NOTHING_ADDED = { files: [], skipped: [] };
const uploaded = (name: string, uploadedAt = 0) => ({ token: `t-${name}`, name, outcome: 'uploaded' as const, uploadedAt });

/** Drops files on the window the way a file manager does (the event carries Files). */
function drop(files: File[]) {
  const event = new Event('drop', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], files, dropEffect: 'none' } });
  act(() => void window.dispatchEvent(event));
  return event;
}

async function libraryChosen() {
  await waitFor(() => expect(useTarget.getState().libraryId).toBe(1));
}

function registerEveryDrop(bridge: FakeBridge) {
  bridge.acceptDrops((f) => f.name !== 'page-made.mp4');
}

describe('adding files', () => {
  it('an empty queue explains what to do; Ctrl+O and the button open the native dialog for the chosen library', async () => {
    const bridge = bridgeWith([]);
    bridge.answer('videos.choose', NOTHING_ADDED);
    renderVideos();
    expect((await screen.findByTestId('queue-empty')).textContent).toContain('Drop video files or folders anywhere on this window');
    expect(screen.queryByTestId('uploads-tray')).toBeNull();
    await libraryChosen();
    fireEvent.keyDown(window, { key: 'o', ctrlKey: true });
    fireEvent.click(screen.getAllByRole('button', { name: /Choose files/ })[0]!);
    await waitFor(() => expect(bridge.inputs('videos.choose')).toEqual([{ libraryId: 1, collectionId: null }, { libraryId: 1, collectionId: null }]));
  });

  it('dropped files go by token to videos.add; skipped ones are named in one toast; files uploaded before are asked about', async () => {
    const bridge = bridgeWith([]);
    registerEveryDrop(bridge);
    bridge.answer('videos.add', (input) =>
      input.again
        ? { ...NOTHING_ADDED, files: input.tokens.map((token) => ({ token, name: token.slice(2), outcome: 'added' as const, jobId: `j-${token}` })) }
        : {
            skipped: ['notes.txt', 'cover.jpg'],
            files: [
              { token: 't-new.mp4', name: 'new.mp4', outcome: 'added', jobId: 'j1' },
              { token: 't-empty.mp4', name: 'empty.mp4', outcome: 'empty' },
              { token: 't-twice.mp4', name: 'twice.mp4', outcome: 'queued', jobId: 'j0' },
              uploaded('old.mp4', Date.UTC(2026, 0, 2)),
              uploaded('older.mp4'),
            ],
          },
    );
    renderVideos();
    await libraryChosen();
    const event = drop([new File(['x'], 'new.mp4'), new File(['y'], 'notes.txt'), new File(['z'], 'old.mp4'), new File([''], 'page-made.mp4')]);
    expect(event.defaultPrevented).toBe(true);
    await waitFor(() => expect(bridge.inputs('videos.add')).toEqual([{ libraryId: 1, collectionId: null, tokens: ['t-new.mp4', 't-notes.txt', 't-old.mp4'] }]));
    expect(await screen.findByText('3 files skipped: notes.txt, cover.jpg, empty.mp4 (an empty file)')).toBeTruthy();
    expect(await screen.findByText('1 file is already in the queue.')).toBeTruthy();
    expect(await screen.findByText('1 file could not be read: page-made.mp4')).toBeTruthy();

    const dialog = await screen.findByRole('dialog', { name: 'Uploaded before' });
    expect(dialog.textContent).toContain('old.mp4');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Apply to all 2 files' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload again' }));
    await waitFor(() => expect(bridge.inputs('videos.add')[1]).toEqual({ libraryId: 1, collectionId: null, tokens: ['t-old.mp4', 't-older.mp4'], again: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('answers files uploaded before one by one: Skip leaves a file out', async () => {
    const bridge = bridgeWith([]);
    registerEveryDrop(bridge);
    bridge.answer('videos.add', (input) =>
      input.again ? NOTHING_ADDED : { ...NOTHING_ADDED, files: [uploaded('a.mp4'), uploaded('b.mp4')] },
    );
    renderVideos();
    await libraryChosen();
    drop([new File(['a'], 'a.mp4'), new File(['b'], 'b.mp4')]);
    await screen.findByRole('dialog', { name: 'Uploaded before' });
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('b.mp4');
    fireEvent.click(screen.getByRole('button', { name: 'Upload again' }));
    await waitFor(() => expect(bridge.inputs('videos.add')[1]).toEqual({ libraryId: 1, collectionId: null, tokens: ['t-b.mp4'], again: true }));
  });

  it('names at most three skipped files', () => {
    expect(skippedMessage(['a.txt'])).toBe('1 file skipped: a.txt');
    expect(skippedMessage(['a', 'b', 'c', 'd', 'e'])).toBe('5 files skipped: a, b, c and 2 more');
  });
});

describe('where files go', () => {
  it('remembers the library and collection; a new collection is created and chosen', async () => {
    const bridge = bridgeWith([]);
    const collections = [{ guid: 'g1', name: 'Getting Started', videoCount: 0 }];
    bridge.answer('videos.collections', () => ({ collections: [...collections] }));
    bridge.answer('videos.createCollection', (i) => {
      const c = { guid: 'g2', name: i.name, videoCount: 0 };
      collections.push(c);
      return c;
    });
    bridge.answer('videos.choose', NOTHING_ADDED);
    renderVideos();
    await libraryChosen();
    const collection = await screen.findByRole('combobox', { name: /^Collection/ });
    await screen.findByRole('option', { name: 'Getting Started' });
    fireEvent.change(collection, { target: { value: '__new__' } });
    const name = screen.getByRole('textbox', { name: 'New collection name' });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name must not be empty')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Trips' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(useTarget.getState().collectionByLibrary).toEqual({ 1: 'g2' }));
    expect(bridge.inputs('videos.createCollection')).toEqual([{ libraryId: 1, name: 'Trips' }]);
    expect(((await screen.findByRole('combobox', { name: /^Collection/ })) as HTMLSelectElement).value).toBe('g2');
    fireEvent.keyDown(window, { key: 'o', metaKey: true });
    await waitFor(() => expect(bridge.inputs('videos.choose')).toEqual([{ libraryId: 1, collectionId: 'g2' }]));
    expect(JSON.parse(localStorage.getItem('burrow.videos.target')!).state).toEqual({ libraryId: 1, collectionByLibrary: { 1: 'g2' } });
  });

  it('a library without a key here offers to get it with the account key', async () => {
    const bridge = bridgeWith([]);
    bridge.answer('settings.storeLibraryKeys', {} as never);
    renderVideos();
    await libraryChosen();
    fireEvent.change(screen.getByRole('combobox', { name: 'Library' }), { target: { value: '2' } });
    expect((await screen.findByTestId('library-no-key')).textContent).toContain('each video library has its own');
    expect(screen.queryByRole('combobox', { name: /^Collection/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Get its key' }));
    await waitFor(() => expect(bridge.inputs('settings.storeLibraryKeys')).toEqual([{ id: 'p1', libraryIds: [2] }]));
    // Stored: the libraries are asked again, and now say so.
    await waitFor(() => expect(bridge.count('videos.libraries')).toBe(2));
  });
});

describe('the uploads tray', () => {
  it('shows overall progress and the counts, and opens Videos', async () => {
    bridgeWith([aJob('a', { state: 'uploading', bytesSent: 50 })], aStatus({ queued: 4, done: 2, failed: 1, inFlight: 1, totalBytes: 200_000_000, sentBytes: 50_000_000 }));
    useNav.setState({ area: 'apps' });
    renderVideos();
    const tray = await screen.findByTestId('uploads-tray');
    expect(tray.textContent).toContain('2 done');
    expect(tray.textContent).toContain('1 in progress');
    expect(tray.textContent).toContain('1 failed');
    expect(tray.textContent).toContain('50.0 MB of 200.0 MB · 25 %');
    expect(screen.getByRole('button', { name: /^Uploads ?: 2 of 4 uploaded\..*Open Videos$/ })).toBe(tray);
    fireEvent.click(tray);
    expect(useNav.getState().area).toBe('videos');
  });
});

describe('a drop outside Videos', () => {
  it('is refused (the window never opens the file) and offers to open Videos; nothing is registered', async () => {
    const bridge = bridgeWith([]);
    const dropped = vi.spyOn(bridge.files, 'drop');
    useNav.setState({ area: 'apps' });
    renderTrayOnly();
    await waitFor(() => expect(bridge.count('videos.list')).toBe(1));
    const event = drop([new File(['x'], 'clip.mp4')]);
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Videos' }));
    expect(useNav.getState().area).toBe('videos');
    expect(dropped).not.toHaveBeenCalled();
  });
});
