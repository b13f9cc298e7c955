/**
 * The platform's rules for creating a container application, written once
 * as zod schemas: the create form validates with them and the sandbox enforces them.
 */
import { z } from 'zod';
import {
  arrayOf,
  caseInsensitiveEnum,
  integer,
  objectOf,
  stringOf,
} from './schema-rules.js';
import { LIMITS } from './limits.js';

export { toValidationErrors, type ValidationError } from './schema-rules.js';

/** Values as the platform writes them (camelCase); input is accepted in any letter case. */
export const RUNTIME_TYPES = ['shared', 'reserved'] as const;
export const IMAGE_PULL_POLICIES = ['always', 'ifNotPresent'] as const;
export const PROTOCOLS = ['tcp', 'udp', 'sctp'] as const;
export const ANYCAST_TYPES = ['iPv4'] as const;
export const HTTP_STATUS_CODES = [
  'continue', 'switchingProtocols', 'processing', 'earlyHints', 'ok', 'created', 'accepted',
  'nonAuthoritativeInformation', 'noContent', 'resetContent', 'partialContent', 'multiStatus',
  'alreadyReported', 'imUsed', 'multipleChoices', 'movedPermanently', 'found', 'seeOther', 'notModified',
  'useProxy', 'unused', 'temporaryRedirect', 'permanentRedirect', 'badRequest', 'unauthorized',
  'paymentRequired', 'forbidden', 'notFound', 'methodNotAllowed', 'notAcceptable',
  'proxyAuthenticationRequired', 'requestTimeout', 'conflict', 'gone', 'lengthRequired',
  'preconditionFailed', 'requestEntityTooLarge', 'requestUriTooLong', 'unsupportedMediaType',
  'requestedRangeNotSatisfiable', 'expectationFailed', 'misdirectedRequest', 'unprocessableEntity', 'locked',
  'failedDependency', 'upgradeRequired', 'preconditionRequired', 'tooManyRequests',
  'requestHeaderFieldsTooLarge', 'unavailableForLegalReasons', 'internalServerError', 'notImplemented',
  'badGateway', 'serviceUnavailable', 'gatewayTimeout', 'httpVersionNotSupported', 'variantAlsoNegotiates',
  'insufficientStorage', 'loopDetected', 'notExtended', 'networkAuthenticationRequired',
] as const;

/**
 * Patterns: `text` is the platform's own pattern (quoted in messages); `test` is the check, anchored
 * because the server matches the whole value. The mount path test is a linear-time equivalent of the
 * platform's pattern, whose nested quantifier backtracks exponentially on long invalid input.
 */
export const PATTERNS = {
  appName: { text: '[A-Za-z0-9-\\s]+', test: /^[A-Za-z0-9\-\s]+$/ },
  imageName: { text: '[a-zA-Z0-9]+(?:[./_-]{1,2}[a-zA-Z0-9]+)*', test: /^[a-zA-Z0-9]+(?:[./_-]{1,2}[a-zA-Z0-9]+)*$/ },
  imageTag: { text: '[a-zA-Z0-9]+(?:[._-]{1,2}[a-zA-Z0-9]+)*', test: /^[a-zA-Z0-9]+(?:[._-]{1,2}[a-zA-Z0-9]+)*$/ },
  imageDigest: { text: 'sha256:[a-z0-9]{64}', test: /^sha256:[a-z0-9]{64}$/ },
  mountPath: {
    text: '^/(?!.*//)(?!.*\\.\\.)(?!.*\\s)([a-zA-Z0-9._-]+/?)+$',
    test: /^(?!.*\.\.)\/[a-zA-Z0-9._-]+(?:\/[a-zA-Z0-9._-]+)*\/?$/,
  },
} as const;

/** The platform's documented limits (inclusive); in a module of their own so messages can name them without the schema. */
export { LIMITS };

/** Probe defaults the platform applies when a field is omitted. */
export const PROBE_DEFAULTS = {
  initialDelaySeconds: 10,
  periodSeconds: 10,
  timeoutSeconds: 7,
  failureThreshold: 3,
  successThreshold: 1,
} as const;

const shortName = (f: string) => stringOf(f, LIMITS.shortName);
const port = (f: string) => integer(f, 32, LIMITS.port);
const probeInt = (f: string, range: { min: number; max: number }) => integer(f, 32, range).nullable().optional();
const nullableString = (f: string) => stringOf(f).nullable().optional();
const stringArray = (f: string) => arrayOf(f, stringOf(`${f} item`));

const portMapping = objectOf('ContainerPortMappingRequest', 'portMappings', {
  containerPort: port('containerPort'),
  exposedPort: port('exposedPort').nullable().optional(),
  protocols: arrayOf('protocols', caseInsensitiveEnum('protocols', PROTOCOLS)).optional(),
});

const stickySessions = objectOf('StickySessionSettings', 'stickySessions', {
  enabled: z.boolean({ error: 'The field enabled must be true or false.' }).optional(),
  sessionHeaders: arrayOf('sessionHeaders', stringOf('sessionHeaders item'), LIMITS.stickyHeaders),
  cookieName: stringOf('cookieName').optional(),
});

const endpoint = objectOf('EndpointRequest', 'endpoints', {
  displayName: shortName('displayName'),
  cdn: objectOf('CdnEndpointRequest', 'cdn', {
    isSslEnabled: z.boolean({ error: 'The field isSslEnabled must be true or false.' }).optional(),
    stickySessions: stickySessions.nullable().optional(),
    pullZoneId: integer('pullZoneId', 32).nullable().optional(),
    portMappings: arrayOf('portMappings', portMapping, LIMITS.cdnPortMappings).optional(),
  })
    .nullable()
    .optional(),
  anycast: objectOf('AnycastEndpointRequest', 'anycast', {
    type: caseInsensitiveEnum('type', ANYCAST_TYPES),
    portMappings: arrayOf('portMappings', portMapping, { min: 1 }),
  })
    .nullable()
    .optional(),
});

const probe = (f: string) =>
  objectOf('ContainerProbe', f, {
    initialDelaySeconds: probeInt('initialDelaySeconds', LIMITS.probeSeconds),
    periodSeconds: probeInt('periodSeconds', LIMITS.probeSeconds),
    timeoutSeconds: probeInt('timeoutSeconds', LIMITS.probeSeconds),
    failureThreshold: probeInt('failureThreshold', LIMITS.probeThreshold),
    successThreshold: probeInt('successThreshold', LIMITS.probeThreshold),
    httpGet: objectOf('HttpGetProbe', 'httpGet', {
      request: objectOf('HttpGetProbeRequestDetails', 'request', {
        path: stringOf('path').optional(),
        portNumber: port('portNumber').optional(),
      }).nullable().optional(),
      response: objectOf('HttpGetProbeResponseDetails', 'response', {
        expectedStatusCode: caseInsensitiveEnum('expectedStatusCode', HTTP_STATUS_CODES).optional(),
      }).nullable().optional(),
    }).nullable().optional(),
    tcpSocket: objectOf('TcpSocketProbe', 'tcpSocket', {
      request: objectOf('TcpSocketProbeRequestDetails', 'request', {
        portNumber: port('portNumber').optional(),
      }).nullable().optional(),
    }).nullable().optional(),
    grpc: objectOf('GrpcProbe', 'grpc', {
      request: objectOf('GrpcProbeRequestDetails', 'request', {
        portNumber: port('portNumber').optional(),
        serviceName: nullableString('serviceName'),
      }).nullable().optional(),
    }).nullable().optional(),
  })
    .nullable()
    .optional();

const container = objectOf('ContainerRequest', 'containerTemplates', {
  id: nullableString('id'),
  name: shortName('name'),
  image: nullableString('image'),
  imageName: stringOf('imageName', { min: 1 }, PATTERNS.imageName),
  imageNamespace: stringOf('imageNamespace', { min: 1 }, PATTERNS.imageName),
  imageTag: stringOf('imageTag', { min: 1 }, PATTERNS.imageTag),
  imageDigest: stringOf('imageDigest', {}, PATTERNS.imageDigest).nullable().optional(),
  imageRegistryId: stringOf('imageRegistryId', { min: 1 }),
  imagePullPolicy: caseInsensitiveEnum('imagePullPolicy', IMAGE_PULL_POLICIES).optional(),
  entryPoint: objectOf('ContainerEntryPoint', 'entryPoint', {
    command: nullableString('command'),
    commandArray: stringArray('commandArray').nullable().optional(),
    arguments: nullableString('arguments'),
    argumentsArray: stringArray('argumentsArray').nullable().optional(),
    workingDirectory: nullableString('workingDirectory'),
  }).nullable().optional(),
  probes: objectOf('ContainerProbes', 'probes', {
    startup: probe('startup'),
    readiness: probe('readiness'),
    liveness: probe('liveness'),
  }).nullable().optional(),
  environmentVariables: arrayOf('environmentVariables', objectOf('EnvironmentVariable', 'environmentVariables', {
    name: stringOf('name', { min: 1 }),
    value: stringOf('value').optional(),
  })).optional(),
  endpoints: arrayOf('endpoints', endpoint).optional(),
  volumeMounts: arrayOf('volumeMounts', objectOf('VolumeMountRequest', 'volumeMounts', {
    name: shortName('name'),
    mountPath: stringOf('mountPath', { min: 1 }, PATTERNS.mountPath),
  })).optional(),
});

/** The body of POST /apps (AddApplicationRequest). Parsed output carries enum values in camelCase. */
export const addApplicationRequestSchema = objectOf('AddApplicationRequest', '$', {
  name: stringOf('name', LIMITS.appName, PATTERNS.appName),
  runtimeType: caseInsensitiveEnum('runtimeType', RUNTIME_TYPES),
  terminationGracePeriodSeconds: integer('terminationGracePeriodSeconds', 64, LIMITS.terminationGracePeriodSeconds).optional(),
  repositorySettings: objectOf('RepositorySettings', 'repositorySettings', {
    templateRepository: nullableString('templateRepository'),
    repositoryName: nullableString('repositoryName'),
    owner: nullableString('owner'),
  }).nullable().optional(),
  autoScaling: objectOf('AutoscalingSettings', 'autoScaling', {
    min: integer('min', 32, LIMITS.autoscaling),
    max: integer('max', 32, LIMITS.autoscaling),
  }),
  regionSettings: objectOf('UpdateRegionSettingsRequest', 'regionSettings', {
    allowedRegionIds: stringArray('allowedRegionIds').nullable().optional(),
    requiredRegionIds: stringArray('requiredRegionIds').nullable().optional(),
    maxAllowedRegions: integer('maxAllowedRegions', 32).nullable().optional(),
    nodeSelectors: z
      .record(z.string(), z.string({ error: 'The field nodeSelectors must map names to string values.' }), {
        error: 'The field nodeSelectors must be an object of string values.',
      })
      .nullable()
      .optional(),
  }),
  containerTemplates: arrayOf('containerTemplates', container, { min: 1 }).optional(),
  volumes: arrayOf('volumes', objectOf('VolumeRequest', 'volumes', {
    name: shortName('name'),
    size: integer('size', 32, LIMITS.volumeSize),
  })).optional(),
});

/** What a form holds before parsing (enum values in any case). */
export type AddApplicationRequestInput = z.input<typeof addApplicationRequestSchema>;
/** A valid create request, enum values normalised to camelCase. */
export type AddApplicationRequest = z.output<typeof addApplicationRequestSchema>;
export type ContainerRequest = NonNullable<AddApplicationRequest['containerTemplates']>[number];
export type EndpointRequest = NonNullable<ContainerRequest['endpoints']>[number];

/** Ids the platform knows, for the checks that need more than the request itself. */
export interface KnownIds {
  readonly registryIds?: readonly string[];
  readonly regionIds?: readonly string[];
}

/**
 * Problems of a well-formed request that the platform answers with 422: autoscaling min above
 * max, an unknown image registry, an unknown region. Omitted id lists are not checked.
 */
export function unprocessableProblems(req: AddApplicationRequest, known: KnownIds): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (req.autoScaling.min > req.autoScaling.max) {
    problems.push({ field: 'autoScaling.min', message: `Autoscaling min (${req.autoScaling.min}) must not exceed max (${req.autoScaling.max}).` });
  }
  const { registryIds, regionIds } = known;
  req.containerTemplates?.forEach((c, i) => {
    if (registryIds && !registryIds.includes(c.imageRegistryId)) {
      problems.push({ field: `containerTemplates[${i}].imageRegistryId`, message: `Image registry '${c.imageRegistryId}' does not exist.` });
    }
  });
  for (const key of ['allowedRegionIds', 'requiredRegionIds'] as const) {
    req.regionSettings[key]?.forEach((id, i) => {
      if (regionIds && !regionIds.includes(id)) {
        problems.push({ field: `regionSettings.${key}[${i}]`, message: `Region '${id}' does not exist.` });
      }
    });
  }
  return problems;
}
