import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../../shared/videos/model.js';
import { quitQuestion } from './quit.js';

function job(id: string, state: JobView['state'], paused = false): JobView {
  return {
    id, profileId: 'p', position: 0, libraryId: 1, collectionId: null, title: `clip ${id}`, fileName: `${id}.mp4`, size: 10, state, paused, videoId: null,
    bytesSent: 0, speed: null, eta: null, encodeProgress: null, error: null, note: null, highlight: false, resumable: false,
  };
}

describe('quitQuestion', () => {
  it('asks nothing when no upload would be interrupted', () => {
    expect(quitQuestion([])).toBeNull();
    expect(quitQuestion([job('a', 'ready'), job('b', 'failed'), job('c', 'processing'), job('d', 'uploading', true)])).toBeNull();
  });

  it('names running uploads and says they restart on the same video next launch', () => {
    const q = quitQuestion([job('a', 'uploading'), job('b', 'creating'), job('c', 'queued')]);
    expect(q?.message).toBe('2 uploads are running. Quit anyway?');
    expect(q?.detail).toContain('clip a, clip b will restart from the beginning of the file when Burrow opens again, on the same videos.');
    expect(q?.detail).toContain('1 waiting file will start then too.');
  });

  it('counts the rest beyond three names, and asks about waiting files alone', () => {
    const q = quitQuestion(['a', 'b', 'c', 'd', 'e'].map((id) => job(id, 'uploading')));
    expect(q?.detail).toContain('clip a, clip b, clip c and 2 more will restart');
    expect(quitQuestion([job('a', 'queued')])?.message).toBe('1 upload waiting. Quit anyway?');
  });
});
