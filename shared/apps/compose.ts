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
import { mapHealthcheck } from './compose-health.js';
import { mapPorts, mapVolumes, scalarText, type Note } from './compose-ports.js';
import { parseEnvText } from './env-text.js';
import { parseImageReference } from './image-reference.js';
import { matchRegistry, type RegistryLike } from './image-registry.js';
import { isRecord, type Json } from './json.js';

/** The largest compose file read (compose files are a few kilobytes; anything this large is not one). */
export const COMPOSE_MAX_BYTES = 512 * 1024;
/** The largest env_file read. */
export const ENV_FILE_MAX_BYTES = 256 * 1024;
/** Size in GB given to each named volume: compose has no sizes, the platform needs one (the form lets the user change it). */
export const DEFAULT_VOLUME_SIZE_GB = 10;

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

type Container = NonNullable<AddApplicationRequestInput['containerTemplates']>[number];

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

function mapImage(s: Json, registries: readonly RegistryLike[], note: Note): Pick<Container, 'imageName' | 'imageNamespace' | 'imageTag' | 'imageRegistryId' | 'imageDigest'> {
  const blank = { imageName: '', imageNamespace: '', imageTag: '', imageRegistryId: '' };
  if (typeof s.image !== 'string' || s.image.trim() === '') {
    if (s.build === undefined) note('image', 'The service names no image; fill in the image in the form.');
    return blank;
  }
  // `${TAG:-1.0}` and the like are substituted by compose from the shell; here the default (or nothing) is used.
  const written = s.image.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*(?::?-([^}]*))?\}/g, (_m, fallback: string | undefined) => fallback ?? '');
  if (written !== s.image) note('image', `${showText(s.image)} uses a variable; it was read as ${showText(written)} (the default given, or nothing).`);
  const ref = parseImageReference(written);
  if (!ref.ok) {
    note('image', `${showText(written)} is not an image reference the platform takes: ${ref.problems.map((p) => p.message).join(' ')}`);
    return blank;
  }
  const { registryHost, namespace, name, tag, digest } = ref.value;
  const match = matchRegistry(registries, registryHost);
  if (!match.ok) note('image', `No registry for ${showText(written)}: ${match.message}`);
  if (namespace === '') note('image', `${showText(written)} has no namespace; the platform needs one, so fill it in the form.`);
  return {
    imageName: name,
    imageNamespace: namespace,
    imageTag: tag,
    imageRegistryId: match.ok ? match.imageRegistryId : '',
    ...(digest ? { imageDigest: digest } : {}),
  };
}

function mapEnvironment(s: Json, envFiles: ReadonlyMap<string, EnvFileRead>, note: Note): { name: string; value: string }[] {
  const values = new Map<string, string>();
  for (const ref of envFileRefs(s)) {
    const read = envFiles.get(ref.path);
    if (read === undefined || 'error' in read) {
      if (read && 'missing' in read && read.missing && !ref.required) continue;
      note('env_file', `${showText(ref.path)} could not be read: ${read ? read.error : 'it was not read'}.`);
      continue;
    }
    const parsed = parseEnvText(read.text);
    if (!parsed.ok) {
      note('env_file', `${showText(ref.path)} was left out: ${parsed.problems.map((p) => p.message).join(' ')}`);
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
    note('environment', 'Not a list or a mapping of variables; left out.');
  }
  for (const name of fromShell) {
    if (!values.has(name)) values.set(name, '');
  }
  if (fromShell.length > 0) {
    note('environment', `${fromShell.join(', ')} take${fromShell.length === 1 ? 's' : ''} a value from the shell; left empty for you to fill in.`);
  }
  const interpolated = [...values].filter(([, v]) => /\$\{?[A-Za-z_]/.test(v)).map(([n]) => n);
  if (interpolated.length > 0) {
    note('environment', `${interpolated.join(', ')} use${interpolated.length === 1 ? 's' : ''} shell variables ($NAME); kept as written, not substituted.`);
  }
  return [...values].map(([name, value]) => ({ name, value }));
}

/** A command or entrypoint in either form (a string split like a shell does, or a list), or null when it cannot be read. */
function commandWords(key: string, value: unknown, note: Note): string[] | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) {
    const words = value.map(scalarText);
    if (words.every((w): w is string => w !== null)) return words;
  } else if (typeof value === 'string') {
    const split = splitCommandLine(value);
    if (split.ok) return [...split.words];
    note(key, `${showText(value)} could not be split into words: ${split.problem.message}`);
    return null;
  }
  note(key, 'Not a string or a list of words; left out.');
  return null;
}

function mapEntryPoint(s: Json, note: Note): Container['entryPoint'] | undefined {
  // compose's entrypoint replaces the image's ENTRYPOINT (the platform's command), its command the image's CMD (the arguments).
  const command = commandWords('entrypoint', s.entrypoint, note);
  const args = commandWords('command', s.command, note);
  const workingDirectory = typeof s.working_dir === 'string' ? s.working_dir : null;
  if (command === null && args === null) {
    if (workingDirectory !== null) note('working_dir', `${showText(workingDirectory)} was left out: ${SERVICE_KEY_REASONS.working_dir}.`);
    return undefined;
  }
  return {
    ...(command !== null ? { commandArray: command } : {}),
    ...(args !== null ? { argumentsArray: args } : {}),
    ...(workingDirectory !== null ? { workingDirectory } : {}),
  };
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base.slice(0, LIMITS.shortName.max);
  for (let i = 2; taken.has(name); i++) name = `${base.slice(0, LIMITS.shortName.max - String(i).length - 1)}-${i}`;
  taken.add(name);
  return name;
}

/** Maps a parsed compose document (see parseComposeText) to one create request and the list of what did not fit. */
export function mapCompose(doc: Json, options: ComposeOptions): ComposeMapping {
  const unmapped: ComposeUnmapped[] = [];
  const noteOf = (service: string | null): Note => (key, message) => unmapped.push({ service, key, message });
  const top = noteOf(null);
  const envFiles = options.envFiles ?? new Map<string, EnvFileRead>();
  const services = isRecord(doc.services) ? doc.services : {};
  const topVolumes = isRecord(doc.volumes) ? doc.volumes : {};

  for (const key of Object.keys(doc)) {
    if (key === 'services' || key === 'volumes' || key === 'name' || key === 'version' || key.startsWith('x-')) continue;
    top(key, `Left out: ${TOP_KEY_REASONS[key] ?? 'the platform has no place for it'}.`);
  }

  const containers: Container[] = [];
  const endpoints: ComposeEndpoint[] = [];
  const endpointNames = new Set<string>();
  const volumeNames: string[] = [];

  for (const [service, raw] of Object.entries(services)) {
    const s: Json = isRecord(raw) ? raw : {};
    const index = containers.length;
    const note = noteOf(service);
    if (s.build !== undefined) {
      const used = typeof s.image === 'string' ? ' The image it names is used.' : '';
      note('build', `The build context was left out: ${SERVICE_KEY_REASONS.build}.${used}`);
    }
    for (const key of Object.keys(s)) {
      if (MAPPED_SERVICE_KEYS.has(key) || key.startsWith('x-')) continue;
      note(key, `Left out: ${SERVICE_KEY_REASONS[key] ?? 'the platform has no place for it'}.`);
    }
    const environmentVariables = mapEnvironment(s, envFiles, note);
    const entryPoint = mapEntryPoint(s, note);
    const probes = mapHealthcheck(s, note);
    const mounts = mapVolumes(s, note);
    for (const m of mounts) if (!volumeNames.includes(m.volume)) volumeNames.push(m.volume);
    for (const p of mapPorts(s, note)) {
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
      // The container is named after the service, cut to the platform's 50 characters.
      name: service.slice(0, LIMITS.shortName.max),
      ...mapImage(s, options.registries, note),
      ...(environmentVariables.length > 0 ? { environmentVariables } : {}),
      ...(entryPoint ? { entryPoint } : {}),
      ...(probes ? { probes } : {}),
      ...(mounts.length > 0 ? { volumeMounts: mounts.map((m) => ({ name: m.volume.slice(0, LIMITS.shortName.max), mountPath: m.mountPath })) } : {}),
    });
  }

  for (const name of volumeNames) {
    const def = topVolumes[name];
    if (isRecord(def) && (def.external === true || isRecord(def.external))) {
      top('volumes', `The external volume ${showText(name)} becomes a new, empty volume of ${DEFAULT_VOLUME_SIZE_GB} GB: its data is not copied.`);
    } else if (isRecord(def) && (def.driver !== undefined || def.driver_opts !== undefined)) {
      top('volumes', `The driver settings of volume ${showText(name)} were left out: the platform provides the volume.`);
    }
  }
  if (volumeNames.length > 0) {
    top('volumes', `Each volume is given ${DEFAULT_VOLUME_SIZE_GB} GB (compose has no sizes); change it in the form.`);
  }

  const body: AddApplicationRequestInput = {
    name: appName(doc, options.folderName),
    runtimeType: 'shared',
    autoScaling: { min: 1, max: 1 },
    regionSettings: {},
    containerTemplates: containers,
    ...(volumeNames.length > 0 ? { volumes: volumeNames.map((name) => ({ name: name.slice(0, LIMITS.shortName.max), size: DEFAULT_VOLUME_SIZE_GB })) } : {}),
  };
  return { body: withEndpoints(body, endpoints), endpoints, unmapped };
}
