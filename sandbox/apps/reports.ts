/**
 * What the platform reports about an app, derived from its state so the numbers agree with each other: the overview
 * (instances and regions, CPU and RAM, monthly cost), the usage summary, statistics over a time range, and its
 * volumes with their instances. Measured values are drawn from the app's id, so they are stable between reads.
 */
import type { SeedData } from '../context.js';
import type { ValidationError } from '../../shared/apps/schema.js';
import { activeRegions, isRunning, podsOf, stableId, statusOf, type Clock, type Pod, type StoredApp } from './running.js';
import { varietyDraw } from './variety.js';

/** Dollars per pod per month (730 hours) for the shared runtime; reserved costs three times as much. */
const POD_MONTH_USD = 7.3;
/** Dollars per GB of volume per month. */
const VOLUME_GB_MONTH_USD = 0.1;

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A measured value in [lo, hi), stable per key. */
function measure(key: string, lo: number, hi: number): number {
  return round(lo + varietyDraw(0, key) * (hi - lo));
}

type Grade = 'couldBeBetter' | 'notBad' | 'doingGreat';

/** A usage percentage graded as the dashboard does: low is good. */
function usageGrade(percent: number): Grade {
  return percent < 50 ? 'doingGreat' : percent < 80 ? 'notBad' : 'couldBeBetter';
}

function average(values: readonly number[]): number {
  return values.length === 0 ? 0 : round(values.reduce((a, b) => a + b, 0) / values.length);
}

const cpuOf = (pod: Pod) => measure(`cpu:${pod.id}`, 4, 38);
const ramOf = (pod: Pod) => measure(`ram:${pod.id}`, 12, 55);

function volumeSizeGb(app: StoredApp, pods: number): number {
  return app.volumes.reduce((sum, v) => sum + v.size, 0) * pods;
}

/** Monthly cost of what runs now and the volumes it holds. */
export function monthlyCost(app: StoredApp, pods: number): number {
  const perPod = POD_MONTH_USD * (app.runtimeType === 'reserved' ? 3 : 1);
  return round(pods * perPod + volumeSizeGb(app, pods) * VOLUME_GB_MONTH_USD);
}

function latencyOf(app: StoredApp, running: boolean): number {
  return running ? measure(`latency:${app.id}`, 18, 65) : 0;
}

/** GET /apps/{appId}/overview. */
export function overviewOf(app: StoredApp, seed: SeedData, clock: Clock): Record<string, unknown> {
  const pods = podsOf(app, seed, clock);
  const running = isRunning(app.run, clock);
  const regions = activeRegions(app, seed);
  const status = statusOf(app.run, clock);
  const cpu = average(pods.map(cpuOf));
  const ram = average(pods.map(ramOf));
  const latency = latencyOf(app, running);
  const desired = app.run.deployed && !app.run.suspended ? regions.length * app.autoScaling.min : 0;
  const regionStatus = status === 'suspended' ? 'inactive' : status;
  const podsIn = (region: string) => pods.filter((p) => p.region === region);
  return {
    targetLatency: { indicator: 50, statusGrade: 'doingGreat' },
    currentLatency: { indicator: latency, statusGrade: latency < 50 ? 'doingGreat' : 'notBad' },
    activeRegions: { indicator: running ? regions.length : 0, statusGrade: running ? 'doingGreat' : 'couldBeBetter' },
    activeInstances: { indicator: pods.length, statusGrade: pods.length >= desired ? 'doingGreat' : 'couldBeBetter' },
    desiredInstances: desired,
    status,
    averageCPU: { indicator: cpu, statusGrade: usageGrade(cpu) },
    averageRAM: { indicator: ram, statusGrade: usageGrade(ram) },
    averageVolumesUsage: { indicator: app.volumes.length > 0 && running ? measure(`volumes:${app.id}`, 2, 40) : 0, statusGrade: 'doingGreat' },
    regions: regions.map((region) => {
      const here = podsIn(region);
      return {
        region,
        isRequired: app.regionSettings.requiredRegionIds.includes(region),
        instances: here.length,
        status: regionStatus,
        averageCPU: average(here.map(cpuOf)),
        averageRAM: average(here.map(ramOf)),
        averageVolumesUsagePercentage: app.volumes.length > 0 && here.length > 0 ? measure(`volumes:${app.id}:${region}`, 2, 40) : 0,
        requests: here.length > 0 ? Math.round(measure(`requests:${app.id}:${region}`, 100, 5000)) : 0,
        anycastTraffic: 0,
        pods: here.map((pod) => ({
          name: `${app.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${pod.id.toLowerCase()}`,
          status: status === 'progressing' ? 'scheduled' : 'ready',
          lastHeartBeat: new Date(clock.now).toISOString(),
          cpuUsage: cpuOf(pod),
          ramUsage: ramOf(pod),
          containers: app.containerTemplates.map((t) => ({
            id: stableId(`instance:${pod.id}:${t.id}`, 15),
            name: t.name,
            cpuUsage: measure(`cpu:${pod.id}:${t.id}`, 1, 30),
            ramUsage: measure(`ram:${pod.id}:${t.id}`, 5, 50),
            reason: '',
            message: '',
            status: status === 'progressing' ? 'started' : 'ready',
            image: t.image,
            imageDisplay: `${t.imageName}:${t.imageTag}`,
            numberOfRestarts: 0,
            exitCode: null,
          })),
          message: null,
          volumesUtilizationPercentage: Object.fromEntries(app.volumes.map((v) => [v.name, measure(`volume:${pod.id}:${v.name}`, 2, 40)])),
        })),
      };
    }),
    averageLatency: latency,
    totalVolumeSizeInGb: volumeSizeGb(app, pods.length),
    monthlyCost: monthlyCost(app, pods.length),
    latencyChart: {},
  };
}

/** GET /apps/{appId}/summary. */
export function summaryOf(app: StoredApp, seed: SeedData, clock: Clock): Record<string, unknown> {
  const pods = podsOf(app, seed, clock).length;
  const latency = latencyOf(app, isRunning(app.run, clock));
  return {
    averageLatency: latency,
    currentLatency: latency,
    totalVolumeSizeInGb: volumeSizeGb(app, pods),
    monthlyCost: monthlyCost(app, pods),
    latencyChart: {},
    status: statusOf(app.run, clock),
  };
}

const STEP_MS: Readonly<Record<string, number>> = { daily: 86_400_000, hourly: 3_600_000, minute: 60_000 };
/** The most points one chart carries; a longer range is answered 400. */
const MAX_POINTS = 1000;

/** Reads the statistics query: fromDate (required), toDate (default now), granularity Daily|Hourly|Minute (required). */
export function statisticsRange(query: URLSearchParams, now: number): { from: number; to: number; step: number } | { errors: ValidationError[] } {
  const errors: ValidationError[] = [];
  const date = (name: string): number | undefined => {
    const raw = query.get(name);
    if (raw === null || raw === '') return undefined;
    const t = Date.parse(raw);
    if (Number.isNaN(t)) errors.push({ field: name, message: `The value '${raw}' is not valid for ${name}.` });
    return t;
  };
  const from = date('fromDate');
  if (query.get('fromDate') === null || query.get('fromDate') === '') errors.push({ field: 'fromDate', message: 'The fromDate field is required.' });
  const to = date('toDate') ?? now;
  const granularity = query.get('granularity');
  const step = granularity === null ? undefined : STEP_MS[granularity.toLowerCase()];
  if (granularity === null || granularity === '') errors.push({ field: 'granularity', message: 'The granularity field is required.' });
  else if (step === undefined) errors.push({ field: 'granularity', message: `The value '${granularity}' is not valid for granularity (Daily, Hourly or Minute).` });
  if (errors.length > 0 || from === undefined || step === undefined) return { errors };
  if (from > to) return { errors: [{ field: 'fromDate', message: 'fromDate must not be after toDate.' }] };
  if ((to - from) / step > MAX_POINTS) return { errors: [{ field: 'granularity', message: `The range holds more than ${MAX_POINTS} points at this granularity.` }] };
  return { from, to, step };
}

/** GET /apps/{appId}/statistics: one point per step from `from` to `to`, flat at today's values where the app runs now. */
export function statisticsOf(app: StoredApp, seed: SeedData, clock: Clock, range: { from: number; to: number; step: number }): Record<string, unknown> {
  const pods = podsOf(app, seed, clock);
  const running = pods.length > 0;
  const regions = running ? activeRegions(app, seed).length : 0;
  const keys: string[] = [];
  for (let t = Math.floor(range.from / range.step) * range.step; t <= range.to; t += range.step) keys.push(new Date(t).toISOString());
  const chart = (f: (key: string) => number) => Object.fromEntries(keys.map((k) => [k, f(k)]));
  const size = app.volumes.reduce((sum, v) => sum + v.size, 0) * pods.length;
  return {
    targetLatencyChart: chart(() => 50),
    activeRegionsChart: chart(() => regions),
    latencyChart: chart((k) => (running ? measure(`latency:${app.id}:${k}`, 18, 65) : 0)),
    instancesChart: chart(() => pods.length),
    cpuUsageChart: chart((k) => (running ? measure(`cpu:${app.id}:${k}`, 4, 38) : 0)),
    ramUsageChart: chart((k) => (running ? measure(`ram:${app.id}:${k}`, 12, 55) : 0)),
    trafficChart: chart((k) => (running ? measure(`traffic:${app.id}:${k}`, 0, 250) : 0)),
    volumesSplitUsageChart: {},
    volumesSplitCapacityChart: {},
    volumesUsageChart: chart((k) => (running && size > 0 ? measure(`vol:${app.id}:${k}`, 0, size / 4) : 0)),
    volumesCapacityChart: chart(() => size),
  };
}

/** One instance of a volume: one per pod slot (region and index) once the app was ever deployed. */
export interface VolumeInstanceView {
  readonly id: string;
  readonly attachedPods: string[];
  readonly attachedContainers: string[];
  readonly region: string;
  readonly status: 'attached' | 'detached';
  readonly size: number;
  readonly usage: number;
  readonly set: string;
}

/** The instances of one volume now. */
export function volumeInstances(app: StoredApp, seed: SeedData, clock: Clock, name: string): VolumeInstanceView[] {
  const volume = app.volumes.find((v) => v.name === name);
  if (!volume || app.run.generation === 0) return [];
  const pods = podsOf(app, seed, clock);
  const mounting = app.containerTemplates.filter((t) => t.volumeMounts.some((m) => m.name === name));
  const detached = app.run.detachedVolumes.includes(name);
  return activeRegions(app, seed).flatMap((region) =>
    Array.from({ length: app.autoScaling.min }, (_, index) => {
      const id = stableId(`volume:${app.id}:${name}:${region}:${index}`, 12);
      const pod = pods.find((p) => p.region === region && p.index === index);
      const attached = pod !== undefined && !detached && mounting.length > 0;
      return {
        id,
        attachedPods: attached ? [pod.id] : [],
        attachedContainers: attached ? mounting.map((t) => t.name) : [],
        region,
        status: attached ? ('attached' as const) : ('detached' as const),
        size: volume.size,
        usage: measure(`usage:${id}`, 0, volume.size / 4),
        set: `${name}-${region.toLowerCase()}`,
      };
    }),
  ).filter((v) => !app.run.deletedVolumeInstances.includes(v.id));
}

/** GET /apps/{appId}/volumes. */
export function volumesOf(app: StoredApp, seed: SeedData, clock: Clock): Record<string, unknown> {
  const items = app.volumes.map((v) => {
    const instances = volumeInstances(app, seed, clock, v.name);
    return {
      name: v.name,
      id: v.name,
      size: v.size,
      totalUsage: round(instances.reduce((sum, i) => sum + i.usage, 0)),
      totalInstancesCount: instances.length,
      attachedInstancesCount: instances.filter((i) => i.status === 'attached').length,
      containersCount: app.containerTemplates.filter((t) => t.volumeMounts.some((m) => m.name === v.name)).length,
      volumeInstances: instances,
    };
  });
  const pods = podsOf(app, seed, clock);
  return {
    items,
    meta: { totalItems: items.length },
    cursor: null,
    summary: {
      totalPods: pods.length,
      totalContainers: pods.length * app.containerTemplates.length,
      totalStorage: items.reduce((sum, v) => sum + v.size * v.totalInstancesCount, 0),
    },
  };
}
