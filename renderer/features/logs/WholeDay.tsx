/**
 * "Whole day": a calendar day on the screen's clock (UTC or local) read from the platform's v1 day file(s) in one
 * download instead of v2 pages — all of it, with the KPIs and charts from that one request. When the range is exactly
 * one day, that day is offered; otherwise any day the platform still keeps can be chosen. While it downloads the
 * bar shows bytes, lines and rows and can cancel; once in, it says where the rows came from and goes back to pages on
 * request (a new range goes back too).
 */
import { useId, useState } from 'react';
import type { LogSource, LogsStatus } from '../../../shared/contract/logs';
import { localDate, planDay } from '../../../shared/logs/day';
import type { LogRange } from '../../../shared/logs/range';
import { formatCountOf, timeZoneName } from './logs-format';
import type { TimeZoneMode } from './view-types';

interface Props {
  /** The zone chosen (null for a file, a zone without logging, or nothing). */
  readonly zoneId: number | null;
  readonly range: LogRange;
  readonly timeZone: TimeZoneMode;
  /** The filter last applied: the day session starts with it. */
  readonly filter: string;
  readonly status: LogsStatus | null;
  readonly session: { open(source: LogSource, filter: string): Promise<void>; cancel(): void };
}

/**
 * The day (`YYYY-MM-DD`) an absolute range covers exactly on this clock — from local midnight to the next (or to
 * 23:59 of the same day, as the minute inputs allow) — and the platform still keeps; null otherwise.
 */
export function wholeDayOf(range: LogRange, tz: string, now = Date.now()): string | null {
  if (range.kind !== 'absolute') return null;
  const day = localDate(range.from, tz);
  const plan = planDay(day, tz, now);
  if (!plan.ok || plan.from !== range.from) return null;
  return range.to <= plan.to && range.to >= plan.to - 60_000 ? day : null;
}

/** The days the platform still keeps on this clock, newest first (today, so far, included). */
export function keptDays(tz: string, now = Date.now()): string[] {
  const days: string[] = [];
  for (let k = 0; k <= 4; k++) {
    const day = localDate(now - k * 86_400_000, tz);
    if (!days.includes(day) && planDay(day, tz, now).ok) days.push(day);
  }
  return days;
}

/** Any day still kept, chosen from a list, opened whole. */
function DayChooser({ onOpen, tz }: { readonly onOpen: (day: string) => void; readonly tz: string }) {
  const days = keptDays(tz);
  const [chosen, setChosen] = useState<string | null>(null);
  const id = useId();
  const day = chosen !== null && days.includes(chosen) ? chosen : (days[1] ?? days[0]);
  if (day === undefined) return null;
  return (
    <div className="row whole-day" data-testid="whole-day">
      <label htmlFor={id} className="wide-only">
        Whole day
      </label>
      <select id={id} value={day} onChange={(e) => setChosen(e.currentTarget.value)}>
        {days.map((d, i) => (
          <option key={d} value={d}>
            {d}
            {i === 0 ? ' (today, so far)' : ''}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => onOpen(day)} title={`One download of the platform's day file (${tz}), instead of pages`}>
        Open day
      </button>
      <span className="muted small whole-day-hint">One download of the platform&apos;s day file ({tz}), instead of pages</span>
    </div>
  );
}

function megabytes(n: number): string {
  return `${(n / 1e6).toFixed(n < 10e6 ? 1 : 0)} MB`;
}

export function WholeDay({ zoneId, range, timeZone, filter, status, session }: Props) {
  if (status?.source.kind === 'day') {
    const f = status.file;
    const src = status.source;
    const loading = status.phase === 'loading';
    return (
      <div className="load-bar whole-day" data-testid="whole-day">
        <div className="row">
          <p role="status" className="tabular" data-testid="whole-day-progress">
            {loading ? 'Downloading' : status.phase === 'cancelled' ? 'Stopped' : status.phase === 'failed' ? 'Could not read' : 'Whole day'} {src.day} ({src.timeZone}) from the day file{(src.fileName ?? '').includes(',') ? 's' : ''}:{' '}
            {megabytes(f?.bytesRead ?? 0)}, {formatCountOf(f?.lines ?? 0, 'line')}, {formatCountOf(status.loadedRows, 'row')}{loading ? '…' : ''}
          </p>
          {loading ? (
            <button type="button" onClick={session.cancel}>
              Cancel
            </button>
          ) : (
            zoneId !== null && (
              <button type="button" onClick={() => void session.open({ kind: 'zone', zoneId, range }, filter)}>
                Back to pages
              </button>
            )
          )}
        </div>
      </div>
    );
  }
  if (zoneId === null) return null;
  const tz = timeZoneName(timeZone);
  const day = wholeDayOf(range, tz);
  if (day === null) return <DayChooser tz={tz} onOpen={(d) => void session.open({ kind: 'day', zoneId, day: d, timeZone: tz }, filter)} />;
  return (
    <div className="row whole-day" data-testid="whole-day">
      <button type="button" onClick={() => void session.open({ kind: 'day', zoneId, day, timeZone: tz }, filter)} title={`All of ${day} (${tz}) in one download of the platform's day file`}>
        Whole day
      </button>
      <span className="muted small whole-day-hint">
        All of {day} ({tz}) in one download of the platform&apos;s day file, instead of pages
      </span>
    </div>
  );
}
