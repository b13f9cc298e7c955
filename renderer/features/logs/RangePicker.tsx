/**
 * The time range of a zone's query: a preset ending now, or from/to typed on the clock of the zone times are
 * shown in; and (ClockSwitch) the UTC ⇄ local switch, which the table and charts follow too. The screen checks a range before
 * sending it; `error` is the rule it broke (or the core's), shown right here.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { RANGE_PRESET_LABELS, RANGE_PRESETS, resolveRange, type LogRange } from '../../../shared/logs/range';
import { fromInputValue, toInputValue, zoneLabel } from './logs-format';
import type { TimeZoneMode } from './view-types';

interface Props {
  readonly range: LogRange;
  /**
   * The span the table holds when it is not the zone range chosen (a file's first to last row, a whole day): the
   * from/to fields show it and no preset reads as chosen, so the controls never claim an earlier range.
   */
  readonly held?: { readonly from: number; readonly to: number } | null;
  onRange(range: LogRange): void;
  readonly timeZone: TimeZoneMode;
  readonly error: string | undefined;
  /** Only a zone's range can be chosen; a file covers what it holds. */
  readonly disabled: boolean;
}

/** The from/to inputs' text for a range, on the chosen clock (a preset shows where it reaches now). */
function inputsFor(range: LogRange, mode: TimeZoneMode): { from: string; to: string } {
  const r = range.kind === 'absolute' ? { ok: true as const, from: range.from, to: range.to } : resolveRange(range, Date.now());
  return r.ok ? { from: toInputValue(r.from, mode), to: toInputValue(r.to, mode) } : { from: '', to: '' };
}

/** Presets and absolute from/to. */
export function RangePicker({ range: chosen, held = null, onRange, timeZone, error, disabled }: Props) {
  const heldRange = useMemo<LogRange | null>(() => (held === null ? null : { kind: 'absolute', from: held.from, to: held.to }), [held?.from, held?.to]); // eslint-disable-line react-hooks/exhaustive-deps
  const range = heldRange ?? chosen;
  const [text, setText] = useState(() => inputsFor(range, timeZone));
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  // A new range (a preset, a zoom) or clock rewrites the inputs; typing in between leaves them alone.
  const [shown, setShown] = useState({ range, timeZone });
  if (shown.range !== range || shown.timeZone !== timeZone) {
    setShown({ range, timeZone });
    setText(inputsFor(range, timeZone));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    onRange({ kind: 'absolute', from: fromInputValue(text.from, timeZone), to: fromInputValue(text.to, timeZone) });
  }

  const invalid = error ? true : undefined;
  const described = error ? errorId : undefined;
  return (
    <div className="logs-range" data-testid="range-picker" data-held={held !== null ? 'true' : undefined}>
      <div className="logs-range-line">
        <div role="group" aria-label="Time range preset" className="segmented">
          {RANGE_PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              disabled={disabled}
              aria-pressed={range.kind === 'preset' && range.preset === p}
              onClick={() => onRange({ kind: 'preset', preset: p })}
            >
              {RANGE_PRESET_LABELS[p]}
            </button>
          ))}
        </div>
        <form className="row logs-absolute" onSubmit={submit} aria-label="Absolute time range">
          <label htmlFor={fromId} className="wide-only">
            From
          </label>
          <input id={fromId} type="datetime-local" disabled={disabled} value={text.from} aria-invalid={invalid} aria-describedby={described} onChange={(e) => setText({ ...text, from: e.target.value })} />
          <label htmlFor={toId} className="wide-only">
            to
          </label>
          <span aria-hidden="true" className="narrow-only">
            –
          </span>
          <input id={toId} type="datetime-local" disabled={disabled} value={text.to} aria-invalid={invalid} aria-describedby={described} onChange={(e) => setText({ ...text, to: e.target.value })} />
          <button type="submit" disabled={disabled} aria-label="Apply range" title="Query this range">
            Apply
          </button>
        </form>
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert" data-testid="range-error">
          This range cannot be queried: {error}
        </p>
      )}
    </div>
  );
}

/** The UTC ⇄ local switch: the table, the charts, the range fields and their tooltips all follow it. */
export function ClockSwitch({ timeZone, onTimeZone }: { readonly timeZone: TimeZoneMode; onTimeZone(mode: TimeZoneMode): void }) {
  return (
    <div className="logs-clock">
      <div role="group" aria-label="Show times in" className="segmented logs-tz">
        <button type="button" aria-pressed={timeZone === 'utc'} onClick={() => onTimeZone('utc')}>
          UTC
        </button>
        <button type="button" aria-pressed={timeZone === 'local'} onClick={() => onTimeZone('local')}>
          Local
        </button>
      </div>
      <span className="muted small logs-tz-name wide-only" data-testid="time-zone-heading">
        Times in {zoneLabel(timeZone)}
      </span>
    </div>
  );
}
