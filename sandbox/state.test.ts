import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Upload } from 'tus-js-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOptions } from './context.js';
import { startSandbox, type Sandbox } from './server.js';
import { STATE_FILE } from './state.js';
import { tusSignature } from './videos/index.js';
import { bytes, sha256, waitFor } from './videos/testing/support.js';

const dirs: string[] = [];
const running: Sandbox[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sandbox-state-'));
  dirs.push(dir);
  return dir;
}

async function start(options: SandboxOptions): Promise<Sandbox> {
  const s = await startSandbox({ processingStepMs: 10, liveTraffic: false, realism: false, ...options });
  running.push(s);
  return s;
}

async function stop(s: Sandbox): Promise<void> {
  running.splice(running.indexOf(s), 1);
  await s.close();
}

async function call(url: string, method: string, key: string, json?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, {
    method,
    headers: { AccessKey: key, accept: 'application/json', ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

interface Video {
  guid: string;
  title: string;
  status: number;
  storageSize: number;
  length: number;
  originalHash: string | null;
  collectionId: string | null;
}

/** Makes one of everything a user makes: an app, a collection, a PUT video in it, a tus video, a DNS zone, a pull-zone edit. */
async function makeAccount(s: Sandbox) {
  const lib = s.libraries[0]!;
  const app = await call(`${s.containersUrl}/apps`, 'POST', s.accountKey, { name: 'kept-app', runtimeType: 'Shared', autoScaling: { min: 1, max: 1 }, regionSettings: {} });
  expect(app.status).toBe(201);
  const collection = await call(`${s.videoUrl}/library/${lib.id}/collections`, 'POST', lib.key, { name: 'Kept collection' });
  expect(collection.status).toBe(200);
  const collectionId = (collection.json as { guid: string }).guid;

  const big = bytes(1_500_000, 5);
  const put = (await call(`${s.videoUrl}/library/${lib.id}/videos`, 'POST', lib.key, { title: 'Big upload', collectionId })).json as Video;
  const sent = await fetch(`${s.videoUrl}/library/${lib.id}/videos/${put.guid}`, { method: 'PUT', headers: { AccessKey: lib.key }, body: new Uint8Array(big) });
  expect(sent.status).toBe(200);

  const small = bytes(300_000, 6);
  const tus = (await call(`${s.videoUrl}/library/${lib.id}/videos`, 'POST', lib.key, { title: 'Small tus upload' })).json as Video;
  const expire = Math.floor(Date.now() / 1000) + 3600;
  await new Promise<void>((resolve, reject) => {
    new Upload(small, {
      endpoint: `${s.videoUrl}/tusupload`,
      headers: { AuthorizationSignature: tusSignature(lib.id, lib.key, expire, tus.guid), AuthorizationExpire: String(expire), LibraryId: String(lib.id), VideoId: tus.guid },
      metadata: { filetype: 'video/mp4', title: 'Small tus upload' },
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });

  const zone = await call(`${s.apiUrl}/dnszone`, 'POST', s.accountKey, { Domain: 'kept.example.com' });
  expect(zone.status).toBe(201);
  const zoneId = s.pullZones[0]!.id;
  expect((await call(`${s.apiUrl}/pullzone/${zoneId}`, 'POST', s.accountKey, { OriginUrl: 'https://kept-origin.example.com' })).status).toBe(200);

  for (const guid of [put.guid, tus.guid]) {
    await waitFor(async () => ((await call(`${s.videoUrl}/library/${lib.id}/videos/${guid}`, 'GET', lib.key)).json as Video).status === 4 || undefined);
  }
  return { appId: (app.json as { id: string }).id, collectionId, big, put, small, tus, zoneId };
}

describe('a sandbox that keeps its account (persist)', () => {
  it('finds its apps, collections, videos (size, hash, detail), DNS zones and pull-zone edits again after a restart', async () => {
    const dataDir = await folder();
    const first = await start({ dataDir, persist: true });
    const made = await makeAccount(first);
    await stop(first);
    expect(existsSync(join(dataDir, STATE_FILE))).toBe(true);
    // Apps' environment values are in the file: only its owner may read it.
    expect((await stat(join(dataDir, STATE_FILE))).mode & 0o077).toBe(0);

    const again = await start({ dataDir, persist: true });
    const lib = again.libraries[0]!;
    const apps = (await call(`${again.containersUrl}/apps`, 'GET', again.accountKey)).json as { items: { id: string; name: string }[] };
    expect(apps.items).toContainEqual(expect.objectContaining({ id: made.appId, name: 'kept-app' }));
    expect((await call(`${again.containersUrl}/apps/${made.appId}`, 'GET', again.accountKey)).status).toBe(200);

    const big = (await call(`${again.videoUrl}/library/${lib.id}/videos/${made.put.guid}`, 'GET', lib.key)).json as Video;
    expect(big).toMatchObject({ title: 'Big upload', status: 4, storageSize: made.big.length, originalHash: sha256(made.big), collectionId: made.collectionId });
    expect(big.length).toBeGreaterThan(0);
    const small = (await call(`${again.videoUrl}/library/${lib.id}/videos/${made.tus.guid}`, 'GET', lib.key)).json as Video;
    expect(small).toMatchObject({ title: 'Small tus upload', status: 4, storageSize: made.small.length, originalHash: sha256(made.small) });
    // Small bytes are kept beside the state; a large upload keeps its size and hash only.
    expect(again.uploads.inspect(lib.id, made.tus.guid)).toMatchObject({ size: made.small.length, sha256: sha256(made.small) });
    const smallPath = again.uploads.inspect(lib.id, made.tus.guid)?.path;
    expect(smallPath && (await readFile(smallPath)).equals(made.small)).toBe(true);
    expect(again.uploads.inspect(lib.id, made.put.guid)).toMatchObject({ size: made.big.length, sha256: sha256(made.big), path: null });
    const stored = await readdir(join(dataDir, 'video', String(lib.id)));
    expect(stored.some((name) => name.startsWith(made.put.guid))).toBe(false);
    expect(stored).toEqual([`${made.tus.guid}.original`]);

    const list = (await call(`${again.videoUrl}/library/${lib.id}/videos?itemsPerPage=100`, 'GET', lib.key)).json as { items: Video[] };
    expect(list.items.map((v) => v.guid)).toEqual(expect.arrayContaining([made.put.guid, made.tus.guid]));
    const collection = (await call(`${again.videoUrl}/library/${lib.id}/collections/${made.collectionId}`, 'GET', lib.key)).json as { name: string; videoCount: number };
    expect(collection).toMatchObject({ name: 'Kept collection', videoCount: 1 });

    const zones = (await call(`${again.apiUrl}/dnszone`, 'GET', again.accountKey)).json as { Items: { Domain: string }[] };
    expect(zones.Items.map((z) => z.Domain)).toContain('kept.example.com');
    const pullZone = (await call(`${again.apiUrl}/pullzone/${made.zoneId}`, 'GET', again.accountKey)).json as { OriginUrl: string };
    expect(pullZone.OriginUrl).toBe('https://kept-origin.example.com');
  });

  it('clears files no saved video names (an earlier version kept every upload) on start', async () => {
    const dataDir = await folder();
    const first = await start({ dataDir, persist: true });
    const lib = first.libraries[0]!;
    await stop(first);
    const libDir = join(dataDir, 'video', String(lib.id));
    await mkdir(libDir, { recursive: true });
    await mkdir(join(dataDir, 'video', 'tus'), { recursive: true });
    await writeFile(join(libDir, '0b4a2a8e-0000-4000-8000-000000000000.original'), bytes(2000, 2));
    await writeFile(join(dataDir, 'video', 'tus', 'abandoned'), bytes(10, 3));
    await start({ dataDir, persist: true });
    expect(await readdir(libDir)).toEqual([]);
    expect(existsSync(join(dataDir, 'video', 'tus'))).toBe(false);
  });

  it('processes again a video whose processing a restart cut short', async () => {
    const dataDir = await folder();
    const first = await start({ dataDir, persist: true, processingStepMs: 60_000 });
    const lib = first.libraries[0]!;
    const video = (await call(`${first.videoUrl}/library/${lib.id}/videos`, 'POST', lib.key, { title: 'Cut short' })).json as Video;
    expect((await fetch(`${first.videoUrl}/library/${lib.id}/videos/${video.guid}`, { method: 'PUT', headers: { AccessKey: lib.key }, body: new Uint8Array(bytes(1000, 1)) })).status).toBe(200);
    await stop(first);

    const again = await start({ dataDir, persist: true });
    const done = await waitFor(async () => {
      const v = (await call(`${again.videoUrl}/library/${lib.id}/videos/${video.guid}`, 'GET', lib.key)).json as Video;
      return v.status === 4 ? v : undefined;
    });
    expect(done.storageSize).toBe(1000);
  });

  it('starts fresh from a damaged state file, says so, and keeps the damaged file aside', async () => {
    const dataDir = await folder();
    await writeFile(join(dataDir, STATE_FILE), '{"version":1,"seed":1,"apps":[{"id":');
    const said: string[] = [];
    const s = await start({ dataDir, persist: true, log: (line) => said.push(line) });
    expect(said.join('')).toMatch(/damaged; starting with a fresh account/);
    const lib = s.libraries[0]!;
    const list = (await call(`${s.videoUrl}/library/${lib.id}/videos`, 'GET', lib.key)).json as { totalItems: number };
    expect(list.totalItems).toBe(0);
    expect((await readdir(dataDir)).some((name) => name.startsWith(`${STATE_FILE}.damaged-`))).toBe(true);
  });

  it('starts fresh from the state of another seed', async () => {
    const dataDir = await folder();
    const first = await start({ dataDir, persist: true, seed: 2 });
    await makeAccount(first);
    await stop(first);
    const said: string[] = [];
    const s = await start({ dataDir, persist: true, seed: 1, log: (line) => said.push(line) });
    expect(said.join('')).toMatch(/seed 2, not 1/);
    expect(((await call(`${s.containersUrl}/apps`, 'GET', s.accountKey)).json as { items: unknown[] }).items).toEqual([]);
  });

  it("sets another seed's state aside, so a change does not overwrite it, and does not sweep its kept files", async () => {
    const dataDir = await folder();
    const first = await start({ dataDir, persist: true, seed: 2 });
    await makeAccount(first);
    await stop(first);
    const saved = await readFile(join(dataDir, STATE_FILE), 'utf8');
    const keptPaths = (JSON.parse(saved) as { videos: { file: { path: string | null } | null }[] }).videos.flatMap((v) => (v.file?.path ? [v.file.path] : []));
    expect(keptPaths.length).toBeGreaterThan(0);

    const s = await start({ dataDir, persist: true, seed: 1, log: () => undefined });
    const aside = (await readdir(dataDir)).filter((name) => name.startsWith(`${STATE_FILE}.seed-2-`));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dataDir, aside[0]!), 'utf8')).toBe(saved);
    // A change of this seed's account writes its own state, and the one set aside is untouched.
    expect((await call(`${s.containersUrl}/apps`, 'POST', s.accountKey, { name: 'seed-1-app', runtimeType: 'Shared', autoScaling: { min: 1, max: 1 }, regionSettings: {} })).status).toBe(201);
    await stop(s);
    expect(await readFile(join(dataDir, aside[0]!), 'utf8')).toBe(saved);
    expect(JSON.parse(await readFile(join(dataDir, STATE_FILE), 'utf8'))).toMatchObject({ seed: 1 });
    // Its kept upload files were not swept, by this start nor the next.
    await start({ dataDir, persist: true, seed: 1 });
    for (const path of keptPaths) expect(existsSync(path), path).toBe(true);
  });
});

describe('a stateless sandbox (the default)', () => {
  it('leaves no state behind, even in a data folder of its own, and starts over on the next start', async () => {
    const dataDir = await folder();
    const first = await start({ dataDir });
    const made = await makeAccount(first);
    await stop(first);
    expect(existsSync(join(dataDir, STATE_FILE))).toBe(false);

    const again = await start({ dataDir });
    const lib = again.libraries[0]!;
    expect(((await call(`${again.containersUrl}/apps`, 'GET', again.accountKey)).json as { items: unknown[] }).items).toEqual([]);
    expect((await call(`${again.videoUrl}/library/${lib.id}/videos/${made.put.guid}`, 'GET', lib.key)).status).toBe(404);
  });

  it('refuses to keep an account without a data folder', async () => {
    await expect(startSandbox({ persist: true })).rejects.toThrow(/data folder/);
  });
});
