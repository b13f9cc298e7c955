/** The width of an element in CSS pixels, kept current by a ResizeObserver (read once where there is none). */
import { useEffect, useState, type RefObject } from 'react';

/**
 * The element's content width, 0 until it is known. A width of 0 (the element hidden) keeps the last one, so a chart
 * hidden for a moment does not ask for other buckets.
 */
export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (el === null) return;
    const take = (w: number) => {
      if (w > 0) setWidth(Math.floor(w));
    };
    if (typeof ResizeObserver === 'undefined') {
      take(el.clientWidth);
      return;
    }
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (box) take(box.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
