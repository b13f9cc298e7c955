/**
 * The hidden truth of a sandbox's CDN traffic, for tests: the exact rows its v2 API answers (the same generator and
 * filters the server serves from) for a zone, a video or an app's endpoint over a range, and plain counts of them.
 * A test computes the figures a screen or command must show from these and compares exactly.
 */
import type { Sandbox } from '../../server.js';

type Truthful = Pick<Sandbox, 'logging' | 'apiUrl' | 'accountKey'>;
/** A row as the zone serves it (the client's CdnLogRecord). */
type CdnLogRecord = ReturnType<Sandbox['logging']['served']>[number];

/** The ends of a range, as epoch ms; `to` defaults to just past the sandbox's now. */
export interface Range {
  readonly from: number;
  readonly to?: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Every row a zone serves over a range (origin-shield rows left out, as v2 does by default), with more v2 filters if given. */
export function zoneRows(sandbox: Truthful, zoneId: number, range: Range, filters: Readonly<Record<string, string>> = {}): CdnLogRecord[] {
  return sandbox.logging.served(zoneId, { from: iso(range.from), ...(range.to === undefined ? {} : { to: iso(range.to) }), ...filters });
}

/** The pull zone a library delivers through, as the core API lists it. */
export async function libraryZoneId(sandbox: Truthful, libraryId: number): Promise<number> {
  const res = await fetch(`${sandbox.apiUrl}/videolibrary/${libraryId}`, { headers: { AccessKey: sandbox.accountKey } });
  return ((await res.json()) as { PullZoneId: number }).PullZoneId;
}

/** One video's rows: the query a client makes for it (`urlContains=/{guid}/`) on its library's zone. */
export async function videoRows(sandbox: Truthful, libraryId: number, guid: string, range: Range): Promise<CdnLogRecord[]> {
  return zoneRows(sandbox, await libraryZoneId(sandbox, libraryId), range, { urlContains: `/${guid}/` });
}

/** The pull zone ids of an app's CDN endpoints, by endpoint display name. */
export async function endpointZones(sandbox: Truthful & Pick<Sandbox, 'containersUrl'>, appId: string): Promise<Map<string, number>> {
  const res = await fetch(`${sandbox.containersUrl}/apps/${appId}`, { headers: { AccessKey: sandbox.accountKey } });
  const app = (await res.json()) as { containerTemplates: { endpoints: { displayName: string; type: string; pullZoneId: string }[] }[] };
  const cdn = app.containerTemplates.flatMap((t) => t.endpoints).filter((e) => e.type.toLowerCase() === 'cdn');
  return new Map(cdn.map((e) => [e.displayName, Number(e.pullZoneId)]));
}

/** The path of a logged URL (empty when the row has none). */
function pathOf(url: string): string {
  const m = /^[a-z]+:\/\/[^/]+(\/[^?#]*)/i.exec(url);
  return m?.[1] ?? (url.startsWith('/') ? url.split('?')[0]! : '');
}

/** The video guid a library zone's URL names (`/{guid}/…`), or null. */
export function guidOf(url: string): string | null {
  return /^\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i.exec(pathOf(url))?.[1]?.toLowerCase() ?? null;
}

/** The rendition a video URL asks for: `720p` for `/{guid}/720p/…`, `playlist` for the master playlist, else the file's name. */
export function renditionOf(url: string): string {
  const parts = pathOf(url).split('/').filter((p) => p !== '');
  if (/^\d+p$/.test(parts[1] ?? '')) return parts[1]!;
  return parts[1] === 'playlist.m3u8' ? 'playlist' : (parts[1] ?? '').replace(/\.[^.]*$/, '');
}

/** The host of a referer, or null for none. */
export function refererHost(referer: string | null): string | null {
  if (referer === null) return null;
  try {
    return new URL(referer).host;
  } catch {
    return null;
  }
}

/** Counts per key, most first (ties by key); rows whose key is null are left out. */
export function countBy(rows: readonly CdnLogRecord[], key: (r: CdnLogRecord) => string | null): [string, number][] {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const k = key(r);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Plain totals of rows: requests, bytes, cache HITs, 4xx and 5xx. */
export function totalsOf(rows: readonly CdnLogRecord[]): { requests: number; bytes: number; hits: number; status4xx: number; status5xx: number } {
  let bytes = 0;
  let hits = 0;
  let status4xx = 0;
  let status5xx = 0;
  for (const r of rows) {
    bytes += r.bytesSent;
    if (r.cacheStatus === 'HIT') hits++;
    if (r.statusCode >= 400 && r.statusCode < 500) status4xx++;
    if (r.statusCode >= 500) status5xx++;
  }
  return { requests: rows.length, bytes, hits, status4xx, status5xx };
}

/** A library zone's videos by requests (or bytes), most first: the guid segment of each row's path. */
export function topVideosOf(rows: readonly CdnLogRecord[], by: 'requests' | 'bytes' = 'requests'): { guid: string; requests: number; bytes: number }[] {
  const per = new Map<string, { guid: string; requests: number; bytes: number }>();
  for (const r of rows) {
    const guid = guidOf(r.url);
    if (guid === null) continue;
    const t = per.get(guid) ?? { guid, requests: 0, bytes: 0 };
    t.requests++;
    t.bytes += r.bytesSent;
    per.set(guid, t);
  }
  return [...per.values()].sort((a, b) => b[by] - a[by] || a.guid.localeCompare(b.guid));
}

/** Injects one play of a video into its library's zone (a 720p segment, now unless `at` says when): a "first play". */
export async function injectPlay(sandbox: Truthful, libraryId: number, guid: string, at?: number): Promise<CdnLogRecord> {
  const zoneId = await libraryZoneId(sandbox, libraryId);
  const [row] = sandbox.logging.inject(zoneId, [{ url: `/${guid}/720p/video0.ts`, bytesSent: 1_400_000, cacheStatus: 'MISS', userAgent: 'AppleCoreMedia/1.0.0.21E236', ...(at === undefined ? {} : { timestampMs: at }) }]);
  return row!;
}
