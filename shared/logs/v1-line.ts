/**
 * The v1 (legacy) pipe-delimited log line:
 * `cache|status|timestamp-ms|bytes|pull-zone-id|ip|referer|url|edge|user-agent|request-id|country`,
 * plus `|body-bytes|range|authorization` with extended logging (15 fields). `-` means empty.
 */
import type { CdnLogRecord } from './log-record.js';

/** Why a line was not accepted; one per field that can be wrong. */
export type V1RejectReason =
  | 'empty'
  | 'field-count'
  | 'cache-status'
  | 'status-code'
  | 'timestamp'
  | 'bytes-sent'
  | 'pull-zone-id'
  | 'url'
  | 'edge-location'
  | 'request-id'
  | 'country'
  | 'body-bytes-sent';

/** Client-controlled text loses pipes and line breaks, as the platform strips them, so a line always splits cleanly. */
function clean(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  return value.replace(/[|\r\n]/g, '');
}

/** Formats one record as a v1 line (no trailing newline); 15 fields when it has extended fields. */
export function formatV1Line(r: CdnLogRecord): string {
  const base = [
    // A row without a cache status leaves the field empty (`-` is a status of its own: no cache interaction).
    r.cacheStatus === null ? '' : r.cacheStatus.replace(/[|\r\n]/g, ''),
    String(r.statusCode),
    String(r.timestampMs),
    String(r.bytesSent),
    String(r.pullZoneId),
    clean(r.remoteIp),
    clean(r.referer),
    clean(r.url),
    clean(r.edgeLocation),
    clean(r.userAgent),
    clean(r.requestId),
    clean(r.countryCode),
  ].join('|');
  if (r.extended === undefined) return base;
  const x = r.extended;
  return `${base}|${x.bodyBytesSent}|${clean(x.contentRange)}|${clean(x.authorizationHeader)}`;
}

/**
 * The most a file's rows may take in the core: rows kept and bytes used. Past either, reading stops (nothing more is
 * inflated) and the status says the file has more. Each part of a split read gets half. The defaults fit a typical
 * million-line day file whole (see bench/README.md, logs-model-1m).
 */
export const DEFAULT_ROW_CEILING = { maxRows: 5_000_000, maxBytes: 224 * 1024 * 1024 } as const;
