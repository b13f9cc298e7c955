/**
 * The runner's resumable step: one job's file sent by tus into its video, signed with the profile's library key,
 * its upload URL kept under the job's id so a restart of the app or the command line continues where the platform is.
 */
import { extname } from 'node:path';
import type { JobError } from '../../../../shared/videos/model.js';
import type { RetryPolicy } from '../../platform/policy.js';
import { LIBRARY_KEY_HINT } from '../upload/classify.js';
import { clockNote, LARGE_CLOCK_SKEW_MS } from '../../../../shared/videos/clock.js';
import { platformNow } from '../upload/platform-clock.js';
import { createTusSigner } from './tus-sign.js';
import { getVideo } from '../upload/video-api.js';
import type { TusUrlStore } from './tus-store.js';
import { uploadTus, type TusUploadResult } from './tus-upload.js';
import type { RunContext } from '../types.js';

/** What the runner hands the resumable step. */
export interface TusStepOptions {
  readonly store: TusUrlStore;
  readonly chunkSize?: number | undefined;
  readonly idleTimeoutMs: number;
  readonly policy: RetryPolicy;
  readonly now: () => number;
  readonly random: () => number;
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The runner has just looked at the source, starting its turn. */
  readonly sourceChecked?: boolean;
}

/** MIME types the platform is told for common video files (it wants one in the upload's metadata). */
const MIME: Readonly<Record<string, string>> = {
  '.mp4': 'video/mp4', '.m4v': 'video/x-m4v', '.mov': 'video/quicktime', '.mkv': 'video/x-matroska', '.webm': 'video/webm', '.avi': 'video/x-msvideo',
  '.wmv': 'video/x-ms-wmv', '.flv': 'video/x-flv', '.mpg': 'video/mpeg', '.mpeg': 'video/mpeg', '.ts': 'video/mp2t', '.m2ts': 'video/mp2t', '.mts': 'video/mp2t',
  '.3gp': 'video/3gpp', '.3g2': 'video/3gpp2', '.ogv': 'video/ogg', '.mxf': 'application/mxf',
};

/** The file's MIME type by its extension; anything else is sent as bytes. */
export function videoMimeType(fileName: string): string {
  return MIME[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

const NOT_AVAILABLE: JobError = {
  title: 'Resumable upload is not available for this row',
  detail: 'The profile this row was added under is gone, so there is no key to sign the upload with.',
  hint: 'Switch the row to a plain upload, or add the profile again, then retry.',
  retryable: true,
};

/**
 * Makes sure the platform's time is known from an answer of the video API to this client: when no answer came yet
 * (a job continued on its video), the video is read once. Without any answer the local clock is used.
 */
async function learnPlatformTime(ctx: RunContext, videoId: string): Promise<void> {
  if (platformNow(ctx.client) === undefined) await getVideo(ctx.client, ctx.job().libraryId, videoId, ctx.signal).catch(() => undefined);
}

/** Sends the job's file into `videoId` by tus; the result says how the step ended. */
export async function sendTus(ctx: RunContext, videoId: string, o: TusStepOptions): Promise<TusUploadResult> {
  const job = ctx.job();
  const access = ctx.tus;
  if (!access) return { kind: 'failed', error: NOT_AVAILABLE };
  const key = await access.libraryKey(job.libraryId);
  if (!key) return { kind: 'failed', error: { title: 'No key for this library', detail: `There is no API key for library ${job.libraryId} to sign the upload with.`, hint: LIBRARY_KEY_HINT, retryable: true } };
  await ctx.update({ attempts: job.attempts + 1 });
  // The expiry the platform checks is on its clock: signed with its time, a local clock hours off does not matter.
  await learnPlatformTime(ctx, videoId);
  const skew = (platformNow(ctx.client) ?? o.now()) - o.now();
  if (Math.abs(skew) >= LARGE_CLOCK_SKEW_MS) await ctx.update({ note: clockNote(skew) });
  const signingNow = () => platformNow(ctx.client) ?? o.now();
  return uploadTus({
    path: job.path,
    size: job.size,
    mtimeMs: job.mtimeMs,
    fingerprint: job.fingerprint,
    libraryId: job.libraryId,
    videoId,
    endpoint: `${access.videoUrl.replace(/\/+$/, '')}/tusupload`,
    signer: createTusSigner({ libraryId: job.libraryId, videoId, libraryKey: () => key, now: signingNow }),
    metadata: { filetype: videoMimeType(job.fileName), title: job.title },
    signal: ctx.signal,
    onProgress: (bytes) => ctx.progress(bytes),
    bandwidth: ctx.bandwidth,
    store: o.store,
    storeKey: job.id,
    idleTimeoutMs: o.idleTimeoutMs,
    policy: o.policy,
    now: o.now,
    random: o.random,
    sleep: o.sleep,
    ...(o.chunkSize !== undefined ? { chunkSize: o.chunkSize } : {}),
    ...(o.sourceChecked === true ? { sourceChecked: true } : {}),
  });
}
