/**
 * One uPlot plot in a div, mounted only once the div has a width (there is no layout before it is in a page) and
 * kept to the div's width by a ResizeObserver. Hover, drag-selection and clicks come back as bucket times and values.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The plot's options without the size, which follows the element. */
export type PlotOptions = Omit<uPlot.Options, 'width' | 'height' | 'hooks'>;

export interface UPlotCanvasProps {
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

export function UPlotCanvas({ options, data, height, label, onHover, onSelect, onPick }: UPlotCanvasProps) {
  const host = useRef<HTMLDivElement>(null);
  // The latest handlers, read by the plot's hooks, so new closures do not rebuild the plot.
  const handlers = useRef({ onHover, onSelect, onPick });
  useLayoutEffect(() => {
    handlers.current = { onHover, onSelect, onPick };
  });

  useEffect(() => {
    const el = host.current;
    if (el === null || !canDraw()) return;
    let plot: uPlot | null = null;
    const mount = () => {
      const width = el.clientWidth;
      if (width <= 0) return;
      if (plot !== null) {
        plot.setSize({ width, height });
        return;
      }
      const hooks: uPlot.Hooks.Arrays = {
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
      plot = new uPlot({ ...options, width, height, hooks }, data, el);
    };
    mount();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(mount);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      plot?.destroy();
      plot = null;
    };
  }, [options, data, height]);

  return <div ref={host} className="log-chart-plot" role="img" aria-label={label} style={{ minHeight: height }} />;
}
