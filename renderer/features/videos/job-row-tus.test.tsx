// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aJob } from './testing/job-fixtures';
import { bridgeWith, fakeLayout, renderVideos, rowOf } from './testing/screen';

beforeEach(fakeLayout);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const JOBS = [
  aJob('big', { position: 1, state: 'uploading', bytesSent: 40_000_000, resumable: true }),
  aJob('plain', { position: 2, state: 'uploading', bytesSent: 30_000_000 }),
  aJob('held', { position: 3, state: 'queued', paused: true, bytesSent: 20_000_000, resumable: true }),
  aJob('stopped', { position: 4, state: 'queued', paused: true }),
  aJob('done', { position: 5, state: 'ready', bytesSent: 100_000_000 }),
];

describe('resumable rows', () => {
  it('marks resumable rows, and says what pausing does to each kind', async () => {
    bridgeWith(JOBS);
    renderVideos();
    const big = await rowOf('clip big');
    const plain = await rowOf('clip plain');
    expect(within(big).getByText('Resumable')).toBeTruthy();
    expect(within(plain).queryByText('Resumable')).toBeNull();
    expect(within(big).getByRole('button', { name: 'Pause clip big' }).getAttribute('title')).toContain('keeps what was sent');
    expect(within(plain).getByRole('button', { name: 'Pause clip plain' }).getAttribute('title')).toContain('restarts it from zero');
    expect(within(await rowOf('clip held')).getByTestId('job-pause-note').textContent).toBe('Continues where it stopped when resumed');
    expect(within(await rowOf('clip stopped')).getByTestId('job-pause-note').textContent).toBe('Restarts from zero when resumed');
  });

  it('a plain row still sending can be made resumable; a resumable or finished row is not offered it', async () => {
    const bridge = bridgeWith(JOBS);
    bridge.answer('videos.setResumable', { changed: 1 });
    renderVideos();
    fireEvent.click(within(await rowOf('clip plain')).getByRole('button', { name: 'Make resumable: clip plain' }));
    await waitFor(() => expect(bridge.count('videos.setResumable')).toBe(1));
    expect(bridge.inputs('videos.setResumable')).toEqual([{ ids: ['plain'], resumable: true }]);
    expect(within(await rowOf('clip big')).queryByRole('button', { name: /resumable/ })).toBeNull();
    expect(within(await rowOf('clip done')).queryByRole('button', { name: /resumable/ })).toBeNull();
  });
});
