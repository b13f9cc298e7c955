/**
 * The filter as text and as the chips the core applied: applying sends the text to the core, which parses it once;
 * removing a chip rewrites the text (and applies it). Problems the core found are listed under the box by position
 * with the rule broken; values the loaded rows hold are offered as completions for status, cache, country, edge
 * location and IP.
 */
import { X } from 'lucide-react';
import { useId, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useCall } from '../../bridge/queries';
import { completing } from './logs-format';

interface Props {
  readonly text: string;
  /** The chips of the filter applied, each as the core wrote it (`-` starts one that excludes). */
  readonly chips: readonly string[];
  /** Where the text last applied broke a rule, and which, as the core found. */
  readonly problems: readonly { readonly at: number; readonly message: string }[];
  onText(text: string): void;
  /** Sends the text to the core. */
  onApply(text: string): void;
  /** The session whose loaded rows offer completions; null before one is open. */
  readonly sessionId: string | null;
  /** The core's rule for the filter, when it refused it. */
  readonly coreError: string | undefined;
  /** The text box, for the `/` key. */
  readonly inputRef?: Ref<HTMLInputElement>;
}

function Chip({ chip, onRemove }: { readonly chip: string; readonly onRemove: () => void }) {
  const negated = chip.startsWith('-');
  // The words without the sign (the negation is shown apart).
  const words = negated ? chip.replace(/^-/, '').replace(/ -/g, ' ') : chip;
  const name = negated ? `not ${words}` : words;
  function onKey(e: KeyboardEvent) {
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      onRemove();
    }
  }
  return (
    <li className="chip" data-negated={negated ? 'true' : undefined}>
      {negated && <span className="chip-not">not</span>}
      <span className="mono">{words}</span>
      <button type="button" className="chip-remove" aria-label={`Remove filter ${name}`} title="Remove (Delete)" onClick={onRemove} onKeyDown={onKey}>
        <X aria-hidden="true" size={12} />
      </button>
    </li>
  );
}

/** The filter row above the table. */
export function FilterBar({ text, chips, problems, onText, onApply, sessionId, coreError, inputRef }: Props) {
  const inputId = useId();
  const listId = useId();
  const errorsId = useId();

  const typing = completing(text);
  const values = useCall(
    'logs.values',
    { sessionId: sessionId ?? '', key: typing?.key ?? 'status', prefix: typing?.prefix ?? '' },
    { enabled: sessionId !== null && typing !== null, staleTime: 2_000 },
  );
  const options = typing && values.data ? values.data.values.map((v) => `${typing.head}${v}`) : [];

  function remove(index: number) {
    const next = chips.filter((_, i) => i !== index).join(' ');
    onText(next);
    onApply(next);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    onApply(text);
  }

  const invalid = problems.length > 0 || coreError !== undefined;
  return (
    <form className="logs-filter" onSubmit={submit} role="search" aria-label="Filter the logs">
      <div className="row logs-filter-row">
        <label htmlFor={inputId}>Filter</label>
        <input
          ref={inputRef}
          id={inputId}
          className="mono logs-filter-input"
          value={text}
          list={options.length > 0 ? listId : undefined}
          placeholder="status:5xx cache:MISS,STALE country:DE -pop:WA url:/video/ words"
          spellCheck={false}
          autoComplete="off"
          aria-keyshortcuts="/"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? errorsId : undefined}
          onChange={(e) => onText(e.target.value)}
        />
        <datalist id={listId}>
          {options.map((o) => (
            <option key={o} value={o} />
          ))}
        </datalist>
        <button type="submit" className="primary">
          Apply
        </button>
      </div>
      {chips.length > 0 && (
        <ul className="chips plain" aria-label="Active filters">
          {chips.map((chip, i) => (
            <Chip key={chip} chip={chip} onRemove={() => remove(i)} />
          ))}
        </ul>
      )}
      {invalid && (
        <ul id={errorsId} className="field-error plain" data-testid="filter-errors">
          {problems.map((p) => (
            <li key={`${p.at}-${p.message}`}>
              At character {p.at + 1} (<code>{text.slice(p.at, p.at + 20).split(/\s/)[0] || '…'}</code>): {p.message}
            </li>
          ))}
          {coreError !== undefined && problems.length === 0 && <li>{coreError}</li>}
        </ul>
      )}
    </form>
  );
}
