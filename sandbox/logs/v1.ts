/**
 * `GET /{MM}-{DD}-{YY}/{pullZoneId}.log`: one UTC day of a zone as the legacy pipe-delimited
 * file, streamed in batches of lines, gzip-encoded when the client accepts it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlib, createGzip } from 'node:zlib';
import { variationOf, variedEntry, v1RequestId } from './realism.js';
import type { V2Realism } from './v2.js';
import { matchesStatus, parseStatusFilters, type StatusFilter } from '../../shared/logs/status-filter.js';
import { formatV1Line } from '../../shared/logs/v1-line.js';
import type { SeedPullZone } from '../context.js';
import { header } from '../http.js';
import { sendLogError } from './errors.js';
import { served } from './filter.js';
import type { LogService } from './service.js';
import { DAY_MS } from './traffic.js';

const BATCH_LINES = 256;

/** The UTC start of the day a `MM-DD-YY` path segment names, or undefined when it is not a real date. */
export function parseV1Date(text: string): number | undefined {
  const m = /^(\d{2})-(\d{2})-(\d{2})$/.exec(text);
  if (m === null) return undefined;
  const [month, day, year] = [Number(m[1]), Number(m[2]), 2000 + Number(m[3])];
  const start = Date.UTC(year, month - 1, day);
  const d = new Date(start);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return start;
}

interface V1Params {
  readonly start: number;
  readonly end: number | undefined;
  readonly order: 'asc' | 'desc';
  readonly status: readonly StatusFilter[] | undefined;
  readonly search: string | undefined;
  readonly download: boolean;
}

function nonEmpty(query: URLSearchParams, name: string): string | undefined {
  const v = query.get(name);
  return v === null || v.trim() === '' ? undefined : v.trim();
}

/** Validates the v1 parameters; each failed rule becomes one `param: rule` line. */
function parseParams(query: URLSearchParams): { ok: true; params: V1Params } | { ok: false; details: readonly string[] } {
  const details: string[] = [];
  const int = (name: string): number | undefined => {
    const v = nonEmpty(query, name);
    if (v === undefined) return undefined;
    const n = /^\d+$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n)) {
      details.push(`${name}: must be a non-negative integer`);
      return undefined;
    }
    return n;
  };
  const start = int('start') ?? 0;
  const end = int('end');
  // The OpenAPI document names it `sort`, the prose docs `order`; both are accepted. The docs give
  // `desc` as the default, the same newest-first default as v2.
  const orderText = (nonEmpty(query, 'order') ?? nonEmpty(query, 'sort') ?? 'desc').toLowerCase();
  if (orderText !== 'asc' && orderText !== 'desc') details.push(`${nonEmpty(query, 'order') !== undefined ? 'order' : 'sort'}: must be asc or desc`);
  let status: readonly StatusFilter[] | undefined;
  const statusText = nonEmpty(query, 'status');
  if (statusText !== undefined) {
    const r = parseStatusFilters(statusText);
    if (r.ok) status = r.filters;
    else details.push(`status: ${r.message}`);
  }
  const downloadText = (nonEmpty(query, 'download') ?? 'false').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(downloadText)) details.push('download: must be true or false');
  if (details.length > 0) return { ok: false, details };
  const params: V1Params = {
    start,
    end,
    order: orderText === 'asc' ? 'asc' : 'desc',
    status,
    search: nonEmpty(query, 'search')?.toLowerCase(),
    download: downloadText === 'true' || downloadText === '1',
  };
  return { ok: true, params };
}

/**
 * Streams one day. Lines are filtered by `status` (codes or classes) and `search` (case-insensitive,
 * anywhere in the line), ordered by time (`desc`, newest first, by default), then cut to
 * `[start, end)` by line index.
 * Edge→origin-shield requests are left out, as on the platform. A day wholly outside the 3-day
 * retention (or in the future) is 404 `not_found`; the day that straddles the window's start
 * serves only its retained part.
 */
export async function handleV1(
  service: LogService,
  req: IncomingMessage,
  res: ServerResponse,
  zone: SeedPullZone,
  dayText: string,
  dayStart: number,
  query: URLSearchParams,
  realism: V2Realism = { on: false, seed: 0 },
): Promise<true> {
  const parsed = parseParams(query);
  if (!parsed.ok) return sendLogError(res, 400, 'invalid_request', 'One or more query parameters failed validation', parsed.details);
  const p = parsed.params;
  const lo = Math.max(dayStart, service.retentionStart());
  const hi = Math.min(dayStart + DAY_MS, service.servedUntil());
  if (hi <= lo) {
    return sendLogError(res, 404, 'not_found', `No logs for ${dayText}: logs are kept for 3 days`);
  }

  const gzip = /\bgzip\b/i.test(header(req, 'Accept-Encoding') ?? '');
  const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8', vary: 'Accept-Encoding' };
  if (gzip) headers['content-encoding'] = 'gzip';
  if (p.download) headers['content-disposition'] = `attachment; filename="${dayText}-${zone.id}.log"`;
  res.writeHead(200, headers);

  function* batches(): Generator<string> {
    let index = 0;
    let batch: string[] = [];
    for (const stored of service.traffic.range(zone, lo, hi, p.order)) {
      // Realism: the rows vary as in v2 pages, and some request ids lose their leading zeros.
      const varied = realism.on ? variedEntry(stored, variationOf(realism.seed, stored)) : stored;
      const e = realism.on && varied.requestId !== null ? { ...varied, requestId: v1RequestId(realism.seed, stored) } : varied;
      if (e.originShield) continue;
      if (p.status !== undefined && !matchesStatus(e.statusCode, p.status)) continue;
      const line = formatV1Line(served(e, zone));
      if (p.search !== undefined && !line.toLowerCase().includes(p.search)) continue;
      const i = index++;
      if (i < p.start) continue;
      if (p.end !== undefined && i >= p.end) break;
      batch.push(line);
      if (batch.length === BATCH_LINES) {
        yield `${batch.join('\n')}\n`;
        batch = [];
      }
    }
    if (batch.length > 0) yield `${batch.join('\n')}\n`;
  }

  const source = Readable.from(batches(), { objectMode: false });
  try {
    // The fastest level: a day of the busy zone is about half a gigabyte of text, and the default level takes
    // several times as long to squeeze it for little gain.
    if (gzip) await pipeline(source, createGzip({ level: zlib.Z_BEST_SPEED }), res);
    else await pipeline(source, res);
  } catch {
    // The client went away mid-file; nothing is left to answer.
  }
  return true;
}
