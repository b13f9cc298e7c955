/**
 * The words of an application change: each request member as the form labels it, a value in words (port mappings
 * as "8080 as 80 (tcp)"), values compared as the platform reads them, and a change as a sentence with secrets masked.
 */
import { MASK } from '../common/redact.js';
import { isRecord } from './json.js';

export type ChangeKind = 'changed' | 'added' | 'removed';

/** One difference between the application and the desired request. */
export interface AppChange {
  /** Where in the request: `containerTemplates[0].imageTag` (the desired request's index; the current one's for a removal). */
  readonly path: string;
  /** The field as the form labels it: "Container web › Image tag", "Container web › Environment variable DEBUG". */
  readonly label: string;
  /** `added`/`removed`: an item (or a value) that is new or goes; `changed`: a value that differs. */
  readonly kind: ChangeKind;
  /** The value before, in words (lists joined with commas); null when there was none. */
  readonly before: string | null;
  /** The value after, in words; null when there will be none. */
  readonly after: string | null;
  /** The values are a credential by the environment variable rule: shown masked until the user asks. */
  readonly secret: boolean;
  /** The change as a sentence, secret values masked: "Environment variable DEBUG of container web will be removed". */
  readonly text: string;
}

/** The form's labels for the request's members (a member with no label here is named by its own key). */
const LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  runtimeType: 'Runtime',
  terminationGracePeriodSeconds: 'Grace period on stop (seconds)',
  autoScaling: '',
  min: 'Minimum instances per region',
  max: 'Maximum instances per region',
  regionSettings: '',
  allowedRegionIds: 'Allowed regions',
  requiredRegionIds: 'Required regions',
  maxAllowedRegions: 'Max allowed regions',
  nodeSelectors: 'Node selectors',
  repositorySettings: 'Repository',
  templateRepository: 'Template repository',
  repositoryName: 'Repository name',
  owner: 'Repository owner',
  image: 'Image reference',
  imageName: 'Image name',
  imageNamespace: 'Image namespace',
  imageTag: 'Image tag',
  imageDigest: 'Image digest',
  imageRegistryId: 'Image registry',
  imagePullPolicy: 'Image pull policy',
  entryPoint: '',
  command: 'Command',
  commandArray: 'Command',
  arguments: 'Arguments',
  argumentsArray: 'Arguments',
  workingDirectory: 'Working directory',
  probes: '',
  startup: 'Startup probe',
  readiness: 'Readiness probe',
  liveness: 'Liveness probe',
  initialDelaySeconds: 'Initial delay (seconds)',
  periodSeconds: 'Period (seconds)',
  timeoutSeconds: 'Timeout (seconds)',
  failureThreshold: 'Failure threshold',
  successThreshold: 'Success threshold',
  httpGet: 'HTTP',
  tcpSocket: 'TCP',
  grpc: 'gRPC',
  request: '',
  response: '',
  path: 'Path',
  portNumber: 'Port',
  expectedStatusCode: 'Expected status',
  serviceName: 'Service name',
  cdn: 'CDN',
  anycast: 'Anycast',
  isSslEnabled: 'SSL',
  stickySessions: 'Sticky sessions',
  enabled: 'Enabled',
  sessionHeaders: 'Session headers',
  cookieName: 'Cookie name',
  pullZoneId: 'Pull zone',
  portMappings: 'Port mappings',
  type: 'Type',
  displayName: 'Name',
  size: 'Size (GB)',
  mountPath: 'Mount path',
  value: 'Value',
};

/** Members whose values are the platform's enum words, which it reads in any letter case. */
export const ENUMS = new Set(['runtimeType', 'imagePullPolicy', 'type', 'protocols', 'expectedStatusCode']);

export const labelOf = (key: string): string => LABELS[key] ?? key;
export const joinLabel = (parts: readonly string[]): string => parts.filter((p) => p !== '').join(' › ');

/**
 * A port mapping in words: "8080 as 80 (tcp, udp)" (container port, then the public one when it differs). No arrow:
 * the change itself is written "before → after".
 */
export function portMappingText(m: unknown): string {
  if (!isRecord(m)) return show(m);
  const exposed = m.exposedPort === undefined || m.exposedPort === null || same(m.exposedPort, m.containerPort) ? '' : ` as ${show(m.exposedPort)}`;
  const protocols = Array.isArray(m.protocols) && m.protocols.length ? ` (${m.protocols.map(show).join(', ')})` : '';
  return `${show(m.containerPort)}${exposed}${protocols}`;
}

/** A value in words: text as it is, lists joined with commas, objects as `key: value` pairs. */
export function show(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map((x) => (isRecord(x) && 'containerPort' in x ? portMappingText(x) : show(x))).join(', ');
  if (isRecord(v)) {
    return Object.entries(v)
      .filter(([, x]) => x !== undefined && x !== null)
      .map(([k, x]) => `${k}: ${show(x)}`)
      .join(', ');
  }
  return String(v);
}

/** The value compared: the same JSON, member order aside, and enum words in any letter case. */
function canonical(v: unknown, enumWords: boolean): string {
  if (v === undefined) return 'undefined';
  if (typeof v === 'string') return JSON.stringify(enumWords ? v.toLowerCase() : v);
  if (Array.isArray(v)) return `[${v.map((x) => canonical(x, enumWords)).join(',')}]`;
  if (isRecord(v)) {
    return `{${Object.keys(v)
      .filter((k) => v[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k], enumWords || ENUMS.has(k))}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export const same = (a: unknown, b: unknown, enumWords = false): boolean => canonical(a, enumWords) === canonical(b, enumWords);

/** Absent and null both mean "no value" to the platform's reader. */
export const nothing = (v: unknown): boolean => v === undefined || v === null || (Array.isArray(v) && v.length === 0) || (isRecord(v) && Object.values(v).every((x) => x === undefined || x === null));

/** The change as a sentence; secret values masked unless `reveal`. */
export function changeText(c: Omit<AppChange, 'text'> & { readonly subject?: string }, reveal = false): string {
  const v = (x: string | null): string => (x === null ? '' : c.secret && !reveal && x !== '' ? MASK : x === '' ? '(empty)' : x);
  const subject = c.subject ?? c.label;
  if (c.kind === 'removed') return c.subject !== undefined ? `${subject} will be removed` : `${c.label} will be cleared (was ${v(c.before)})`;
  if (c.kind === 'added') return c.subject !== undefined ? `${subject} will be added${c.after !== null ? `: ${v(c.after)}` : ''}` : `${c.label} will be set to ${v(c.after)}`;
  return `${c.label}: ${v(c.before)} → ${v(c.after)}`;
}
