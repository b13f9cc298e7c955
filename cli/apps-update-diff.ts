/**
 * What `burrow apps update` shows before it sends: the changes from the app as it is to the whole desired request, in
 * words, one line each. Items are matched the way the platform's merge-patch matches them: a container or endpoint
 * with an id is that item (changed), one without an id is added, one of the app left out of the request is removed
 * (said as a removal). Values of secret-looking environment variables are masked.
 */
import { isSecretEnvVar } from '../shared/apps/env-text.js';
import type { ApplicationRead } from '../shared/apps/platform-answers.js';
import { MASK } from '../shared/redact.js';

type Obj = Readonly<Record<string, unknown>>;
const obj = (v: unknown): Obj | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : null);
const objects = (v: unknown): Obj[] => (Array.isArray(v) ? v : []).map(obj).filter((o): o is Obj => o !== null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** A value as a line shows it: strings quoted, the rest as JSON, absent as "(none)". */
const shown = (v: unknown): string => (v === undefined || v === null ? '(none)' : JSON.stringify(v));
/** Two values alike as JSON, keys in any order. */
function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(norm);
    const o = obj(v);
    if (!o) return v ?? null;
    return Object.fromEntries(Object.keys(o).filter((k) => o[k] !== null && o[k] !== undefined).sort().map((k) => [k, norm(o[k])]));
  };
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/** The image reference of a container request or template: registry id, namespace/name:tag. */
function image(c: Obj): string {
  const name = [str(c.imageNamespace), str(c.imageName)].filter(Boolean).join('/');
  return `${name}${str(c.imageTag) ? `:${str(c.imageTag)}` : ''}`;
}

function envLines(where: string, before: unknown, after: unknown): string[] {
  const list = (v: unknown) => objects(v).filter((e) => typeof e.name === 'string').map((e) => ({ name: e.name as string, value: typeof e.value === 'string' ? e.value : '' }));
  const old = new Map(list(before).map((v) => [v.name, v.value]));
  const now = list(after);
  const mask = (name: string, ...values: string[]) => (v: string) => (values.some((x) => isSecretEnvVar(name, x)) ? MASK : JSON.stringify(v));
  const lines: string[] = [];
  for (const v of now) {
    const was = old.get(v.name);
    const m = mask(v.name, v.value, ...(was === undefined ? [] : [was]));
    if (was === undefined) lines.push(`${where}: add environment variable ${v.name} = ${m(v.value)}`);
    else if (was !== v.value) lines.push(`${where}: change environment variable ${v.name}: ${m(was)} → ${m(v.value)}`);
  }
  const names = new Set(now.map((v) => v.name));
  for (const name of old.keys()) if (!names.has(name)) lines.push(`${where}: remove environment variable ${name}`);
  return lines;
}

/** An endpoint request nests its settings under its kind; the app's flattens them with a type. */
function endpointKind(e: Obj): string {
  return str(e.type) ?? ['cdn', 'anycast', 'publicIp'].find((k) => obj(e[k])) ?? 'endpoint';
}

function endpointLines(where: string, before: unknown, after: unknown): string[] {
  const lines: string[] = [];
  const old = objects(before);
  const now = objects(after);
  for (const e of now) {
    const name = str(e.displayName) ?? '(unnamed)';
    const was = str(e.id) ? old.find((o) => o.id === e.id) : undefined;
    if (!was) lines.push(`${where}: add ${endpointKind(e)} endpoint ${name}`);
    else {
      if (was.displayName !== e.displayName) lines.push(`${where}: rename endpoint ${shown(was.displayName)} → ${shown(e.displayName)}`);
      const settings = obj(e[endpointKind(e)]) ?? e;
      if (!same(objects(was.portMappings).map((p) => [p.containerPort, p.exposedPort ?? p.containerPort]), objects(settings.portMappings).map((p) => [p.containerPort, p.exposedPort ?? p.containerPort])))
        lines.push(`${where}: change the ports of endpoint ${name}`);
    }
  }
  for (const o of old) if (!now.some((e) => str(e.id) !== null && e.id === o.id)) lines.push(`${where}: remove endpoint ${str(o.displayName) ?? str(o.id) ?? '(unnamed)'}`);
  return lines;
}

function containerLines(before: Obj, after: Obj): string[] {
  const where = `container ${str(before.name) ?? '?'}`;
  const lines: string[] = [];
  if (before.name !== after.name) lines.push(`${where}: rename to ${shown(after.name)}`);
  if (image(before) !== image(after) || String(before.imageRegistryId ?? '') !== String(after.imageRegistryId ?? '')) lines.push(`${where}: image ${image(before)} → ${image(after)}`);
  lines.push(...envLines(where, before.environmentVariables, after.environmentVariables));
  lines.push(...endpointLines(where, before.endpoints, after.endpoints));
  const mounts = (v: unknown) => objects(v).map((m) => `${String(m.name)} at ${String(m.mountPath)}`);
  for (const m of mounts(after.volumeMounts)) if (!mounts(before.volumeMounts).includes(m)) lines.push(`${where}: mount ${m}`);
  for (const m of mounts(before.volumeMounts)) if (!mounts(after.volumeMounts).includes(m)) lines.push(`${where}: remove the mount of ${m}`);
  for (const key of ['entryPoint', 'probes', 'imagePullPolicy'] as const) {
    if (after[key] !== undefined && !same(before[key], after[key])) lines.push(`${where}: change ${key === 'entryPoint' ? 'the command' : key === 'probes' ? 'the probes' : 'the pull policy'}`);
  }
  return lines;
}

/** The changes from the app to the desired request, one line each in words; no lines when nothing changes. */
export function describeUpdate(current: ApplicationRead, desired: unknown): { readonly lines: readonly string[] } {
  const a = current as Obj;
  const d = obj(desired) ?? {};
  const lines: string[] = [];
  if (d.name !== undefined && d.name !== a.name) lines.push(`name: ${shown(a.name)} → ${shown(d.name)}`);
  if (d.runtimeType !== undefined && String(d.runtimeType).toLowerCase() !== String(a.runtimeType ?? '').toLowerCase()) lines.push(`runtime: ${shown(a.runtimeType)} → ${shown(d.runtimeType)}`);
  const sa = obj(a.autoScaling);
  const sd = obj(d.autoScaling);
  if (sd && (sa?.min !== sd.min || sa?.max !== sd.max)) lines.push(`scaling: ${shown(sa?.min)}–${shown(sa?.max)} → ${shown(sd.min)}–${shown(sd.max)} instances per region`);
  const ra = obj(a.regionSettings);
  const rd = obj(d.regionSettings);
  if (rd) {
    for (const [key, words] of [['allowedRegionIds', 'allowed regions'], ['requiredRegionIds', 'required regions']] as const) {
      const was = (Array.isArray(ra?.[key]) ? (ra[key] as unknown[]) : []).map(String);
      const now = (Array.isArray(rd[key]) ? (rd[key] as unknown[]) : []).map(String);
      if (!same([...was].sort(), [...now].sort())) lines.push(`${words}: ${was.join(', ') || 'none'} → ${now.join(', ') || 'none'}`);
    }
    if ((ra?.maxAllowedRegions ?? null) !== (rd.maxAllowedRegions ?? null)) lines.push(`at most regions: ${shown(ra?.maxAllowedRegions)} → ${shown(rd.maxAllowedRegions)}`);
  }
  const ca = objects(a.containerTemplates);
  const cd = objects(d.containerTemplates);
  for (const c of cd) {
    const was = str(c.id) ? ca.find((o) => o.id === c.id) : undefined;
    if (was) lines.push(...containerLines(was, c));
    else lines.push(`add container ${str(c.name) ?? '(unnamed)'}: ${image(c)}`, ...envLines(`container ${str(c.name) ?? '?'}`, [], c.environmentVariables));
  }
  for (const o of ca) if (!cd.some((c) => str(c.id) !== null && c.id === o.id)) lines.push(`remove container ${str(o.name) ?? str(o.id) ?? '(unnamed)'} (and its endpoints)`);
  const va = objects(a.volumes);
  const vd = objects(d.volumes);
  for (const v of vd) {
    const was = va.find((o) => o.name === v.name);
    if (!was) lines.push(`add volume ${String(v.name)} (${shown(v.size)} GB)`);
    else if (was.size !== v.size) lines.push(`volume ${String(v.name)}: ${shown(was.size)} → ${shown(v.size)} GB`);
  }
  for (const o of va) if (!vd.some((v) => v.name === o.name)) lines.push(`remove volume ${String(o.name)}`);
  return { lines };
}
