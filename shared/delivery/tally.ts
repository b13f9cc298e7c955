/**
 * Delivery figures folded from log rows one at a time, so a walk of many pages keeps counts, not rows: totals,
 * breakdowns (country, rendition, referring host), a sparkline over the range, byte percentiles, and per-video
 * totals for a library's top list. The hit ratio follows the Logs screen's rule: (HIT + STALE + UPDATING) ÷ the
 * requests the cache handled (no status, BYPASS and `-` count neither way).
 */
import type { DeliveryFigures, DeliveryRange, DeliveryShare, TopVideo } from '../contract/delivery.js';
import { HIT_STATUSES, OUTSIDE_HIT_RATIO } from '../logs/cache-status.js';
import type { CdnLogRecord } from '../logs/log-record.js';
import { hostKey } from '../logs/url-host.js';
import { guidOf, renditionOf } from './paths.js';

const HITS = new Set<string>(HIT_STATUSES);
const OUTSIDE = new Set<string>(OUTSIDE_HIT_RATIO);
/** How many entries each breakdown keeps. */
export const TOP_SHARES = 5;

/** The sparkline's bucket for a range: 5 minutes over an hour, 30 over a day, 2 hours over 3 days. */
export function bucketMinutesOf(range: DeliveryRange): number {
  return range === '1h' ? 5 : range === '24h' ? 30 : 120;
}

/** The nearest-rank percentile (0–1) of values; null when there are none. */
export function percentile(values: readonly number[] | Float64Array, p: number): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** The keys with the most requests, most first (ties by key), at most `n`. */
export function topShares(counts: ReadonlyMap<string, number>, n = TOP_SHARES): DeliveryShare[] {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n).map(([key, requests]) => ({ key, requests }));
}

const bump = (m: Map<string, number>, key: string | null) => key !== null && m.set(key, (m.get(key) ?? 0) + 1);

/** The totals of a set of rows. */
export class FiguresTally {
  requests = 0;
  bytes = 0;
  hits = 0;
  counted = 0;
  status4xx = 0;
  status5xx = 0;

  add(r: CdnLogRecord): void {
    this.requests++;
    this.bytes += r.bytesSent;
    if (r.cacheStatus !== null && !OUTSIDE.has(r.cacheStatus)) {
      this.counted++;
      if (HITS.has(r.cacheStatus)) this.hits++;
    }
    if (r.statusCode >= 400 && r.statusCode < 500) this.status4xx++;
    else if (r.statusCode >= 500 && r.statusCode < 600) this.status5xx++;
  }

  figures(): DeliveryFigures {
    const { requests, bytes, status4xx, status5xx } = this;
    return { requests, bytes, hitRatio: this.counted === 0 ? null : this.hits / this.counted, status4xx, status5xx };
  }
}

/** One video's (or one endpoint's) delivery over [from, to): totals, breakdowns, sparkline and bytes per request. */
export class DeliveryTally extends FiguresTally {
  readonly countries = new Map<string, number>();
  readonly renditions = new Map<string, number>();
  readonly referrers = new Map<string, number>();
  readonly sparkline: number[];
  #sizes = new Float64Array(1024);

  constructor(
    readonly from: number,
    readonly to: number,
    readonly bucketMinutes: number,
  ) {
    super();
    this.sparkline = new Array<number>(Math.max(1, Math.ceil((to - from) / (bucketMinutes * 60_000)))).fill(0);
  }

  override add(r: CdnLogRecord): void {
    if (this.requests === this.#sizes.length) {
      const grown = new Float64Array(this.#sizes.length * 2);
      grown.set(this.#sizes);
      this.#sizes = grown;
    }
    this.#sizes[this.requests] = r.bytesSent;
    super.add(r);
    bump(this.countries, r.countryCode);
    bump(this.renditions, renditionOf(r.url));
    bump(this.referrers, hostKey(r.referer));
    const k = Math.floor((r.timestampMs - this.from) / (this.bucketMinutes * 60_000));
    // A row at the range's very end (or late by a clock's skew) counts in the last bucket.
    if (k >= 0) this.sparkline[Math.min(k, this.sparkline.length - 1)]!++;
  }

  /** The bytes of the `p` (0–1) percentile request; null when there were none. */
  bytesAt(p: number): number | null {
    return percentile(this.#sizes.subarray(0, this.requests), p);
  }
}

/** Requests and bytes per video guid, for a library's top list. */
export class TopTally {
  readonly videos = new Map<string, { requests: number; bytes: number }>();

  add(r: CdnLogRecord): void {
    const guid = guidOf(r.url);
    if (guid === null) return;
    const v = this.videos.get(guid) ?? { requests: 0, bytes: 0 };
    v.requests++;
    v.bytes += r.bytesSent;
    this.videos.set(guid, v);
  }

  /** The first `limit` videos by requests or bytes (ties by guid), titled where `titles` knows them. */
  top(by: 'requests' | 'bytes', limit: number, titles: ReadonlyMap<string, string>): TopVideo[] {
    return [...this.videos]
      .sort((a, b) => b[1][by] - a[1][by] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([guid, v]) => ({ guid, title: titles.get(guid) ?? null, requests: v.requests, bytes: v.bytes }));
  }
}
