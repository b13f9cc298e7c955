/**
 * How the Logs screen says things: the zone times are shown in, times in the from/to inputs, KPI numbers (with
 * "—" for anything unknown), the "load all" estimate, and which value the filter box is completing.
 */
import { nounFor } from '../../../shared/common/plural';
import { localTimeZone } from '../../../shared/logs/day';
import type { TimeZoneMode } from './view-types';

/** The hit-ratio rule in words, for the KPI's tooltip. */
export const HIT_RATIO_RULE =
  'Cache hit ratio: requests served from the cache (HIT, STALE and UPDATING) divided by all requests that could have been, which leaves out BYPASS and requests with no cache status ("-").';

/** The zone times are shown in: "UTC", or the machine's zone by name ("Europe/Berlin"). */
export function zoneLabel(mode: TimeZoneMode): string {
  if (mode === 'utc') return 'UTC';
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
}

/** The IANA zone of the screen's clock, as the core takes it (a whole day's, an export's times). */
export function timeZoneName(mode: TimeZoneMode): string {
  return mode === 'utc' ? 'UTC' : (localTimeZone() ?? 'UTC');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A moment as a `datetime-local` input shows it (`2026-05-09T12:30`), on the clock of the chosen zone. */
export function toInputValue(ms: number, mode: TimeZoneMode): string {
  const d = new Date(ms);
  if (mode === 'utc') return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Reads a `datetime-local` value on the clock of the chosen zone; NaN when it is empty or not a time. */
export function fromInputValue(text: string, mode: TimeZoneMode): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  return mode === 'utc' ? Date.UTC(y, mo - 1, d, h, mi, s) : new Date(y, mo - 1, d, h, mi, s).getTime();
}

/** A share as a percent with one decimal ("70.0 %"); "—" when unknown. */
export function formatShare(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '—';
  return `${(fraction * 100).toFixed(1)} %`;
}

/** A count with the locale's grouping; "—" when unknown. */
export function formatCount(n: number | null | undefined): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : n.toLocaleString();
}

/** A count and its noun in the right number: "1 row", "2,500 rows". */
export function formatCountOf(n: number | null | undefined, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${nounFor(n ?? 0, singular, plural)}`;
}

/** Seconds, rounded up, as words: "0.4 s", "3 s". */
export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return s < 10 ? `${Math.ceil(s * 10) / 10} s` : `${Math.ceil(s)} s`;
}

/** What "load all" costs at least at the zone's rate limit, in a sentence for the confirm dialog. */
export function estimateText(e: { readonly perPageMs: number; readonly rowsPerPage: number; readonly requestsPer10s: number; readonly pagesLeft?: number }): string {
  const perMinute = e.perPageMs > 0 ? Math.floor((60_000 / e.perPageMs) * e.rowsPerPage) : null;
  const rule =
    `The platform allows ${e.requestsPer10s} requests per 10 s for this zone, shared with everything else reading its logs, ` +
    `so each page of up to ${e.rowsPerPage.toLocaleString()} rows takes at least ${formatSeconds(e.perPageMs)}` +
    (perMinute === null ? '.' : ` — at best about ${perMinute.toLocaleString()} rows a minute.`);
  if (e.pagesLeft === undefined || e.pagesLeft <= 0) return rule;
  const ms = e.pagesLeft * e.perPageMs;
  const about = ms >= 90_000 ? `about ${Math.round(ms / 60_000)} min` : `about ${formatSeconds(Math.max(ms, 1000))}`;
  // Paging for half a minute or more (at best; each answer takes its own time too): a day's file is one download.
  const instead = ms >= 30_000 ? ' Whole day reads a day from its day file in one download instead.' : '';
  return `Loading all takes ${about} (about ${e.pagesLeft.toLocaleString()} more ${e.pagesLeft === 1 ? 'page' : 'pages'}, judged from the rows so far).${instead} ${rule}`;
}

/** Keys whose values the core can offer as completions. */
export const COMPLETION_KEYS = ['status', 'cache', 'country', 'pop', 'ip', 'host', 'agent'] as const;
export type CompletionKey = (typeof COMPLETION_KEYS)[number];

/** The value being typed at the end of the filter text, when its key has completions. */
export interface Completing {
  /** Everything before the value: earlier tokens, the sign, the key and earlier list values. */
  readonly head: string;
  readonly key: CompletionKey;
  readonly prefix: string;
}

/** Which value the end of the text is completing (`… cache:MISS,ST` → cache, "ST"), if any. */
export function completing(text: string): Completing | null {
  const m = /(^|\s)(-?)([A-Za-z]+):([^\s"]*)$/.exec(text);
  if (!m) return null;
  const key = (m[3] ?? '').toLowerCase();
  if (!(COMPLETION_KEYS as readonly string[]).includes(key)) return null;
  const value = m[4] ?? '';
  const comma = value.lastIndexOf(',');
  const prefix = comma >= 0 ? value.slice(comma + 1) : value;
  return { head: text.slice(0, text.length - prefix.length), key: key as CompletionKey, prefix };
}
