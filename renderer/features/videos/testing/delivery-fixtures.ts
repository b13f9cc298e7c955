/** Delivery answers as the core gives them, for the library browser's and the queue's tests. */
import type { TopVideos, VideoDelivery } from '../../../../shared/contract/delivery';

const COMPLETE = { partial: false, pagesRead: 1, rowsSkipped: 0, reason: null } as const;

/** A library's complete top-videos answer (no video requested unless given). */
export function aTop(over: Partial<TopVideos> = {}): TopVideos {
  return { libraryId: 1, range: '24h', by: 'requests', zone: { id: 7, name: 'demo-library-zone' }, videos: [], completeness: COMPLETE, unavailable: null, ...over };
}

/** A partial answer's completeness. */
export const PARTIAL = { partial: true, pagesRead: 3, rowsSkipped: 0, reason: '3 pages of logs read so far; the rest waits its turn' } as const;

/** A video's complete delivery over 24 h: 1,000 requests, 720p 61 %, 1080p 30 %, 480p 9 %. */
export function aDelivery(guid: string, over: Partial<VideoDelivery> = {}): VideoDelivery {
  return {
    libraryId: 1,
    guid,
    range: '24h',
    from: '2026-11-28T10:00:00.000Z',
    to: '2026-11-29T10:00:00.000Z',
    zone: { id: 7, name: 'demo-library-zone' },
    figures: { requests: 1000, bytes: 2_500_000_000, hitRatio: 0.875, status4xx: 12, status5xx: 1 },
    countries: [
      { key: 'DE', requests: 400 },
      { key: 'US', requests: 350 },
    ],
    renditions: [
      { key: '720p', requests: 610 },
      { key: '1080p', requests: 300 },
      { key: '480p', requests: 90 },
    ],
    referrers: [{ key: 'free-streams.example.net', requests: 120 }],
    sparkline: Array.from({ length: 48 }, (_, i) => (i === 47 ? 100 : 15)),
    bucketMinutes: 30,
    completeness: COMPLETE,
    unavailable: null,
    ...over,
  };
}
