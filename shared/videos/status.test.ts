import { describe, expect, it } from 'vitest';
import { isEncoding, isStatusNote, statusWords, videoPhase } from './status.js';

describe('the video status model', () => {
  it('reads the nine API numbers: 4 and 8 ready, 5 and 6 failed, 0 without a file, the rest working', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(videoPhase)).toEqual(['created', 'working', 'working', 'working', 'ready', 'failed', 'failed', 'working', 'ready']);
  });

  it('takes a number added later as still working, in words, so it is followed on', () => {
    expect(videoPhase(12)).toBe('working');
    expect(videoPhase(-1)).toBe('working');
    expect(isEncoding(12)).toBe(true);
    expect(statusWords(12)).toBe('Processing (status 12)');
    expect(isStatusNote('Processing (status 12)')).toBe(true);
    expect(isStatusNote(statusWords(7))).toBe(true);
    expect(isStatusNote('Waiting for network')).toBe(false);
  });
});
