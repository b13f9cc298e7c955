/**
 * How a stacked series is drawn: per bucket, one rectangle from the edge of the series below it up to its own edge,
 * on whole device pixels. uPlot's own bar builder stops snapping to pixels once bars are a few pixels wide, and a
 * canvas path of hundreds of rectangles with fractional edges costs the software rasterizer hundreds of
 * milliseconds per chart (every one of their edges is anti-aliased); on whole pixels the same path draws in a few.
 */
import type uPlot from 'uplot';

/** One rectangle in canvas pixels. */
export interface PixelRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** What a series' rectangles are computed from: bucket edges and values already in canvas pixels. */
export interface BarInput {
  /** The left edge of every bucket, then the right edge of the last one (length = buckets + 1), in pixels. */
  readonly edges: ArrayLike<number>;
  /** The series' top edge per bucket, in pixels (null: nothing in that bucket). */
  readonly tops: ArrayLike<number | null>;
  /** The edge of the series below per bucket, in pixels; null for the bottom of the stack (the zero line). */
  readonly bottoms: ArrayLike<number | null> | null;
  /** The zero line, in pixels. */
  readonly zero: number;
}

/**
 * The rectangles of one stacked series, rounded to whole pixels so that neighbouring buckets share an edge exactly
 * (no seam); buckets with nothing of this series are skipped, and neighbours of the same height merge.
 */
export function barRects({ edges, tops, bottoms, zero }: BarInput): PixelRect[] {
  const out: PixelRect[] = [];
  let run: { left: number; right: number; top: number; bottom: number } | null = null;
  const flush = () => {
    if (run !== null) out.push({ left: run.left, top: run.top, width: run.right - run.left, height: run.bottom - run.top });
    run = null;
  };
  for (let i = 0; i + 1 < edges.length; i++) {
    const t = tops[i];
    const b = bottoms === null ? zero : (bottoms[i] ?? zero);
    const x0 = edges[i] ?? 0;
    const x1 = edges[i + 1] ?? x0;
    const left = Math.round(x0);
    // More buckets than pixels: a bucket narrower than a pixel still gets one, shared with its neighbours, so the
    // column shows the tallest of them instead of losing some.
    const right = Math.max(left + 1, Math.round(x1));
    const top = t == null ? b : Math.round(t);
    const bottom = Math.round(b);
    // Canvas y grows downwards: a segment with something in it has its top above its bottom.
    if (x1 <= x0 || bottom <= top) {
      flush();
      continue;
    }
    if (run !== null && left <= run.right && run.top === top && run.bottom === bottom) run.right = Math.max(run.right, right);
    else {
      flush();
      run = { left, right, top, bottom };
    }
  }
  flush();
  return out;
}

/**
 * A uPlot path builder for a stacked series whose data holds its top edge, with the series below it at
 * `belowIdx` (null: the bottom of the stack). `bucketSec` is the width of the last bucket, in the x scale's unit.
 */
export function stackedBars(belowIdx: number | null, bucketSec: number): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const xs = u.data[0];
    const ys = u.data[seriesIdx] ?? [];
    const below = belowIdx === null ? null : (u.data[belowIdx] ?? null);
    const n = idx1 - idx0 + 1;
    const edges = new Float64Array(n + 1);
    const tops: (number | null)[] = new Array<number | null>(n);
    const bottoms: (number | null)[] | null = below === null ? null : new Array<number | null>(n);
    for (let k = 0; k < n; k++) {
      const i = idx0 + k;
      edges[k] = u.valToPos(xs[i] ?? 0, 'x', true);
      const v = ys[i];
      tops[k] = v == null ? null : u.valToPos(v, 'y', true);
      if (bottoms !== null) {
        const w = below?.[i];
        bottoms[k] = w == null ? null : u.valToPos(w, 'y', true);
      }
    }
    const last = xs[idx1] ?? 0;
    edges[n] = u.valToPos(idx1 + 1 < xs.length ? (xs[idx1 + 1] ?? last + bucketSec) : last + bucketSec, 'x', true);
    const fill = new Path2D();
    for (const r of barRects({ edges, tops, bottoms, zero: u.valToPos(0, 'y', true) })) fill.rect(r.left, r.top, r.width, r.height);
    return { stroke: null, fill, clip: null, band: null, flags: 0 };
  };
}
