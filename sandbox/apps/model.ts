/** Turns a valid create request into the Application the platform returns: defaults filled in, ids and endpoints generated. */
import { createHash } from 'node:crypto';
import {
  PROBE_DEFAULTS,
  type AddApplicationRequest,
  type ContainerRequest,
  type EndpointRequest,
} from '../../shared/apps/schema.js';
import type { SeedRegistry } from '../context.js';

type EndpointType = 'cdn' | 'anycast' | 'publicIp';
type PortMappingRequest = NonNullable<NonNullable<EndpointRequest['cdn']>['portMappings']>[number];

export interface PortMapping {
  readonly containerPort: number;
  readonly exposedPort: number;
  readonly protocols: readonly ('tcp' | 'udp' | 'sctp')[];
}

export interface ContainerEndpoint {
  readonly id: string;
  readonly displayName: string;
  readonly publicHost: string;
  readonly type: EndpointType;
  readonly isSslEnabled: boolean;
  readonly pullZoneId: string;
  readonly portMappings: readonly PortMapping[];
  readonly stickySessions?: { readonly enabled: boolean; readonly sessionHeaders: readonly string[]; readonly cookieName: string };
}

export interface ContainerTemplate {
  readonly id: string;
  readonly name: string;
  readonly packageId: string;
  readonly image: string;
  readonly imageName: string;
  readonly imageNamespace: string;
  readonly imageTag: string;
  readonly imageRegistryId: string;
  readonly imageDigest: string;
  readonly imagePullPolicy: 'always' | 'ifNotPresent';
  readonly entryPoint: Readonly<Record<string, unknown>>;
  readonly probes: Readonly<Record<string, unknown>>;
  readonly environmentVariables: readonly { readonly name: string; readonly value?: string }[];
  readonly endpoints: readonly ContainerEndpoint[];
  readonly volumeMounts: readonly { readonly name: string; readonly mountPath: string }[];
}

/** ApplicationStatus as the sandbox writes it. */
export type ApplicationStatus = 'unknown' | 'active' | 'progressing' | 'inactive' | 'failing' | 'suspended';

/** One running container of one pod (GET /apps/{appId} containerInstances). */
export interface ContainerInstance {
  readonly id: string;
  readonly templateId: string;
  readonly podId: string;
  readonly nodeIpAddress: string;
}

/** The full application object of GET /apps/{appId}. */
export interface Application {
  readonly id: string;
  readonly name: string;
  readonly displayEndpoint?: { readonly id: string; readonly address: string; readonly type: EndpointType };
  readonly status: ApplicationStatus;
  readonly runtimeType: 'shared' | 'reserved';
  readonly regionSettings: {
    readonly allowedRegionIds: readonly string[];
    readonly requiredRegionIds: readonly string[];
    readonly maxAllowedRegions: number | null;
    readonly provisioningType: 'static' | 'dynamic';
  };
  readonly containerTemplates: readonly ContainerTemplate[];
  readonly containerInstances: readonly ContainerInstance[];
  readonly volumes: readonly { readonly name: string; readonly size: number }[];
  readonly autoScaling: { readonly min: number; readonly max: number };
  readonly repositorySettings?: Readonly<Record<string, string | null>>;
}

/** Where the model gets identifiers from; deterministic in the sandbox so runs are repeatable. */
export interface IdSource {
  /** A base62 id of the given length. */
  id(length: number): string;
  /** A small non-negative integer below `n`. */
  int(n: number): number;
}

/** Drops null members recursively: the response schemas mark these sub-objects non-nullable. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'endpoint';
}

function endpointOf(e: EndpointRequest, appId: string, ids: IdSource): ContainerEndpoint {
  const id = `${ids.id(15)}-${slug(e.displayName)}-${ids.id(10)}`;
  const mappings = (list: readonly PortMappingRequest[]) =>
    list.map((m) => ({ containerPort: m.containerPort, exposedPort: m.exposedPort ?? m.containerPort, protocols: m.protocols ?? ['tcp'] }));
  if (e.cdn) {
    const sticky = e.cdn.stickySessions;
    return {
      id,
      displayName: e.displayName,
      publicHost: `mc-${appId.toLowerCase()}-${slug(e.displayName)}.b-cdn.net`,
      type: 'cdn',
      isSslEnabled: e.cdn.isSslEnabled ?? true,
      pullZoneId: String(e.cdn.pullZoneId ?? 4_000_000 + ids.int(1_000_000)),
      portMappings: mappings(e.cdn.portMappings ?? []),
      ...(sticky
        ? { stickySessions: { enabled: sticky.enabled ?? false, sessionHeaders: sticky.sessionHeaders, cookieName: sticky.cookieName || 'mc-sticky' } }
        : {}),
    };
  }
  const address = `185.93.${ids.int(256)}.${1 + ids.int(254)}`;
  return {
    id,
    displayName: e.displayName,
    publicHost: address,
    type: e.anycast ? 'anycast' : 'publicIp',
    isSslEnabled: false,
    pullZoneId: '0',
    portMappings: mappings(e.anycast?.portMappings ?? []),
  };
}

function templateOf(c: ContainerRequest, appId: string, registries: readonly SeedRegistry[], ids: IdSource): ContainerTemplate {
  const host = registries.find((r) => String(r.id) === c.imageRegistryId)?.hostName ?? 'registry.invalid';
  const image = c.image || `${host}/${c.imageNamespace}/${c.imageName}:${c.imageTag}`;
  const probes: Record<string, unknown> = {};
  for (const kind of ['startup', 'readiness', 'liveness'] as const) {
    const p = c.probes?.[kind];
    if (p) probes[kind] = { ...PROBE_DEFAULTS, ...(withoutNulls(p) as object) };
  }
  return {
    id: c.id || ids.id(15),
    name: c.name,
    packageId: ids.id(15),
    image,
    imageName: c.imageName,
    imageNamespace: c.imageNamespace,
    imageTag: c.imageTag,
    imageRegistryId: c.imageRegistryId,
    // The platform pins the tag to a digest; a hash of the reference stands in for the registry lookup.
    imageDigest: c.imageDigest ?? `sha256:${createHash('sha256').update(image).digest('hex')}`,
    imagePullPolicy: c.imagePullPolicy ?? (c.imageTag === 'latest' ? 'always' : 'ifNotPresent'),
    entryPoint: { command: null, commandArray: null, arguments: null, argumentsArray: null, workingDirectory: null, ...c.entryPoint },
    probes,
    environmentVariables: (c.environmentVariables ?? []).map((v) => ({ ...v })),
    endpoints: (c.endpoints ?? []).map((e) => endpointOf(e, appId, ids)),
    volumeMounts: (c.volumeMounts ?? []).map((m) => ({ name: m.name, mountPath: m.mountPath })),
  };
}

/** Builds the stored application for a request that passed validation. */
export function buildApplication(
  appId: string,
  req: AddApplicationRequest,
  registries: readonly SeedRegistry[],
  ids: IdSource,
): Application {
  const templates = (req.containerTemplates ?? []).map((c) => templateOf(c, appId, registries, ids));
  const allowed = [...new Set(req.regionSettings.allowedRegionIds ?? [])];
  const required = [...new Set(req.regionSettings.requiredRegionIds ?? [])];
  const first = templates.flatMap((t) => t.endpoints)[0];
  return {
    id: appId,
    name: req.name,
    ...(first ? { displayEndpoint: { id: first.id, address: first.publicHost, type: first.type } } : {}),
    // Created, not deployed: POST /apps/{appId}/deploy starts it.
    status: 'inactive',
    runtimeType: req.runtimeType,
    regionSettings: {
      allowedRegionIds: allowed,
      requiredRegionIds: required,
      maxAllowedRegions: req.regionSettings.maxAllowedRegions ?? null,
      // Required regions always run; any extra allowed region is placed on demand.
      provisioningType: allowed.some((r) => !required.includes(r)) ? 'dynamic' : 'static',
    },
    containerTemplates: templates,
    containerInstances: [],
    volumes: (req.volumes ?? []).map((v) => ({ name: v.name, size: v.size })),
    autoScaling: { min: req.autoScaling.min, max: req.autoScaling.max },
    ...(req.repositorySettings ? { repositorySettings: { ...req.repositorySettings } } : {}),
  };
}
