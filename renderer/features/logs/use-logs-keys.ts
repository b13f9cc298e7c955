/**
 * The Logs viewer's single keys (LOGS_KEYS), heard on the window while the screen is mounted, and quiet while the
 * user types in a field, picks in a select or works in a dialog. Escape in the filter box hands the focus back to
 * the table.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { resolveRange, type LogRange } from '../../../shared/logs/range';
import type { TableKeys } from './view-types';

/** The keys and what each does, in the order the help dialog lists them. */
export const LOGS_KEYS: readonly (readonly [string, string])[] = [
  ['/', 'Focus the filter'],
  ['j', 'Select the next row'],
  ['k', 'Select the previous row'],
  ['e', 'Jump to the next row with a 5xx status'],
  ['E', 'Jump to the previous row with a 5xx status'],
  ['[', 'Move the time range back by its length'],
  [']', 'Move the time range forward by its length (up to now)'],
  ['f', 'Turn every filter off, or back on, keeping the selected row'],
  ['?', 'Show these keys'],
  ['Esc', 'Leave the filter for the table; close a dialog'],
];

/** True when a key pressed on this element is typing (or choosing) in it, not a command. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[role="dialog"]')) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(target.type);
}

/**
 * The range `steps` of its own lengths later (negative: earlier), as absolute times; a preset is taken where it
 * reaches now. Forward stops at now: past it there are no logs yet. Null when it cannot move (it already ends
 * now, or does not resolve).
 */
export function shiftRange(range: LogRange, steps: -1 | 1, now: number): LogRange | null {
  const r = range.kind === 'absolute' ? { ok: true as const, from: range.from, to: range.to } : resolveRange(range, now);
  if (!r.ok) return null;
  const length = r.to - r.from;
  if (steps < 0) return { kind: 'absolute', from: r.from - length, to: r.to - length };
  if (r.to >= now) return null;
  const to = Math.min(now, r.to + length);
  return { kind: 'absolute', from: to - length, to };
}

/** What the keys act on. */
export interface LogsKeyTargets {
  readonly filterInput: RefObject<HTMLInputElement | null>;
  readonly table: RefObject<TableKeys | null>;
  /** Moves a zone's range; null when the rows are a file's (or none), which have no range to move. */
  moveRange: ((steps: -1 | 1) => void) | null;
  showHelp(): void;
  /** Turns the filters off or back on (keeping the selected row); absent where there are none to toggle. */
  toggleFilters?: () => void;
}

/** Listens for the viewer's keys while mounted. */
export function useLogsKeys(targets: LogsKeyTargets): void {
  const latest = useRef(targets);
  useLayoutEffect(() => {
    latest.current = targets;
  });
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = latest.current;
      if (e.key === 'Escape') {
        if (e.target !== null && e.target === t.filterInput.current) {
          e.preventDefault();
          if (t.table.current) t.table.current.focus();
          else t.filterInput.current.blur();
        }
        return;
      }
      if (isTextEntry(e.target)) return;
      const act: Record<string, (() => void) | undefined> = {
        '/': () => t.filterInput.current?.focus(),
        j: () => t.table.current?.step(1),
        k: () => t.table.current?.step(-1),
        e: () => t.table.current?.jumpToError('next'),
        E: () => t.table.current?.jumpToError('prev'),
        '[': t.moveRange ? () => t.moveRange?.(-1) : undefined,
        ']': t.moveRange ? () => t.moveRange?.(1) : undefined,
        '?': t.showHelp,
        f: t.toggleFilters,
      };
      const run = act[e.key];
      if (!run) return;
      e.preventDefault();
      run();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
