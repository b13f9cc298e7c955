/**
 * Apps: the active profile's Magic Containers applications (list, detail, delete, create), the regions and image
 * registries a create form chooses from, and the create form's draft, kept by the core so nothing typed is lost.
 */
import { z } from 'zod';
import { utf8Length } from '../console/command-json.js';
import { empty, type AreaContract } from './define.js';
import { appsDeliveryMethods } from './delivery.js';

/** The platform's application ids are short base62 strings; anything longer or stranger is refused before a request. */
const AppId = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');

/** Bodies and drafts share the platform's request size limit: larger would be refused when sent anyway. */
export const APP_BODY_MAX_BYTES = 1024 * 1024;
/** A draft is form state; it may hold more than a body (hidden sections, text views), but no more than this. */
export const APP_DRAFT_MAX_BYTES = 1024 * 1024;

/**
 * A value that goes to disk or the wire as its JSON text, checked only for being JSON at all and for its size. Members
 * that JSON has no form for (undefined) are left out, as JSON.stringify leaves them out; the output is the text.
 */
function jsonText(max: number) {
  return z.unknown().transform((value, ctx) => {
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: `cannot be written as JSON (${e instanceof Error ? e.message : String(e)})` });
      return z.NEVER;
    }
    if (text === undefined) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON value' });
      return z.NEVER;
    }
    if (utf8Length(text) > max) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${max} bytes as JSON` });
      return z.NEVER;
    }
    return text;
  });
}

/**
 * The shapes below are what the core's liberal readers (shared/apps/platform-answers.ts) give: ids always there, a
 * name (the id when the platform sent none), every member the platform may leave out or send as null as null, and
 * enum values as the platform wrote them. Those members are optional here too, so a hand-made value may leave them out.
 */
const DisplayEndpoint = z.object({ id: z.string().nullable().optional(), address: z.string().nullable().optional(), type: z.string().nullable().optional() });

/** One application as the list shows it (the platform's other members kept). */
export const AppSummary = z.looseObject({
  id: z.string(),
  name: z.string(),
  status: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  displayEndpoint: DisplayEndpoint.nullable().optional(),
});
export type AppSummary = z.infer<typeof AppSummary>;

/** The whole application (`GET /apps/{id}`): the fields the screen names, and every other member kept as the platform sent it. */
export const AppDetail = z.looseObject({
  id: z.string(),
  name: z.string(),
  status: z.string().nullable().optional(),
  runtimeType: z.string().nullable().optional(),
});
export type AppDetail = z.infer<typeof AppDetail>;

/** A region the app may run in. */
export const AppRegion = z.object({
  id: z.string(),
  name: z.string(),
  group: z.string().nullable().optional(),
  hasAnycastSupport: z.boolean().nullable().optional(),
  hasCapacity: z.boolean().nullable().optional(),
});
export type AppRegion = z.infer<typeof AppRegion>;

/** An image registry images may be pulled from (the platform's public ones included). */
export const AppRegistry = z.object({
  id: z.union([z.number(), z.string()]),
  displayName: z.string(),
  hostName: z.string(),
  isPublic: z.boolean().nullable().optional(),
});
export type AppRegistry = z.infer<typeof AppRegistry>;

/** List items the core could not read: how many, and the first reason (null when none); absent means none. */
export const Unreadable = z.object({ count: z.number().int().min(0), reason: z.string().nullable() });

/**
 * What to create: `body` is the request as a value (sent as its JSON), `text` the request's exact JSON text (sent
 * byte for byte, so what a review step showed is what the platform gets). Either way the handler gets the text.
 */
export const AppCreateInput = z.union([
  z.object({ body: jsonText(APP_BODY_MAX_BYTES) }).strict().transform((i) => ({ text: i.body })),
  z.object({ text: z.string().refine((t) => utf8Length(t) <= APP_BODY_MAX_BYTES, `must be at most ${APP_BODY_MAX_BYTES} bytes`) }).strict(),
]);
export type AppCreateInput = z.input<typeof AppCreateInput>;

/**
 * The active profile's draft, and when it was saved (null when there is none). `secretValues` says where the values of
 * secret-looking environment variables are kept: sealed with the system's keychain, or only in memory until Burrow
 * closes (no keychain worth the name); absent in answers that do not say.
 */
export const AppDraft = z.object({
  draft: z.json().nullable(),
  savedAt: z.number().nullable(),
  secretValues: z.enum(['sealed', 'memory']).optional(),
  /** Something the user must be told about the saved draft, e.g. that its secret values were removed. */
  notice: z.string().optional(),
});
export type AppDraft = z.infer<typeof AppDraft>;

/* ---- Compose import (issue 25, slice D) ---- */

/** One published port of a compose service, as an endpoint of the imported body (see shared/apps/compose-endpoints.ts). */
export const ComposeEndpointInfo = z.object({
  service: z.string(),
  containerIndex: z.number().int().min(0),
  containerPort: z.number().int(),
  exposedPort: z.number().int(),
  protocol: z.enum(['tcp', 'udp', 'sctp']),
  kind: z.enum(['cdn', 'anycast']),
  displayName: z.string(),
});

/** A compose file mapped to a create body: the file's name, the body, its ports, and what could not be mapped (in words). */
export const ComposeImportResult = z.object({
  fileName: z.string(),
  /** A create request (AddApplicationRequest input); checked by the form and the create rules, not here. */
  body: z.looseObject({}),
  endpoints: z.array(ComposeEndpointInfo),
  unmapped: z.array(z.object({ service: z.string().nullable(), key: z.string(), message: z.string() })),
});
export type ComposeImportResult = z.infer<typeof ComposeImportResult>;

/* ---- end of compose import ---- */

/**
 * Whose draft a call means. The form names the profile that was active when it opened, so a draft written as it
 * closes (a profile switch closes it, after the core has switched) stays with that profile, secrets and all, and
 * never lands in another account's draft. A profile that does not exist is refused.
 */
const DraftOwner = z.object({ profileId: z.string().min(1).max(200).optional() }).strict();


/* ---- The form's questions to the platform: images, suggestions, limits, optimal region (slice "images"). ---- */

/** A registry as a registry question names it: the id the registry list gives, or `dockerhub` / `github`. */
const RegistryRef = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');
const ImagePart = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');
const ImageRef = { registryId: RegistryRef, imageNamespace: ImagePart, imageName: ImagePart };

/** An environment variable an image suggests: its default (null for none) and whether the image needs a value. */
export const EnvSuggestion = z.object({ name: z.string(), defaultValue: z.string().nullable(), required: z.boolean(), description: z.string().nullable().optional() });
export type EnvSuggestion = z.infer<typeof EnvSuggestion>;

/** What an image suggests for its container: endpoints (EndpointRequest shapes, kept as sent), variables, volumes. */
export const ConfigSuggestions = z.object({
  endpoints: z.array(z.looseObject({ displayName: z.string() })),
  env: z.array(EnvSuggestion),
  volumes: z.array(z.object({ containerPath: z.string(), suggestedVolumeName: z.string() })),
  appName: z.string().nullable(),
  description: z.string().nullable().optional(),
  instructions: z.string().nullable(),
  registryUrl: z.string().nullable().optional(),
  unreadable: Unreadable.optional(),
});
export type ConfigSuggestions = z.infer<typeof ConfigSuggestions>;

/** The account's limits (`GET /limits`); each null when the platform did not say. Volume size in GB. */
export const AppLimits = z.object({
  maxApps: z.number().int().nullable(),
  existingApps: z.number().int().nullable(),
  maxRegionsPerApp: z.number().int().nullable(),
  maxInstancesPerRegion: z.number().int().nullable(),
  maxInstancesPerApp: z.number().int().nullable(),
  maxVolumesPerApp: z.number().int().nullable(),
  maxVolumeSize: z.number().int().nullable(),
});
export type AppLimits = z.infer<typeof AppLimits>;

/** The form's questions, kept in one block of the contract. */
const imageMethods = {
  /** Public images whose name starts with the prefix (`POST /registries/public-images/search`; Docker Hub gives its first 10). */
  'apps.searchImages': {
    input: z.object({ registryId: RegistryRef, prefix: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters') }).strict(),
    output: z.object({ images: z.array(z.object({ namespace: z.string(), name: z.string() })), unreadable: Unreadable.optional() }),
  },
  /** The tags of an image (`POST /registries/tags`). */
  'apps.imageTags': { input: z.object(ImageRef).strict(), output: z.object({ tags: z.array(z.string()), unreadable: Unreadable.optional() }) },
  /** A tag's digest (`POST /registries/digest`); null when the platform gave none. */
  'apps.imageDigest': { input: z.object({ ...ImageRef, tag: ImagePart }).strict(), output: z.object({ digest: z.string().nullable() }) },
  /** What an image suggests for its container (`POST /registries/config-suggestions`). */
  'apps.configSuggestions': { input: z.object({ ...ImageRef, tag: ImagePart }).strict(), output: ConfigSuggestions },
  /** The account's limits (`GET /limits`). */
  'apps.limits': { input: empty, output: AppLimits },
  /** The region the platform suggests for a new app (`GET /regions/optimal`); null when it named none. */
  'apps.optimalRegion': { input: empty, output: z.object({ region: AppRegion.nullable() }) },
} as const;
/**
 * The app's running state as `GET /apps/{id}/overview` gives it. Every member is optional and may be null: the page
 * shows what the platform reported and leaves out what it did not. Indicators carry their number in `indicator` and
 * a grade word in `statusGrade` (other members kept); the status is the platform's word, read case-insensitively by the screen.
 */
const Indicator = z.looseObject({ indicator: z.number().nullable().optional(), statusGrade: z.string().nullable().optional() });
export const AppOverviewRegion = z.looseObject({
  region: z.string().nullable().optional(),
  isRequired: z.boolean().nullable().optional(),
  instances: z.number().nullable().optional(),
  status: z.string().nullable().optional(),
  averageCPU: z.number().nullable().optional(),
  averageRAM: z.number().nullable().optional(),
});
export const AppOverview = z.looseObject({
  status: z.string().nullable().optional(),
  activeInstances: Indicator.nullable().optional(),
  desiredInstances: z.number().nullable().optional(),
  activeRegions: Indicator.nullable().optional(),
  averageCPU: Indicator.nullable().optional(),
  averageRAM: Indicator.nullable().optional(),
  monthlyCost: z.number().nullable().optional(),
  regions: z.array(AppOverviewRegion).nullable().optional(),
});
export type AppOverview = z.infer<typeof AppOverview>;

const AppTarget = z.object({ id: AppId }).strict();

/** One environment variable as the env quick action sets it (the whole list of one container replaces the old one). */
const EnvVariable = z.object({ name: z.string().min(1, 'is required').max(1000), value: z.string().max(100_000) }).strict();

/** An autoscaling bound: the platform's range, a whole number from 1 to 1000. */
const ScaleBound = z.number().int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000');

export const appsContract = {
  methods: {
    /** One page of the account's applications; pass the `cursor` of a page for the next one (null on the last). Apps that could not be read are counted in `unreadable`. */
    'apps.list': {
      input: z.object({ limit: z.number().int().min(1).max(1000, 'must be at most 1000').optional(), cursor: z.string().max(1000).nullable().optional() }).strict(),
      output: z.object({ items: z.array(AppSummary), unreadable: Unreadable.optional(), totalItems: z.number().int().nullable(), cursor: z.string().nullable() }),
    },
    /** One application in full. */
    'apps.get': { input: z.object({ id: AppId }).strict(), output: AppDetail },
    /** Deletes an application (the renderer asks first). */
    'apps.delete': { input: z.object({ id: AppId }).strict(), output: z.object({}) },
    /**
     * Creates an application: checked against the platform's rules first (a violation is a `validation` error whose
     * `fieldErrors` use the platform's paths, and nothing is sent), then sent; the platform's own field errors come
     * back the same way.
     */
    'apps.create': { input: AppCreateInput, output: z.object({ id: z.string() }) },
    /** Every region (`GET /regions`, all pages). */
    'apps.regions': { input: empty, output: z.object({ regions: z.array(AppRegion), unreadable: Unreadable.optional() }) },
    /** Every image registry of the account (`GET /registries`, all pages). */
    'apps.registries': { input: empty, output: z.object({ registries: z.array(AppRegistry), unreadable: Unreadable.optional() }) },
    /** The create form's draft for the profile named, or for the active profile when none is named. */
    'apps.getDraft': { input: DraftOwner, output: AppDraft },
    /** Replaces the draft of the profile named (or the active one); resolves once it is on disk. */
    'apps.saveDraft': { input: DraftOwner.extend({ draft: jsonText(APP_DRAFT_MAX_BYTES) }).strict(), output: z.object({ savedAt: z.number() }) },
    /** Forgets the draft of the profile named, or the active one (after a successful create, or when the user discards it). */
    'apps.clearDraft': { input: DraftOwner, output: z.object({}) },
    // ── Running and changing an app ──
    /** Starts the app's instances (`POST /apps/{id}/deploy`); the status then moves through progressing to active. */
    'apps.deploy': { input: AppTarget, output: z.object({}) },
    /** Stops every instance of the app (`POST /apps/{id}/undeploy`); the renderer asks first. */
    'apps.undeploy': { input: AppTarget, output: z.object({}) },
    /** Restarts every instance (`POST /apps/{id}/restart`); the renderer asks first. */
    'apps.restart': { input: AppTarget, output: z.object({}) },
    /** The app's running state (`GET /apps/{id}/overview`), read liberally. */
    'apps.overview': { input: AppTarget, output: AppOverview },
    /**
     * Changes an app: `text` is the whole desired request (the create request's shape, with the ids of the
     * containers, endpoints and other items to keep), checked with the create rules, then sent as a JSON merge-patch
     * (`PATCH /apps/{id}`): items with an id are updated, items without one added, items left out removed.
     */
    'apps.update': {
      input: z.object({ id: AppId, text: z.string().refine((t) => utf8Length(t) <= APP_BODY_MAX_BYTES, `must be at most ${APP_BODY_MAX_BYTES} bytes`) }).strict(),
      output: z.object({ id: z.string() }),
    },
    /** Sets the instances per active region (`PUT /apps/{id}/autoscaling`); min must not exceed max. */
    'apps.setScaling': {
      input: z
        .object({ id: AppId, min: ScaleBound, max: ScaleBound })
        .strict()
        .refine((i) => i.min <= i.max, { message: 'must not be above the maximum', path: ['min'] }),
      output: z.object({}),
    },
    /** Sets where the app runs (`PUT /apps/{id}/region-settings`); required regions must also be allowed. */
    'apps.setRegions': {
      input: z
        .object({
          id: AppId,
          allowedRegionIds: z.array(z.string().min(1).max(50)).max(500),
          requiredRegionIds: z.array(z.string().min(1).max(50)).max(500),
          maxAllowedRegions: z.number().int().min(1).max(1000).nullable().optional(),
        })
        .strict(),
      output: z.object({}),
    },
    /** Replaces one container's environment variables (`PUT /apps/{id}/containers/{containerId}/env`). */
    'apps.setEnv': {
      input: z.object({ id: AppId, containerId: z.string().trim().min(1, 'is required').max(200), variables: z.array(EnvVariable).max(1000) }).strict(),
      output: z.object({}),
    },
    // ── Compose import ──
    /** Asks for a compose file (a dialog) and maps it to a create body with the account's registries; null when cancelled. */
    'apps.importCompose': { input: empty, output: ComposeImportResult.nullable() },
    ...imageMethods,
    ...appsDeliveryMethods,
  },
  events: {},
} as const satisfies AreaContract;
