/**
 * Files are capabilities: the core keeps real paths and hands the renderer opaque tokens. The core's start loads this:
 * tokens come from the global Web Crypto and `stat` from `fs.promises`, both loaded on first use (`burrow api` uses neither).
 */
import { promises as fs } from 'node:fs';
import { basename } from 'node:path';
import type { RegisteredFile } from '../../../shared/contract/files.js';
import { appError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';

/** Registers absolute paths and resolves tokens back to paths; nothing is read until an area uses a token. */
export class FileRegistry {
  readonly #paths = new Map<string, string>();
  readonly #tokens = new Map<string, string>();

  /** The token of an absolute path (the same one each time for the same path); a relative path is refused. */
  async register(path: string): Promise<{ readonly token: string; readonly name: string }> {
    if (!path.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(path)) {
      throw new AppFailure(appError('validation', 'Not a file path', { detail: 'Only files chosen or dropped in the app can be used.' }));
    }
    let token = this.#tokens.get(path);
    if (token === undefined) {
      token = crypto.randomUUID();
      this.#tokens.set(path, token);
      this.#paths.set(token, path);
    }
    return { token, name: basename(path) };
  }

  /** The path behind a token, or undefined. */
  pathOf(token: string): string | undefined {
    return this.#paths.get(token);
  }

  /** The registered files as they are on disk now (only those of `tokens` when given); one gone or unknown is left out. */
  async list(tokens: readonly string[] = [...this.#paths.keys()]): Promise<RegisteredFile[]> {
    const found = await Promise.all(
      tokens.map(async (token): Promise<RegisteredFile | null> => {
        const path = this.#paths.get(token);
        const info = path === undefined ? null : await fs.stat(path).catch(() => null);
        if (path === undefined || !info || (!info.isFile() && !info.isDirectory())) return null;
        return info.isDirectory() ? { token, name: basename(path), size: 0, kind: 'folder' } : { token, name: basename(path), size: info.size, kind: 'file' };
      }),
    );
    return found.filter((f): f is RegisteredFile => f !== null);
  }
}
