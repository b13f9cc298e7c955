/**
 * A compose healthcheck as the platform's liveness probe: a curl or wget of a local http:// address becomes an HTTP
 * check, an `nc -z` of a local port a TCP one; its timings are read as compose durations. Any other test is noted.
 */
import { showText } from '../console/command-shell.js';
import { splitCommandLine } from './command-line.js';
import type { Note } from './compose-ports.js';
import { isRecord, type Json } from './json.js';
import { LIMITS, type AddApplicationRequestInput } from './schema.js';

type Container = NonNullable<AddApplicationRequestInput['containerTemplates']>[number];
type Probe = NonNullable<NonNullable<Container['probes']>['liveness']>;

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

function probeSeconds(key: string, value: unknown, note: Note): number | undefined {
  if (value === undefined) return undefined;
  const seconds = durationSeconds(value);
  if (seconds === null) {
    note(`healthcheck.${key}`, `${showText(String(value))} is not a duration (such as 30s or 1m30s); the platform’s default is used.`);
    return undefined;
  }
  return Math.min(LIMITS.probeSeconds.max, Math.max(LIMITS.probeSeconds.min, seconds));
}

/** A healthcheck as a liveness probe, when its test is an HTTP GET or TCP connect on localhost. */
export function mapHealthcheck(s: Json, note: Note): Container['probes'] | undefined {
  const h = s.healthcheck;
  if (!isRecord(h) || h.disable === true) return undefined;
  const words = healthWords(h.test);
  if (words === 'none') return undefined;
  const check = words ? probeCheck(words) : null;
  if (!check) {
    const shown = Array.isArray(h.test) ? h.test.join(' ') : String(h.test ?? '');
    note(
      'healthcheck',
      `${showText(shown)} was left out: the platform’s probes make an HTTP request or open a TCP port, so only a curl or wget of a local http:// address or an nc -z of a local port becomes one.`,
    );
    return undefined;
  }
  const retries = typeof h.retries === 'number' && Number.isInteger(h.retries) ? Math.min(LIMITS.probeThreshold.max, Math.max(1, h.retries)) : undefined;
  const timings = {
    periodSeconds: probeSeconds('interval', h.interval, note),
    timeoutSeconds: probeSeconds('timeout', h.timeout, note),
    failureThreshold: retries,
    initialDelaySeconds: probeSeconds('start_period', h.start_period, note),
  };
  // Docker marks a failing container unhealthy and replaces it: the platform's liveness probe does the same.
  const liveness: Probe = { ...check, ...Object.fromEntries(Object.entries(timings).filter(([, v]) => v !== undefined)) };
  return { liveness };
}

