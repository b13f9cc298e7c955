/** A RowsView over plain records, for tests of whatever reads rows (aggregates, windows). */
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import { CACHE_CODES, type RowsView } from '../rows/types.js';

/** Rows backed by an array of records; dictionary codes assigned in order of first appearance. */
export function arrayRows(records: readonly CdnLogRecord[]): RowsView {
  const countries: string[] = [];
  const edges: string[] = [];
  const code = (dict: string[], value: string | null): number => {
    if (value === null) return -1;
    const at = dict.indexOf(value);
    if (at >= 0) return at;
    dict.push(value);
    return dict.length - 1;
  };
  const caches: string[] = [...CACHE_CODES];
  const cacheCodes = records.map((r) => code(caches, r.cacheStatus));
  const countryCodes = records.map((r) => code(countries, r.countryCode));
  const edgeCodes = records.map((r) => code(edges, r.edgeLocation));
  const at = (i: number): CdnLogRecord => {
    const r = records[i];
    if (!r) throw new RangeError(`No row ${i}`);
    return r;
  };
  return {
    length: records.length,
    timestamp: (i) => at(i).timestampMs,
    statusCode: (i) => at(i).statusCode,
    cacheCode: (i) => cacheCodes[i] ?? -1,
    cacheName: (c) => (c < 0 ? null : (caches[c] ?? null)),
    get cacheCount() {
      return caches.length;
    },
    bytesSent: (i) => at(i).bytesSent,
    countryCode: (i) => countryCodes[i] ?? -1,
    edgeCode: (i) => edgeCodes[i] ?? -1,
    country: (c) => countries[c] ?? '',
    edge: (c) => edges[c] ?? '',
    remoteIp: (i) => at(i).remoteIp,
    url: (i) => at(i).url,
    userAgent: (i) => at(i).userAgent,
    referer: (i) => at(i).referer,
    requestId: (i) => at(i).requestId,
    record: at,
  };
}
