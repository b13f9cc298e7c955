/**
 * The queue's rows, virtualized so a thousand files draw as fast as ten. Rows are selected by click (Shift for a
 * range, Ctrl/Cmd to add one) or keys: arrows move (Shift extends), Ctrl/Cmd+A selects all, Space pauses or
 * resumes the selection, Delete cancels it. The controls inside a row stay ordinary buttons in reading order.
 * Pauses go through `onPause`, which asks first when a plain upload would go back to zero (PauseDialog).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import { jobStateWords, type JobView } from '../../../shared/videos/model';
import { isFinal } from './format';
import { JobRow } from './JobRow';
import { pickRow, type Selection } from './selection';
import type { Controls } from './use-controls';

/** Every row's height in pixels: three lines and their spacing (the stylesheet draws rows this tall). */
export const ROW_HEIGHT = 88;

interface Props {
  readonly jobs: readonly JobView[];
  readonly selection: Selection;
  readonly onSelection: (next: Selection) => void;
  readonly controls: Controls;
  /** The rows offered "Move to top" (worked out over the whole queue, not only the rows shown). */
  readonly movable: ReadonlySet<string>;
  /** Pauses these rows (asking first where that restarts an upload from zero). */
  readonly onPause: (rows: readonly JobView[]) => void;
  /** The first row takes the area's focus when the user arrives. */
  readonly focusRef?: Ref<HTMLDivElement>;
}

/** The ids a keyboard control acts on: the selection, or the focused row when nothing is selected. */
function targets(selection: Selection, focused: JobView | undefined): string[] {
  if (selection.ids.size > 0) return [...selection.ids];
  return focused ? [focused.id] : [];
}

export function QueueList({ jobs, selection, onSelection, controls, movable, onPause, focusRef }: Props) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const [active, setActive] = useState(0);
  const focusPending = useRef(false);
  // The build does not run the React Compiler, so nothing memoizes around the virtualizer's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: jobs.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    getItemKey: (i) => jobs[i]!.id,
  });
  const current = Math.min(active, Math.max(0, jobs.length - 1));
  const order = jobs.map((j) => j.id);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    scroller.current?.querySelector<HTMLElement>(`[data-index="${current}"]`)?.focus();
  });

  function moveTo(index: number, extend: boolean, select: boolean) {
    const next = Math.max(0, Math.min(jobs.length - 1, index));
    setActive(next);
    focusPending.current = true;
    virtualizer.scrollToIndex(next, { align: 'auto' });
    const id = jobs[next]?.id;
    if (id && select) onSelection(pickRow(selection, id, order, { range: extend }));
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>, index: number) {
    // Space on the row's checkbox toggles the row once, here: the checkbox's own Space (a click on key up) is
    // held back, so the row's and the checkbox's handlers never both act on one key.
    if (e.key === ' ' && e.target instanceof HTMLInputElement && e.target.type === 'checkbox' && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      const id = jobs[index]?.id;
      if (id) onSelection(pickRow(selection, id, order, { toggle: true }));
      return;
    }
    // Keys typed into a row's field or pressed on its buttons are theirs.
    if (e.target !== e.currentTarget) return;
    const mod = e.ctrlKey || e.metaKey;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT * 5) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, PageDown: index + page, PageUp: index - page, Home: 0, End: jobs.length - 1 };
    const target = moves[e.key];
    if (target !== undefined) {
      e.preventDefault();
      moveTo(target, e.shiftKey, !mod);
    } else if (mod && e.key.toLowerCase() === 'a') {
      e.preventDefault();
      onSelection({ ids: new Set(order), anchor: jobs[index]?.id ?? null });
    } else if (e.key === ' ') {
      e.preventDefault();
      const ids = targets(selection, jobs[index]);
      const open = jobs.filter((j) => ids.includes(j.id) && !isFinal(j));
      // Pause unless every chosen row is paused already: one key, the obvious direction.
      if (open.some((j) => !j.paused)) onPause(open.filter((j) => !j.paused));
      else controls.resume({ ids: open.map((j) => j.id) });
    } else if (e.key === 'Delete') {
      e.preventDefault();
      const ids = targets(selection, jobs[index]);
      controls.cancel({ ids: jobs.filter((j) => ids.includes(j.id) && !isFinal(j)).map((j) => j.id) });
    }
  }

  function onClick(e: MouseEvent<HTMLDivElement>, job: JobView, index: number) {
    setActive(index);
    onSelection(pickRow(selection, job.id, order, { range: e.shiftKey, toggle: e.ctrlKey || e.metaKey }));
  }

  return (
    <div
      ref={(el) => {
        scroller.current = el;
      }}
      className="queue-scroller"
      data-testid="queue"
    >
      <div role="list" aria-label="Upload queue" className="queue-list" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const job = jobs[item.index]!;
          const selected = selection.ids.has(job.id);
          return (
            <div
              key={item.key}
              ref={item.index === current ? focusRef : undefined}
              role="listitem"
              aria-setsize={jobs.length}
              aria-posinset={item.index + 1}
              aria-label={`${job.title}, ${jobStateWords(job).label}`}
              tabIndex={item.index === current ? 0 : -1}
              data-index={item.index}
              data-testid="job-row"
              data-job-id={job.id}
              data-state={job.state}
              data-selected={selected ? 'true' : undefined}
              data-highlight={job.highlight ? 'true' : undefined}
              className="job-row"
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              onKeyDown={(e) => onKeyDown(e, item.index)}
              onMouseDown={(e) => e.shiftKey && e.preventDefault()}
              onClick={(e) => onClick(e, job, item.index)}
            >
              <JobRow
                job={job}
                selected={selected}
                controls={controls}
                movable={movable.has(job.id)}
                onPause={() => onPause([job])}
                onToggle={() => onSelection(pickRow(selection, job.id, order, { toggle: true }))}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
