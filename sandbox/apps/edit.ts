/**
 * Changing an application: the stored application as the create request that would make it again, the platform's
 * merge-patch with its array rules, and the rebuild of an application from a changed request that keeps the ids of
 * what stayed (containers by id, their endpoints by name, package ids).
 */
import { isRecord, type Json } from '../../shared/apps/json.js';
import {
  addApplicationRequestSchema,
  toValidationErrors,
  unprocessableProblems,
  type AddApplicationRequest,
  type ValidationError,
} from '../../shared/apps/schema.js';
import type { SeedData } from '../context.js';
import { buildApplication, type Application, type ContainerEndpoint, type ContainerTemplate, type IdSource } from './model.js';

/** Drops members that are undefined, so a request form never carries them. */
function defined(o: Json): Json {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

function endpointRequest(e: ContainerEndpoint): Json {
  const portMappings = e.portMappings.map((m) => ({ containerPort: m.containerPort, exposedPort: m.exposedPort, protocols: [...m.protocols] }));
  if (e.type === 'cdn') {
    const pullZoneId = Number(e.pullZoneId);
    return {
      displayName: e.displayName,
      cdn: defined({
        isSslEnabled: e.isSslEnabled,
        stickySessions: e.stickySessions ? { ...e.stickySessions, sessionHeaders: [...e.stickySessions.sessionHeaders] } : undefined,
        pullZoneId: Number.isInteger(pullZoneId) && Math.abs(pullZoneId) <= 2 ** 31 - 1 ? pullZoneId : null,
        portMappings,
      }),
    };
  }
  if (e.type === 'anycast') return { displayName: e.displayName, anycast: { type: 'iPv4', portMappings } };
  // A public-IP endpoint is what an endpoint with neither section becomes.
  return { displayName: e.displayName };
}

/** A container template as the ContainerRequest (with its id) that makes it again. */
export function containerRequest(t: ContainerTemplate): Json {
  return {
    id: t.id,
    name: t.name,
    image: t.image,
    imageName: t.imageName,
    imageNamespace: t.imageNamespace,
    imageTag: t.imageTag,
    imageDigest: t.imageDigest,
    imageRegistryId: t.imageRegistryId,
    imagePullPolicy: t.imagePullPolicy,
    entryPoint: structuredClone(t.entryPoint),
    probes: structuredClone(t.probes),
    environmentVariables: t.environmentVariables.map((v) => ({ ...v })),
    endpoints: t.endpoints.map(endpointRequest),
    volumeMounts: t.volumeMounts.map((m) => ({ ...m })),
  };
}

/** The stored application as the AddApplicationRequest (containers with their ids) that would make it again. */
export function requestOf(app: Application): Json {
  return defined({
    name: app.name,
    runtimeType: app.runtimeType,
    autoScaling: { ...app.autoScaling },
    regionSettings: {
      allowedRegionIds: [...app.regionSettings.allowedRegionIds],
      requiredRegionIds: [...app.regionSettings.requiredRegionIds],
      maxAllowedRegions: app.regionSettings.maxAllowedRegions,
    },
    repositorySettings: app.repositorySettings ? { ...app.repositorySettings } : undefined,
    containerTemplates: app.containerTemplates.map(containerRequest),
    volumes: app.volumes.map((v) => ({ ...v })),
  });
}

/** Members of a container that name its image; the full reference and the digest follow from them. */
const IMAGE_PARTS = ['imageName', 'imageNamespace', 'imageTag', 'imageRegistryId'] as const;

/**
 * A container request that names another image than `current` but still carries the old full reference or digest
 * (a form filled from the app sends them back unchanged) loses those, so they are made again from the new parts.
 */
export function freshImage(current: Json, next: Json): Json {
  const partsChanged = IMAGE_PARTS.some((k) => next[k] !== current[k]);
  const imageChanged = next['image'] !== undefined && next['image'] !== null && next['image'] !== current['image'];
  if (!partsChanged && !imageChanged) return next;
  const out = { ...next };
  if (!imageChanged) delete out['image'];
  if (out['imageDigest'] === current['imageDigest']) delete out['imageDigest'];
  return out;
}

/** RFC 7396 merge-patch: null removes a member, objects merge, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return patch;
  const out: Json = isRecord(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/** Merges one container's patch onto its current request form; a new image drops the old full reference and digest. */
export function mergeContainer(current: Json, patch: Json): Json {
  return freshImage(current, mergePatch(current, patch) as Json);
}

/**
 * The platform's PATCH semantics: a JSON merge-patch, where `containerTemplates` items with an id update that
 * container (their own arrays replaced as given), items without one are new, and containers left out are removed;
 * `volumes` are matched by name the same way. Every other array is taken as sent. An id the application does not
 * have is an error at that item's `id`.
 */
export function mergeApplication(current: Json, patch: Json): { merged: Json; errors: ValidationError[] } {
  const errors: ValidationError[] = [];
  const merged: Json = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) {
      delete merged[k];
    } else if (k === 'containerTemplates' && Array.isArray(v)) {
      const existing = Array.isArray(current[k]) ? (current[k] as Json[]) : [];
      merged[k] = v.map((item: unknown, i) => {
        if (!isRecord(item) || typeof item['id'] !== 'string' || item['id'] === '') return item;
        const found = existing.find((c) => c['id'] === item['id']);
        if (!found) {
          errors.push({ field: `containerTemplates[${i}].id`, message: `The application has no container with id '${item['id']}'.` });
          return item;
        }
        return mergeContainer(found, item);
      });
    } else if (k === 'volumes' && Array.isArray(v)) {
      const existing = Array.isArray(current[k]) ? (current[k] as Json[]) : [];
      merged[k] = v.map((item: unknown) => {
        const found = isRecord(item) ? existing.find((x) => x['name'] === item['name']) : undefined;
        return found && isRecord(item) ? mergePatch(found, item) : item;
      });
    } else {
      merged[k] = mergePatch(current[k], v);
    }
  }
  return { merged, errors };
}

/** Container ids of a request that the application does not have (PUT and PATCH may only name existing ones). */
export function unknownContainerIds(app: Application, body: Json): ValidationError[] {
  const list = body['containerTemplates'];
  if (!Array.isArray(list)) return [];
  const errors: ValidationError[] = [];
  list.forEach((item: unknown, i) => {
    if (isRecord(item) && typeof item['id'] === 'string' && item['id'] !== '' && !app.containerTemplates.some((t) => t.id === item['id'])) {
      errors.push({ field: `containerTemplates[${i}].id`, message: `The application has no container with id '${item['id']}'.` });
    }
  });
  return errors;
}

/** A PUT body whose containers with an id get freshImage() against the app's current ones. */
export function withFreshImages(app: Application, body: Json): Json {
  const list = body['containerTemplates'];
  if (!Array.isArray(list)) return body;
  return {
    ...body,
    containerTemplates: list.map((item: unknown) => {
      if (!isRecord(item)) return item;
      const current = app.containerTemplates.find((t) => t.id === item['id']);
      return current ? freshImage(containerRequest(current), item) : item;
    }),
  };
}

/** What checking a changed request gave: the valid request, or the status and errors to answer. */
export type Checked = { readonly ok: true; readonly request: AddApplicationRequest } | { readonly ok: false; readonly status: 400 | 422; readonly errors: ValidationError[] };

/** The create rules (400 for the shape, 422 for min above max and unknown registries or regions), applied to a changed request. */
export function checkRequest(body: unknown, seed: SeedData): Checked {
  const parsed = addApplicationRequestSchema.safeParse(body);
  if (!parsed.success) return { ok: false, status: 400, errors: toValidationErrors(parsed.error.issues) };
  const problems = unprocessableProblems(parsed.data, {
    registryIds: seed.registries.map((r) => String(r.id)),
    regionIds: seed.regions.map((r) => r.id),
  });
  if (problems.length > 0) return { ok: false, status: 422, errors: problems };
  return { ok: true, request: parsed.data };
}

/**
 * Builds the application again from a changed request, keeping what stayed: a container with an id keeps its package
 * id, and its endpoints keep their id, public host and pull zone where one of the same name and kind was there before.
 */
export function rebuildApplication(old: Application, req: AddApplicationRequest, seed: SeedData, ids: IdSource): Application {
  const fresh = buildApplication(old.id, req, seed.registries, ids);
  const templates = fresh.containerTemplates.map((t) => {
    const before = old.containerTemplates.find((o) => o.id === t.id);
    if (!before) return t;
    const endpoints = t.endpoints.map((e) => {
      const same = before.endpoints.find((o) => o.displayName === e.displayName && o.type === e.type);
      return same ? { ...e, id: same.id, publicHost: same.publicHost } : e;
    });
    return { ...t, packageId: before.packageId, endpoints };
  });
  const first = templates.flatMap((t) => t.endpoints)[0];
  const { displayEndpoint: _old, ...rest } = fresh;
  return {
    ...rest,
    ...(first ? { displayEndpoint: { id: first.id, address: first.publicHost, type: first.type } } : {}),
    containerTemplates: templates,
  };
}

/** Prefixes every error field, so errors of a part (a container, an endpoint) read from the app's root, or the reverse. */
export function relativeErrors(errors: readonly ValidationError[], prefix: string): ValidationError[] {
  return errors.map((e) => {
    const field = e.field ?? '';
    if (field === prefix) return { ...e, field: '$' };
    if (field.startsWith(`${prefix}.`)) return { ...e, field: field.slice(prefix.length + 1) };
    return e;
  });
}
