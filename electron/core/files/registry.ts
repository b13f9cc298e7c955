/**
 * Files are capabilities: the core keeps real paths and hands the renderer opaque tokens. The core's start loads this:
 * tokens come from the global Web Crypto and `stat` from `fs.promises`, both loaded on first use (`burrow api` uses neither).
 */
import { promises as fs } from 'node:fs';
import { basename } from 'node:path';
import type { RegisteredFile } from '../../../shared/contract/files.js';
import { appError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';

interface Entry extends RegisteredFile {
  readonly path: string;
}

/** Registers files by absolute path and resolves tokens back to paths. */
export class FileRegistry {
  readonly #byToken = new Map<string, Entry>();

  /** Registers a regular file or a folder; anything else, a missing path or a relative path is refused. */
  async register(path: string): Promise<RegisteredFile> {
    if (!path.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(path)) {
      throw new AppFailure(appError('validation', 'Not a file path', { detail: 'Only files chosen or dropped in the app can be used.' }));
    }
    const info = await fs.stat(path).catch(() => null);
    if (!info || (!info.isFile() && !info.isDirectory())) {
      throw new AppFailure(appError('not_found', 'File not found', { detail: `${basename(path)} is not a readable file.` }));
    }
    const kind = info.isDirectory() ? 'folder' : 'file';
    const entry: Entry = { token: crypto.randomUUID(), name: basename(path), size: kind === 'folder' ? 0 : info.size, kind, path };
    this.#byToken.set(entry.token, entry);
    return { token: entry.token, name: entry.name, size: entry.size, kind };
  }

  /** Whether a token stands for a file or a folder, or undefined. */
  kindOf(token: string): 'file' | 'folder' | undefined {
    return this.#byToken.get(token)?.kind;
  }

  /** The path behind a token, or undefined. */
  pathOf(token: string): string | undefined {
    return this.#byToken.get(token)?.path;
  }

  list(): RegisteredFile[] {
    return [...this.#byToken.values()].map(({ token, name, size, kind }) => ({ token, name, size, kind }));
  }
}
