/**
 * How log rows are written out, for `burrow logs` and the viewer's export alike: one CSV writer (the v2 field
 * names as columns, a header row, quoting where a value needs it), NDJSON lines, and times in ISO 8601 with an
 * explicit offset (`2026-11-21T14:03:07.123+00:00`, or the offset of a named time zone at that moment).
 */
import type { LogEntry } from './v2-response.js';

/** The formats an export writes. */
export const EXPORT_FORMATS = ['csv', 'ndjson', 'v1'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file name extension of each format. */
export const EXPORT_EXTENSIONS: { readonly [F in ExportFormat]: string } = { csv: 'csv', ndjson: 'ndjson', v1: 'log' };

/** The CSV columns, in order: every v2 field a row can carry. */
export const CSV_FIELDS = [
  'timestamp', 'pullZoneId', 'requestId', 'cacheStatus', 'statusCode', 'bytesSent', 'remoteIp', 'countryCode', 'edgeLocation',
  'scheme', 'host', 'path', 'url', 'userAgent', 'referer', 'bodyBytesSent', 'contentRange', 'authorizationHeader',
] as const satisfies readonly (keyof LogEntry)[];

export type CsvField = (typeof CSV_FIELDS)[number];

/**
 * The columns of an export. Visitors' Authorization headers are other people's credentials: their column is only
 * there when asked for by name (the export's "Include Authorization headers", `--include-authorization`).
 */
export function exportFields(includeAuthorization: boolean): readonly CsvField[] {
  return includeAuthorization ? CSV_FIELDS : CSV_FIELDS.filter((f) => f !== 'authorizationHeader');
}

/** The entry without its Authorization header (the key left out, not emptied), as exports write it by default. */
export function withoutAuthorization<E extends { readonly authorizationHeader?: unknown }>(entry: E): Omit<E, 'authorizationHeader'> {
  const { authorizationHeader: _left, ...rest } = entry;
  return rest;
}

/** One NDJSON line (with its newline). */
export function ndjsonLine(entry: Partial<LogEntry>): string {
  return `${JSON.stringify(entry)}\n`;
}

/**
 * Text a spreadsheet would run as a formula: it starts with `=`, `+`, `@`, a tab or a carriage return, or with `-`
 * and more than a number. User agents, referers and URLs are whatever the requester sent, so they can start so.
 */
const FORMULA_START = /^(?:[=+@\t\r]|-(?![\d.]*$))/;

/**
 * Quotes a CSV value when it holds a comma, a quote, a line break or leading/trailing space; absent is empty. Text
 * that a spreadsheet would read as a formula gets a leading apostrophe, which spreadsheets show as plain text.
 */
export function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  const raw = String(value);
  const text = typeof value === 'string' && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV header line (of every column unless `fields` names fewer). */
export function csvHeader(fields: readonly CsvField[] = CSV_FIELDS): string {
  return `${fields.join(',')}\r\n`;
}

/** One CSV record line, CRLF-terminated as the common CSV rule has it. */
export function csvLine(entry: Partial<LogEntry>, fields: readonly CsvField[] = CSV_FIELDS): string {
  return `${fields.map((f) => csvValue(entry[f])).join(',')}\r\n`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `ms` as ISO 8601 with milliseconds and the given offset (minutes east of UTC): `2026-11-21T14:03:07.123+00:00`. */
export function isoWithOffset(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 23);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/**
 * The offset (minutes east of UTC) of a time zone at a moment; UTC when none is named. Offsets only change on
 * quarter hours, so one lookup serves every row of the same quarter hour (a million rows cost a few thousand).
 */
export function offsetResolver(timeZone?: string): (ms: number) => number {
  if (timeZone === undefined || timeZone === 'UTC') return () => 0;
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  let lastKey = NaN;
  let lastOffset = 0;
  return (ms) => {
    const key = Math.floor(ms / 900_000);
    if (key === lastKey) return lastOffset;
    const at = key * 900_000;
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
    const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
    lastKey = key;
    lastOffset = Math.round((wall - at) / 60_000);
    return lastOffset;
  };
}
