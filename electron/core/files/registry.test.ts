import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../errors.js';
import { FileRegistry } from './registry.js';

describe('FileRegistry', () => {
  it('gives a path a token, the same one each time, and never hands the path out with it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'burrow-files-'));
    const path = join(dir, 'clip.mp4');
    await writeFile(path, Buffer.alloc(1234, 7));
    const reg = new FileRegistry();
    const f = await reg.register(path);
    expect(f).toEqual({ token: expect.any(String), name: 'clip.mp4' });
    expect(await reg.register(path)).toEqual(f);
    expect(reg.pathOf(f.token)).toBe(path);
    const listed = await reg.list();
    expect(listed).toEqual([{ token: f.token, name: 'clip.mp4', size: 1234, kind: 'file' }]);
    expect(JSON.stringify(listed)).not.toContain(dir);
  });

  it('lists a folder as a folder and only the tokens asked for, in their order; a file gone since is left out', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'burrow-files-'));
    await mkdir(join(dir, 'shoot'));
    await writeFile(join(dir, 'a.mp4'), 'a');
    const reg = new FileRegistry();
    const folder = await reg.register(join(dir, 'shoot'));
    const a = await reg.register(join(dir, 'a.mp4'));
    const gone = await reg.register(join(dir, 'gone.mp4'));
    expect(await reg.list([a.token, folder.token, gone.token, 'unknown'])).toEqual([
      { token: a.token, name: 'a.mp4', size: 1, kind: 'file' },
      { token: folder.token, name: 'shoot', size: 0, kind: 'folder' },
    ]);
    await rm(join(dir, 'a.mp4'));
    expect(await reg.list([a.token])).toEqual([]);
  });

  it('refuses relative paths', async () => {
    const reg = new FileRegistry();
    await expect(reg.register('relative/file')).rejects.toBeInstanceOf(AppFailure);
    expect(await reg.list()).toEqual([]);
  });
});
