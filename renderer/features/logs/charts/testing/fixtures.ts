/** Aggregates for the charts' tests: three one-minute buckets with known counts per cache status and status class. */
import type { LogAggregates } from '../../../../../shared/contract/logs';

const CACHE = ['HIT', 'MISS', 'BYPASS', 'REVALIDATED', 'STALE', 'UPDATING', '-', 'EXPIRED'];
const CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx', 'other'];
/** 2024-05-01 12:00 UTC. */
export const T0 = Date.UTC(2024, 4, 1, 12, 0);

/** Aggregates over three minutes: HIT 5/0/3, MISS 1/0/2, '-' 0/0/1; 2xx 6/0/4, 5xx 0/0/2. */
export function anAggregates(overrides: Partial<LogAggregates> = {}): LogAggregates {
  const zeros = () => [0, 0, 0];
  const requestsByCache = CACHE.map(zeros);
  requestsByCache[0] = [5, 0, 3];
  requestsByCache[1] = [1, 0, 2];
  requestsByCache[6] = [0, 0, 1];
  const requestsByClass = CLASSES.map(zeros);
  requestsByClass[1] = [6, 0, 4];
  requestsByClass[4] = [0, 0, 2];
  const bytesOf = (rows: number[][]) => rows.map((r) => r.map((n) => n * 1500));
  return {
    rows: 12,
    partial: false,
    kpis: { requests: 12, bytes: 18_000, hitRatio: 8 / 11, clientErrors: 0, serverErrors: 2 / 12, uniqueIps: 3 },
    series: {
      starts: [T0, T0 + 60_000, T0 + 120_000],
      bucketMs: 60_000,
      cacheStatuses: CACHE,
      requestsByCache,
      bytesByCache: bytesOf(requestsByCache),
      statusClasses: CLASSES,
      requestsByClass,
      bytesByClass: bytesOf(requestsByClass),
      hitRatio: [5 / 6, null, 3 / 5],
    },
    top: {
      urls: [
        { key: '/video/a.mp4', requests: 7, bytes: 10_500, hitRatio: 5 / 7 },
        { key: '/my file.txt', requests: 5, bytes: 7_500, hitRatio: 0.75 },
      ],
      countries: [
        { key: 'DE', requests: 9, bytes: 13_500, hitRatio: 0.875 },
        { key: 'US', requests: 3, bytes: 4_500, hitRatio: 1 / 3 },
      ],
      pops: [
        { key: 'WA', requests: 10, bytes: 15_000, hitRatio: 0.7 },
        { key: 'FR', requests: 2, bytes: 3_000, hitRatio: null },
      ],
    },
    ...overrides,
  };
}
