import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walkDropped } from './walk.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-walk-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('walking dropped folders', () => {
  it('keeps the dropped order, a folder’s videos in natural order, names what it skipped, and survives symlink loops', async () => {
    await mkdir(join(dir, 'trip', 'day 2'), { recursive: true });
    for (const name of ['clip10.mp4', 'clip2.MOV', 'notes.txt']) await writeFile(join(dir, 'trip', name), 'x');
    await writeFile(join(dir, 'trip', 'day 2', 'a.mkv'), 'x');
    await writeFile(join(dir, 'loose.webm'), 'x');
    await writeFile(join(dir, 'readme.md'), 'x');
    await symlink(join(dir, 'trip'), join(dir, 'trip', 'day 2', 'back-up'), 'dir');
    const { files, skipped } = await walkDropped([join(dir, 'trip'), join(dir, 'loose.webm'), join(dir, 'readme.md'), join(dir, 'gone')]);
    expect(files).toEqual([join(dir, 'trip', 'clip2.MOV'), join(dir, 'trip', 'clip10.mp4'), join(dir, 'trip', 'day 2', 'a.mkv'), join(dir, 'loose.webm')]);
    expect(skipped).toEqual(['gone', 'notes.txt', 'readme.md']);
  });
});
