/**
 * Delivery: how a video and an app's CDN endpoints are actually served, read from the pull zone's v2 logs through
 * the logs area's one rate budget. The shapes are shared by `videos.delivery`, `videos.top` and `apps.health`
 * (spread into the videos and apps contracts), the screens and the `burrow videos stats|top` and `apps health` commands.
 */
import { z } from 'zod';
import { LibraryId } from '../settings/profiles.js';

/** The windows a delivery view covers, ending now. */
export const DELIVERY_RANGES = ['1h', '24h', '3d'] as const;
export const DeliveryRange = z.enum(DELIVERY_RANGES);
export type DeliveryRange = z.infer<typeof DeliveryRange>;

/** The totals of a set of requests. `hitRatio` is null when there were none. */
export const DeliveryFigures = z.object({
  requests: z.number().int().nonnegative(),
  bytes: z.number().nonnegative(),
  hitRatio: z.number().min(0).max(1).nullable(),
  status4xx: z.number().int().nonnegative(),
  status5xx: z.number().int().nonnegative(),
});
export type DeliveryFigures = z.infer<typeof DeliveryFigures>;

/** One value of a breakdown (a country code, a rendition such as `720p` or `playlist`, a referring host) and its requests. */
export const DeliveryShare = z.object({ key: z.string(), requests: z.number().int().nonnegative() });
export type DeliveryShare = z.infer<typeof DeliveryShare>;

/**
 * How much of the range the figures cover. `partial` while pages are still to be read (the zone's budget is shared
 * with the Logs screen, so a view waits its turn rather than spending more) or when a page limit stopped the walk;
 * rows that could not be read are skipped and counted.
 */
export const DeliveryCompleteness = z.object({
  partial: z.boolean(),
  pagesRead: z.number().int().nonnegative(),
  rowsSkipped: z.number().int().nonnegative(),
  /** Why it is partial, for people ("waiting for the zone's request budget"); null when complete. */
  reason: z.string().nullable(),
});
export type DeliveryCompleteness = z.infer<typeof DeliveryCompleteness>;

/**
 * Why there are no figures at all: the zone keeps no logs (with the one setting that turns them on), or the
 * library / endpoint has no pull zone Burrow can read.
 */
export const DeliveryUnavailable = z.object({
  kind: z.enum(['logging-off', 'no-zone']),
  message: z.string(),
  /** The setting to change, as the dashboard names it; null when there is none. */
  setting: z.string().nullable(),
});
export type DeliveryUnavailable = z.infer<typeof DeliveryUnavailable>;

/** The pull zone the figures were read from. */
export const DeliveryZone = z.object({ id: z.number().int(), name: z.string() });

/** One video's delivery over a range. */
export const VideoDelivery = z.object({
  libraryId: z.number().int(),
  guid: z.string(),
  range: DeliveryRange,
  /** The range's ends, ISO 8601. */
  from: z.string(),
  to: z.string(),
  zone: DeliveryZone.nullable(),
  figures: DeliveryFigures,
  /** Most requests first; at most 5 each. */
  countries: z.array(DeliveryShare),
  renditions: z.array(DeliveryShare),
  referrers: z.array(DeliveryShare),
  /** Requests per bucket, oldest first, covering the range. */
  sparkline: z.array(z.number().int().nonnegative()),
  bucketMinutes: z.number().int().positive(),
  completeness: DeliveryCompleteness,
  unavailable: DeliveryUnavailable.nullable(),
});
export type VideoDelivery = z.infer<typeof VideoDelivery>;

/** One video among a library's most delivered. */
export const TopVideo = z.object({ guid: z.string(), title: z.string().nullable(), requests: z.number().int().nonnegative(), bytes: z.number().nonnegative() });
export type TopVideo = z.infer<typeof TopVideo>;

export const TopVideos = z.object({
  libraryId: z.number().int(),
  range: DeliveryRange,
  by: z.enum(['requests', 'bytes']),
  zone: DeliveryZone.nullable(),
  videos: z.array(TopVideo),
  completeness: DeliveryCompleteness,
  unavailable: DeliveryUnavailable.nullable(),
});
export type TopVideos = z.infer<typeof TopVideos>;

/** A 5xx share above this marks an endpoint (and its app) as unhealthy. */
export const UNHEALTHY_5XX_RATE = 0.01;

/** One CDN endpoint of an app and its zone's figures over the range. */
export const EndpointHealth = z.object({
  containerName: z.string(),
  endpointName: z.string(),
  /** The public address the platform gives (CDN host name), if any. */
  address: z.string().nullable(),
  zone: DeliveryZone.nullable(),
  figures: DeliveryFigures,
  /** 5xx / requests; null when there were no requests. */
  rate5xx: z.number().min(0).max(1).nullable(),
  p50Bytes: z.number().nonnegative().nullable(),
  p95Bytes: z.number().nonnegative().nullable(),
  /** rate5xx above UNHEALTHY_5XX_RATE. */
  unhealthy: z.boolean(),
  unavailable: DeliveryUnavailable.nullable(),
});
export type EndpointHealth = z.infer<typeof EndpointHealth>;

export const AppHealth = z.object({
  appId: z.string(),
  range: DeliveryRange,
  /** Only the app's CDN endpoints (anycast ones have no pull zone and no logs). */
  endpoints: z.array(EndpointHealth),
  completeness: DeliveryCompleteness,
});
export type AppHealth = z.infer<typeof AppHealth>;

const Guid = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');

/** Spread into the videos contract. */
export const videosDeliveryMethods = {
  /** One video's delivery (`urlContains=/{guid}/` on the library's pull zone); cached per video and range unless `refresh`. */
  'videos.delivery': {
    input: z.object({ libraryId: LibraryId, guid: Guid, range: z.enum(['24h', '3d']), refresh: z.boolean().optional() }).strict(),
    output: VideoDelivery,
  },
  /** A library's most delivered videos over a range, grouped by the guid in the request path (one walk of the zone; a video absent from a complete answer had no requests). */
  'videos.top': {
    input: z
      .object({
        libraryId: LibraryId,
        range: z.enum(['24h', '3d']),
        by: z.enum(['requests', 'bytes']),
        limit: z.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000').optional(),
        refresh: z.boolean().optional(),
      })
      .strict(),
    output: TopVideos,
  },
} as const;

/** Spread into the apps contract. */
export const appsDeliveryMethods = {
  /** Each CDN endpoint's pull-zone figures for an app over a range (last hour by default). */
  'apps.health': {
    input: z.object({ id: z.string().trim().min(1, 'is required').max(100), range: z.enum(['1h', '24h']).optional(), refresh: z.boolean().optional() }).strict(),
    output: AppHealth,
  },
} as const;
