/**
 * An application's running state, computed from timestamps so it moves with the sandbox's clock without timers:
 * created apps are inactive; deploy, undeploy, restart and changes to a deployed app are `progressing` for the
 * transition period, then settle. A running app has autoscaling.min pods in each active region (its required
 * regions, else its first allowed region, else the account's first region), each pod one instance per container.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SeedData, SeedRegion } from '../context.js';
import type { Application, ApplicationStatus, ContainerInstance } from './model.js';

/** What the sandbox keeps about an app's deployment. */
export interface RunState {
  /** Whether the app is (being) deployed. */
  readonly deployed: boolean;
  /** When the last change began (deploy, undeploy, restart, update); null when nothing ever moved. */
  readonly changedAt: number | null;
  /** Whether it ran when the last change began (its instances stay while it is undeploying). */
  readonly wasRunning: boolean;
  /** Counts restarts and deploys: each one makes new pods. */
  readonly generation: number;
  /** Set through the admin route: deploy, undeploy and restart answer 409 and the status is `suspended`. */
  readonly suspended: boolean;
  /** Volumes detached by POST …/volumes/{name}/detach, until the next deploy. */
  readonly detachedVolumes: readonly string[];
  /** Volume instances deleted by DELETE …/instances/{instanceId}, until the next deploy. */
  readonly deletedVolumeInstances: readonly string[];
  /** How often each pod (by region and index) was recreated in this generation. */
  readonly recreated: Readonly<Record<string, number>>;
}

/** A stored application: the platform's object and its running state. */
export type StoredApp = Application & { readonly run: RunState };

/** A created app: never deployed. */
export const NOT_DEPLOYED: RunState = {
  deployed: false,
  changedAt: null,
  wasRunning: false,
  generation: 0,
  suspended: false,
  detachedVolumes: [],
  deletedVolumeInstances: [],
  recreated: {},
};

/** An app saved without a running state (an earlier sandbox version) was shown as active: it stays deployed. */
export const DEPLOYED: RunState = { ...NOT_DEPLOYED, deployed: true, generation: 1 };

const runSchema = z.object({
  deployed: z.boolean(),
  changedAt: z.number().nullable(),
  wasRunning: z.boolean(),
  generation: z.number().int(),
  suspended: z.boolean().default(false),
  detachedVolumes: z.array(z.string()).default([]),
  deletedVolumeInstances: z.array(z.string()).default([]),
  recreated: z.record(z.string(), z.number()).default({}),
});

/** The running state kept with a saved app, or DEPLOYED when there is none (or it cannot be read). */
export function savedRunState(value: unknown): RunState {
  const parsed = runSchema.safeParse(value);
  return parsed.success ? parsed.data : DEPLOYED;
}

/** The clock and transition length the computations read. */
export interface Clock {
  readonly now: number;
  readonly transitionMs: number;
}

/** Whether the last change has run its course. */
export function settled(run: RunState, clock: Clock): boolean {
  return run.changedAt === null || clock.now - run.changedAt >= clock.transitionMs;
}

/** Whether the app has instances now. */
export function isRunning(run: RunState, clock: Clock): boolean {
  if (run.suspended) return false;
  return settled(run, clock) ? run.deployed : run.wasRunning;
}

export function statusOf(run: RunState, clock: Clock): ApplicationStatus {
  if (run.suspended) return 'suspended';
  if (!settled(run, clock)) return 'progressing';
  return run.deployed ? 'active' : 'inactive';
}

/** The running state after a change that (re)starts pods: deploy, restart, an update or rescale of a deployed app. */
export function started(run: RunState, clock: Clock, fresh: boolean): RunState {
  return {
    ...run,
    deployed: true,
    changedAt: clock.now,
    wasRunning: isRunning(run, clock),
    generation: run.generation + 1,
    recreated: {},
    ...(fresh ? { detachedVolumes: [], deletedVolumeInstances: [] } : {}),
  };
}

/** The running state after undeploy: progressing while the pods stop, then inactive. Already stopped stays as is. */
export function stopped(run: RunState, clock: Clock): RunState {
  if (!run.deployed && settled(run, clock)) return run;
  return { ...run, deployed: false, changedAt: clock.now, wasRunning: isRunning(run, clock) };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A stable base62 id of `length` characters for a key: the same pod or instance always has the same id. */
export function stableId(key: string, length: number): string {
  const bytes = createHash('sha256').update(key).digest();
  return Array.from({ length }, (_, i) => BASE62[(bytes[i % bytes.length] ?? 0) % 62]).join('');
}

/** The regions an app runs in. */
export function activeRegions(app: Application, seed: SeedData): string[] {
  const { requiredRegionIds, allowedRegionIds } = app.regionSettings;
  if (requiredRegionIds.length > 0) return [...requiredRegionIds];
  if (allowedRegionIds.length > 0) return [allowedRegionIds[0] ?? ''];
  return [seed.regions[0]?.id ?? 'DE'];
}

/** The nodes of a region: two per region, at addresses fixed by the region's place in the account's list. */
export function nodesOf(regions: readonly SeedRegion[], regionId: string): string[] {
  const index = Math.max(0, regions.findIndex((r) => r.id === regionId));
  return [0, 1].map((n) => `185.152.${64 + index}.${11 + n * 10}`);
}

/** Every node of the account (GET /nodes). */
export function allNodes(regions: readonly SeedRegion[]): string[] {
  return regions.flatMap((r) => nodesOf(regions, r.id));
}

/** One pod of a running app. */
export interface Pod {
  readonly id: string;
  readonly region: string;
  readonly index: number;
  readonly nodeIpAddress: string;
}

/** The pods of an app now (none while it is not running). */
export function podsOf(app: StoredApp, seed: SeedData, clock: Clock): Pod[] {
  if (!isRunning(app.run, clock)) return [];
  return activeRegions(app, seed).flatMap((region) => {
    const nodes = nodesOf(seed.regions, region);
    return Array.from({ length: app.autoScaling.min }, (_, index) => {
      const again = app.run.recreated[`${region}:${index}`] ?? 0;
      return {
        id: stableId(`pod:${app.id}:${app.run.generation}:${region}:${index}:${again}`, 14),
        region,
        index,
        nodeIpAddress: nodes[index % nodes.length] ?? '185.152.64.11',
      };
    });
  });
}

/** containerInstances: one per container in each pod. */
export function instancesOf(app: StoredApp, seed: SeedData, clock: Clock): ContainerInstance[] {
  return podsOf(app, seed, clock).flatMap((pod) =>
    app.containerTemplates.map((t) => ({ id: stableId(`instance:${pod.id}:${t.id}`, 15), templateId: t.id, podId: pod.id, nodeIpAddress: pod.nodeIpAddress })),
  );
}

/** The application as GET /apps/{appId} answers it now. */
export function viewOf(app: StoredApp, seed: SeedData, clock: Clock): Application {
  const { run: _run, ...wire } = app;
  return { ...wire, status: statusOf(app.run, clock), containerInstances: instancesOf(app, seed, clock) };
}
