/** Dropped files and folders → the video files among them, folders walked; everything else is named as skipped. */
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { isVideoFileName } from '../../../shared/videos/model.js';

/** What a walk found. */
export interface WalkResult {
  /** Video files, by path: the dropped ones in the order given, a folder's contents in natural order ("2.mp4" before "10.mp4"). */
  readonly files: string[];
  /** Names of files that are not videos, and of folders that could not be read. */
  readonly skipped: string[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Walks the given paths; a folder reached twice (a symlink loop, or dropped twice) is walked once. A path `known` as
 * a file (the registry stat'ed it when it was dropped) is not stat'ed again: the fingerprint reads it next.
 */
export async function walkDropped(paths: readonly string[], known?: (path: string) => 'file' | 'folder' | undefined): Promise<WalkResult> {
  const files = new Set<string>();
  const skipped: string[] = [];
  const seenDirs = new Set<string>();

  async function visit(path: string): Promise<void> {
    // stat follows symlinks: a linked folder is walked, but only once by its real path.
    const info = await stat(path).catch(() => null);
    if (!info) {
      skipped.push(basename(path));
      return;
    }
    if (info.isDirectory()) {
      const real = await realpath(path).catch(() => path);
      if (seenDirs.has(real)) return;
      seenDirs.add(real);
      const entries = await readdir(path).catch(() => null);
      if (!entries) {
        skipped.push(basename(path));
        return;
      }
      for (const name of entries.sort(collator.compare)) await visit(join(path, name));
      return;
    }
    if (info.isFile() && isVideoFileName(basename(path))) files.add(path);
    else skipped.push(basename(path));
  }

  for (const p of paths) {
    if (known?.(p) !== 'file') await visit(p);
    else if (isVideoFileName(basename(p))) files.add(p);
    else skipped.push(basename(p));
  }
  return { files: [...files], skipped: skipped.sort(collator.compare) };
}
