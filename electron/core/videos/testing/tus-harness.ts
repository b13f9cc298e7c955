/** Test helpers for resumable uploads: a sandbox on a clock the test moves, a video to upload into, and the options of one upload. */
import { startSandbox, type Sandbox } from '../../../../sandbox/server.js';
import { createPlatformClient } from '../../platform/client.js';
import { endpointsOf, fixedCredentials } from '../../platform/testing/support.js';
import type { PlatformClient } from '../../platform/types.js';
import { createTusSigner, type TusSigner } from '../tus/tus-sign.js';
import type { TusUploadOptions } from '../tus/tus-upload.js';
import { createVideo } from '../upload/video-api.js';
import type { TestFile } from './runner-harness.js';

/** A sandbox whose clock is `clock.now`, a client with the demo library's key, and that library. */
export interface TusSandbox {
  readonly sandbox: Sandbox;
  readonly client: PlatformClient;
  readonly libraryId: number;
  readonly libraryKey: string;
  /** The sandbox's (and the signer's) time in ms; tests move it forward. */
  readonly clock: { now: number };
  /** A new empty video in the demo library. */
  newVideo(title?: string): Promise<string>;
  /** Every video id the library holds. */
  videoIds(): Promise<readonly string[]>;
  close(): Promise<void>;
}

/** Starts the sandbox (processing slowed out of the way) with a movable clock. */
export async function tusSandbox(): Promise<TusSandbox> {
  const clock = { now: Date.now() };
  const sandbox = await startSandbox({ liveTraffic: false, processingStepMs: 60_000, now: () => clock.now });
  const library = sandbox.libraries[0];
  if (!library) throw new Error('the sandbox has no video library');
  const client = createPlatformClient({
    endpoints: () => endpointsOf(sandbox),
    credentials: fixedCredentials({ accountKey: sandbox.accountKey, libraries: { [library.id]: library.key } }),
    userAgent: 'Burrow/0.0.0-test',
    env: {},
  });
  return {
    sandbox,
    client,
    libraryId: library.id,
    libraryKey: library.key,
    clock,
    newVideo: async (title = 'tus clip') => (await createVideo(client, library.id, { title, collectionId: null })).guid,
    async videoIds() {
      const res = await client.json<{ items: { guid: string }[] }>({ area: 'video', method: 'GET', path: `/library/${library.id}/videos`, query: { page: 1, itemsPerPage: 1000 }, libraryId: library.id });
      return res.items.map((v) => v.guid);
    },
    async close() {
      await client.close();
      await sandbox.close();
    },
  };
}

/** The options of one upload of `file` into `videoId`, signed with the sandbox's clock; `extra` overrides. */
export function tusOptions(env: TusSandbox, file: TestFile, videoId: string, signal: AbortSignal, extra: Partial<TusUploadOptions> = {}): TusUploadOptions & { readonly signer: TusSigner } {
  const signer = createTusSigner({ libraryId: env.libraryId, videoId, libraryKey: () => env.libraryKey, now: () => env.clock.now });
  return {
    path: file.path,
    size: file.size,
    mtimeMs: file.mtimeMs,
    fingerprint: file.fingerprint,
    libraryId: env.libraryId,
    videoId,
    endpoint: `${env.sandbox.videoUrl}/tusupload`,
    signer,
    metadata: { filetype: 'video/mp4', title: 'tus clip' },
    signal,
    now: () => env.clock.now,
    sleep: async (_ms, s) => {
      if (s.aborted) throw new Error('aborted');
    },
    ...extra,
  };
}
