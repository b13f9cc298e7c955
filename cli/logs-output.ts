/**
 * How `burrow logs` writes rows: NDJSON and CSV with the platform's v2 field names (for v1 files too, so the
 * output of both versions reads the same), or an aligned table on a terminal.
 */
import type { LogEntry } from '../shared/logs/v2-response.js';
import { escapeForTerminal } from './output.js';

// One CSV and NDJSON writer for the CLI and the viewer's export (shared/logs/export-format.ts).
export { CSV_FIELDS, csvHeader, csvLine, csvValue, exportFields, ndjsonLine, withoutAuthorization } from '../shared/logs/export-format.js';

/** The table's columns: what the app's table shows by default. */
const TABLE_COLUMNS: readonly { readonly title: string; readonly width: number; readonly value: (e: LogEntry) => string; readonly right?: boolean }[] = [
  { title: 'Time (UTC)', width: 23, value: (e) => e.timestamp.replace('T', ' ').replace('Z', '') },
  { title: 'Status', width: 6, value: (e) => String(e.statusCode), right: true },
  { title: 'Cache', width: 11, value: (e) => e.cacheStatus ?? '-' },
  { title: 'Bytes', width: 10, value: (e) => String(e.bytesSent), right: true },
  { title: 'Country', width: 7, value: (e) => e.countryCode ?? '-' },
  { title: 'POP', width: 4, value: (e) => e.edgeLocation ?? '-' },
  // A row may come without its path (or any part of its URL): then the URL, else a dash.
  { title: 'Path', width: 0, value: (e) => e.path ?? e.url ?? '-' },
];

function cell(text: string, width: number, right: boolean | undefined): string {
  if (width === 0) return text;
  const cut = text.length > width ? `${text.slice(0, width - 1)}…` : text;
  return right ? cut.padStart(width) : cut.padEnd(width);
}

/** The table's header line. */
export function tableHeader(): string {
  return `${TABLE_COLUMNS.map((c) => cell(c.title, c.width, c.right)).join('  ')}\n`;
}

/**
 * One table line; the path is cut to what is left of `columns` characters. Every value is what a requester sent, so
 * each is escaped for the terminal as one line before it is cut: an escape sequence is shown, never run.
 */
export function tableLine(entry: LogEntry, columns = 120): string {
  const line = TABLE_COLUMNS.map((c) => cell(escapeForTerminal(c.value(entry), { oneLine: true }), c.width, c.right)).join('  ');
  return `${line.length > columns ? `${line.slice(0, Math.max(columns - 1, 0))}…` : line}\n`;
}
