/**
 * The command line: type `api METHOD PATH …`; Up/Down walk the history, Enter sends, Esc cancels. While typing, a
 * list of matching commands (known paths and recent history) opens below: Up/Down move in it, Enter takes one, Esc
 * closes it. It closes too when the field loses focus and when a request is sent or answered.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAreaFocusTarget } from '../../app/area-focus';
import { useCall } from '../../bridge/queries';
import { SUGGESTIONS, useConsoleDraft } from './console-store';

/** How many matches the list shows at most. */
const MAX_MATCHES = 8;

/** Commands containing the typed text (any case), the typed line itself left out. */
function matchesOf(line: string, candidates: readonly string[]): string[] {
  const typed = line.trim().toLowerCase();
  return candidates.filter((c) => c !== line && c.toLowerCase().includes(typed)).slice(0, MAX_MATCHES);
}

interface Props {
  readonly pending: boolean;
  readonly error?: string | undefined;
  onSend(): void;
  onCancel(): void;
}

export function CommandLine({ pending, error, onSend, onCancel }: Props) {
  const line = useConsoleDraft((s) => s.line);
  const setLine = useConsoleDraft((s) => s.setLine);
  const history = useCall('console.history', {});
  // Position while walking the history: null = editing a fresh line.
  const [cursor, setCursor] = useState<number | null>(null);
  const typed = useRef(line);
  const id = useId();
  const focusTarget = useAreaFocusTarget();
  const entries = history.data?.entries ?? [];
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = listOpen ? matchesOf(line, [...new Set([...SUGGESTIONS, ...entries.slice(-20).reverse()])]) : [];
  const shown = matches.length > 0;

  const closeList = () => {
    setListOpen(false);
    setActive(-1);
  };
  // An answer arriving closes the list: it must not cover the response. (Sending closes it too: Enter, or the
  // Send button taking the focus.)
  useEffect(
    () =>
      useConsoleDraft.subscribe((s, before) => {
        if (s.response !== before.response) {
          setListOpen(false);
          setActive(-1);
        }
      }),
    [],
  );

  function pick(command: string) {
    setCursor(null);
    setLine(command);
    closeList();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (shown && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      // -1 is the typed line itself: the highlight goes round through it.
      const last = matches.length - 1;
      setActive((a) => (e.key === 'ArrowDown' ? (a >= last ? -1 : a + 1) : a === -1 ? last : a - 1));
      return;
    }
    if (shown && e.key === 'Enter' && active >= 0 && active < matches.length) {
      e.preventDefault();
      pick(matches[active]!);
      return;
    }
    if (shown && e.key === 'Escape') {
      e.preventDefault();
      closeList();
      return;
    }
    if (e.key === 'Enter') {
      closeList();
      e.preventDefault();
      setCursor(null);
      // A second Enter while the request runs must not send it again (a POST would create twice).
      if (!pending) onSend();
    } else if (e.key === 'Escape' && pending) {
      e.preventDefault();
      onCancel();
    } else if (e.key === 'ArrowUp' && entries.length > 0) {
      e.preventDefault();
      if (cursor === null) typed.current = line;
      const next = cursor === null ? entries.length - 1 : Math.max(0, cursor - 1);
      setCursor(next);
      setLine(entries[next]!);
    } else if (e.key === 'ArrowDown' && cursor !== null) {
      e.preventDefault();
      const next = cursor + 1;
      if (next >= entries.length) {
        setCursor(null);
        setLine(typed.current);
      } else {
        setCursor(next);
        setLine(entries[next]!);
      }
    }
  }

  return (
    <div className="command-line">
      <label htmlFor={id} className="visually-hidden">
        Command
      </label>
      <div className="row">
        <span className="prompt" aria-hidden="true">
          $
        </span>
        <div className="command-field">
          <input
            id={id}
            ref={focusTarget}
            className="mono command-input"
            value={line}
            role="combobox"
            aria-expanded={shown}
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={shown && active >= 0 ? `${id}-opt-${active}` : undefined}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-err` : undefined}
            placeholder="api GET /pullzone"
            onChange={(e) => {
              setCursor(null);
              setLine(e.target.value);
              setListOpen(true);
              setActive(-1);
            }}
            onBlur={closeList}
            onKeyDown={onKeyDown}
          />
          <ul id={`${id}-list`} role="listbox" aria-label="Matching commands" className="completion-list" hidden={!shown}>
            {matches.map((m, i) => (
              <li
                key={m}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                className="completion-option mono"
                // Taking the press keeps the focus in the field (a blur would close the list before the click).
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(m)}
              >
                {m}
              </li>
            ))}
          </ul>
        </div>
        {pending ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <button type="button" className="primary" onClick={onSend}>
            Send
          </button>
        )}
      </div>
      {error && (
        <div id={`${id}-err`} className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
