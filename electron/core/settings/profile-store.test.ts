import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProfileStore } from './profile-store.js';

const tmp = () => mkdtemp(join(tmpdir(), 'burrow-profiles-'));
const base = { kind: 'platform' as const, loggingAuth: 'accessKey' as const, libraries: [] };

describe('ProfileStore', () => {
  it('keeps every profile when several are added at once, on disk too', async () => {
    const dir = await tmp();
    const store = await ProfileStore.open(dir);
    await Promise.all(['A', 'B', 'C', 'D'].map((name) => store.add({ ...base, name })));
    expect(store.all().map((p) => p.name).sort()).toEqual(['A', 'B', 'C', 'D']);
    const again = await ProfileStore.open(dir);
    expect(again.all().map((p) => p.name).sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(again.activeId).toBe(store.activeId);
  });

  it('restores from the backup when the file is damaged, and says so', async () => {
    const dir = await tmp();
    const store = await ProfileStore.open(dir);
    await store.add({ ...base, name: 'First' });
    await store.add({ ...base, name: 'Second' });
    await writeFile(join(dir, 'profiles.json'), '{ torn');
    const again = await ProfileStore.open(dir);
    expect(again.all().map((p) => p.name)).toEqual(['First']);
    expect(again.recovered).toMatch(/previous copy/);
  });

  it('keeps an unreadable file aside rather than treating it as empty', async () => {
    const dir = await tmp();
    await writeFile(join(dir, 'profiles.json'), 'not json at all');
    const store = await ProfileStore.open(dir);
    expect(store.all()).toEqual([]);
    expect(store.recovered).toMatch(/kept as/);
    const aside = (await readdir(dir)).find((f) => f.startsWith('profiles.json.unreadable-'))!;
    expect(await readFile(join(dir, aside), 'utf8')).toBe('not json at all');
  });

  it('moves the active profile on when it is removed', async () => {
    const store = await ProfileStore.open(await tmp());
    const a = await store.add({ ...base, name: 'A' });
    const b = await store.add({ ...base, name: 'B' });
    await store.activate(b.id);
    await store.remove(b.id);
    expect(store.activeId).toBe(a.id);
    await store.activate('missing');
    expect(store.activeId).toBe(a.id);
  });
});
