/** How delivery figures read: shares as "720p 61 %, 1080p 30 %", ratios, and what a video's row says. */
import type { DeliveryShare, TopVideos } from '../../../../shared/contract/delivery';

/** Each share as a whole percent of `total` requests, most first: "720p 61 %, 1080p 30 %, 480p 9 %"; "none" when empty. */
export function formatShares(shares: readonly DeliveryShare[], total: number, none = 'none'): string {
  if (shares.length === 0 || total <= 0) return none;
  return shares.map((s) => `${s.key === '' ? '(none)' : s.key} ${Math.round((s.requests / total) * 100)} %`).join(', ');
}

/** A ratio as a whole percent, "—" when there is none (no requests). */
export function formatRatio(ratio: number | null): string {
  return ratio === null ? '—' : `${Math.round(ratio * 100)} %`;
}

/** What a video's row knows of its delivery from the library's one top-videos answer. */
export type RowDelivery =
  | { readonly kind: 'loading' }
  | { readonly kind: 'unavailable' }
  /** Figures: from the answer, or 0 for a video absent from a complete answer. */
  | { readonly kind: 'figures'; readonly requests: number; readonly bytes: number; readonly partial: boolean }
  /** Absent from an incomplete answer: its figures are not known yet. */
  | { readonly kind: 'unknown' };

/** Looks videos up in a top-videos answer by guid. */
export function rowDeliveryOf(top: TopVideos | undefined): (guid: string) => RowDelivery {
  if (top === undefined) return () => ({ kind: 'loading' });
  if (top.unavailable !== null) return () => ({ kind: 'unavailable' });
  const byGuid = new Map(top.videos.map((v) => [v.guid, v]));
  const partial = top.completeness.partial;
  return (guid) => {
    const v = byGuid.get(guid);
    if (v !== undefined) return { kind: 'figures', requests: v.requests, bytes: v.bytes, partial };
    return partial ? { kind: 'unknown' } : { kind: 'figures', requests: 0, bytes: 0, partial: false };
  };
}

/**
 * Buckets merged so each is at least `minPx` wide across `width` px: the counts summed, the bucket size multiplied.
 */
export function fitBuckets(counts: readonly number[], bucketMinutes: number, width: number, minPx = 3): { readonly counts: number[]; readonly bucketMinutes: number } {
  const factor = Math.max(1, Math.ceil((counts.length * minPx) / width));
  const merged: number[] = [];
  for (let i = 0; i < counts.length; i += factor) merged.push(counts.slice(i, i + factor).reduce((a, b) => a + b, 0));
  return { counts: merged, bucketMinutes: bucketMinutes * factor };
}

/** A bucket size in words: "30 min", "1 h", "2 h". */
export function formatBucket(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;
}

/** The range in words. */
export function rangeWords(range: '24h' | '3d'): string {
  return range === '24h' ? 'last 24 h' : 'last 3 days';
}
