/**
 * A text field's list of completions, built as the console's command line builds its list: the field is a combobox,
 * Up/Down move in the list, Enter takes the highlighted option, Escape closes it, and so does leaving the field. A
 * press on an option keeps the focus in the field.
 */
import { useState, type KeyboardEvent, type ReactNode } from 'react';

export interface CompletionOption {
  readonly key: string;
  readonly label: ReactNode;
}

interface Options<T extends CompletionOption> {
  readonly id: string;
  /** The listbox's accessible name. */
  readonly label: string;
  readonly options: readonly T[];
  readonly onPick: (option: T) => void;
}

/** The list's state, the props the field spreads onto itself (composing its own handlers), and the list to render below it. */
export function useCompletion<T extends CompletionOption>({ id, label, options, onPick }: Options<T>) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && options.length > 0;
  const listId = `${id}-completions`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const show = () => {
    setOpen(true);
    setActive(-1);
  };
  const pick = (o: T) => {
    close();
    onPick(o);
  };

  /** True when the key was the list's (the field must not act on it too). */
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>): boolean {
    if (!shown) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const last = options.length - 1;
      // -1 is the typed text itself: the highlight goes round through it.
      setActive((a) => (e.key === 'ArrowDown' ? (a >= last ? -1 : a + 1) : a === -1 ? last : a - 1));
      return true;
    }
    if (e.key === 'Enter' && active >= 0 && active < options.length) {
      // Enter takes the option; it does not submit the form.
      e.preventDefault();
      pick(options[active]!);
      return true;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
      return true;
    }
    return false;
  }

  const inputProps = {
    role: 'combobox' as const,
    'aria-expanded': shown,
    'aria-controls': listId,
    'aria-autocomplete': 'list' as const,
    'aria-activedescendant': shown && active >= 0 ? `${listId}-${active}` : undefined,
  };

  const list = (
    <ul id={listId} role="listbox" aria-label={label} className="completion-list" hidden={!shown}>
      {shown &&
        options.map((o, i) => (
          <li
            key={o.key}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="completion-option mono"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(o)}
          >
            {o.label}
          </li>
        ))}
    </ul>
  );

  return { shown, show, close, onKeyDown, inputProps, list };
}
