/** Saved views on disk: per profile and zone, names checked, kept across a new store (a restart), atomic writes. */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ViewsStore } from './views-store.js';

const dirs: string[] = [];
const tmp = async () => {
  const d = await mkdtemp(join(tmpdir(), 'burrow-views-'));
  dirs.push(d);
  return d;
};
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('ViewsStore', () => {
  it('keeps views per zone and per profile, across a restart', async () => {
    const dir = await tmp();
    const store = new ViewsStore(dir, () => 1000);
    const errors = await store.save('p1', 10, '  Errors  ', 'status:5xx');
    await store.save('p1', 10, 'Misses', 'cache:MISS');
    await store.save('p1', 11, 'Errors', 'status:4xx');
    await store.save('p2', 10, 'Other account', 'country:DE');
    expect(errors).toMatchObject({ name: 'Errors', filter: 'status:5xx', savedAt: 1000 });

    const again = new ViewsStore(dir);
    expect((await again.list('p1', 10)).map((v) => [v.name, v.filter])).toEqual([
      ['Errors', 'status:5xx'],
      ['Misses', 'cache:MISS'],
    ]);
    expect((await again.list('p1', 11)).map((v) => v.name)).toEqual(['Errors']);
    expect((await again.list('p2', 10)).map((v) => v.name)).toEqual(['Other account']);
    expect(await again.list('p2', 11)).toEqual([]);
    // One file per profile, no temporary files left behind.
    expect((await readdir(join(dir, 'logs'))).filter((f) => !f.endsWith('.bak')).sort()).toEqual(['views-p1.json', 'views-p2.json']);
  });

  it('refuses an empty, long or duplicate name, saying why', async () => {
    const store = new ViewsStore(await tmp());
    await store.save('p', 1, 'Errors', 'status:5xx');
    await expect(store.save('p', 1, '   ', 'x')).rejects.toMatchObject({ error: { kind: 'validation', fieldErrors: { name: 'Give the view a name' } } });
    await expect(store.save('p', 1, 'x'.repeat(61), 'x')).rejects.toMatchObject({ error: { fieldErrors: { name: "A view's name must be at most 60 characters" } } });
    await expect(store.save('p', 1, ' errors ', 'x')).rejects.toMatchObject({ error: { fieldErrors: { name: 'This zone already has a view named "errors"' } } });
    // Names are compared as they look: another Unicode form of the same letters, or invisible characters, do not make a new name.
    await store.save('p', 1, 'Caf\u00e9', 'x');
    await expect(store.save('p', 1, 'Cafe\u0301', 'x')).rejects.toMatchObject({ error: { fieldErrors: { name: 'This zone already has a view named "Café"' } } });
    await expect(store.save('p', 1, '\u200b\u200b', 'x')).rejects.toMatchObject({ error: { fieldErrors: { name: 'Give the view a name' } } });
    await expect(store.save('p', 1, 'two\nlines', 'x')).resolves.toMatchObject({ name: 'two lines' });
    // Sixty emoji are sixty characters.
    await expect(store.save('p', 1, '\u{1F600}'.repeat(60), 'x')).resolves.toMatchObject({ name: '\u{1F600}'.repeat(60) });
    // The same name in another zone is fine.
    await expect(store.save('p', 2, 'Errors', 'x')).resolves.toMatchObject({ name: 'Errors' });
    expect((await store.list('p', 1)).length).toBe(4);
  });

  it('renames (its own name in another case is fine, another view’s is not) and deletes', async () => {
    const dir = await tmp();
    const store = new ViewsStore(dir);
    const a = await store.save('p', 1, 'Errors', 'status:5xx');
    const b = await store.save('p', 1, 'Misses', 'cache:MISS');
    await expect(store.rename('p', 1, a.id, 'ERRORS')).resolves.toMatchObject({ id: a.id, name: 'ERRORS', filter: 'status:5xx' });
    await expect(store.rename('p', 1, b.id, 'errors')).rejects.toMatchObject({ error: { fieldErrors: { name: 'This zone already has a view named "errors"' } } });
    await expect(store.rename('p', 1, 'gone', 'New')).rejects.toMatchObject({ error: { kind: 'not_found' } });
    await store.delete('p', 1, b.id);
    await store.delete('p', 1, b.id);
    expect((await new ViewsStore(dir).list('p', 1)).map((v) => v.name)).toEqual(['ERRORS']);
  });

  it('saves concurrent views one after another, none lost', async () => {
    const dir = await tmp();
    const store = new ViewsStore(dir);
    await Promise.all(Array.from({ length: 8 }, (_, i) => store.save('p', 1, `View ${i}`, `status:${200 + i}`)));
    expect((await new ViewsStore(dir).list('p', 1)).length).toBe(8);
  });

  it('falls back to the previous copy when the file is damaged', async () => {
    const dir = await tmp();
    const store = new ViewsStore(dir);
    await store.save('p', 1, 'First', 'status:5xx');
    await store.save('p', 1, 'Second', 'status:4xx');
    const file = join(dir, 'logs', 'views-p.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ v: 1 });
    await writeFile(file, '{ torn');
    expect((await new ViewsStore(dir).list('p', 1)).map((v) => v.name)).toEqual(['First']);
  });
});
