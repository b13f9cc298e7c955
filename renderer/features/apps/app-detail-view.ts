/**
 * Reads an application as `apps.get` returns it into what the detail pane shows. The contract names only id, name,
 * status and runtime and keeps every other member as the platform sent it, so each member is checked before it is
 * read: a member of an unexpected shape is left out of the view (the raw JSON stays available) rather than drawn wrong.
 */
import { list, num, obj, objects, str, strings, type Json as Obj } from '../../../shared/apps/json';
import type { AppDetail } from '../../../shared/contract/apps';

/** One port an endpoint exposes. */
export interface PortView {
  readonly containerPort: number;
  readonly exposedPort: number | null;
  readonly protocols: readonly string[];
}

/** One endpoint of a container. */
export interface EndpointView {
  readonly name: string;
  /** cdn, anycast, publicIp… as the platform names it. */
  readonly type: string;
  readonly address: string | null;
  readonly ssl: boolean | null;
  readonly ports: readonly PortView[];
}

/** One container template. */
export interface ContainerView {
  readonly name: string;
  readonly image: string;
  readonly pullPolicy: string | null;
  readonly command: string | null;
  readonly environment: readonly string[];
  readonly probes: readonly string[];
  readonly endpoints: readonly EndpointView[];
  readonly mounts: readonly { readonly volume: string; readonly path: string }[];
}

/** The whole application, readable. */
export interface AppView {
  readonly id: string;
  readonly name: string;
  readonly status: string | null;
  readonly runtime: string | null;
  readonly scaling: { readonly min: number; readonly max: number } | null;
  readonly regions: {
    readonly allowed: readonly string[];
    readonly required: readonly string[];
    readonly maxAllowed: number | null;
    readonly provisioning: string | null;
  } | null;
  readonly containers: readonly ContainerView[];
  readonly volumes: readonly { readonly name: string; readonly sizeGb: number | null }[];
  readonly instances: number | null;
  readonly address: string | null;
}

/** The image as one reference; built from its parts when the platform sent no whole reference. */
function imageOf(c: Obj): string {
  const whole = str(c.image);
  if (whole) return whole;
  const name = [str(c.imageNamespace), str(c.imageName)].filter(Boolean).join('/');
  if (!name) return '(no image)';
  return `${name}${str(c.imageTag) ? `:${str(c.imageTag)}` : ''}${str(c.imageDigest) ? `@${str(c.imageDigest)}` : ''}`;
}

/** The entry point as one shell-like line, or null when the image's own is used. */
function commandOf(entry: Obj | null): string | null {
  if (!entry) return null;
  const command = strings(entry.commandArray).length ? strings(entry.commandArray) : str(entry.command) ? [str(entry.command)!] : [];
  const args = strings(entry.argumentsArray).length ? strings(entry.argumentsArray) : str(entry.arguments) ? [str(entry.arguments)!] : [];
  const parts = [...command, ...args].map((p) => (/[\s"'\\;]/.test(p) ? JSON.stringify(p) : p));
  return parts.length ? parts.join(' ') : null;
}

/** The probes that are set, each with its kind: "startup (TCP)". */
function probesOf(probes: Obj | null): string[] {
  if (!probes) return [];
  const kinds: Readonly<Record<string, string>> = { httpGet: 'HTTP', tcpSocket: 'TCP', grpc: 'gRPC' };
  const out: string[] = [];
  for (const phase of ['startup', 'readiness', 'liveness']) {
    const p = obj(probes[phase]);
    if (!p) continue;
    const kind = Object.keys(kinds).find((k) => obj(p[k]));
    out.push(kind ? `${phase} (${kinds[kind]})` : phase);
  }
  return out;
}

function endpointOf(e: Obj): EndpointView {
  // A request nests the settings under its kind (`cdn: {…}`); the application flattens them with a `type`.
  const nestedType = ['cdn', 'anycast', 'publicIp'].find((k) => obj(e[k]));
  const settings = nestedType ? obj(e[nestedType])! : e;
  const ports = objects(settings.portMappings)
    .filter((p) => num(p.containerPort) !== null)
    .map((p) => ({ containerPort: num(p.containerPort)!, exposedPort: num(p.exposedPort), protocols: strings(p.protocols) }));
  return {
    name: str(e.displayName) ?? '(unnamed)',
    type: str(e.type) ?? nestedType ?? 'endpoint',
    address: str(e.publicHost),
    ssl: typeof settings.isSslEnabled === 'boolean' ? settings.isSslEnabled : null,
    ports,
  };
}

function containerOf(c: Obj): ContainerView {
  return {
    name: str(c.name) ?? '(unnamed)',
    image: imageOf(c),
    pullPolicy: str(c.imagePullPolicy),
    command: commandOf(obj(c.entryPoint)),
    environment: objects(c.environmentVariables)
      .map((v) => str(v.name))
      .filter((n): n is string => n !== null),
    probes: probesOf(obj(c.probes)),
    endpoints: objects(c.endpoints).map(endpointOf),
    mounts: objects(c.volumeMounts)
      .filter((m) => str(m.name) !== null)
      .map((m) => ({ volume: str(m.name)!, path: str(m.mountPath) ?? '' })),
  };
}

/** The view of one application. */
export function appView(app: AppDetail): AppView {
  const a = app as Obj;
  const scaling = obj(a.autoScaling);
  const min = num(scaling?.min);
  const max = num(scaling?.max);
  const regions = obj(a.regionSettings);
  const display = obj(a.displayEndpoint);
  return {
    id: app.id,
    name: app.name,
    status: str(app.status),
    runtime: str(app.runtimeType),
    scaling: min !== null && max !== null ? { min, max } : null,
    regions: regions
      ? {
          allowed: strings(regions.allowedRegionIds),
          required: strings(regions.requiredRegionIds),
          maxAllowed: num(regions.maxAllowedRegions),
          provisioning: str(regions.provisioningType),
        }
      : null,
    containers: objects(a.containerTemplates).map(containerOf),
    volumes: objects(a.volumes)
      .filter((v) => str(v.name) !== null)
      .map((v) => ({ name: str(v.name)!, sizeGb: num(v.size) })),
    instances: Array.isArray(a.containerInstances) ? a.containerInstances.length : null,
    address: str(display?.address),
  };
}

/** "80 → 8080 TCP/UDP", or the container port alone when nothing is exposed under another number. */
export function portText(p: PortView): string {
  const protocols = p.protocols.length ? ` ${p.protocols.map((x) => x.toUpperCase()).join('/')}` : '';
  return p.exposedPort !== null && p.exposedPort !== p.containerPort ? `${p.exposedPort} → ${p.containerPort}${protocols}` : `${p.containerPort}${protocols}`;
}

/** A status as a word with a capital, for the list and the detail ("active" → "Active"). */
export function statusText(status: string | null | undefined): string {
  if (!status) return 'Unknown';
  const spaced = status.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

// ── The app's running state in words ──

/** What was last asked of an app from this window, so a status that is moving can say what it is moving to. */
export type AppAction = 'deploy' | 'undeploy' | 'restart' | 'scale' | 'regions' | 'update';

/** Whether the platform says the app is between two states (any letter case). */
export function isMoving(status: string | null | undefined): boolean {
  return (status ?? '').toLowerCase() === 'progressing';
}

/** A status in words, and its tone for the badge; the same words in the list and on the page. */
export interface StatusWords {
  readonly text: string;
  /** A class-safe key: active, progressing, inactive, failing, suspended, unknown or other. */
  readonly tone: string;
}

const MOVING_WORDS: Readonly<Record<AppAction, string>> = {
  deploy: 'Deploying…',
  undeploy: 'Undeploying…',
  restart: 'Restarting…',
  scale: 'Changing…',
  regions: 'Changing…',
  update: 'Changing…',
};

/**
 * The platform's status said for a person. A moving app says what it moves to when this window asked for it
 * (Deploying…, Undeploying…, Restarting…), else "Changing…"; an inactive app is "Not deployed"; an active one is
 * "Running" only when instances run (per the overview): with none it says so. Unknown words are shown as written.
 */
export function statusWords(status: string | null | undefined, action: AppAction | null = null, activeInstances: number | null = null): StatusWords {
  const key = (status ?? 'unknown').toLowerCase();
  switch (key) {
    case 'progressing':
      return { text: action ? MOVING_WORDS[action] : 'Changing…', tone: 'progressing' };
    case 'inactive':
      // A deploy this window asked for, before the platform says it moves: already "Deploying…", not "Not deployed".
      if (action === 'deploy') return { text: MOVING_WORDS.deploy, tone: 'progressing' };
      return { text: 'Not deployed', tone: 'inactive' };
    case 'active':
      if (activeInstances === null) return { text: 'Active', tone: 'active' };
      return activeInstances > 0 ? { text: 'Running', tone: 'active' } : { text: 'Active, no instances running', tone: 'progressing' };
    case 'failing':
      return { text: 'Failing', tone: 'failing' };
    case 'suspended':
      return { text: 'Suspended', tone: 'suspended' };
    case 'unknown':
      return { text: 'Unknown', tone: 'unknown' };
    default:
      return { text: statusText(status), tone: 'other' };
  }
}

/** One region of the overview. */
export interface OverviewRegionView {
  readonly id: string;
  readonly required: boolean;
  readonly instances: number | null;
  readonly status: string | null;
  readonly cpu: number | null;
  readonly ram: number | null;
}

/** The overview, read for the page; every member null when the platform left it out. */
export interface OverviewView {
  readonly status: string | null;
  readonly activeInstances: number | null;
  readonly desiredInstances: number | null;
  readonly activeRegions: number | null;
  /** Average use in percent. */
  readonly cpu: number | null;
  readonly ram: number | null;
  /** US dollars a month. */
  readonly monthlyCost: number | null;
  readonly regions: readonly OverviewRegionView[];
}

/** An indicator's number: the platform writes `{indicator, statusGrade}`; a plain number or `{value}` is read too. */
function indicatorOf(v: unknown): number | null {
  const o = obj(v);
  if (!o) return num(v);
  return num(o.indicator) ?? num(o.value);
}

/** The view of `apps.overview`'s answer (any shape: what cannot be read is null). */
export function overviewView(overview: unknown): OverviewView {
  const o = obj(overview) ?? {};
  return {
    status: str(o.status),
    activeInstances: indicatorOf(o.activeInstances),
    desiredInstances: num(o.desiredInstances),
    activeRegions: indicatorOf(o.activeRegions),
    cpu: indicatorOf(o.averageCPU),
    ram: indicatorOf(o.averageRAM),
    monthlyCost: num(o.monthlyCost),
    regions: list(o.regions)
      .map(obj)
      .filter((r): r is Obj => r !== null && str(r.region) !== null)
      .map((r) => ({ id: str(r.region)!, required: r.isRequired === true, instances: num(r.instances), status: str(r.status), cpu: num(r.averageCPU), ram: num(r.averageRAM) })),
  };
}

/** "Frankfurt" for "DE" when the region list names it; the id as written when it does not. */
export function regionName(id: string, names: ReadonlyMap<string, string>): string {
  return names.get(id) ?? id;
}

/** "12 %" with at most one decimal. */
export function percentText(n: number): string {
  return `${Math.round(n * 10) / 10} %`;
}

/** "$14.60 a month". */
export function costText(usd: number): string {
  return `${usd.toLocaleString('en-US', { style: 'currency', currency: 'USD' })} a month`;
}

/** "1 instance", "3 instances". */
export function instancesText(n: number): string {
  return `${n} instance${n === 1 ? '' : 's'}`;
}
