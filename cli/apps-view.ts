/**
 * `burrow apps get <id>` in words, as the app's page shows it: the status as a word, the instances the overview
 * reports, each container with its image and tag, its endpoints with their public address, volumes, regions by name
 * and scaling. Every member is checked before it is read: a member of an unexpected shape is left out (the whole
 * answer stays available with --json), never drawn wrong.
 */
import { MASK } from '../shared/common/redact.js';
import { isSecretEnvVar } from '../shared/apps/env-text.js';
import { num, obj, objects, str, strings, type Json as Obj } from '../shared/apps/json.js';
import type { AppDetail, AppOverview } from '../shared/contract/apps.js';

/** What a status means, in words; a status the platform added later is shown as it wrote it. */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  active: 'Running',
  progressing: 'Changing',
  inactive: 'Not deployed',
  failing: 'Failing',
  suspended: 'Suspended',
  unknown: 'Unknown',
};

/** A status in words, read in any letter case; an unknown one as written. */
export function statusWords(status: string | null | undefined): string {
  if (status === null || status === undefined || status === '') return 'Unknown';
  return STATUS_WORDS[status.toLowerCase()] ?? status;
}

/** An indicator's number: the platform documents `indicator`; `value` (the contract's name for it) is read too. */
export function indicatorValue(i: AppOverview['activeInstances']): number | null {
  const raw: unknown = i?.indicator ?? i?.value;
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
}

/** The instances the overview reports running: the indicator, else the regions' counts added; null when neither is given. */
export function runningInstances(o: AppOverview): number | null {
  const active = indicatorValue(o.activeInstances);
  if (active !== null) return active;
  const rows = (o.regions ?? []).filter((r) => typeof r.instances === 'number');
  return rows.length > 0 ? rows.reduce((n, r) => n + (r.instances ?? 0), 0) : null;
}

/** The image with its tag: the whole reference when the platform sent one, else built from its parts. */
export function imageOf(c: Obj): string {
  const whole = str(c.image);
  if (whole) return whole;
  const name = [str(c.imageNamespace), str(c.imageName)].filter(Boolean).join('/');
  if (!name) return '(no image)';
  return `${name}${str(c.imageTag) ? `:${str(c.imageTag)}` : ''}`;
}

function endpointLine(e: Obj): string {
  const type = str(e.type) ?? ['cdn', 'anycast', 'publicIp'].find((k) => obj(e[k])) ?? 'endpoint';
  const settings = obj(e[type]) ?? e;
  const ports = objects(settings.portMappings)
    .filter((p) => num(p.containerPort) !== null)
    .map((p) => {
      const exposed = num(p.exposedPort);
      return exposed !== null && exposed !== p.containerPort ? `${exposed} → ${num(p.containerPort)}` : `${num(p.containerPort)}`;
    });
  const address = str(e.publicHost) ?? str(e.address);
  return `${str(e.displayName) ?? '(unnamed)'} (${type}${ports.length ? `, port ${ports.join(', ')}` : ''}): ${address ?? 'no public address yet'}`;
}

/** The app (and its overview when there is one) as lines of text; regions named by the names map. */
export function appWords(app: AppDetail, overview: AppOverview | null, regionNames: ReadonlyMap<string, string>): string {
  const a = app as Obj;
  const lines: string[] = [];
  const region = (id: string) => {
    const name = regionNames.get(id);
    return name !== undefined && name !== id ? `${name} (${id})` : id;
  };
  lines.push(`${app.name}  ${app.id}`);
  const status = overview?.status ?? app.status;
  // What each status means for the person reading it, and the next step when there is an obvious one.
  const meaning: Readonly<Record<string, string>> = {
    progressing: ' — deploying, stopping or restarting; it settles by itself',
    inactive: ` — no instances run; start it with: burrow apps deploy ${app.id}`,
    failing: ' — instances fail to start or keep stopping',
    suspended: ' — the platform will not run it; see the bunny.net dashboard',
  };
  lines.push(`Status: ${statusWords(status)}${meaning[(status ?? '').toLowerCase()] ?? ''}`);
  const active = overview ? runningInstances(overview) : null;
  const desired = num(overview?.desiredInstances);
  const instances = active ?? (Array.isArray(a.containerInstances) ? a.containerInstances.length : null);
  if (instances !== null) lines.push(`Instances: ${instances} running${desired !== null ? ` of ${desired} wanted` : ''}`);
  for (const r of overview?.regions ?? []) {
    if (!r.region) continue;
    const bits = [`${r.instances ?? '?'} instance${r.instances === 1 ? '' : 's'}`, ...(r.status ? [statusWords(r.status)] : []), ...(r.isRequired ? ['required'] : [])];
    lines.push(`  ${region(r.region)}: ${bits.join(', ')}`);
  }
  const cost = num(overview?.monthlyCost);
  // In dollars and cents, as the app's page says it ("$14.60"), not as the number arrived.
  if (cost !== null) lines.push(`Monthly cost: ${cost.toLocaleString('en-US', { style: 'currency', currency: 'USD' })}`);
  if (str(a.runtimeType)) lines.push(`Runtime: ${str(a.runtimeType)}`);
  const scaling = obj(a.autoScaling);
  if (num(scaling?.min) !== null && num(scaling?.max) !== null) lines.push(`Scaling: ${num(scaling?.min)}–${num(scaling?.max)} instances per region`);
  const regions = obj(a.regionSettings);
  if (regions) {
    const required = strings(regions.requiredRegionIds);
    const allowed = strings(regions.allowedRegionIds);
    lines.push(`Regions: ${allowed.length ? allowed.map(region).join(', ') : 'none allowed'}${required.length ? `; required: ${required.map(region).join(', ')}` : ''}`);
    if (num(regions.maxAllowedRegions) !== null) lines.push(`  at most ${num(regions.maxAllowedRegions)} regions`);
  }
  const containers = objects(a.containerTemplates);
  lines.push(containers.length ? 'Containers:' : 'Containers: none');
  for (const c of containers) {
    lines.push(`  ${str(c.name) ?? '(unnamed)'}${str(c.id) ? ` [${str(c.id)}]` : ''}: ${imageOf(c)}`);
    const env = objects(c.environmentVariables).filter((v) => str(v.name) !== null);
    if (env.length) lines.push(`    environment: ${env.map((v) => `${str(v.name)}=${isSecretEnvVar(str(v.name)!, v.value) ? MASK : typeof v.value === 'string' ? v.value : ''}`).join(', ')}`);
    for (const e of objects(c.endpoints)) lines.push(`    endpoint ${endpointLine(e)}`);
    for (const m of objects(c.volumeMounts)) if (str(m.name)) lines.push(`    mounts ${str(m.name)} at ${str(m.mountPath) ?? '?'}`);
  }
  const volumes = objects(a.volumes).filter((v) => str(v.name) !== null);
  if (volumes.length) lines.push(`Volumes: ${volumes.map((v) => `${str(v.name)} (${num(v.size) ?? '?'} GB)`).join(', ')}`);
  return `${lines.join('\n')}\n`;
}
