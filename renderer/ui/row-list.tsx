/** Add, remove and reorder the rows of a form's list field (ports, environment variables…), all by keyboard. */
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFieldArray, type ArrayPath, type Control, type FieldArray, type FieldValues } from 'react-hook-form';

type Action = 'up' | 'down' | 'remove' | 'add';

interface Props<T extends FieldValues, N extends ArrayPath<T>> {
  readonly control: Control<T>;
  readonly name: N;
  /** One row's name in buttons and legends, e.g. `port` → "Remove port 2". */
  readonly noun: string;
  /** The list's heading, e.g. "Ports"; none when the list is a section of its own. */
  readonly label?: string;
  /** Said while there are no rows (default "No <noun>s yet."). */
  readonly empty?: ReactNode;
  /** Whether rows have Move up / Move down buttons (default yes: their order means something). */
  readonly reorder?: boolean;
  /** Called instead of removing at once, to ask first; `remove` removes the row. */
  readonly onRemove?: (index: number, remove: () => void) => void;
  /** The values of a new, empty row. */
  readonly newRow: () => FieldArray<T, N>;
  /** At most this many rows (no Add button past it). */
  readonly max?: number;
  /** The row's fields; register them under `${name}.${index}.…`. */
  readonly children: (index: number) => ReactNode;
}

/** Each row is a fieldset with its own legend and Move up / Move down / Remove buttons that name the row. */
export function RowList<T extends FieldValues, N extends ArrayPath<T>>({ control, name, noun, label, empty, reorder = true, onRemove, newRow, max, children }: Props<T, N>) {
  const { fields, append, remove, move } = useFieldArray({ control, name });
  const root = useRef<HTMLElement>(null);
  // After a move or a removal the pressed button may move or vanish: focus follows the row (or its neighbour).
  const refocus = useRef<{ readonly index: number; readonly action: Action } | null>(null);
  const headingId = useId();
  const removeNow = (i: number) => {
    remove(i);
    refocus.current = { index: i, action: 'remove' };
  };
  const removeRow = (i: number) => (onRemove ? onRemove(i, () => removeNow(i)) : removeNow(i));

  useEffect(() => {
    if (!refocus.current) return;
    const { index, action } = refocus.current;
    refocus.current = null;
    const key = (i: number, a: Action) => `button[data-row="${i}"][data-action="${a}"]`;
    const candidates: string[] =
      action === 'remove'
        ? [key(index, 'remove'), key(index - 1, 'remove'), key(-1, 'add')]
        : [key(index, action), key(index, action === 'up' ? 'down' : 'up')];
    for (const c of candidates) {
      const b = root.current?.querySelector<HTMLButtonElement>(c);
      if (b && !b.disabled) return b.focus();
    }
  }, [fields]);

  return (
    <section className="row-list" aria-labelledby={label === undefined ? undefined : headingId} ref={root}>
      {label !== undefined && <h4 id={headingId}>{label}</h4>}
      {fields.length === 0 && <p className="muted small">{empty ?? `No ${noun}s yet.`}</p>}
      <ol className="plain">
        {fields.map((field, i) => {
          const n = i + 1;
          return (
            <li key={field.id}>
              <fieldset className="row-item">
                <legend>
                  {noun[0]!.toUpperCase() + noun.slice(1)} {n}
                </legend>
                <div className="row-fields">{children(i)}</div>
                <div className="row-actions">
                  {reorder && (
                    <>
                      <button
                        type="button"
                        data-row={i} data-action="up"
                        aria-label={`Move ${noun} ${n} up`}
                        disabled={i === 0}
                        onClick={() => (move(i, i - 1), (refocus.current = { index: i - 1, action: 'up' }))}
                      >
                        <ArrowUp aria-hidden="true" size={14} />
                      </button>
                      <button
                        type="button"
                        data-row={i} data-action="down"
                        aria-label={`Move ${noun} ${n} down`}
                        disabled={i === fields.length - 1}
                        onClick={() => (move(i, i + 1), (refocus.current = { index: i + 1, action: 'down' }))}
                      >
                        <ArrowDown aria-hidden="true" size={14} />
                      </button>
                    </>
                  )}
                  <button type="button" data-row={i} data-action="remove" aria-label={`Remove ${noun} ${n}`} onClick={() => removeRow(i)}>
                    <Trash2 aria-hidden="true" size={14} />
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {(max === undefined || fields.length < max) && (
        // append() focuses the new row's first field.
        <button type="button" data-row={-1} data-action="add" onClick={() => append(newRow())}>
          <Plus aria-hidden="true" size={14} /> Add {noun}
        </button>
      )}
    </section>
  );
}
