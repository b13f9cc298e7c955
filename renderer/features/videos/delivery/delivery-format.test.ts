import { describe, expect, it } from 'vitest';
import { aTop, PARTIAL } from '../testing/delivery-fixtures';
import { fitBuckets, formatBucket, formatShares, rowDeliveryOf } from './delivery-format';

describe('delivery in words', () => {
  it('writes shares as whole percents of the requests, most first', () => {
    const shares = [
      { key: '720p', requests: 610 },
      { key: '1080p', requests: 300 },
      { key: '480p', requests: 90 },
    ];
    expect(formatShares(shares, 1000)).toBe('720p 61 %, 1080p 30 %, 480p 9 %');
    expect(formatShares([], 1000)).toBe('none');
    expect(formatShares([{ key: '', requests: 5 }], 10, 'none sent')).toBe('(none) 50 %');
  });

  it('merges buckets until each is a few pixels wide, keeping the total and naming the new size', () => {
    const counts = Array.from({ length: 288 }, (_, i) => i % 3);
    const fit = fitBuckets(counts, 15, 264);
    expect(fit.counts).toHaveLength(72);
    expect(fit.bucketMinutes).toBe(60);
    expect(fit.counts.reduce((a, b) => a + b, 0)).toBe(counts.reduce((a, b) => a + b, 0));
    expect(fitBuckets([1, 2, 3], 30, 264)).toEqual({ counts: [1, 2, 3], bucketMinutes: 30 });
    expect(formatBucket(60)).toBe('1 h');
    expect(formatBucket(30)).toBe('30 min');
  });

  it("reads a row's figures from the walk: absent from a complete one is 0, from a partial one unknown", () => {
    const videos = [{ guid: 'a', title: 'A', requests: 5, bytes: 50 }];
    expect(rowDeliveryOf(aTop({ videos }))('a')).toEqual({ kind: 'figures', requests: 5, bytes: 50, partial: false });
    expect(rowDeliveryOf(aTop({ videos }))('b')).toEqual({ kind: 'figures', requests: 0, bytes: 0, partial: false });
    expect(rowDeliveryOf(aTop({ videos, completeness: PARTIAL }))('b')).toEqual({ kind: 'unknown' });
    expect(rowDeliveryOf(undefined)('a')).toEqual({ kind: 'loading' });
  });
});
