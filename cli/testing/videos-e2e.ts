/** What the spawned `burrow videos upload` tests share: a sandbox with a library, a temp home with clips, and readers of its answers. */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxOptions } from '../../sandbox/context.js';
import { startSandbox, type Sandbox } from '../../sandbox/server.js';

/** A started sandbox, its first library, a temp folder (HOME, state, `clips/`) and the env for `burrow`. */
export interface VideosE2e {
  readonly sandbox: Sandbox;
  readonly lib: Sandbox['libraries'][number];
  readonly dir: string;
  readonly env: Record<string, string>;
  /** Writes `bytes` random bytes to `clips/<name>`; resolves its path. */
  clip(name: string, bytes: number): string;
  /** The library's videos, as the platform lists them. */
  videos(): Promise<{ guid: string; title: string }[]>;
  close(): Promise<void>;
}

/** Starts one; `accountKey` puts the account key in the env (else the command must be given a library key). */
export async function startVideosE2e(options: { readonly sandbox?: SandboxOptions; readonly prefix: string; readonly accountKey: boolean }): Promise<VideosE2e> {
  const sandbox = await startSandbox({ processingStepMs: 20, ...options.sandbox });
  const lib = sandbox.libraries[0];
  if (lib === undefined) throw new Error('the sandbox has no library');
  const dir = mkdtempSync(join(tmpdir(), options.prefix));
  mkdirSync(join(dir, 'clips'));
  const env: Record<string, string> = { HOME: dir, BURROW_STATE_DIR: join(dir, 'state'), BURROW_VIDEO_URL: sandbox.videoUrl };
  if (options.accountKey) Object.assign(env, { BUNNYNET_API_URL: sandbox.apiUrl, BUNNYNET_API_KEY: sandbox.accountKey });
  return {
    sandbox,
    lib,
    dir,
    env,
    clip(name, bytes) {
      const path = join(dir, 'clips', name);
      writeFileSync(path, randomBytes(bytes));
      return path;
    },
    async videos() {
      const res = await fetch(`${sandbox.videoUrl}/library/${lib.id}/videos?itemsPerPage=1000`, { headers: { AccessKey: lib.key } });
      return ((await res.json()) as { items: { guid: string; title: string }[] }).items;
    },
    async close() {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
