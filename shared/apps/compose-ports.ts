/**
 * What a compose service publishes and mounts: its `ports` (short and long syntax, ranges) as the ports that become
 * endpoints, and its `volumes` as mounts of named volumes. What the platform cannot take is noted in words.
 */
import { showText } from '../console/command-shell.js';
import type { ComposeEndpoint } from './compose-endpoints.js';
import { isRecord, type Json } from './json.js';
import { LIMITS } from './schema.js';

/** A port range wider than this is not expanded into endpoints (one endpoint per port would be absurd). */
const MAX_PORTS_PER_RANGE = 20;

/** Notes what one service (or the file's top level) left out: the compose key and why, in words. */
export type Note = (key: string, message: string) => void;

/** Scalars as compose reads them in environment values and ports: numbers and booleans as written. */
export function scalarText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/** A list the service gives under `key` (none when absent; noted and none when it is not a list). */
function listAt(s: Json, key: string, note: Note): readonly unknown[] {
  const v = s[key];
  if (v !== undefined && v !== null && !Array.isArray(v)) note(key, `Not a list of ${key}; left out.`);
  return Array.isArray(v) ? v : [];
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

export interface PortSpec {
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

/** The service's published ports, each container port and protocol once. */
export function mapPorts(s: Json, note: Note): PortSpec[] {
  const specs: PortSpec[] = [];
  for (const item of listAt(s, 'ports', note)) {
    const read = readPort(item);
    if (typeof read === 'string') {
      note('ports', `A port was left out: ${read}.`);
      continue;
    }
    const ip = hostIpOf(item);
    if (ip) note('ports', `The host address ${showText(ip)} was dropped: the platform chooses the public address.`);
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

export interface Mount {
  readonly volume: string;
  readonly mountPath: string;
}

/** The service's named volumes as mounts; binds and other mounts are noted as left out. */
export function mapVolumes(s: Json, note: Note): Mount[] {
  const mounts: Mount[] = [];
  for (const item of listAt(s, 'volumes', note)) {
    let type: string;
    let source: string;
    let target: string;
    let readOnly: boolean;
    if (isRecord(item)) {
      type = typeof item.type === 'string' ? item.type : 'volume';
      source = typeof item.source === 'string' ? item.source : '';
      target = typeof item.target === 'string' ? item.target : '';
      readOnly = item.read_only === true;
    } else if (typeof item === 'string') {
      const parts = item.split(':');
      // `C:\data:/data` on Windows: the drive letter's colon belongs to the source.
      if (/^[A-Za-z]$/.test(parts[0] ?? '') && parts.length > 2) parts.splice(0, 2, `${parts[0]}:${parts[1]}`);
      [source, target] = parts.length === 1 ? ['', parts[0]!] : [parts[0]!, parts[1]!];
      readOnly = (parts[2] ?? '').split(',').includes('ro');
      type = isHostPath(source) ? 'bind' : 'volume';
    } else {
      note('volumes', 'An entry is neither a string nor a mapping; left out.');
      continue;
    }
    const shown = typeof item === 'string' ? item : `${source || '(anonymous)'} → ${target}`;
    if (type === 'bind') {
      note('volumes', `The bind mount ${showText(shown)} was left out: containers cannot see files on your computer; bake them into the image or use a volume.`);
    } else if (type !== 'volume') {
      note('volumes', `The ${type} mount ${showText(shown)} was left out: the platform mounts only named volumes.`);
    } else if (source === '') {
      note('volumes', `The anonymous volume at ${showText(target)} was left out: give it a name (name:${target}) to keep its data on a volume.`);
    } else if (target === '') {
      note('volumes', `The volume ${showText(source)} names no path to mount it at; left out.`);
    } else {
      if (readOnly) note('volumes', `The volume ${showText(source)} is mounted read-write: the platform has no read-only mounts.`);
      mounts.push({ volume: source, mountPath: target });
    }
  }
  return mounts;
}

