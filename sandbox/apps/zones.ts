/**
 * The pull zones of the apps' CDN endpoints (each endpoint names one by `pullZoneId`), with logging on, and the demo
 * apps a sandbox may start with: running apps whose zones carry traffic from before the start, one of them failing
 * a clear share (4 %) of its requests with a 5xx. Another app's zone carries traffic from the moment the sandbox
 * first saw its endpoint, with a 5xx share well below 1 %.
 */
import { addApplicationRequestSchema, type AddApplicationRequestInput } from '../../shared/apps/schema.js';
import type { AppZone, SeedData } from '../context.js';
import { createRandom } from '../seed.js';
import { buildApplication } from './model.js';
import { DEPLOYED, type StoredApp } from './running.js';
import { createIdSource, type AppStore } from './store.js';

/** The 5xx share of an app that is not a failing demo app. */
export const USUAL_5XX_RATE = 0.003;

/** Name, image, endpoint, 5xx share of each demo app. */
const DEMO_APPS: readonly (readonly [name: string, image: readonly [namespace: string, name: string, tag: string], endpoint: string, rate5xx: number])[] = [
  ['shop-api', ['example', 'shop-api', '1.4.2'], 'api', 0.04],
  ['docs-site', ['library', 'nginx', '1.27'], 'site', 0.002],
  ['thumbnailer', ['example', 'thumbnailer', '0.9.0'], 'images', 0.004],
];

/** The demo apps of a seed: the same ids, endpoints and zones every time. */
export function demoApps(seed: SeedData, seedNumber: number): { readonly app: StoredApp; readonly rate5xx: number }[] {
  const ids = createIdSource((seedNumber ^ 0xde70) >>> 0);
  const zoneRand = createRandom((seedNumber ^ 0xde71) >>> 0);
  return DEMO_APPS.map(([name, [imageNamespace, imageName, imageTag], endpoint, rate5xx]) => {
    const request: AddApplicationRequestInput = {
      name,
      runtimeType: 'shared',
      autoScaling: { min: 1, max: 3 },
      regionSettings: { requiredRegionIds: ['DE'] },
      containerTemplates: [
        {
          name: 'web',
          imageNamespace,
          imageName,
          imageTag,
          imageRegistryId: imageNamespace === 'library' ? '1' : '2',
          endpoints: [{ displayName: endpoint, cdn: { pullZoneId: 6_000_000 + Math.floor(zoneRand() * 900_000), portMappings: [{ containerPort: 8080 }] } }],
        },
      ],
    };
    const app = buildApplication(ids.id(15), addApplicationRequestSchema.parse(request), seed.registries, ids);
    return { app: { ...app, run: DEPLOYED }, rate5xx };
  });
}

/** Tracks the apps' endpoint zones: when each was first seen, and each app's 5xx share. */
export function createAppZones(store: AppStore, now: () => number, failing: ReadonlyMap<string, number>) {
  const firstSeen = new Map<number, number>();
  const zones = (): AppZone[] => {
    const out = new Map<number, AppZone>();
    for (const app of store.list()) {
      for (const e of app.containerTemplates.flatMap((t) => t.endpoints)) {
        const id = Number(e.pullZoneId);
        if (e.type !== 'cdn' || !Number.isSafeInteger(id) || id <= 0 || out.has(id)) continue;
        if (!firstSeen.has(id)) firstSeen.set(id, now());
        const name = e.publicHost.replace(/\.b-cdn\.net$/, '');
        const rate5xx = failing.get(app.id) ?? USUAL_5XX_RATE;
        out.set(id, { id, name, hostname: e.publicHost, originUrl: `http://${name}.mc.internal`, loggingEnabled: true, logAnonymizationType: 0, appId: app.id, since: firstSeen.get(id)!, rate5xx });
      }
    }
    return [...out.values()];
  };
  return {
    zones,
    /** These apps' zones carry traffic from before the start (apps the sandbox started with, demo apps). */
    always: (appIds: readonly string[]) => {
      for (const z of zones()) if (appIds.includes(z.appId)) firstSeen.set(z.id, -Infinity);
    },
  };
}
