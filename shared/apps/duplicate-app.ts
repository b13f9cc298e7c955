/**
 * An existing application (as `GET /apps/{id}` returns it) turned into a create request for a copy of it: only the
 * members the create request accepts are kept, the platform's own (ids, status, instances, the public host, the pull
 * zone, the pinned image digest, provisioning type) are left for the platform to assign the copy afresh, and the
 * endpoints go back from the answer's flat shape (`type: "cdn"`) to the request's (`cdn: {…}`).
 */
import { z } from 'zod';
import { LIMITS, addApplicationRequestSchema, type AddApplicationRequestInput } from './schema.js';
import { parseImageReference } from './image-reference.js';
import { matchRegistry, type RegistryLike } from './image-registry.js';
import { isRecord, type Json } from './json.js';

/**
 * The value with only what the schema names, recursively; nulls and absent members dropped (the request reads them
 * as absent). Values of the wrong kind are kept as they are: the form then shows the rule they break.
 */
function pick(schema: z.ZodType, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return pick(schema.unwrap() as z.ZodType, value);
  if (schema instanceof z.ZodObject && isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const v = pick(member, value[key]);
      if (v !== undefined) out[key] = v;
    }
    return out;
  }
  if (schema instanceof z.ZodArray && Array.isArray(value)) return value.map((item) => pick(schema.element as z.ZodType, item)).filter((v) => v !== undefined);
  return value;
}

/**
 * What an answer's own ids become in the request: a copy leaves them all for the platform to assign afresh; an edit
 * keeps the container ids, so a merge-patch updates those containers rather than adding new ones. The request has
 * no member for an endpoint's id or its pull zone's, so neither is kept.
 */
interface Keep {
  readonly ids: boolean;
}

/** An endpoint of the answer as the request writes it: CDN and anycast settings under their own member. */
function endpointRequest(e: unknown): unknown {
  if (!isRecord(e) || isRecord(e.cdn) || isRecord(e.anycast)) return e;
  const { displayName, type, isSslEnabled, stickySessions, portMappings } = e;
  const kind = typeof type === 'string' ? type.toLowerCase() : '';
  // The pull zone belongs to the original endpoint: the one sent gets its own.
  if (kind === 'cdn') return { displayName, cdn: { isSslEnabled, stickySessions, portMappings } };
  if (kind === 'anycast') return { displayName, anycast: { type: 'iPv4', portMappings } };
  // Any other kind (a public IP) is what an endpoint with neither member asks for.
  return { displayName };
}

/** The registry id of a template: its own, else the account's registry at the host its full image reference names. */
function registryIdOf(c: Json, registries: readonly RegistryLike[]): string | undefined {
  if (typeof c.imageRegistryId === 'string' || typeof c.imageRegistryId === 'number') return String(c.imageRegistryId);
  if (typeof c.image !== 'string') return undefined;
  const ref = parseImageReference(c.image);
  const match = ref.ok ? matchRegistry(registries, ref.value.registryHost) : null;
  return match?.ok ? match.imageRegistryId : undefined;
}

function containerRequest(c: unknown, registries: readonly RegistryLike[], keep: Keep): unknown {
  if (!isRecord(c)) return c;
  // The template id is the original's (an edit keeps it); the pinned digest too: the request pulls its tag afresh.
  const { id, imageDigest: _digest, image: _image, ...rest } = c;
  const imageRegistryId = registryIdOf(c, registries);
  return {
    ...(keep.ids && (typeof id === 'string' || typeof id === 'number') ? { id: String(id) } : {}),
    ...rest,
    ...(imageRegistryId !== undefined ? { imageRegistryId } : {}),
    endpoints: Array.isArray(c.endpoints) ? c.endpoints.map(endpointRequest) : undefined,
  };
}

/** The copy's name: the original's with " copy" after it, shortened to stay within the name's limit. */
export function copyName(name: string): string {
  const suffix = ' copy';
  return `${name.slice(0, LIMITS.appName.max - suffix.length).trimEnd()}${suffix}`;
}

/**
 * A create request for a copy of this application (named "<name> copy"). A template the answer gives without its
 * registry id gets the id of the account's registry at its image's host, when `registries` has one.
 */
export function duplicateAppBody(detail: Json, registries: readonly RegistryLike[] = []): AddApplicationRequestInput {
  return requestFromApp(detail, registries, copyName(typeof detail.name === 'string' ? detail.name : ''), { ids: false });
}

/**
 * The application as the request that would leave it as it is (its own name, the container ids and pull zones kept):
 * what an edit starts from, and what a merge-patch of it changes nothing in.
 */
export function appToRequest(detail: Json, registries: readonly RegistryLike[] = []): AddApplicationRequestInput {
  return requestFromApp(detail, registries, typeof detail.name === 'string' ? detail.name : '', { ids: true });
}

function requestFromApp(detail: Json, registries: readonly RegistryLike[], name: string, keep: Keep): AddApplicationRequestInput {
  const shaped = {
    ...detail,
    name,
    containerTemplates: Array.isArray(detail.containerTemplates) ? detail.containerTemplates.map((c) => containerRequest(c, registries, keep)) : undefined,
  };
  const body = pick(addApplicationRequestSchema, shaped) as Partial<AddApplicationRequestInput>;
  // The members every request has (the form is built on them), should the answer lack one.
  return {
    ...body,
    name: body.name ?? name,
    runtimeType: body.runtimeType ?? 'shared',
    autoScaling: isRecord(body.autoScaling) ? body.autoScaling : { min: 1, max: 1 },
    regionSettings: isRecord(body.regionSettings) ? body.regionSettings : {},
  } as AddApplicationRequestInput;
}
