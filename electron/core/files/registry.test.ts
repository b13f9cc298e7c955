import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../errors.js';
import { FileRegistry } from './registry.js';

describe('FileRegistry', () => {
  it('registers a real file and gives back a token, never the path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'burrow-files-'));
    const path = join(dir, 'clip.mp4');
    await writeFile(path, Buffer.alloc(1234, 7));
    const reg = new FileRegistry();
    const f = await reg.register(path);
    expect(f).toEqual({ token: expect.any(String), name: 'clip.mp4', size: 1234, kind: 'file' });
    expect(JSON.stringify(f)).not.toContain(dir);
    expect(reg.pathOf(f.token)).toBe(path);
    expect(reg.list()).toEqual([f]);
  });

  it('registers a folder as a folder, for areas that walk it in the core', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'burrow-files-'));
    await mkdir(join(dir, 'shoot'));
    const reg = new FileRegistry();
    const f = await reg.register(join(dir, 'shoot'));
    expect(f).toEqual({ token: expect.any(String), name: 'shoot', size: 0, kind: 'folder' });
    expect(reg.pathOf(f.token)).toBe(join(dir, 'shoot'));
  });

  it('refuses missing files and relative paths', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'burrow-files-'));
    const reg = new FileRegistry();
    await expect(reg.register(join(dir, 'missing'))).rejects.toBeInstanceOf(AppFailure);
    await expect(reg.register('relative/file')).rejects.toBeInstanceOf(AppFailure);
    expect(reg.list()).toEqual([]);
  });
});
