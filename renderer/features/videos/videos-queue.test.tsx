// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aJob, aStatus } from './testing/job-fixtures';
import { bridgeWith, fakeLayout, renderVideos, rowOf } from './testing/screen';

beforeEach(fakeLayout);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const JOBS = [
  // Resumable, so pausing it needs no question (a plain upload's pause is asked first: videos-edges.test.tsx).
  aJob('a', { position: 1, state: 'uploading', bytesSent: 25_000_000, speed: 5_000_000, eta: 15, resumable: true }),
  aJob('b', { position: 2, state: 'queued' }),
  aJob('c', { position: 3, state: 'failed', error: { title: 'The library key was refused', status: 401, detail: 'Unauthorized', hint: 'Set the library key in Settings', retryable: false } }),
  aJob('d', { position: 4, state: 'source-missing' }),
  aJob('e', { position: 5, state: 'uploading', paused: true, bytesSent: 10 }),
];
const STATUS = aStatus({ queued: 5, done: 0, failed: 1, sourceChanged: 1, inFlight: 3, totalBytes: 300_000_000, sentBytes: 25_000_010 });

describe('the queue', () => {
  it('draws each row from videos.list and follows videos.jobs events', async () => {
    const bridge = bridgeWith(JOBS, STATUS);
    renderVideos();
    const a = await rowOf('clip a');
    expect(within(a).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(a).getByTestId('job-numbers').textContent).toBe('25.0 MB of 100.0 MB · 5.0 MB/s · 15 s left');
    expect(within(a).getByTestId('job-state').textContent).toBe('Uploading');
    const c = await rowOf('clip c');
    expect(c.textContent).toContain('The library key was refused (401): Unauthorized');
    expect(c.textContent).toContain('Set the library key in Settings');
    expect(within(await rowOf('clip e')).getByTestId('job-state').textContent).toBe('Paused');
    expect(screen.getByTestId('queue-announcer').textContent).toBe('0 of 5 uploaded, 3 in progress, 1 failed, 1 changed or missing.');

    act(() =>
      bridge.emit('videos.jobs', {
        jobs: [{ ...JOBS[0]!, state: 'processing', bytesSent: 100_000_000, encodeProgress: 40, speed: null, eta: null }, { ...JOBS[1]!, highlight: true }],
        removed: ['d'],
        status: { ...STATUS, counts: { ...STATUS.counts, queued: 4, sourceChanged: 0 } },
      }),
    );
    expect(within(await rowOf('clip a')).getByTestId('job-state').textContent).toBe('Processing 40 %');
    expect(within(await rowOf('clip a')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect((await rowOf('clip b')).dataset.highlight).toBe('true');
    expect(screen.queryByRole('listitem', { name: /^clip d,/ })).toBeNull();
    expect(screen.getByTestId('queue-announcer').textContent).toBe('0 of 4 uploaded, 3 in progress, 1 failed.');
    expect(screen.getByTestId('tray-counts').textContent).toContain('3 in progress');
  });

  // How fast it draws is the bench's to measure; here, that 1,000 rows put only those in view in the page.
  it('draws 1,000 rows with only those in view in the page', async () => {
    const jobs = Array.from({ length: 1000 }, (_, i) => aJob(`j${i}`, { position: i }));
    bridgeWith(jobs);
    renderVideos();
    await rowOf('clip j0');
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]!.getAttribute('aria-setsize')).toBe('1000');
  });

  it('row controls call the core for that row', async () => {
    const bridge = bridgeWith(JOBS, STATUS);
    renderVideos();
    fireEvent.click(within(await rowOf('clip a')).getByRole('button', { name: 'Pause clip a' }));
    fireEvent.click(within(await rowOf('clip e')).getByRole('button', { name: 'Resume clip e' }));
    fireEvent.click(within(await rowOf('clip b')).getByRole('button', { name: 'Cancel clip b' }));
    fireEvent.click(within(await rowOf('clip c')).getByRole('button', { name: 'Retry clip c' }));
    fireEvent.click(within(await rowOf('clip d')).getByRole('button', { name: /Locate file/ }));
    await waitFor(() => expect(bridge.count('videos.locate')).toBe(1));
    expect(bridge.inputs('videos.pause')).toEqual([{ ids: ['a'] }]);
    expect(bridge.inputs('videos.resume')).toEqual([{ ids: ['e'] }]);
    // b waits first in line: moving it to the top would change nothing (videos-edges.test.tsx covers the move).
    expect(within(await rowOf('clip b')).queryByRole('button', { name: /to the top$/ })).toBeNull();
    expect(bridge.inputs('videos.cancel')).toEqual([{ ids: ['b'] }]);
    expect(bridge.inputs('videos.retry')).toEqual([{ ids: ['c'] }]);
    expect(bridge.inputs('videos.locate')).toEqual([{ id: 'd' }]);
    // An ended row offers no pause or cancel.
    expect(within(await rowOf('clip c')).queryByRole('button', { name: /^(Pause|Cancel) / })).toBeNull();
  });

  it('the toolbar acts on the whole queue; cancelling all asks first', async () => {
    const bridge = bridgeWith(JOBS, STATUS);
    renderVideos();
    await rowOf('clip a');
    fireEvent.click(screen.getByRole('button', { name: 'Pause all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resume all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed (1)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear completed' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'At once' }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Upload limit' }), { target: { value: '1000000' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Upload limit' }), { target: { value: 'off' } });
    const from = screen.getByRole('combobox', { name: 'Resumable from' });
    await waitFor(() => expect(from).toHaveProperty('disabled', false));
    expect((from as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('1 GiB');
    fireEvent.change(from, { target: { value: String(256 * 1024 ** 2) } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel all' }));
    expect(bridge.count('videos.cancel')).toBe(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel uploads' }));
    await waitFor(() => expect(bridge.inputs('videos.cancel')).toEqual([{ all: true }]));
    expect(bridge.inputs('videos.pause')).toEqual([{ all: true }]);
    expect(bridge.inputs('videos.resume')).toEqual([{ all: true }]);
    expect(bridge.inputs('videos.retry')).toEqual([{ ids: ['c'] }]);
    expect(bridge.count('videos.clearCompleted')).toBe(1);
    expect(bridge.inputs('videos.setConcurrency')).toEqual([{ value: 4 }]);
    expect(bridge.inputs('videos.setBandwidthCap')).toEqual([{ bytesPerSecond: 1_000_000 }, { bytesPerSecond: null }]);
    expect(bridge.inputs('videos.setResumableOver')).toEqual([{ bytes: 256 * 1024 ** 2 }]);
  });

  it('selects rows by click, Shift+click and Ctrl+click; Space pauses and Delete cancels the selection', async () => {
    const bridge = bridgeWith(JOBS, STATUS);
    renderVideos();
    fireEvent.click(await rowOf('clip a'));
    fireEvent.click(await rowOf('clip c'), { shiftKey: true });
    fireEvent.click(await rowOf('clip e'), { ctrlKey: true });
    const selected = screen.getAllByRole('listitem').filter((r) => r.dataset.selected === 'true');
    expect(selected.map((r) => r.dataset.jobId)).toEqual(['a', 'b', 'c', 'e']);
    expect(within(await rowOf('clip b')).getByRole('checkbox', { name: 'Select clip b' })).toHaveProperty('checked', true);

    const row = await rowOf('clip a');
    fireEvent.keyDown(row, { key: ' ' });
    // a and b are running or waiting: they pause; c has ended and e is paused already.
    await waitFor(() => expect(bridge.inputs('videos.pause')).toEqual([{ ids: ['a', 'b'] }]));
    fireEvent.keyDown(row, { key: 'Delete' });
    await waitFor(() => expect(bridge.inputs('videos.cancel')).toEqual([{ ids: ['a', 'b', 'e'] }]));

    // Arrow keys move the selection; with nothing running among it, Space resumes.
    fireEvent.keyDown(row, { key: 'End' });
    fireEvent.keyDown(await rowOf('clip e'), { key: ' ' });
    await waitFor(() => expect(bridge.inputs('videos.resume')).toEqual([{ ids: ['e'] }]));
  });

  it('a title is edited inline: Enter saves, Esc puts it back, a broken rule is shown under it', async () => {
    const bridge = bridgeWith(JOBS, STATUS);
    bridge.answer('videos.setTitle', (i) => ({ ...JOBS[0]!, title: i.title }));
    renderVideos();
    const title = within(await rowOf('clip a')).getByRole('textbox', { name: 'Title of clip a.mp4' }) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Something else' } });
    fireEvent.keyDown(title, { key: 'Escape' });
    expect(title.value).toBe('clip a');

    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.keyDown(title, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Title must not be empty');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(bridge.count('videos.setTitle')).toBe(0);

    fireEvent.change(title, { target: { value: 'Holiday, day one' } });
    fireEvent.keyDown(title, { key: 'Enter' });
    await waitFor(() => expect(bridge.inputs('videos.setTitle')).toEqual([{ id: 'a', title: 'Holiday, day one' }]));
    await rowOf('Holiday, day one');
    // Keys typed in the title never reach the queue's shortcuts.
    fireEvent.keyDown(title, { key: ' ' });
    expect(bridge.count('videos.pause')).toBe(0);

    bridge.answer('videos.setTitle', { error: { kind: 'validation', title: 'Invalid input', fieldErrors: { title: 'must be at most 500 characters' } } });
    fireEvent.change(title, { target: { value: 'x'.repeat(20) } });
    fireEvent.keyDown(title, { key: 'Enter' });
    expect(await screen.findByText('Title must be at most 500 characters')).toBeTruthy();
  });

  it('says when it waits for the network', async () => {
    bridgeWith(JOBS, { ...STATUS, waitingForNetwork: true });
    renderVideos();
    expect((await screen.findByTestId('waiting-for-network')).textContent).toContain('Waiting for network');
    expect(screen.getByTestId('queue-announcer').textContent).toMatch(/^Waiting for network\. /);
  });
});

describe('when the queue cannot be read', () => {
  it('says why instead of loading for ever', async () => {
    const bridge = bridgeWith([]);
    bridge.answer('videos.list', { error: { kind: 'internal', title: 'The upload queue could not be read', detail: 'queue.jsonl is damaged; it was kept aside' } });
    renderVideos();
    expect((await screen.findByRole('alert')).textContent).toContain('The upload queue could not be read');
    expect(screen.queryByText('Loading the queue…')).toBeNull();
  });
});

describe('keeping in sync', () => {
  it('an event that arrives while the list is on its way is applied after it, not lost', async () => {
    const bridge = bridgeWith([aJob('a', { position: 1 })]);
    renderVideos();
    // The list has been asked for but not answered yet: this event must survive the list's arrival.
    act(() => bridge.emit('videos.jobs', { jobs: [aJob('z', { position: 2 })], removed: [], status: aStatus({ queued: 2, inFlight: 2 }) }));
    await rowOf('clip a');
    await rowOf('clip z');
    expect(screen.getByTestId('queue-announcer').textContent).toBe('0 of 2 uploaded, 2 in progress.');
  });
});
