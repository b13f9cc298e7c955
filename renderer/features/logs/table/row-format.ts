/**
 * How a log row reads on screen and on the clipboard: times with milliseconds in the chosen zone, grouped byte
 * counts, status classes, country names, the decoded query string, drill-down tokens in the filter text syntax,
 * and the row as JSON or as a cURL command.
 */
import type { LogRow } from '../../../../shared/contract/logs';
import type { FilterKey } from '../../../../shared/logs/filter';
import { formatFilterText, parseFilterValue } from '../../../../shared/logs/filter-text';
import type { TimeZoneMode } from '../view-types';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A timestamp as `2024-05-01 12:34:56.789`, in UTC or the machine's zone; the text itself when it is not a date. */
export function formatTime(timestamp: string, zone: TimeZoneMode): string {
  const ms = Date.parse(timestamp);
  if (!Number.isFinite(ms)) return timestamp;
  const d = new Date(ms);
  const utc = zone === 'utc';
  const date = `${utc ? d.getUTCFullYear() : d.getFullYear()}-${pad((utc ? d.getUTCMonth() : d.getMonth()) + 1)}-${pad(utc ? d.getUTCDate() : d.getDate())}`;
  const time = `${pad(utc ? d.getUTCHours() : d.getHours())}:${pad(utc ? d.getUTCMinutes() : d.getMinutes())}:${pad(utc ? d.getUTCSeconds() : d.getSeconds())}`;
  return `${date} ${time}.${pad(utc ? d.getUTCMilliseconds() : d.getMilliseconds(), 3)}`;
}

/** The zone times are shown in, for the Time header: "UTC" or the machine's zone name. */
export function zoneName(zone: TimeZoneMode): string {
  if (zone === 'utc') return 'UTC';
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local';
}

/** The zone's short name for a narrow header: "UTC", or the machine's zone as the clock shows it ("CET", "GMT+2"). */
export function zoneShortName(zone: TimeZoneMode, at = new Date()): string {
  if (zone === 'utc') return 'UTC';
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    return part?.value || zoneName(zone);
  } catch {
    return zoneName(zone);
  }
}

/**
 * A text cut to at most `max` characters by taking out its middle, so both ends stay readable: a URL keeps the
 * start of its path and its last segment whole when that fits in about two thirds of the room
 * (`/videos/abc…/seg-00042.ts`), otherwise the end's half. Short enough texts come back as they are.
 */
export function middleEllipsis(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  if (max <= 1) return max === 1 ? '…' : '';
  const room = max - 1;
  const slash = text.lastIndexOf('/', text.includes('?') ? text.indexOf('?') : undefined);
  const segment = slash > 0 ? [...text.slice(slash)].length : 0;
  const tail = segment > 0 && segment <= Math.floor((room * 2) / 3) ? Math.max(segment, Math.floor(room / 2)) : Math.floor(room / 2);
  return `${chars.slice(0, room - tail).join('')}…${chars.slice(chars.length - tail).join('')}`;
}

const grouped = new Intl.NumberFormat('en-US');

/** A byte count with digit grouping (`1,234,567`): the exact number a log line holds. */
export function formatByteCount(bytes: number): string {
  return grouped.format(bytes);
}

/** The class of a status code: `2xx` … `5xx`, or `other`. */
export function statusClass(code: number): string {
  return code >= 100 && code < 600 ? `${Math.floor(code / 100)}xx` : 'other';
}

/** A country's name in the interface's language ("Germany" for DE); null when the code names no region. */
export function countryName(code: string | null | undefined, locale?: string): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  try {
    const name = new Intl.DisplayNames(locale ?? [], { type: 'region' }).of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? name : null;
  } catch {
    return null;
  }
}

/** The path without its query string. */
export function pathOnly(path: string): string {
  const q = path.indexOf('?');
  return q < 0 ? path : path.slice(0, q);
}

/** The query string of a path, decoded, as key/value pairs in their order (repeated keys kept). */
export function queryPairs(path: string): readonly (readonly [string, string])[] {
  const q = path.indexOf('?');
  if (q < 0) return [];
  const hash = path.indexOf('#', q);
  return [...new URLSearchParams(path.slice(q + 1, hash < 0 ? undefined : hash)).entries()];
}

/** The filter text token that keeps rows with this value (`cache:MISS`, `ua:"curl 8"`); null when no filter can hold it. */
export function drillToken(key: FilterKey, value: string): string | null {
  const r = parseFilterValue(key, value);
  return r.ok ? formatFilterText([r.chip]) : null;
}

/** The row as the v2 entry it came from, pretty JSON (its place in the table is not part of it). */
export function rowJson(row: LogRow): string {
  const { index: _index, ...entry } = row;
  return JSON.stringify(entry, null, 2);
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A cURL command repeating the request as far as the log tells it: the URL, its user agent and referer. */
export function curlCommand(row: LogRow): string {
  const parts = ['curl', shellQuote(row.url ?? '')];
  if (row.userAgent) parts.push('-H', shellQuote(`User-Agent: ${row.userAgent}`));
  if (row.referer) parts.push('-H', shellQuote(`Referer: ${row.referer}`));
  return parts.join(' ');
}
