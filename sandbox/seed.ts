/** Deterministic demo data for the sandbox, generated from a numeric seed. */
import { createHash } from 'node:crypto';
import type { SeedData } from './context.js';

/** A small seeded PRNG (mulberry32): same seed, same sequence, on every machine. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HEX = '0123456789abcdef';

/** A key-looking string in the platform's format: 8-4-4-4-12 hex groups followed by another 8-4-4-4-12. */
export function randomKey(rand: () => number): string {
  const group = (n: number) => Array.from({ length: n }, () => HEX[Math.floor(rand() * 16)]).join('');
  const guid = () => [group(8), group(4), group(4), group(4), group(12)].join('-');
  return `${guid()}${guid().slice(0, 13)}`;
}

/** A GUID of version-4 shape hashed from the seed and a label: stable per seed, unrelated to any secret. */
export function seededGuid(seed: number, label: string): string {
  const hex = createHash('sha256').update(`burrow-sandbox-${label}:${seed >>> 0}`).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The account's user id: a version-4-shaped GUID hashed from the seed number alone, so it is stable per
 * seed and shares nothing with the account key or any other secret.
 */
export function userIdFor(seed: number): string {
  return seededGuid(seed, 'user-id');
}

/**
 * The demo's busy pull zone: a shop with real-zone traffic (about 20 requests a second, a daily and weekly rhythm,
 * a cache-miss storm and a 5xx burst every day; see logging/busy.ts). The app opens Logs on it in the embedded
 * sandbox. It is the last zone of the seed, so the other zones keep their ids.
 */
export const BUSY_ZONE_NAME = 'busy-shop';

/** Builds the demo account for a seed. */
export function createSeed(seed = 1): SeedData {
  const rand = createRandom(seed);
  const id = (base: number) => base + Math.floor(rand() * 9000);
  const libA = id(100000);
  const libB = id(200000);
  const pzA = id(1_000_000);
  const pzB = id(2_000_000);
  const pzC = id(3_000_000);
  const szA = id(400000);
  const szB = id(500000);
  // The just-in-time library draws from its own sequence, so every value above stays what it was for a seed.
  const jitRand = createRandom(seed ^ 0x6a17);
  const jitId = (base: number) => base + Math.floor(jitRand() * 9000);
  const libJit = jitId(300000);
  const pzJit = jitId(4_000_000);
  const szJit = jitId(700000);
  // The busy zone draws from its own sequence too, so adding it changed no other id or key.
  const busyId = createRandom(seed ^ 0xb057)() * 9000;
  const pzBusy = 5_000_000 + Math.floor(busyId);
  return {
    userId: userIdFor(seed),
    accountKey: randomKey(rand),
    jwtSecret: randomKey(rand),
    libraries: [
      { id: libA, name: 'Demo Library', key: randomKey(rand), readOnlyKey: randomKey(rand), pullZoneId: pzB, storageZoneId: szA },
      { id: libB, name: 'Training Videos', key: randomKey(rand), readOnlyKey: randomKey(rand), pullZoneId: pzC, storageZoneId: szB },
      { id: libJit, name: 'Clips On Demand', key: randomKey(jitRand), readOnlyKey: randomKey(jitRand), pullZoneId: pzJit, storageZoneId: szJit, jitEncoding: true },
    ],
    collections: [{ libraryId: libA, guid: seededGuid(seed, 'collection'), name: 'Getting Started' }],
    pullZones: [
      { id: pzA, name: 'demo-site', hostname: 'demo-site.b-cdn.net', originUrl: 'https://origin.example.com', loggingEnabled: true, logAnonymizationType: 0 },
      { id: pzB, name: 'vz-demo-library', hostname: 'vz-demo-library.b-cdn.net', originUrl: 'https://video.example.com', loggingEnabled: true, logAnonymizationType: 0 },
      { id: pzC, name: 'vz-training', hostname: 'vz-training.b-cdn.net', originUrl: 'https://training.example.com', loggingEnabled: false, logAnonymizationType: 1 },
      { id: pzJit, name: 'vz-clips', hostname: 'vz-clips.b-cdn.net', originUrl: 'https://clips.example.com', loggingEnabled: true, logAnonymizationType: 0 },
      { id: pzBusy, name: BUSY_ZONE_NAME, hostname: `${BUSY_ZONE_NAME}.b-cdn.net`, originUrl: 'https://shop.example.com', loggingEnabled: true, logAnonymizationType: 0 },
    ],
    storageZones: [
      { id: szA, name: 'demo-storage', region: 'DE', password: randomKey(rand), readOnlyPassword: randomKey(rand) },
      { id: szB, name: 'training-storage', region: 'NY', password: randomKey(rand), readOnlyPassword: randomKey(rand) },
      { id: id(600000), name: 'assets-backup', region: 'SG', password: randomKey(rand), readOnlyPassword: randomKey(rand) },
      { id: szJit, name: 'clips-storage', region: 'UK', password: randomKey(jitRand), readOnlyPassword: randomKey(jitRand) },
    ],
    dnsZones: [
      { id: id(70000), domain: 'example.com' },
      { id: id(80000), domain: 'demo.test' },
    ],
    registries: [
      { id: 1, displayName: 'DockerHub Public', hostName: 'docker.io', isPublic: true },
      { id: 2, displayName: 'GitHub Public', hostName: 'ghcr.io', isPublic: true },
    ],
    regions: [
      { id: 'DE', name: 'Frankfurt', group: 'Europe', hasAnycastSupport: true, hasCapacity: true },
      { id: 'UK', name: 'London', group: 'Europe', hasAnycastSupport: true, hasCapacity: true },
      { id: 'NY', name: 'New York', group: 'North America', hasAnycastSupport: true, hasCapacity: true },
      { id: 'LA', name: 'Los Angeles', group: 'North America', hasAnycastSupport: false, hasCapacity: true },
      { id: 'SG', name: 'Singapore', group: 'Asia', hasAnycastSupport: true, hasCapacity: false },
      { id: 'SYD', name: 'Sydney', group: 'Oceania', hasAnycastSupport: false, hasCapacity: true },
    ],
  };
}
