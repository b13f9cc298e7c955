/**
 * A list of many rows that draws only the visible ones, as a listbox: one tab stop, arrows move the
 * active row (announced through aria-activedescendant), Enter or a click chooses it.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';

interface Props<T> {
  readonly items: readonly T[];
  /** The list's accessible name. */
  readonly label: string;
  /** Every row's height in pixels (rows are one line of a log or a table). */
  readonly rowHeight: number;
  /** The visible height in pixels. */
  readonly height: number;
  readonly getKey: (item: T, index: number) => string;
  readonly renderItem: (item: T, index: number) => ReactNode;
  /** Called with the chosen row (Enter, Space or a click). */
  readonly onChoose?: (item: T, index: number) => void;
  readonly emptyText?: string;
  /** The focusable list element: a screen passes its area focus target here. */
  readonly ref?: Ref<HTMLDivElement>;
}

/** The rows are options of a listbox; only those in view (plus a few) are in the page. */
export function VirtualList<T>({ items, label, rowHeight, height, getKey, renderItem, onChoose, emptyText = 'Nothing to show.', ref }: Props<T>) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const [active, setActive] = useState(0);
  const id = useId();
  // The build does not run the React Compiler, so nothing memoizes around the virtualizer's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    getItemKey: (i) => getKey(items[i]!, i),
  });
  const current = Math.min(active, Math.max(0, items.length - 1));
  const page = Math.max(1, Math.floor(height / rowHeight) - 1);

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (items.length === 0) return;
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, PageDown: current + page, PageUp: current - page, Home: 0, End: items.length - 1 };
    const target = moves[e.key];
    if (target !== undefined) {
      e.preventDefault();
      moveTo(target);
    } else if ((e.key === 'Enter' || e.key === ' ') && onChoose) {
      e.preventDefault();
      onChoose(items[current]!, current);
    }
  }

  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    <div
      ref={(el) => {
        scroller.current = el;
        if (typeof ref === 'function') ref(el);
        else if (ref) ref.current = el;
      }}
      className="virtual-list"
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={items.length > 0 ? optionId(current) : undefined}
      onKeyDown={onKeyDown}
      style={{ height, overflowY: 'auto', position: 'relative' }}
    >
      {items.length === 0 ? (
        <p className="muted small">{emptyText}</p>
      ) : (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => (
            <div
              key={row.key}
              id={optionId(row.index)}
              role="option"
              aria-selected={row.index === current}
              // Only part of the list is in the page: say where this row sits in the whole.
              aria-setsize={items.length}
              aria-posinset={row.index + 1}
              className="virtual-row"
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: rowHeight, transform: `translateY(${row.start}px)` }}
              onClick={() => {
                setActive(row.index);
                onChoose?.(items[row.index]!, row.index);
              }}
            >
              {renderItem(items[row.index]!, row.index)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
