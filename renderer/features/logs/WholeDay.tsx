/**
 * "Whole day": when a zone's range is exactly one calendar day on the screen's clock (UTC or local), the day can be
 * read from the platform's v1 day file(s) in one download instead of v2 pages — all of it, with the KPIs and charts
 * from that one request. While it downloads the bar shows bytes, lines and rows and can cancel; once in, it says
 * where the rows came from and goes back to pages on request (a new range goes back too).
 */
import type { LogSource, LogsStatus } from '../../../shared/contract/logs';
import { localDate, localTimeZone, planDay } from '../../../shared/logs/day';
import type { LogRange } from '../../../shared/logs/range';
import { formatCount } from './logs-format';
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

/** The IANA zone of the screen's clock. */
export function timeZoneName(mode: TimeZoneMode): string {
  return mode === 'utc' ? 'UTC' : localTimeZone();
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

function megabytes(n: number): string {
  return `${(n / 1e6).toFixed(n < 10e6 ? 1 : 0)} MB`;
}

export function WholeDay({ zoneId, range, timeZone, filter, status, session }: Props) {
  const day = status?.source.kind === 'day' ? null : zoneId === null ? null : wholeDayOf(range, timeZoneName(timeZone));
  if (status?.source.kind === 'day') {
    const f = status.file;
    const src = status.source;
    const loading = status.phase === 'loading';
    return (
      <div className="load-bar whole-day" data-testid="whole-day">
        <div className="row">
          <p role="status" className="tabular" data-testid="whole-day-progress">
            {loading ? 'Downloading' : status.phase === 'cancelled' ? 'Stopped' : 'Whole day'} {src.day} ({src.timeZone}) from the day file{(src.fileName ?? '').includes(',') ? 's' : ''}:{' '}
            {megabytes(f?.bytesRead ?? 0)}, {formatCount(f?.lines ?? 0)} lines, {formatCount(status.loadedRows)} rows{loading ? '…' : ''}
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
  if (day === null || zoneId === null) return null;
  const tz = timeZoneName(timeZone);
  return (
    <div className="row whole-day" data-testid="whole-day">
      <button type="button" onClick={() => void session.open({ kind: 'day', zoneId, day, timeZone: tz }, filter)}>
        Whole day
      </button>
      <span className="muted small">
        All of {day} ({tz}) in one download of the platform&apos;s day file, instead of pages
      </span>
    </div>
  );
}
