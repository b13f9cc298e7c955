/** Pull zones: the seed's zones with the edits made through POST /pullzone/{id}. */
import { z } from 'zod';
import type { SeedData, SeedPullZone } from '../context.js';
import type { Wire } from './models.js';
import { pullZoneModel, type PullZoneEdits } from './pull-zone-model.js';
import type { ZoneResult } from './respond.js';

const bool = z.boolean().nullish();
const int = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish();
const text = z.string().max(2048).nullish();
const strings = z.array(z.string().max(2048)).max(1000).nullish();
const httpUrl = z
  .string()
  .max(2048)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'The OriginUrl must be an absolute http or https URL.')
  .nullish();

/**
 * The subset of PullZoneSettingsModel the sandbox applies. Other known or unknown fields are ignored,
 * and a null value leaves a field unchanged, as the platform's partial update does.
 */
const updateSchema = z.object({
  OriginUrl: httpUrl,
  OriginHostHeader: text,
  AddHostHeader: bool,
  OriginType: z.number().int().min(0).max(6).nullish(),
  MagicContainersAppId: text,
  MagicContainersEndpointId: text,
  EnableLogging: bool,
  LoggingIPAnonymizationEnabled: bool,
  LogAnonymizationType: z.union([z.literal(0), z.literal(1)]).nullish(),
  LogFormat: z.union([z.literal(0), z.literal(1)]).nullish(),
  LoggingSaveToStorage: bool,
  LoggingStorageZoneId: int,
  EnableOriginShield: bool,
  OriginShieldZoneCode: text,
  MonthlyBandwidthLimit: int,
  IgnoreQueryStrings: bool,
  DisableCookies: bool,
  EnableWebSockets: bool,
  EnableAutoSSL: bool,
  EnableSmartCache: bool,
  FollowRedirects: bool,
  VerifyOriginSSL: bool,
  BlockPostRequests: bool,
  BlockRootPathAccess: bool,
  CacheControlMaxAgeOverride: z.number().int().min(-1).nullish(),
  OriginConnectTimeout: int,
  OriginResponseTimeout: int,
  OriginRetries: int,
  AllowedReferrers: strings,
  BlockedReferrers: strings,
  BlockedIps: strings,
  BlockedCountries: strings,
  EnableGeoZoneUS: bool,
  EnableGeoZoneEU: bool,
  EnableGeoZoneASIA: bool,
  EnableGeoZoneSA: bool,
  EnableGeoZoneAF: bool,
  Type: z.union([z.literal(0), z.literal(1)]).nullish(),
});

/** The pull zones of one sandbox. */
export interface PullZones {
  list(search: string): Wire[];
  get(id: number): Wire | undefined;
  /** Models of the zones whose storage zone is `storageZoneId`. */
  forStorageZone(storageZoneId: number): Wire[];
  update(id: number, body: unknown): ZoneResult | undefined;
  /** The changes made to each zone, for the saved account. */
  edits(): [number, PullZoneEdits][];
}

/**
 * Creates the pull-zone state for a seed; `cdnHost` is where the sandbox serves its libraries' files (host:port),
 * `zones` every zone of the account (the seed's and those of the apps' CDN endpoints).
 */
export function createPullZones(
  seed: SeedData,
  saved: readonly (readonly [number, PullZoneEdits])[] = [],
  cdnHost: () => string | undefined = () => undefined,
  zones: () => readonly SeedPullZone[] = () => seed.pullZones,
): PullZones {
  const edits = new Map<number, PullZoneEdits>(saved);
  const model = (pz: SeedPullZone) => pullZoneModel(seed, pz, edits.get(pz.id), cdnHost());
  const find = (id: number) => zones().find((pz) => pz.id === id);
  return {
    list(search) {
      const all = zones().map(model);
      if (search === '') return all;
      return all.filter((m) => `${String(m.Name)} ${JSON.stringify(m.Hostnames)}`.toLowerCase().includes(search));
    },
    get(id) {
      const pz = find(id);
      return pz && model(pz);
    },
    forStorageZone(storageZoneId) {
      return zones().map(model).filter((m) => m.StorageZoneId === storageZoneId);
    },
    update(id, body) {
      const pz = find(id);
      if (!pz) return undefined;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return { ok: false, errorKey: 'validation.invalid_body', field: null, message: 'The request body must be a JSON object.' };
      }
      const parsed = updateSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = typeof issue?.path[0] === 'string' ? issue.path[0] : null;
        const errorKey = field === 'OriginUrl' ? 'pullZone.invalid_origin_url' : 'validation.invalid_value';
        return { ok: false, errorKey, field, message: issue?.message ?? 'Invalid value.' };
      }
      const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== null && v !== undefined));
      edits.set(id, { ...edits.get(id), ...changes });
      return { ok: true, zone: model(pz) };
    },
    edits: () => [...edits.entries()],
  };
}
