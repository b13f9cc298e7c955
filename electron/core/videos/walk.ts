/** Dropped files and folders → the video files among them, folders walked; everything else is named as skipped. */
import { readdir, realpath } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { isVideoFileName } from '../../../shared/videos/model.js';

/** What a walk found. */
export interface WalkResult {
  /** Video files, by path: the dropped ones in the order given, a folder's contents in natural order ("2.mp4" before "10.mp4"). */
  readonly files: string[];
  /** Names of files that are not videos, and of paths that are gone or folders that could not be read. */
  readonly skipped: string[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function codeOf(e: unknown): unknown {
  return typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
}

/**
 * Walks the given paths without a stat of its own: a path that can be listed is a folder (links followed; one reached
 * twice, by a loop or a second drop, is walked once), any other is a file the queue's fingerprint reads next.
 */
export async function walkDropped(paths: readonly string[]): Promise<WalkResult> {
  const files = new Set<string>();
  const skipped: string[] = [];
  const seenDirs = new Set<string>();

  const take = (path: string) => (isVideoFileName(basename(path)) ? files.add(path) : skipped.push(basename(path)));

  async function visit(path: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(path, { withFileTypes: true });
    } catch (e) {
      if (codeOf(e) === 'ENOTDIR') take(path);
      else skipped.push(basename(path));
      return;
    }
    const real = await realpath(path).catch(() => path);
    if (seenDirs.has(real)) return;
    seenDirs.add(real);
    for (const entry of entries.sort((a, b) => collator.compare(a.name, b.name))) {
      const child = join(path, entry.name);
      if (entry.isDirectory() || entry.isSymbolicLink()) await visit(child);
      else if (entry.isFile()) take(child);
      else skipped.push(entry.name);
    }
  }

  for (const p of paths) await visit(p);
  return { files: [...files], skipped: skipped.sort(collator.compare) };
}
