/** What `burrow videos stats|top` and `burrow apps health` print for people: a short summary, or a small table. */
import type { AppHealth, DeliveryFigures, DeliveryShare, DeliveryUnavailable, TopVideos, VideoDelivery } from '../shared/contract/delivery.js';
import { formatBytes } from '../shared/common/display.js';

const count = (n: number) => n.toLocaleString('en-US');
const percent = (part: number, whole: number) => `${whole === 0 ? 0 : Math.round((part / whole) * 100)} %`;
const ratio = (r: number | null) => (r === null ? '–' : `${(r * 100).toFixed(r > 0 && r < 0.1 ? 1 : 0)} %`);
const RANGE_WORDS = { '1h': 'last hour', '24h': 'last 24 h', '3d': 'last 3 days' } as const;
const BARS = '▁▂▃▄▅▆▇█';

/** Shares as "720p 61 %, 1080p 30 %, …" of the requests; "none" when there are none. */
export function sharesText(shares: readonly DeliveryShare[], requests: number): string {
  return shares.length === 0 ? 'none' : shares.map((s) => `${s.key} ${percent(s.requests, requests)}`).join(', ');
}

/** A sparkline of counts, the tallest bucket the full bar. */
export function sparkText(counts: readonly number[]): string {
  const top = Math.max(0, ...counts);
  return counts.map((n) => (n === 0 ? ' ' : BARS[Math.min(BARS.length - 1, Math.floor((n / top) * (BARS.length - 1)))])).join('');
}

const unavailableLines = (u: DeliveryUnavailable) => [u.message, ...(u.setting !== null ? [`Setting: ${u.setting}`] : [])];
const figuresLine = (f: DeliveryFigures) =>
  `${count(f.requests)} requests · ${formatBytes(f.bytes)} · cache hit ratio ${ratio(f.hitRatio)} · 4xx ${count(f.status4xx)} · 5xx ${count(f.status5xx)}`;

/** A video's delivery, in a few lines. */
export function deliveryLines(d: VideoDelivery): string[] {
  const head = `Video ${d.guid} · library ${d.libraryId}${d.zone ? ` · zone ${d.zone.name} (${d.zone.id})` : ''} · ${RANGE_WORDS[d.range]}`;
  if (d.unavailable) return [head, ...unavailableLines(d.unavailable)];
  const n = d.figures.requests;
  return [
    head,
    figuresLine(d.figures),
    `Renditions  ${sharesText(d.renditions, n)}`,
    `Countries   ${sharesText(d.countries, n)}`,
    `Referrers   ${sharesText(d.referrers, n)}`,
    `Requests    |${sparkText(d.sparkline)}|  (${d.bucketMinutes}-minute steps, oldest first)`,
  ];
}

/** Rows as columns as wide as their widest cell; the columns in `right` aligned right (numbers). */
function table(rows: readonly (readonly string[])[], right: ReadonlySet<number>): string[] {
  const widths = rows[0]!.map((_, k) => Math.max(...rows.map((r) => r[k]!.length)));
  return rows.map((r) => r.map((c, k) => (right.has(k) ? c.padStart(widths[k]!) : c.padEnd(widths[k]!))).join('  ').trimEnd());
}

/** A library's top videos, as a table. */
export function topLines(t: TopVideos): string[] {
  if (t.unavailable) return unavailableLines(t.unavailable);
  if (t.videos.length === 0) return [`No video was requested in the ${RANGE_WORDS[t.range]}.`];
  const rows = t.videos.map((v, k) => [String(k + 1), count(v.requests), formatBytes(v.bytes), v.guid, (v.title ?? '').replace(/\s+/g, ' ')]);
  return table([['#', 'REQUESTS', 'BYTES', 'GUID', 'TITLE'], ...rows], new Set([0, 1, 2]));
}

/** An app's CDN endpoints' health, as a table, then what could not be read. */
export function healthLines(h: AppHealth): string[] {
  if (h.endpoints.length === 0) return [`App ${h.appId} has no CDN endpoint (anycast endpoints keep no CDN logs).`];
  const bytes = (b: number | null) => (b === null ? '–' : formatBytes(b));
  const rows = h.endpoints.map((e) => [
    e.containerName, e.endpointName, e.zone ? `${e.zone.name} (${e.zone.id})` : '–', count(e.figures.requests),
    ratio(e.rate5xx), ratio(e.figures.hitRatio), bytes(e.p50Bytes), bytes(e.p95Bytes), e.unhealthy ? 'UNHEALTHY' : '',
  ]);
  const lines = table([['CONTAINER', 'ENDPOINT', 'ZONE', 'REQUESTS', '5XX RATE', 'HIT RATIO', 'P50', 'P95', ''], ...rows], new Set([3, 4, 5, 6, 7]));
  for (const e of h.endpoints) if (e.unavailable) lines.push(`${e.containerName} / ${e.endpointName}: ${unavailableLines(e.unavailable).join(' ')}`);
  return lines;
}
