/**
 * A compose file (docker-compose.yml) as one create request: each service becomes a container of the app, its image
 * split into the request's registry, namespace, name and tag; environment (and env_file contents, which the caller
 * reads), ports as endpoints, named volumes as volumes and mounts, command and entrypoint, and a healthcheck as a
 * probe where the platform has one that does the same. Everything else is listed, service and key in words, for the
 * user to see before anything is created. Pure: files are read by the caller and passed in.
 */
import { parse as parseYaml } from 'yaml';
import { showText } from '../console/command-shell.js';
import { LIMITS, PATTERNS, type AddApplicationRequestInput } from './schema.js';
import { splitCommandLine } from './command-line.js';
import { defaultEndpointKind, withEndpoints, type ComposeEndpoint } from './compose-endpoints.js';
import { parseEnvText } from './env-text.js';
import { parseImageReference } from './image-reference.js';
import { matchRegistry, type RegistryLike } from './image-registry.js';

/** The largest compose file read (compose files are a few kilobytes; anything this large is not one). */
export const COMPOSE_MAX_BYTES = 512 * 1024;
/** The largest env_file read. */
export const ENV_FILE_MAX_BYTES = 256 * 1024;
/** Size in GB given to each named volume: compose has no sizes, the platform needs one (the form lets the user change it). */
export const DEFAULT_VOLUME_SIZE_GB = 10;
/** A port range wider than this is not expanded into endpoints (one endpoint per port would be absurd). */
export const MAX_PORTS_PER_RANGE = 20;

/** Something in the file the create request has no place for, or took only in part. */
export interface ComposeUnmapped {
  /** The service it belongs to, or null for a top-level key. */
  readonly service: string | null;
  /** The compose key, as written (`depends_on`, `build`, `volumes`). */
  readonly key: string;
  /** What was left out and why, in plain words. */
  readonly message: string;
}

/** A compose file mapped: the create body (endpoints built from `endpoints`), the ports, and what did not fit. */
export interface ComposeMapping {
  readonly body: AddApplicationRequestInput;
  readonly endpoints: readonly ComposeEndpoint[];
  readonly unmapped: readonly ComposeUnmapped[];
}

/** An env_file as the caller read it: its text, or why it could not be read (`missing` when it does not exist). */
export type EnvFileRead = { readonly text: string } | { readonly error: string; readonly missing?: boolean };

export interface ComposeOptions {
  /** The folder the compose file is in: the app's name when the file gives none. */
  readonly folderName: string;
  /** The account's image registries; an image's host picks one. */
  readonly registries: readonly RegistryLike[];
  /** Every env_file path `composeEnvFiles` listed, as read by the caller (paths as written in the file). */
  readonly envFiles?: ReadonlyMap<string, EnvFileRead>;
}

type Json = Readonly<Record<string, unknown>>;
type Container = NonNullable<AddApplicationRequestInput['containerTemplates']>[number];
type Probe = NonNullable<NonNullable<Container['probes']>['liveness']>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads compose YAML text: the document when it is a mapping with at least one service, else why not, in words. */
export function parseComposeText(text: string): { ok: true; doc: Json } | { ok: false; message: string } {
  let doc: unknown;
  try {
    // Merge keys (`<<: *defaults`) are common in compose files; aliases stay bounded by the parser's own limit.
    doc = parseYaml(text, { merge: true, prettyErrors: true });
  } catch (e) {
    // The parser's first line ends in a colon that introduced its code frame (left out): a sentence ends in a full stop.
    const first = (e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e)).trim().replace(/:$/, '');
    const detail = /[.!?]$/.test(first) ? first : `${first}.`;
    return { ok: false, message: `This is not a YAML file: ${detail}` };
  }
  if (!isRecord(doc)) return { ok: false, message: 'This is not a compose file: it should be a YAML mapping with a “services” key.' };
  if (!isRecord(doc.services) || Object.keys(doc.services).length === 0) {
    return { ok: false, message: 'This compose file has no services: there is nothing to make containers from.' };
  }
  return { ok: true, doc };
}

/** An env_file entry: its path, and whether a missing file is an error (compose's `required`, true unless false). */
interface EnvFileRef {
  readonly path: string;
  readonly required: boolean;
}

function envFileRefs(service: Json): EnvFileRef[] {
  const raw = service.env_file;
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  return list.flatMap((item): EnvFileRef[] => {
    if (typeof item === 'string') return [{ path: item, required: true }];
    if (isRecord(item) && typeof item.path === 'string') return [{ path: item.path, required: item.required !== false }];
    return [];
  });
}

/** Every env_file path the services name (as written, relative to the compose file), each once, in order. */
export function composeEnvFiles(doc: Json): string[] {
  const services = isRecord(doc.services) ? doc.services : {};
  const paths = Object.values(services).flatMap((s) => (isRecord(s) ? envFileRefs(s).map((r) => r.path) : []));
  return [...new Set(paths)];
}

/** Scalars as compose reads them in environment values and ports: numbers and booleans as written. */
function scalarText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/** The app name: the file's `name:`, else its folder's, made to fit the platform's name rule (letters, digits, hyphens, spaces). */
function appName(doc: Json, folderName: string): string {
  const given = typeof doc.name === 'string' && doc.name.trim() !== '' ? doc.name : folderName;
  const cleaned = given
    .replace(/[^A-Za-z0-9\-\s]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-\s]+|[-\s]+$/g, '')
    .slice(0, LIMITS.appName.max);
  return PATTERNS.appName.test.test(cleaned) ? cleaned : 'compose-app';
}

/**
 * Keys the platform has no place for, with the reason in words. Anything not named here and not mapped gets a
 * general line. `version` (obsolete) and `x-` extensions are skipped without a word.
 */
const SERVICE_KEY_REASONS: Readonly<Record<string, string>> = {
  build: 'the platform runs images from a registry and does not build them; build and push the image, then fill in its reference',
  depends_on: 'the containers of one app start together and reach each other on localhost, so there is no start order to keep',
  networks: 'the containers of one app share one network and reach each other on localhost',
  network_mode: 'the containers of one app share one network and reach each other on localhost',
  links: 'the containers of one app reach each other on localhost, not by service name',
  external_links: 'the containers of one app reach each other on localhost, not by service name',
  extra_hosts: 'the platform does not edit a container’s hosts file',
  hostname: 'the platform names the instances itself',
  container_name: 'the platform names the instances itself; the container is named after the service',
  deploy: 'resources, replicas and placement are set for the whole app (runtime, scaling and regions in the form)',
  restart: 'the platform restarts failed containers itself',
  expose: 'the containers of one app reach each other on localhost; only published ports become endpoints',
  labels: 'the platform has no container labels',
  logging: 'the platform collects container output itself',
  secrets: 'the platform has no secret files; use environment variables (their values are masked)',
  configs: 'the platform has no config files; bake them into the image or use environment variables',
  user: 'the platform runs the image’s own user',
  working_dir: 'kept only with a command or entrypoint (the working directory is part of the entry point)',
  cap_add: 'the platform does not grant extra capabilities',
  cap_drop: 'the platform decides a container’s capabilities',
  privileged: 'the platform does not run privileged containers',
  devices: 'the platform gives containers no host devices',
  ulimits: 'the platform sets the limits itself',
  sysctls: 'the platform sets kernel parameters itself',
  tmpfs: 'the platform has no in-memory mounts',
  stop_grace_period: 'the app’s termination grace period applies to every container; set it in the form',
  profiles: 'every service is imported, whatever its profile',
  pull_policy: 'set the image pull policy on the container in the form',
  platform: 'the platform picks the machine architecture',
  init: 'the platform runs the image’s own init',
  mem_limit: 'memory is set for the whole app by its runtime type',
  cpus: 'CPU is set for the whole app by its runtime type',
  scale: 'instances are set for the whole app (autoscaling in the form)',
};

const TOP_KEY_REASONS: Readonly<Record<string, string>> = {
  networks: 'the containers of one app share one network and reach each other on localhost',
  secrets: 'the platform has no secret files; use environment variables (their values are masked)',
  configs: 'the platform has no config files; bake them into the image or use environment variables',
  include: 'other compose files are not read; import each one on its own',
};

/** Keys this mapper reads; every other key of a service is reported. */
const MAPPED_SERVICE_KEYS = new Set(['image', 'environment', 'env_file', 'ports', 'volumes', 'command', 'entrypoint', 'healthcheck', 'working_dir', 'build']);

class Collector {
  readonly unmapped: ComposeUnmapped[] = [];
  add(service: string | null, key: string, message: string): void {
    this.unmapped.push({ service, key, message });
  }
}

/** A container's name: the service's, cut to the platform's 50 characters. */
function containerName(service: string): string {
  return service.slice(0, LIMITS.shortName.max);
}

function mapImage(service: string, s: Json, registries: readonly RegistryLike[], out: Collector): Pick<Container, 'imageName' | 'imageNamespace' | 'imageTag' | 'imageRegistryId' | 'imageDigest'> {
  const blank = { imageName: '', imageNamespace: '', imageTag: '', imageRegistryId: '' };
  if (typeof s.image !== 'string' || s.image.trim() === '') {
    if (s.build === undefined) out.add(service, 'image', 'The service names no image; fill in the image in the form.');
    return blank;
  }
  // `${TAG:-1.0}` and the like are substituted by compose from the shell; here the default (or nothing) is used.
  const written = s.image.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*(?::?-([^}]*))?\}/g, (_m, fallback: string | undefined) => fallback ?? '');
  if (written !== s.image) out.add(service, 'image', `${showText(s.image)} uses a variable; it was read as ${showText(written)} (the default given, or nothing).`);
  const ref = parseImageReference(written);
  if (!ref.ok) {
    out.add(service, 'image', `${showText(written)} is not an image reference the platform takes: ${ref.problems.map((p) => p.message).join(' ')}`);
    return blank;
  }
  const { registryHost, namespace, name, tag, digest } = ref.value;
  const match = matchRegistry(registries, registryHost);
  if (!match.ok) out.add(service, 'image', `No registry for ${showText(written)}: ${match.message}`);
  if (namespace === '') out.add(service, 'image', `${showText(written)} has no namespace; the platform needs one, so fill it in the form.`);
  return {
    imageName: name,
    imageNamespace: namespace,
    imageTag: tag,
    imageRegistryId: match.ok ? match.imageRegistryId : '',
    ...(digest ? { imageDigest: digest } : {}),
  };
}

function mapEnvironment(service: string, s: Json, envFiles: ReadonlyMap<string, EnvFileRead>, out: Collector): { name: string; value: string }[] {
  const values = new Map<string, string>();
  for (const ref of envFileRefs(s)) {
    const read = envFiles.get(ref.path);
    if (read === undefined || 'error' in read) {
      if (read && 'missing' in read && read.missing && !ref.required) continue;
      out.add(service, 'env_file', `${showText(ref.path)} could not be read: ${read ? read.error : 'it was not read'}.`);
      continue;
    }
    const parsed = parseEnvText(read.text);
    if (!parsed.ok) {
      out.add(service, 'env_file', `${showText(ref.path)} was left out: ${parsed.problems.map((p) => p.message).join(' ')}`);
      continue;
    }
    for (const row of parsed.rows) values.set(row.name, row.value);
  }
  const env = s.environment;
  const fromShell: string[] = [];
  if (Array.isArray(env)) {
    for (const item of env) {
      const text = scalarText(item);
      if (text === null) continue;
      const eq = text.indexOf('=');
      if (eq === -1) fromShell.push(text);
      else values.set(text.slice(0, eq), text.slice(eq + 1));
    }
  } else if (isRecord(env)) {
    for (const [name, v] of Object.entries(env)) {
      const text = scalarText(v);
      if (text === null) fromShell.push(name);
      else values.set(name, text);
    }
  } else if (env !== undefined && env !== null) {
    out.add(service, 'environment', 'Not a list or a mapping of variables; left out.');
  }
  for (const name of fromShell) {
    if (!values.has(name)) values.set(name, '');
  }
  if (fromShell.length > 0) {
    out.add(service, 'environment', `${fromShell.join(', ')} take${fromShell.length === 1 ? 's' : ''} a value from the shell; left empty for you to fill in.`);
  }
  const interpolated = [...values].filter(([, v]) => /\$\{?[A-Za-z_]/.test(v)).map(([n]) => n);
  if (interpolated.length > 0) {
    out.add(service, 'environment', `${interpolated.join(', ')} use${interpolated.length === 1 ? 's' : ''} shell variables ($NAME); kept as written, not substituted.`);
  }
  return [...values].map(([name, value]) => ({ name, value }));
}

/** A port number 1–65535 from text, or null. */
function portNumber(text: string): number | null {
  if (!/^\d{1,5}$/.test(text)) return null;
  const n = Number(text);
  return n >= LIMITS.port.min && n <= LIMITS.port.max ? n : null;
}

/** `8000` or `8000-8005` as the ports it names, or null when it is neither. */
function portRange(text: string): number[] | null {
  const [from, to, extra] = text.split('-');
  if (extra !== undefined || from === undefined) return null;
  const a = portNumber(from);
  const b = to === undefined ? a : portNumber(to);
  if (a === null || b === null || b < a) return null;
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

interface PortSpec {
  readonly container: number;
  readonly published: number | null;
  readonly protocol: ComposeEndpoint['protocol'];
}

function protocolOf(text: unknown): ComposeEndpoint['protocol'] | null {
  const p = typeof text === 'string' ? text.toLowerCase() : 'tcp';
  return p === 'tcp' || p === 'udp' || p === 'sctp' ? p : null;
}

/** One `ports` entry (short or long syntax) as the ports it publishes, or a reason it cannot be read. */
function readPort(item: unknown): PortSpec[] | string {
  if (isRecord(item)) {
    const target = portNumber(scalarText(item.target) ?? '');
    if (target === null) return 'the long syntax needs a target port 1–65535';
    const protocol = protocolOf(item.protocol);
    if (protocol === null) return `${showText(String(item.protocol))} is not a protocol the platform knows (tcp, udp, sctp)`;
    const publishedText = scalarText(item.published);
    const published = publishedText === null ? [null] : portRange(publishedText);
    if (published === null) return `${showText(publishedText ?? '')} is not a published port or range`;
    return [{ container: target, published: published[0] ?? null, protocol }];
  }
  const text = scalarText(item);
  if (text === null) return 'not a port';
  const slash = text.lastIndexOf('/');
  const protocol = protocolOf(slash === -1 ? 'tcp' : text.slice(slash + 1));
  if (protocol === null) return `${showText(text)} names a protocol the platform does not know (tcp, udp, sctp)`;
  const body = slash === -1 ? text : text.slice(0, slash);
  // `[host_ip:][published:]container`; an IPv6 host is bracketed, so the last two colon-parts are the ports.
  const parts = body.replace(/^\[[^\]]*\]:/, 'ip:').split(':');
  const containerText = parts[parts.length - 1]!;
  const publishedText = parts.length >= 2 ? parts[parts.length - 2]! : '';
  const containers = portRange(containerText);
  if (containers === null) return `${showText(text)} is not a port, a range or host:container ports`;
  const published = publishedText === '' ? null : portRange(publishedText);
  if (publishedText !== '' && published === null) return `${showText(text)} has a published port that is not a port or range`;
  if (published && published.length !== containers.length && published.length !== 1) {
    return `${showText(text)} publishes ${published.length} ports for ${containers.length} container ports`;
  }
  if (containers.length > MAX_PORTS_PER_RANGE) return `${showText(text)} is a range of ${containers.length} ports; at most ${MAX_PORTS_PER_RANGE} become endpoints`;
  return containers.map((container, i) => ({ container, published: published ? (published.length === 1 ? published[0]! : published[i]!) : null, protocol }));
}

/** `host_ip` in either syntax: the platform chooses the public address itself. */
function hostIpOf(item: unknown): string | null {
  if (isRecord(item)) return typeof item.host_ip === 'string' ? item.host_ip : null;
  const text = (scalarText(item) ?? '').replace(/\/\w+$/, '');
  if (text.startsWith('[')) return text.slice(1, text.indexOf(']'));
  const parts = text.split(':');
  return parts.length === 3 ? parts[0]! : null;
}

function mapPorts(service: string, s: Json, out: Collector): PortSpec[] {
  if (s.ports === undefined || s.ports === null) return [];
  if (!Array.isArray(s.ports)) {
    out.add(service, 'ports', 'Not a list of ports; left out.');
    return [];
  }
  const specs: PortSpec[] = [];
  for (const item of s.ports) {
    const read = readPort(item);
    if (typeof read === 'string') {
      out.add(service, 'ports', `A port was left out: ${read}.`);
      continue;
    }
    const ip = hostIpOf(item);
    if (ip) out.add(service, 'ports', `The host address ${showText(ip)} was dropped: the platform chooses the public address.`);
    for (const spec of read) {
      if (!specs.some((x) => x.container === spec.container && x.protocol === spec.protocol)) specs.push(spec);
    }
  }
  return specs;
}

/** A path on the host rather than a volume name: compose reads a source starting with `.`, `/` or `~` as one. */
function isHostPath(source: string): boolean {
  return /^[./~]/.test(source) || /^[A-Za-z]:[\\/]/.test(source);
}

interface Mount {
  readonly volume: string;
  readonly mountPath: string;
}

function mapVolumes(service: string, s: Json, out: Collector): Mount[] {
  if (s.volumes === undefined || s.volumes === null) return [];
  if (!Array.isArray(s.volumes)) {
    out.add(service, 'volumes', 'Not a list of volumes; left out.');
    return [];
  }
  const mounts: Mount[] = [];
  for (const item of s.volumes) {
    let type: string;
    let source: string;
    let target: string;
    let readOnly = false;
    if (isRecord(item)) {
      type = typeof item.type === 'string' ? item.type : 'volume';
      source = typeof item.source === 'string' ? item.source : '';
      target = typeof item.target === 'string' ? item.target : '';
      readOnly = item.read_only === true;
    } else if (typeof item === 'string') {
      const parts = item.split(':');
      // `C:\data:/data` on Windows: the drive letter's colon belongs to the source.
      if (/^[A-Za-z]$/.test(parts[0] ?? '') && parts.length > 2) parts.splice(0, 2, `${parts[0]}:${parts[1]}`);
      if (parts.length === 1) {
        source = '';
        target = parts[0]!;
      } else {
        source = parts[0]!;
        target = parts[1]!;
        readOnly = (parts[2] ?? '').split(',').includes('ro');
      }
      type = source === '' ? 'volume' : isHostPath(source) ? 'bind' : 'volume';
    } else {
      out.add(service, 'volumes', 'An entry is neither a string nor a mapping; left out.');
      continue;
    }
    const shown = typeof item === 'string' ? item : `${source || '(anonymous)'} → ${target}`;
    if (type === 'bind') {
      out.add(service, 'volumes', `The bind mount ${showText(shown)} was left out: containers cannot see files on your computer; bake them into the image or use a volume.`);
    } else if (type !== 'volume') {
      out.add(service, 'volumes', `The ${type} mount ${showText(shown)} was left out: the platform mounts only named volumes.`);
    } else if (source === '') {
      out.add(service, 'volumes', `The anonymous volume at ${showText(target)} was left out: give it a name (name:${target}) to keep its data on a volume.`);
    } else if (target === '') {
      out.add(service, 'volumes', `The volume ${showText(source)} names no path to mount it at; left out.`);
    } else {
      if (readOnly) out.add(service, 'volumes', `The volume ${showText(source)} is mounted read-write: the platform has no read-only mounts.`);
      mounts.push({ volume: source, mountPath: target });
    }
  }
  return mounts;
}

/** A command or entrypoint in either form (a string split like a shell does, or a list), or null when it cannot be read. */
function commandWords(service: string, key: string, value: unknown, out: Collector): string[] | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) {
    const words = value.map(scalarText);
    if (words.every((w): w is string => w !== null)) return words;
  } else if (typeof value === 'string') {
    const split = splitCommandLine(value);
    if (split.ok) return [...split.words];
    out.add(service, key, `${showText(value)} could not be split into words: ${split.problem.message}`);
    return null;
  }
  out.add(service, key, 'Not a string or a list of words; left out.');
  return null;
}

function mapEntryPoint(service: string, s: Json, out: Collector): Container['entryPoint'] | undefined {
  // compose's entrypoint replaces the image's ENTRYPOINT (the platform's command), its command the image's CMD (the arguments).
  const command = commandWords(service, 'entrypoint', s.entrypoint, out);
  const args = commandWords(service, 'command', s.command, out);
  const workingDirectory = typeof s.working_dir === 'string' ? s.working_dir : null;
  if (command === null && args === null) {
    if (workingDirectory !== null) out.add(service, 'working_dir', `${showText(workingDirectory)} was left out: ${SERVICE_KEY_REASONS.working_dir}.`);
    return undefined;
  }
  return {
    ...(command !== null ? { commandArray: command } : {}),
    ...(args !== null ? { argumentsArray: args } : {}),
    ...(workingDirectory !== null ? { workingDirectory } : {}),
  };
}

const DURATION_UNITS: Readonly<Record<string, number>> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** A compose duration (`30s`, `1m30s`, `1.5s`, a bare number of seconds) in whole seconds, rounded up; null when unreadable. */
export function durationSeconds(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.ceil(value);
  if (typeof value !== 'string' || !/^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/.test(value.trim())) return null;
  let total = 0;
  for (const [, n, unit] of value.trim().matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(n) * DURATION_UNITS[unit!]!;
  return Math.ceil(total - 1e-9);
}

/** The healthcheck's test as the command it runs (words), with compose's `|| exit 1` idiom taken off; null for NONE. */
function healthWords(test: unknown): string[] | 'none' | null {
  let shell: string;
  if (typeof test === 'string') shell = test;
  else if (Array.isArray(test) && test.every((w) => typeof w === 'string')) {
    const [kind, ...rest] = test as string[];
    if (kind === 'NONE') return 'none';
    if (kind === 'CMD') return rest;
    if (kind === 'CMD-SHELL') shell = rest.join(' ');
    else return null;
  } else return null;
  const stripped = shell.replace(/\s*\|\|\s*exit\s+1\s*$/, '').trim();
  if (/[;&|`$<>()]/.test(stripped)) return null;
  const split = splitCommandLine(stripped);
  return split.ok ? [...split.words] : null;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '0.0.0.0', '[::1]', '::1']);

/** What a health command checks, when it is one the platform's probes do: an HTTP GET or a TCP connect on localhost. */
function probeCheck(words: readonly string[]): Pick<Probe, 'httpGet' | 'tcpSocket'> | null {
  const tool = (words[0] ?? '').split('/').pop();
  if (tool === 'curl' || tool === 'wget') {
    const urls = words.filter((w) => /^https?:\/\//i.test(w));
    if (urls.length !== 1) return null;
    // Only plain http on this machine: the probe calls the container itself, without TLS.
    const url = /^http:\/\/([^/:?#[]+|\[[^\]]+\])(?::(\d{1,5}))?([^?#]*)(\?[^#]*)?/i.exec(urls[0]!);
    if (!url || !LOCAL_HOSTS.has(url[1]!.toLowerCase())) return null;
    const portNumber = url[2] === undefined ? 80 : Number(url[2]);
    if (portNumber < LIMITS.port.min || portNumber > LIMITS.port.max) return null;
    return { httpGet: { request: { path: `${url[3] || '/'}${url[4] ?? ''}`, portNumber } } };
  }
  if (tool === 'nc') {
    const rest = words.slice(1).filter((w) => !w.startsWith('-'));
    const flags = words.slice(1).filter((w) => w.startsWith('-')).join('');
    const port = rest.length === 2 && LOCAL_HOSTS.has(rest[0]!) ? Number(rest[1]) : NaN;
    if (!flags.includes('z') || !Number.isInteger(port) || port < LIMITS.port.min || port > LIMITS.port.max) return null;
    return { tcpSocket: { request: { portNumber: port } } };
  }
  return null;
}

function probeSeconds(service: string, key: string, value: unknown, out: Collector): number | undefined {
  if (value === undefined) return undefined;
  const seconds = durationSeconds(value);
  if (seconds === null) {
    out.add(service, `healthcheck.${key}`, `${showText(String(value))} is not a duration (such as 30s or 1m30s); the platform’s default is used.`);
    return undefined;
  }
  return Math.min(LIMITS.probeSeconds.max, Math.max(LIMITS.probeSeconds.min, seconds));
}

function mapHealthcheck(service: string, s: Json, out: Collector): Container['probes'] | undefined {
  const h = s.healthcheck;
  if (h === undefined || h === null) return undefined;
  if (!isRecord(h) || h.disable === true) return undefined;
  const words = healthWords(h.test);
  if (words === 'none') return undefined;
  const check = words ? probeCheck(words) : null;
  if (!check) {
    const shown = Array.isArray(h.test) ? h.test.join(' ') : String(h.test ?? '');
    out.add(
      service,
      'healthcheck',
      `${showText(shown)} was left out: the platform’s probes make an HTTP request or open a TCP port, so only a curl or wget of a local http:// address or an nc -z of a local port becomes one.`,
    );
    return undefined;
  }
  const retries = typeof h.retries === 'number' && Number.isInteger(h.retries) ? Math.min(LIMITS.probeThreshold.max, Math.max(1, h.retries)) : undefined;
  const periodSeconds = probeSeconds(service, 'interval', h.interval, out);
  const timeoutSeconds = probeSeconds(service, 'timeout', h.timeout, out);
  const initialDelaySeconds = probeSeconds(service, 'start_period', h.start_period, out);
  // Docker marks a failing container unhealthy and replaces it: the platform's liveness probe does the same.
  const liveness: Probe = {
    ...check,
    ...(periodSeconds !== undefined ? { periodSeconds } : {}),
    ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
    ...(retries !== undefined ? { failureThreshold: retries } : {}),
    ...(initialDelaySeconds !== undefined ? { initialDelaySeconds } : {}),
  };
  return { liveness };
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base.slice(0, LIMITS.shortName.max);
  for (let i = 2; taken.has(name); i++) name = `${base.slice(0, LIMITS.shortName.max - String(i).length - 1)}-${i}`;
  taken.add(name);
  return name;
}

/** Maps a parsed compose document (see parseComposeText) to one create request and the list of what did not fit. */
export function mapCompose(doc: Json, options: ComposeOptions): ComposeMapping {
  const out = new Collector();
  const envFiles = options.envFiles ?? new Map<string, EnvFileRead>();
  const services = isRecord(doc.services) ? doc.services : {};
  const topVolumes = isRecord(doc.volumes) ? doc.volumes : {};

  for (const key of Object.keys(doc)) {
    if (key === 'services' || key === 'volumes' || key === 'name' || key === 'version' || key.startsWith('x-')) continue;
    out.add(null, key, `Left out: ${TOP_KEY_REASONS[key] ?? 'the platform has no place for it'}.`);
  }

  const containers: Container[] = [];
  const endpoints: ComposeEndpoint[] = [];
  const endpointNames = new Set<string>();
  const volumeNames: string[] = [];

  for (const [service, raw] of Object.entries(services)) {
    const s: Json = isRecord(raw) ? raw : {};
    const index = containers.length;
    if (s.build !== undefined) {
      const note = typeof s.image === 'string' ? ' The image it names is used.' : '';
      out.add(service, 'build', `The build context was left out: ${SERVICE_KEY_REASONS.build}.${note}`);
    }
    for (const key of Object.keys(s)) {
      if (MAPPED_SERVICE_KEYS.has(key) || key.startsWith('x-')) continue;
      out.add(service, key, `Left out: ${SERVICE_KEY_REASONS[key] ?? 'the platform has no place for it'}.`);
    }
    const environmentVariables = mapEnvironment(service, s, envFiles, out);
    const entryPoint = mapEntryPoint(service, s, out);
    const probes = mapHealthcheck(service, s, out);
    const mounts = mapVolumes(service, s, out);
    for (const m of mounts) if (!volumeNames.includes(m.volume)) volumeNames.push(m.volume);
    for (const p of mapPorts(service, s, out)) {
      const base = `${service}-${p.container}${p.protocol === 'tcp' ? '' : `-${p.protocol}`}`;
      endpoints.push({
        service,
        containerIndex: index,
        containerPort: p.container,
        exposedPort: p.published ?? p.container,
        protocol: p.protocol,
        kind: defaultEndpointKind(p.container, p.protocol),
        displayName: uniqueName(base, endpointNames),
      });
    }
    containers.push({
      name: containerName(service),
      ...mapImage(service, s, options.registries, out),
      ...(environmentVariables.length > 0 ? { environmentVariables } : {}),
      ...(entryPoint ? { entryPoint } : {}),
      ...(probes ? { probes } : {}),
      ...(mounts.length > 0 ? { volumeMounts: mounts.map((m) => ({ name: m.volume.slice(0, LIMITS.shortName.max), mountPath: m.mountPath })) } : {}),
    });
  }

  for (const name of volumeNames) {
    const def = topVolumes[name];
    if (isRecord(def) && (def.external === true || isRecord(def.external))) {
      out.add(null, 'volumes', `The external volume ${showText(name)} becomes a new, empty volume of ${DEFAULT_VOLUME_SIZE_GB} GB: its data is not copied.`);
    } else if (isRecord(def) && (def.driver !== undefined || def.driver_opts !== undefined)) {
      out.add(null, 'volumes', `The driver settings of volume ${showText(name)} were left out: the platform provides the volume.`);
    }
  }
  if (volumeNames.length > 0) {
    out.add(null, 'volumes', `Each volume is given ${DEFAULT_VOLUME_SIZE_GB} GB (compose has no sizes); change it in the form.`);
  }

  const body: AddApplicationRequestInput = {
    name: appName(doc, options.folderName),
    runtimeType: 'shared',
    autoScaling: { min: 1, max: 1 },
    regionSettings: {},
    containerTemplates: containers,
    ...(volumeNames.length > 0 ? { volumes: volumeNames.map((name) => ({ name: name.slice(0, LIMITS.shortName.max), size: DEFAULT_VOLUME_SIZE_GB })) } : {}),
  };
  return { body: withEndpoints(body, endpoints), endpoints, unmapped: out.unmapped };
}
