/** The command line: type `api METHOD PATH …`; Up/Down walk the history, Enter sends, Esc cancels. */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAreaFocusTarget } from '../../app/area-focus';
import { useCall } from '../../bridge/queries';
import { SUGGESTIONS, useConsoleDraft } from './console-store';

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

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
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
        <input
          id={id}
          ref={focusTarget}
          className="mono command-input"
          value={line}
          list={`${id}-suggest`}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          placeholder="api GET /pullzone"
          onChange={(e) => {
            setCursor(null);
            setLine(e.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        <datalist id={`${id}-suggest`}>
          {[...new Set([...SUGGESTIONS, ...entries.slice(-20)])].map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
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
