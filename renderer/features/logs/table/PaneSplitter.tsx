/**
 * The bar between the grid and the detail pane: a separator that resizes the pane with a drag or the keyboard.
 * Beside the grid it is a vertical bar (Left widens the pane, Right narrows it); below the grid a horizontal one
 * (Up makes the pane taller, Down shorter). Home and End give the least and the most; Shift moves four steps.
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { clampPane, PANE_STEP, type PaneSide } from './detail-size';

interface Props {
  readonly side: PaneSide;
  /** The pane's size along the bar's axis (its width beside, its height below). */
  readonly value: number;
  readonly min: number;
  readonly max: number;
  /** The pane's element id. */
  readonly controls: string;
  onChange(value: number): void;
}

/**
 * Pointer handlers that drag a handle along `axis`: `onDrag` hears the value the drag started from and how far the
 * pointer has moved since, in pixels. The pointer is captured, so the drag goes on outside the handle.
 */
export function useDrag(axis: 'x' | 'y', value: number, onDrag: (from: number, moved: number) => void) {
  const start = useRef<{ at: number; value: number } | null>(null);
  const at = (e: PointerEvent) => (axis === 'x' ? e.clientX : e.clientY);
  const end = (e: PointerEvent<HTMLElement>) => {
    start.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
  };
  return {
    onPointerDown(e: PointerEvent<HTMLElement>) {
      if (e.button !== 0) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      start.current = { at: at(e), value };
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      if (start.current) onDrag(start.current.value, at(e) - start.current.at);
    },
    onPointerUp: end,
    onPointerCancel: end,
  };
}

export function PaneSplitter({ side, value, min, max, controls, onChange }: Props) {
  const beside = side === 'right';
  const bounds = { min, max };

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const step = e.shiftKey ? PANE_STEP * 4 : PANE_STEP;
    // The pane is after the bar: moving the bar toward the grid (by key or drag) makes the pane bigger.
    const by: Record<string, number> = beside ? { ArrowLeft: step, ArrowRight: -step } : { ArrowUp: step, ArrowDown: -step };
    const next = e.key === 'Home' ? min : e.key === 'End' ? max : by[e.key] !== undefined ? value + by[e.key]! : null;
    if (next === null) return;
    e.preventDefault();
    e.stopPropagation();
    onChange(clampPane(next, bounds));
  }

  const drag = useDrag(beside ? 'x' : 'y', value, (from, moved) => onChange(clampPane(from - moved, bounds)));

  return (
    <div
      role="separator"
      // A separator's orientation is the bar's: beside the grid the bar stands upright.
      aria-orientation={beside ? 'vertical' : 'horizontal'}
      aria-label={beside ? 'Resize the details pane (its width)' : 'Resize the details pane (its height)'}
      aria-controls={controls}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      className="log-pane-splitter"
      data-side={side}
      data-testid="log-detail-splitter"
      onKeyDown={onKeyDown}
      {...drag}
    />
  );
}
