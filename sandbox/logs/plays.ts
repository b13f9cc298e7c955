/**
 * What a video library's pull zone serves: plays of the library's videos, each from the moment it became ready.
 * Every video has its own seeded source per minute, so its requests depend only on (seed, zone, guid, minute) and
 * never on which other videos exist: an upload adds its plays without changing anyone else's. A video's popularity
 * is fixed by its guid (a few popular videos and a long tail), so a library's top videos mean something.
 */
import type { PlayableVideo, SeedPullZone } from '../context.js';
import { createRandom } from '../seed.js';
import { between, hashText, hex, mix, pick, pickCountry, userAgent, isTool, visitorIp, weighted, type Rand } from './mix.js';
import type { TrafficEntry } from './traffic.js';

/** A video's share of the zone's daily volume, in [0.1, 0.7]: the same for a guid every time. */
export function popularityOf(seed: number, guid: string): number {
  const u = hashText(`${seed}:${guid.toLowerCase()}`) / 2 ** 32;
  return 0.1 + 0.6 * u ** 3;
}

/** How often each rendition is watched, by height: 720p most, then 1080p, 480p, 360p. */
const HEIGHT_WEIGHT: Readonly<Record<number, number>> = { 240: 4, 360: 12, 480: 18, 720: 45, 1080: 25, 1440: 5, 2160: 3 };
/** Average bitrate (kbit/s) of a rendition, for the size of its ~4 s segments. */
const KBPS: Readonly<Record<number, number>> = { 240: 400, 360: 800, 480: 1_400, 720: 2_800, 1080: 5_000, 1440: 9_000, 2160: 16_000 };

type Kind = 'playlist' | 'rendition' | 'segment' | 'thumbnail' | 'missing';
const pickKind = weighted<Kind>([
  ['playlist', 5],
  ['rendition', 7],
  ['segment', 80],
  ['thumbnail', 5],
  ['missing', 2],
]);

/** Sites that embed a library's videos without being its own (hotlinking). */
const HOTLINKERS = ['https://free-streams.example.net/watch', 'https://forum.example.org/t/great-clip/4411', 'https://aggregator.example.info/'];

/** The library's own site: its zone's origin host, a page per video. */
function ownPage(zone: SeedPullZone, guid: string): string {
  return `https://${new URL(zone.originUrl).host}/videos/${guid.slice(0, 8)}`;
}

/** Browsers come from the library's site, its embedded player or a hotlinking site; players and tools send none. */
function refererOf(rand: Rand, agent: string | null, zone: SeedPullZone, guid: string): string | null {
  if (isTool(agent) || !agent?.startsWith('Mozilla/')) return null;
  const r = rand();
  if (r < 0.55) return ownPage(zone, guid);
  if (r < 0.75) return `https://iframe.mediadelivery.net/embed/${zone.id}/${guid}`;
  if (r < 0.87) return pick(rand, HOTLINKERS);
  return null;
}

/** One request for a video. */
function playEntry(rand: Rand, zone: SeedPullZone, video: PlayableVideo, pickHeight: (r: Rand) => number, timestampMs: number): TrafficEntry {
  const kind = pickKind(rand);
  const height = pickHeight(rand);
  const base = `/${video.guid}`;
  let path: string;
  let bytes: number;
  let statusCode = 200;
  if (kind === 'playlist') {
    path = `${base}/playlist.m3u8`;
    bytes = between(rand, 400, 900);
  } else if (kind === 'rendition') {
    path = `${base}/${height}p/video.m3u8`;
    bytes = between(rand, 2_000, 8_000);
  } else if (kind === 'segment') {
    path = `${base}/${height}p/video${between(rand, 0, 240)}.ts`;
    const mean = ((KBPS[height] ?? 2_000) * 1000) / 2;
    bytes = Math.round(mean * (0.7 + 0.6 * rand()));
  } else if (kind === 'thumbnail') {
    path = `${base}/thumbnail.jpg`;
    bytes = between(rand, 20_000, 80_000);
  } else {
    // A rendition the video was not encoded to.
    path = `${base}/${video.heights.includes(1440) ? 2160 : 1440}p/video.m3u8`;
    bytes = between(rand, 200, 600);
    statusCode = 404;
  }
  const country = pickCountry(rand);
  const agent = userAgent(rand, true);
  const referer = refererOf(rand, agent, zone, video.guid);
  // Hotlinked segments are now and then refused; a sliver fails at the edge.
  if (statusCode === 200 && referer !== null && HOTLINKERS.includes(referer) && rand() < 0.1) statusCode = 403;
  else if (statusCode === 200 && rand() < 0.001) statusCode = rand() < 0.5 ? 502 : 503;
  else if (statusCode === 200 && kind !== 'segment' && rand() < 0.1) statusCode = 304;
  if (statusCode >= 300) bytes = statusCode === 304 ? between(rand, 250, 450) : between(rand, 300, 900);
  const hitShare = kind === 'segment' || kind === 'thumbnail' ? 0.9 : 0.7;
  return {
    timestampMs,
    pullZoneId: zone.id,
    requestId: hex(rand, 32),
    cacheStatus: statusCode >= 500 ? 'MISS' : rand() < hitShare ? 'HIT' : 'MISS',
    statusCode,
    bytesSent: bytes,
    remoteIp: visitorIp(rand, country),
    countryCode: country.code,
    edgeLocation: pick(rand, country.pops),
    url: `https://${zone.hostname}${path}`,
    userAgent: agent,
    referer,
    originShield: false,
  };
}

/** The load of a minute of the day: busier in the (European/American) afternoon, quiet at night; it averages 1. */
export function loadAt(minute: number): number {
  const dayFraction = ((((minute * 60_000) % 86_400_000) + 86_400_000) % 86_400_000) / 86_400_000;
  return 1 + 0.55 * Math.sin(2 * Math.PI * (dayFraction - 0.375));
}

/** One video's requests in one minute (none before it was ready), ascending by time. */
export function videoMinute(seed: number, zone: SeedPullZone, video: PlayableVideo, minute: number, perDay: number): TrafficEntry[] {
  const start = minute * 60_000;
  if (start + 60_000 <= video.readyAt) return [];
  const rand = createRandom(mix(mix(mix(mix(0x91a7, seed), zone.id), hashText(video.guid.toLowerCase())), minute));
  const count = Math.floor((perDay * popularityOf(seed, video.guid) * loadAt(minute)) / 1440 + rand());
  const offsets = Array.from({ length: count }, () => Math.floor(rand() * 60_000)).sort((a, b) => a - b);
  const heights = video.heights.length > 0 ? video.heights : [720];
  const pickHeight = weighted(heights.map((h) => [h, HEIGHT_WEIGHT[h] ?? 5] as const));
  const out: TrafficEntry[] = [];
  for (const o of offsets) {
    const entry = playEntry(rand, zone, video, pickHeight, start + o);
    if (entry.timestampMs >= video.readyAt) out.push(entry);
  }
  return out;
}

/** The zone's requests in one minute: every ready video's, merged in time order. */
export function libraryMinute(seed: number, zone: SeedPullZone, videos: readonly PlayableVideo[], minute: number, perDay: number): TrafficEntry[] {
  const all = videos.flatMap((v) => videoMinute(seed, zone, v, minute, perDay));
  return videos.length > 1 ? all.sort((a, b) => a.timestampMs - b.timestampMs) : all;
}
