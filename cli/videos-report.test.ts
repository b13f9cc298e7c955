/** The upload reporters: what a row's note says reaches the terminal and the JSON lines. */
import { describe, expect, it } from 'vitest';
import type { JobView } from '../shared/videos/model.js';
import { clockNote } from '../shared/videos/clock.js';
import { jsonReporter, terminalReporter } from './videos-report.js';
import { capture } from './testing/videos.js';

const view = (patch: Partial<JobView>): JobView => ({
  id: 'j1', profileId: 'cli', position: 1, libraryId: 7, collectionId: null, title: 'clip', fileName: 'clip.mp4', size: 100, state: 'uploading', paused: false, videoId: 'v1',
  bytesSent: 0, speed: null, eta: null, encodeProgress: null, error: null, note: null, highlight: false, resumable: true, ...patch,
});

describe('a clock far off the platform’s, as the command line says it', () => {
  const note = clockNote(8 * 3600_000);

  it('a JSON state line carries the note when it appears', () => {
    const out = capture();
    const r = jsonReporter(out, () => [], () => 0);
    r.job(view({}), '/x/clip.mp4');
    r.job(view({ note }), '/x/clip.mp4');
    const lines = out.text().trim().split('\n').map((l) => JSON.parse(l) as { event: string; note?: string });
    expect(lines.filter((l) => l.event === 'state').map((l) => l.note)).toEqual([undefined, note]);
    expect(note).toBe("This computer's clock is 8 hours behind the platform's; the upload is signed with the platform's time");
  });

  it('the terminal says it once, above the bars, naming the file', () => {
    const out = capture(true);
    const r = terminalReporter(out, () => []);
    r.job(view({ note }), '/x/clip.mp4');
    r.job(view({ note, bytesSent: 50 }), '/x/clip.mp4');
    r.finish({ queued: 1, done: 1, failed: 0, cancelled: 0, sourceChanged: 0 });
    expect(out.text().split(`clip.mp4: ${note}`)).toHaveLength(2);
  });
});
