/**
 * Every reader of a Stream answer against answers generated from the platform's published schema (nulls wherever
 * nullable, missing optional keys, extra keys, status numbers beyond the nine, boundary integers, date-times with
 * and without a zone, and some list items broken on purpose): no reader throws, every item the schema allows is
 * read, and the items read plus the items skipped are the items sent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerArbitrary, readableBySchema } from '../../../sandbox/testing/openapi-arbitrary.js';
import { mapPlatformError } from '../platform/errors.js';
import { readFetchAccepted, readFetchedVideoBody } from './fetch/fetch-api.js';
import { readCollectionList } from './handlers.js';
import { readLibraryList } from './library/library-api.js';
import { platformInstant, type ListRead, type Read } from './stream-read.js';
import { readVideoInfo, readVideoInfoList } from './upload/video-api.js';

const RUNS = 10_000;
/** Short lists and a few broken items, so ten thousand pages stay quick and every page has some of each. */
const LIST_OPTIONS = { broken: { VideoModel: 0.15, CollectionModel: 0.15 } } as const;

type Page = { readonly items?: unknown[] | null };

/** The list properties: read + skipped = sent, and nothing the schema allows is skipped. */
function checkList(page: Page, read: Read<ListRead<unknown>>, itemSchema: string): void {
  if (!read.ok) throw new Error(`the page was refused: ${read.reason}`);
  const sent = page.items ?? [];
  expect(read.value.items.length + read.value.skipped.length).toBe(sent.length);
  for (const s of read.value.skipped) {
    if (readableBySchema('stream', itemSchema, sent[s.index])) throw new Error(`an item the schema allows was skipped: ${s.reason}`);
  }
}

describe('Stream readers against generated answers', () => {
  it('a video list for the upload queue and the fetch rows (PaginationListOfVideoModel)', () => {
    fc.assert(
      fc.property(answerArbitrary('stream', 'PaginationListOfVideoModel', LIST_OPTIONS), (page) => {
        checkList(page as Page, readVideoInfoList(page) as Read<ListRead<unknown>>, 'VideoModel');
      }),
      { numRuns: RUNS },
    );
  });

  it('a page of the library browser and `videos list` (PaginationListOfVideoModel)', () => {
    fc.assert(
      fc.property(answerArbitrary('stream', 'PaginationListOfVideoModel', LIST_OPTIONS), (page) => {
        const read = readLibraryList(page);
        checkList(page as Page, read as Read<ListRead<unknown>>, 'VideoModel');
        // Unknown statuses are kept as they came; every date reads as an instant or stays as sent.
        if (read.ok) for (const v of read.value.items) expect(Number.isInteger(v.video.status)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('a collection list (PaginationListOfCollectionModel)', () => {
    fc.assert(
      fc.property(answerArbitrary('stream', 'PaginationListOfCollectionModel', LIST_OPTIONS), (page) => {
        checkList(page as Page, readCollectionList(page) as Read<ListRead<unknown>>, 'CollectionModel');
      }),
      { numRuns: RUNS },
    );
  });

  it('one video for the queue and for a fetch row (VideoModel)', () => {
    fc.assert(
      fc.property(answerArbitrary('stream', 'VideoModel'), (video) => {
        const info = readVideoInfo(video);
        const fetched = readFetchedVideoBody(video);
        expect(info.ok).toBe(true);
        expect(fetched.ok).toBe(true);
        if (info.ok && fetched.ok) expect(fetched.value.status).toBe(info.value.status);
      }),
      { numRuns: RUNS },
    );
  });

  it('a fetch answer and an error body (StatusModel)', () => {
    fc.assert(
      fc.property(answerArbitrary('stream', 'StatusModel'), fc.constantFrom(400, 404, 422, 429, 500), (body, status) => {
        expect(readFetchAccepted(body)).toEqual({ videoId: null });
        const error = mapPlatformError('video', status, {}, Buffer.from(JSON.stringify(body)), 'POST', '/library/1/videos/fetch');
        expect(error.title.length).toBeGreaterThan(0);
        expect(error.status).toBe(status);
      }),
      { numRuns: RUNS },
    );
  });

  it('reads a date-time without a zone as UTC and keeps one it cannot read as it came', () => {
    expect(platformInstant('2021-09-17T06:43:56.0437666')).toBe('2021-09-17T06:43:56.043Z');
    expect(platformInstant('2021-09-17T06:43:56.0437666Z')).toBe('2021-09-17T06:43:56.043Z');
    expect(platformInstant('2021-09-17T08:43:56+02:00')).toBe('2021-09-17T06:43:56.000Z');
    expect(platformInstant('soon')).toBe('soon');
    expect(platformInstant(null)).toBeNull();
  });
});
