/** Pure helpers for the probes editor: a probe's kind, immutable edits that leave untouched parts out, exposed ports. */
import { isRecord } from '../../../../shared/apps/json';

/** The three ways the platform can probe a container; a probe holds exactly one. */
export const PROBE_KINDS = ['httpGet', 'tcpSocket', 'grpc'] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];
export const PROBE_KIND_LABELS: Readonly<Record<ProbeKind, string>> = { httpGet: 'HTTP', tcpSocket: 'TCP', grpc: 'gRPC' };

export type Json = Readonly<Record<string, unknown>>;

/** The kind a probe value holds (the first present), or undefined. */
export function kindOf(probe: unknown): ProbeKind | undefined {
  return isRecord(probe) ? PROBE_KINDS.find((k) => probe[k] != null) : undefined;
}

/**
 * `obj` with `keys` set to `value`; an undefined value removes the key, and an object that becomes empty is removed
 * too, except at the first level (a probe's `httpGet: {}` still says which kind it is).
 */
export function setIn(obj: Json, keys: readonly string[], value: unknown, depth = 1): Json {
  const [key, ...rest] = keys;
  if (key === undefined) return obj;
  const out: Record<string, unknown> = { ...obj };
  const next = rest.length === 0 ? value : setIn(isRecord(out[key]) ? out[key] : {}, rest, value, depth + 1);
  const emptyObject = isRecord(next) && Object.keys(next).length === 0;
  if (next === undefined || (emptyObject && depth > 1)) delete out[key];
  else out[key] = next;
  return out;
}

/** Reads `keys` out of nested objects. */
export function getIn(obj: unknown, keys: readonly string[]): unknown {
  let node: unknown = obj;
  for (const k of keys) node = isRecord(node) ? node[k] : undefined;
  return node;
}

/** The container ports the container's endpoints (CDN or anycast) make reachable. */
export function exposedPorts(endpoints: unknown): ReadonlySet<number> {
  const ports = new Set<number>();
  if (!Array.isArray(endpoints)) return ports;
  for (const e of endpoints) {
    for (const kind of ['cdn', 'anycast']) {
      const mappings = getIn(e, [kind, 'portMappings']);
      if (!Array.isArray(mappings)) continue;
      for (const m of mappings) {
        const p = getIn(m, ['containerPort']);
        if (typeof p === 'number') ports.add(p);
      }
    }
  }
  return ports;
}
