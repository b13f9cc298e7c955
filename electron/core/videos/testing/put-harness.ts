/**
 * What the putFile tests share: a temp folder per test, a platform client (library key included) aimed at a
 * test server, the hash of what a request body carried, and putFile's options with test defaults.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterEach, beforeEach } from 'vitest';
import { createPlatformClient } from '../../platform/client.js';
import { allAreasAt, fixedCredentials, perTestCleanup } from '../../platform/testing/support.js';
import type { PlatformClient } from '../../platform/types.js';
import type { PutFileOptions } from '../upload/put-file.js';
import { tempDir } from './runner-harness.js';

/** The library the harness's client holds a key for. */
export const LIBRARY = 42;

/** Reads a whole request body, hashing it. */
export function received(req: IncomingMessage): Promise<{ bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let bytes = 0;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
      hash.update(c);
    });
    req.on('end', () => resolve({ bytes, sha256: hash.digest('hex') }));
    req.on('error', reject);
  });
}

/** putFile's options for a file with test defaults (no idle stop in practice, a stat before every read). */
export function putOptions(client: PlatformClient, file: { path: string; size: number; mtimeMs: number }, extra: Partial<PutFileOptions> = {}): PutFileOptions {
  return { client, libraryId: LIBRARY, videoId: 'video-1', path: file.path, size: file.size, mtimeMs: file.mtimeMs, signal: new AbortController().signal, idleTimeoutMs: 30_000, statIntervalMs: 0, onProgress: () => undefined, ...extra };
}

/** Registers the per-test folder and cleanups; call once at the top of a test file. */
export function putHarness() {
  const { cleanups, server } = perTestCleanup();
  const state = { dir: '' };
  let remove: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    const d = await tempDir();
    state.dir = d.dir;
    remove = () => d.remove();
  });
  afterEach(() => remove?.());
  return {
    server,
    /** This test's temp folder. */
    dir: () => state.dir,
    clientFor(url: string): PlatformClient {
      const c = createPlatformClient({ endpoints: () => allAreasAt(url), credentials: fixedCredentials({ libraries: { [LIBRARY]: 'library-key' } }), userAgent: 'Burrow/test', env: {} });
      cleanups.push(() => c.close());
      return c;
    },
  };
}
