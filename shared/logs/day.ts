/**
 * A whole day of a zone's logs read from the platform's v1 day files. The day is a calendar date in a time zone
 * (an IANA name such as `Europe/Berlin`, or `UTC`); v1 files are UTC days (`/{MM-DD-YY}/{zoneId}.log`), so a local
 * day that is not UTC spans two of them, and only the rows inside the local day are kept. The platform keeps three
 * days: a day that ended before that, or one that has not begun, is refused before anything is sent.
 */
import { LOG_RETENTION_MS } from './v2-query.js';

const DAY_MS = 86_400_000;

/** One UTC day file to fetch. */
export interface DayFile {
  /** The path segment, `MM-DD-YY`. */
  readonly date: string;
  /** Its UTC start, ms. */
  readonly start: number;
}

/** What to fetch for a day, or why not. */
export type DayPlan =
  | { readonly ok: true; readonly from: number; readonly to: number; readonly files: readonly DayFile[]; readonly partial: boolean }
  | { readonly ok: false; readonly rule: 'syntax' | 'zone' | 'retention' | 'future'; readonly message: string };

/** True for a time zone this runtime knows (`UTC` or an IANA name). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** One wall-clock formatter per zone: building one costs far more than using it. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(tz: string): Intl.DateTimeFormat {
  let f = wallClocks.get(tz);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    wallClocks.set(tz, f);
  }
  return f;
}

/** The zone's offset from UTC at instant `ms`, in ms (Berlin in summer: +7,200,000). */
export function zoneOffsetMs(ms: number, tz: string): number {
  if (tz === 'UTC') return 0;
  const parts = wallClock(tz).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant local midnight starts the date `y-m-d` in `tz` (the first instant of the day when DST skips midnight). */
export function zonedMidnight(y: number, m: number, d: number, tz: string): number {
  const wall = Date.UTC(y, m - 1, d);
  let t = wall - zoneOffsetMs(wall, tz);
  // Once more with the offset at the guess: right unless a change of offset lies between the two.
  t = wall - zoneOffsetMs(t, tz);
  // Midnight skipped by a DST change: the day starts at the first instant whose local date is the day.
  if (localDate(t, tz) !== isoDate(y, m, d)) t = wall - zoneOffsetMs(t - DAY_MS / 2, tz);
  return t;
}

function isoDate(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The local date (`YYYY-MM-DD`) of instant `ms` in `tz`. */
export function localDate(ms: number, tz: string): string {
  const off = zoneOffsetMs(ms, tz);
  return new Date(ms + off).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` checked as a real date. */
export function parseDay(text: string): { y: number; m: number; d: number } | undefined {
  const r = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (r === null) return undefined;
  const [y, m, d] = [Number(r[1]), Number(r[2]), Number(r[3])];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d ? { y, m, d } : undefined;
}

/** `MM-DD-YY` of the UTC day starting at `start`. */
export function v1DateOf(start: number): string {
  const t = new Date(start);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(t.getUTCMonth() + 1)}-${two(t.getUTCDate())}-${two(t.getUTCFullYear() % 100)}`;
}

/**
 * The local day `day` in `tz` as UTC bounds `[from, to)` and the UTC day files that hold it, leaving out a file
 * the platform no longer keeps (it would only answer 404). Refused, with the reason, when the whole day is older
 * than the three days kept or lies in the future. `partial` says part of the day is past the retention's edge.
 */
export function planDay(day: string, tz: string, now: number): DayPlan {
  const p = parseDay(day);
  if (p === undefined) return { ok: false, rule: 'syntax', message: `the day must be a date as YYYY-MM-DD; got ${JSON.stringify(day.slice(0, 40))}` };
  if (!isTimeZone(tz)) return { ok: false, rule: 'zone', message: `${JSON.stringify(tz.slice(0, 60))} is not a time zone (use UTC or a name such as Europe/Berlin)` };
  const from = zonedMidnight(p.y, p.m, p.d, tz);
  const next = new Date(Date.UTC(p.y, p.m - 1, p.d + 1));
  const to = zonedMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), tz);
  const kept = now - LOG_RETENTION_MS;
  if (to <= kept) return { ok: false, rule: 'retention', message: `${day} is older than 3 days: the platform keeps logs for 3 days, so nothing was requested` };
  if (from > now) return { ok: false, rule: 'future', message: `${day} has not begun yet (${tz}), so nothing was requested` };
  const files: DayFile[] = [];
  for (let start = Math.floor(from / DAY_MS) * DAY_MS; start < to; start += DAY_MS) {
    if (start + DAY_MS <= kept || start > now) continue;
    files.push({ date: v1DateOf(start), start });
  }
  return { ok: true, from, to, files, partial: from < kept };
}

/**
 * The time zone this runtime runs in (the machine's, or TZ) as a name. A TZ without a name (`UTC+5`) falls back to
 * the fixed zone of the machine's present offset when it is a whole number of hours; null when the zone cannot be
 * named (the caller asks for one rather than reading another day than the user meant).
 */
export function localTimeZone(): string | null {
  const named = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (named && named !== 'Etc/Unknown') return named;
  const offset = new Date().getTimezoneOffset();
  if (offset === 0) return 'UTC';
  // The Etc zones count the other way round: Etc/GMT+5 is five hours behind UTC.
  if (offset % 60 === 0 && Math.abs(offset) <= 14 * 60) return `Etc/GMT${offset > 0 ? '+' : '-'}${Math.abs(offset) / 60}`;
  return null;
}
