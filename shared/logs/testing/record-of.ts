/** A v2 entry read back into a record, for tests whose entries are known to be readable. */
import type { CdnLogRecord } from '../log-record.js';
import { readLogEntry } from '../v2-response.js';

export function recordOf(entry: unknown): CdnLogRecord {
  const r = readLogEntry(entry);
  if (!r.ok) throw new Error(`unreadable entry: ${r.reason}`);
  return r.record;
}
