/**
 * One uPlot plot in a div, built once its div has a width (there is no layout before it is in a page) and kept for
 * as long as its options stay the same: new data goes to the same plot (`setData`), a new width to `setSize`. Only
 * new options (other series, another measure or time zone) build a new plot. Widths come from a ResizeObserver, so
 * nothing here reads layout and forces it. Hover, drag-selection and clicks come back as bucket times and values.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The plot's options without the size, which follows the element. */
export type PlotOptions = Omit<uPlot.Options, 'width' | 'height' | 'hooks'>;

export interface UPlotCanvasProps {
  /** Keep the same object while only the data changes: a new one builds a new plot. */
  readonly options: PlotOptions;
  readonly data: uPlot.AlignedData;
  readonly height: number;
  /** The words a screen reader hears for the drawing. */
  readonly label: string;
  /** The time (ms) under the pointer, null when it leaves. */
  onHover(t: number | null): void;
  /** A drag across the plot from `t0` to `t1` (ms). */
  onSelect(t0: number, t1: number): void;
  /** A click at time `t` (ms) and value `y` of the left axis' scale `y`. */
  onPick(t: number, y: number, altKey: boolean): void;
}

/** Whether the page can draw on a canvas at all (a test DOM cannot: uPlot would fail on its first frame). */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

type Handlers = Pick<UPlotCanvasProps, 'onHover' | 'onSelect' | 'onPick'>;

/** The plot's hooks, reading the latest handlers so new closures never rebuild the plot. */
function hooksOf(handlers: { readonly current: Handlers }): uPlot.Hooks.Arrays {
  return {
    // The time under the pointer, not uPlot's nearest point: a bar covers its bucket to the right of its start.
    setCursor: [
      (u) => {
        const { left } = u.cursor;
        handlers.current.onHover(left == null || left < 0 ? null : u.posToVal(left, 'x') * 1000);
      },
    ],
    setSelect: [
      (u) => {
        const { left, width: w } = u.select;
        if (w <= 0) return;
        handlers.current.onSelect(u.posToVal(left, 'x') * 1000, u.posToVal(left + w, 'x') * 1000);
        // The screen re-queries with the new range; the selection box has done its job.
        u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
      },
    ],
    ready: [
      (u) =>
        u.over.addEventListener('click', (e) => {
          const { left, top } = u.cursor;
          if (left == null || top == null || left < 0) return;
          handlers.current.onPick(u.posToVal(left, 'x') * 1000, u.posToVal(top, 'y'), e.altKey);
        }),
    ],
  };
}

export function UPlotCanvas({ options, data, height, label, onHover, onSelect, onPick }: UPlotCanvasProps) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // The data a plot built later starts with, and the width the last one had.
  const latest = useRef(data);
  const lastWidth = useRef(0);
  const handlers = useRef<Handlers>({ onHover, onSelect, onPick });
  useLayoutEffect(() => {
    handlers.current = { onHover, onSelect, onPick };
  });

  // Declared before the building effect: on a change of both, the old plot is gone before this runs. Each chart
  // draws its new data in a task of its own, so the charts' drawings never add up in the task that rendered them.
  useEffect(() => {
    latest.current = data;
    const p = plot.current;
    if (p === null || p.data === data) return;
    const timer = setTimeout(() => {
      if (plot.current === p) p.setData(data);
    }, 0);
    return () => clearTimeout(timer);
  }, [data]);

  useEffect(() => {
    const el = host.current;
    if (el === null || !canDraw()) return;
    let built: uPlot | null = null;
    let pending: ReturnType<typeof setTimeout> | null = null;
    const build = () => {
      pending = null;
      built = new uPlot({ ...options, width: lastWidth.current, height, hooks: hooksOf(handlers) }, latest.current, el);
      plot.current = built;
    };
    const fit = (w: number) => {
      if (w <= 0) return;
      lastWidth.current = w;
      // The first plot is built in a task of its own, not inside the frame that reported the width: that frame is
      // already laying out and painting the screen, and each chart's first drawing would add to it.
      if (built === null) pending ??= setTimeout(build, 0);
      else if (built.width !== w || built.height !== height) built.setSize({ width: w, height });
    };
    // New options for a plot already shown: the width is known, so the new plot replaces the old one at once.
    if (lastWidth.current > 0) build();
    // Without a ResizeObserver (an old runtime) the width is read once.
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            const box = entries[entries.length - 1]?.contentRect;
            if (box) fit(Math.floor(box.width));
          });
    if (observer) observer.observe(el);
    else fit(el.clientWidth);
    return () => {
      observer?.disconnect();
      if (pending !== null) clearTimeout(pending);
      if (plot.current === built) plot.current = null;
      (built as uPlot | null)?.destroy();
      built = null;
    };
  }, [options, height]);

  return <div ref={host} className="log-chart-plot" role="img" aria-label={label} style={{ minHeight: height }} />;
}
