/** `logs.page`: a zone's pages walked a call at a time, their rows handed on as the platform sent them (see the contract). */
import { randomUUID } from 'node:crypto';
import type { MethodInput, MethodOutput } from '../../../../shared/contract/index.js';
import { withoutAuthorization } from '../../../../shared/logs/export-format.js';
import { toV2Query, type LogFilter } from '../../../../shared/logs/filter.js';
import { matchesRecord } from '../../../../shared/logs/filter-match.js';
import type { CdnLogRecord } from '../../../../shared/logs/log-record.js';
import type { LogEntry } from '../../../../shared/logs/v2-response.js';
import { V2_LIMIT_MAX } from '../../../../shared/logs/v2-query.js';
import type { RowsHandle } from '../rows/rows-host.js';
import type { V2LogClient } from './v2-client.js';

type Query = Omit<Extract<MethodInput<'logs.page'>, { zoneId: number }>, 'range' | 'filter'> & { readonly from: number; readonly to: number; readonly filter: LogFilter };

/** A walk: `next` answers the next page's rows that pass the chips the platform could not apply, up to the limit. */
export interface PageWalk {
  readonly id: string;
  next(): Promise<MethodOutput<'logs.page'>>;
  close(): void;
}

/** Starts a walk over a query's pages; with `rows` (for facets) its rows are counted there instead of handed on. */
export function startWalk(v2: V2LogClient, q: Query, rows: RowsHandle | null): PageWalk {
  const id = randomUUID();
  const abort = new AbortController();
  const { query, localOnly } = toV2Query(q.filter, { from: q.from, to: q.to });
  const pages = v2.pages(q.zoneId, { ...query, order: q.order }, { pageSize: Math.min(q.limit ?? V2_LIMIT_MAX, V2_LIMIT_MAX), signal: abort.signal });
  let left = q.limit ?? Infinity;
  const close = () => {
    abort.abort();
    rows?.close();
  };
  return {
    id,
    close,
    async next() {
      const r = await pages.next().catch((e: unknown) => {
        close();
        throw e;
      });
      const page = r.done === true ? null : r.value;
      const entries: LogEntry[] = [];
      const records: CdnLogRecord[] = [];
      for (let k = 0; page !== null && k < page.rows.length && entries.length < left; k++) {
        if (localOnly.length > 0 && !matchesRecord(localOnly, page.rows[k]!)) continue;
        records.push(page.rows[k]!);
        entries.push(q.includeAuthorization === true ? page.entries[k]! : withoutAuthorization(page.entries[k]!));
      }
      left -= entries.length;
      const done = page === null || !page.hasMore || page.stopped !== undefined || left <= 0;
      await rows?.call('append', [records]);
      const facets = done && rows !== null ? await rows.call('facets', [q.facets ?? {}, false]) : undefined;
      if (done) close();
      const { requests = 0, skipped = 0, firstSkipReason, stopped } = page ?? {};
      return { walkId: id, entries: rows === null ? entries : [], requests, skipped, done, ...(firstSkipReason !== undefined ? { firstSkipReason } : {}), ...(stopped !== undefined ? { stopped } : {}), ...(facets ? { facets } : {}) };
    },
  };
}
