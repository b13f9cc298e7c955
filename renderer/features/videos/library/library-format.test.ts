import { describe, expect, it } from 'vitest';
import type { LibraryVideo } from '../../../../shared/contract/videos-library';
import { formatLength, nextPoll, NO_POLL, POLL, pollDelay, videoWords } from './library-format';

const video = (guid: string, status: number, encodeProgress = 0): LibraryVideo => ({
  guid,
  title: guid,
  status,
  encodeProgress,
  length: 0,
  storageSize: 0,
  views: 0,
  dateUploaded: null,
  collectionId: null,
  hasThumbnail: false,
});

describe('library words', () => {
  it('says every platform status in words, the encoding percent among them', () => {
    expect([0, 1, 2, 4, 5, 6, 7, 8, 42].map((s) => videoWords({ status: s, encodeProgress: 0 }).label)).toEqual([
      'Waiting for its file',
      'Uploaded, waiting to encode',
      'Processing',
      'Ready',
      'Encoding failed',
      'Upload failed',
      'Preparing for playback',
      'Ready (encoded on demand)',
      'Processing (status 42)',
    ]);
    expect(videoWords({ status: 3, encodeProgress: 59.6 })).toEqual({ label: 'Encoding 60 %', tone: 'progress' });
  });

  it('writes lengths as minutes and seconds, hours when there are any, a dash when unknown', () => {
    expect([0, 7, 65, 3723, Number.NaN].map(formatLength)).toEqual(['—', '0:07', '1:05', '1:02:03', '—']);
  });
});

describe('polling', () => {
  it('waits longer each time nothing moved, up to the cap, and starts over when a video moves', () => {
    expect(pollDelay(0)).toBe(POLL.firstMs);
    expect(pollDelay(1)).toBeGreaterThan(pollDelay(0));
    expect(pollDelay(100)).toBe(POLL.maxMs);

    let memory = NO_POLL;
    const delays: (number | false)[] = [];
    const read = (items: LibraryVideo[], at: number) => {
      const next = nextPoll(items, false, at, memory);
      memory = next.memory;
      delays.push(next.delay);
    };
    read([video('a', 3, 10), video('b', 4)], 1);
    read([video('a', 3, 10), video('b', 4)], 2);
    read([video('a', 3, 10), video('b', 4)], 3);
    read([video('a', 3, 35), video('b', 4)], 4);
    expect(delays).toEqual([pollDelay(0), pollDelay(1), pollDelay(2), pollDelay(0)]);
    // The same read asked about again changes nothing.
    expect(nextPoll([video('a', 3, 35)], false, 4, memory)).toEqual({ delay: pollDelay(0), memory });
  });

  it('stops once nothing is being worked on, unless an upload to the library is under way', () => {
    const settled = [video('a', 4), video('b', 5), video('c', 0)];
    expect(nextPoll(settled, false, 1, NO_POLL).delay).toBe(false);
    expect(nextPoll(settled, true, 1, NO_POLL).delay).toBe(POLL.firstMs);
    expect(nextPoll([], true, 1, NO_POLL).delay).toBe(POLL.firstMs);
  });
});
