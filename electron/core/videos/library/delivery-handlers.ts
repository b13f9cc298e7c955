/**
 * A video's delivery and a library's top videos, from the library's pull-zone logs (read through the logs area's
 * door, within the zone's one budget): one query filtered on `/{guid}/` per video, one walk of the zone for the top.
 */
import type { MethodName } from '../../../../shared/contract/channels.js';
import type { videosDeliveryMethods } from '../../../../shared/contract/delivery.js';
import { bucketMinutesOf, DeliveryTally, topShares, TopTally } from '../../../../shared/delivery/tally.js';
import { resolveRange } from '../../../../shared/logs/range.js';
import type { DeliveryReads } from '../../logs/index.js';
import type { PlatformClient } from '../../platform/types.js';
import type { Handler } from '../../router.js';
import { listLibrary } from './library-api.js';
import { libraryZoneId } from './library-cdn.js';

type DeliveryHandlers = { readonly [M in keyof typeof videosDeliveryMethods & MethodName]: Handler<M> };

/** Titles are looked up in at most this many pages of 1000 videos. */
const TITLE_PAGES = 10;
const NO_ZONE = 'This library names no pull zone, so there are no CDN logs of its videos to read.';

/** The range's ends now (presets always resolve). */
function span(range: '1h' | '24h' | '3d', now: number): { from: number; to: number } {
  const r = resolveRange({ kind: 'preset', preset: range }, now);
  return r.ok ? r : { from: now, to: now };
}

/** The library's titles by guid (lower case), as far as its list can be read; none when it cannot. */
async function titlesOf(client: PlatformClient, libraryId: number, signal?: AbortSignal): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  try {
    for (let page = 1; page <= TITLE_PAGES; page++) {
      const { page: p } = await listLibrary(client, { libraryId, page, itemsPerPage: 1000, search: '', collectionId: null, orderBy: 'date' }, signal);
      for (const v of p.items) titles.set(v.guid.toLowerCase(), v.title);
      if (page * 1000 >= p.totalItems) break;
    }
  } catch {
    // Without the library's key (or its list) the top list still stands, untitled.
  }
  return titles;
}

/** Builds the handlers over the active profile's client. */
export function deliveryHandlers(deps: { client(): Promise<PlatformClient>; readonly now?: () => number }): DeliveryHandlers {
  const now = deps.now ?? Date.now;
  // The logs area loads with the first figures asked for, not with this area (uploads and lists need none of it).
  let loaded: Promise<DeliveryReads> | undefined;
  const reads = () => (loaded ??= import('../../logs/index.js').then((m) => m.createDeliveryReads({ client: deps.client, now })));
  const zoneOf = async (libraryId: number) => libraryZoneId(await deps.client(), libraryId);

  return {
    'videos.delivery': async ({ libraryId, guid: given, range, refresh }) => {
      const guid = given.toLowerCase();
      const read = await (await reads()).read(
        `video:${libraryId}:${guid}:${range}`,
        async () => {
          const { from, to } = span(range, now());
          return { zoneId: await zoneOf(libraryId), noZone: NO_ZONE, query: { from, to, urlContains: `/${guid}/` }, sink: new DeliveryTally(from, to, bucketMinutesOf(range)) };
        },
        refresh,
      );
      const t = read.sink;
      return {
        libraryId, guid, range, from: new Date(t.from).toISOString(), to: new Date(t.to).toISOString(), zone: read.zone, figures: t.figures(),
        countries: topShares(t.countries), renditions: topShares(t.renditions), referrers: topShares(t.referrers),
        sparkline: [...t.sparkline], bucketMinutes: t.bucketMinutes, completeness: read.completeness, unavailable: read.unavailable,
      };
    },

    'videos.top': async ({ libraryId, range, by, limit, refresh }, { signal }) => {
      const read = await (await reads()).read(
        `top:${libraryId}:${range}`,
        async () => ({ zoneId: await zoneOf(libraryId), noZone: NO_ZONE, query: span(range, now()), sink: new TopTally() }),
        refresh,
      );
      const titles = read.sink.videos.size > 0 ? await titlesOf(await deps.client(), libraryId, signal) : new Map<string, string>();
      return { libraryId, range, by, zone: read.zone, videos: read.sink.top(by, limit ?? 10, titles), completeness: read.completeness, unavailable: read.unavailable };
    },
  };
}
