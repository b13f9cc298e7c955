/**
 * The videos a fresh demo account has: ready videos in the second and third libraries (the first starts empty, for
 * uploads), ready days before the sandbox started, so their pull zones carry a full history of plays. One became
 * ready a day before, so its history starts inside the logs' three days.
 */
import { createHash } from 'node:crypto';
import { videoPhase } from '../../shared/videos/status.js';
import type { PlayableVideo, SeedData } from '../context.js';
import { seededGuid } from '../seed.js';
import { VideoStatus } from './model.js';
import type { VideoRecord, VideoStore } from './store.js';

const HOUR = 3_600_000;

/** Library index, title, length (s), hours before the start it became ready. */
const DEMO: readonly (readonly [library: number, title: string, length: number, readyHoursAgo: number])[] = [
  [1, 'Onboarding: your first week', 312, 400],
  [1, 'Security basics', 545, 380],
  [1, 'Expense reports in 5 minutes', 287, 200],
  [2, 'Launch keynote', 1_804, 500],
  [2, 'Product tour', 142, 480],
  [2, 'Customer story: Northwind', 233, 300],
  [2, 'How caching works', 418, 250],
  [2, 'Behind the scenes', 96, 160],
  [2, 'Release notes, week 48', 121, 30],
];

/** The renditions a demo video was encoded to. */
const DEMO_RESOLUTIONS = '360p,480p,720p,1080p';

/** Adds the demo videos to a fresh account's store, dated from `now`. */
export function addDemoVideos(store: VideoStore, seed: SeedData, seedNumber: number, now: number): void {
  DEMO.forEach(([index, title, length, hoursAgo], i) => {
    const library = seed.libraries[index];
    if (library === undefined) return;
    const createdAt = now - hoursAgo * HOUR - 10 * 60_000;
    const readyAt = now - hoursAgo * HOUR;
    const storageSize = length * 625_000;
    const guid = seededGuid(seedNumber, `demo-video-${i}`);
    store.restore({
      libraryId: library.id,
      guid,
      createdAt,
      title,
      collectionId: null,
      thumbnailTime: null,
      status: VideoStatus.finished,
      encodeProgress: 100,
      statusHistory: [
        { status: VideoStatus.created, encodeProgress: 0, at: createdAt },
        { status: VideoStatus.finished, encodeProgress: 100, at: readyAt },
      ],
      encoded: { length, width: 1920, height: 1080, framerate: 30, availableResolutions: DEMO_RESOLUTIONS, thumbnailCount: Math.ceil(length / 10), thumbnailFileName: 'thumbnail.jpg', storageSize },
      chapters: [],
      moments: [],
      metaTags: [],
      transcodingMessages: [],
      bytesReceived: storageSize,
      file: { path: null, size: storageSize, sha256: createHash('sha256').update(guid).digest('hex') },
    });
  });
}

/** A video that plays: ready (finished, or a just-in-time library's playlists made) since the first time it was. */
export function playableOf(video: VideoRecord): PlayableVideo | undefined {
  const ready = video.statusHistory.find((c) => videoPhase(c.status) === 'ready');
  if (ready === undefined || videoPhase(video.status) !== 'ready') return undefined;
  const heights = (video.encoded.availableResolutions ?? '').split(',').map((r) => parseInt(r, 10)).filter((h) => h > 0);
  return { guid: video.guid, readyAt: ready.at, heights };
}
