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

export function PaneSplitter({ side, value, min, max, controls, onChange }: Props) {
  const drag = useRef<{ at: number; value: number } | null>(null);
  const beside = side === 'right';
  const bounds = { min, max };

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const step = e.shiftKey ? PANE_STEP * 4 : PANE_STEP;
    // The pane is after the bar: moving the bar toward the grid makes the pane bigger.
    const by: Record<string, number> = beside ? { ArrowLeft: step, ArrowRight: -step } : { ArrowUp: step, ArrowDown: -step };
    const next = e.key === 'Home' ? min : e.key === 'End' ? max : by[e.key] !== undefined ? value + by[e.key]! : null;
    if (next === null) return;
    e.preventDefault();
    e.stopPropagation();
    onChange(clampPane(next, bounds));
  }

  const pos = (e: PointerEvent) => (beside ? e.clientX : e.clientY);

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { at: pos(e), value };
  }

  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (start) onChange(clampPane(start.value - (pos(e) - start.at), bounds));
  }

  function onPointerUp(e: PointerEvent<HTMLDivElement>) {
    drag.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
  }

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
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    />
  );
}
