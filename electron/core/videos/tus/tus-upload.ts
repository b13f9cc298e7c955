/**
 * A resumable (tus 1.0) upload of one file from disk into an existing video: `uploadTus`, used by the runner and
 * the bench. The upload URL is created here and is on disk (the store) before the first byte goes, so a process
 * killed at any point asks the platform for its offset next time and sends only the rest. tus-js-client runs the
 * protocol; each PATCH body is a range of the file streamed as a PUT streams it (tus-http.ts). The caller removes
 * the resume entry once the platform has verified the video.
 */
import { Upload, type DetailedError } from 'tus-js-client';
import type { JobError } from '../../../../shared/videos/model.js';
import { backoff, sleep as realSleep, type RetryPolicy } from '../../platform/policy.js';
import { classify, UPLOAD_POLICY } from '../upload/classify.js';
import { fingerprintFile } from '../queue/fingerprint.js';
import type { BandwidthGate } from '../upload/bandwidth.js';
import { checkSource, FileBody } from '../upload/put-file.js';
import { tusHttpStack, type FileRange } from './tus-http.js';
import { createTus, failureOfTusError } from './tus-create.js';
import type { TusSigner } from './tus-sign.js';
import type { TusResumeEntry, TusUrlStore } from './tus-store.js';
import { memoryTusStore } from './tus-store.js';

/** Bytes per PATCH: what a cut can cost at most. Streamed from disk, so it costs no memory. */
export const TUS_CHUNK_SIZE = 32 * 1024 * 1024;

/** What one resumable upload needs. */
export interface TusUploadOptions {
  readonly path: string;
  /** Size and modification time the caller recorded: exactly this file is uploaded. */
  readonly size: number;
  readonly mtimeMs: number;
  /** The file's content identity as the caller read it (the queue, on adding): kept with the upload, which is resumed only while the file still has it. */
  readonly fingerprint: string;
  readonly libraryId: number;
  /** The video, created beforehand; every request, re-signed or not, is for this one. */
  readonly videoId: string;
  /** `{videoUrl}/tusupload`. */
  readonly endpoint: string;
  readonly signer: TusSigner;
  /** tus Upload-Metadata; the platform wants `filetype` and `title`. */
  readonly metadata: Readonly<Record<string, string>>;
  readonly signal: AbortSignal;
  /** Default TUS_CHUNK_SIZE. */
  readonly chunkSize?: number;
  /** Bytes the platform has or the socket has taken, counted from the start of the file (a resume starts at its offset). */
  onProgress?(bytesSent: number): void;
  /** Told where the server said the upload stands when it was resumed (HEAD), before any byte is sent again. */
  onResume?(offset: number): void;
  readonly bandwidth?: BandwidthGate | undefined;
  /** Where the upload URL is kept; default a memory store (nothing survives the process). */
  readonly store?: TusUrlStore;
  /** The upload's key in the store; default the video id. */
  readonly storeKey?: string;
  readonly idleTimeoutMs?: number;
  readonly policy?: Partial<RetryPolicy>;
  readonly now?: () => number;
  readonly random?: () => number;
  /** Waits between attempts; rejects when the signal aborts. */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The caller has just looked at the source (the runner, starting its turn): no second look before beginning. */
  readonly sourceChecked?: boolean;
}

/** How a resumable upload ended. */
export type TusUploadResult =
  /** The server holds every byte; `resumedFrom` is the offset a stored upload continued from (null: a new upload). */
  | { readonly kind: 'done'; readonly uploadUrl: string; readonly resumedFrom: number | null }
  | { readonly kind: 'failed'; readonly error: JobError }
  | { readonly kind: 'offline'; readonly error: JobError }
  | { readonly kind: 'source-changed'; readonly detail: string }
  | { readonly kind: 'source-missing' }
  | { readonly kind: 'stopped' };

type SourceProblem = Extract<TusUploadResult, { kind: 'source-changed' | 'source-missing' }>;
/** One run of tus-js-client: its end, or the stored upload is gone from the server. */
type Round = TusUploadResult | { readonly kind: 'gone' };

/**
 * Bytes per read of a PATCH body: smaller than a PUT's, as each PATCH makes its own two buffers, and at 1 MiB the
 * process's peak memory went over the case's 100 MiB (bench/README.md, upload-tus).
 */
export const TUS_READ_SIZE = 256 * 1024;

/** The file as tus-js-client sees it: each chunk a byte range, read from disk only as its PATCH is sent. */
class FileSlices {
  constructor(readonly size: number) {}
  slice(start: number, end: number): Promise<{ value: FileRange; done: boolean }> {
    const stop = Math.min(end, this.size);
    return Promise.resolve({ value: { start, end: stop, size: stop - start }, done: stop >= this.size });
  }
  close(): void {}
}

/** Refusals of the signature in a row (no byte accepted between them) before it counts as a wrong key. */
const MAX_RESIGNS = 2;

/** Whether a stored upload is of this file (by size and time) into this video; its content is checked apart. */
function sameTarget(entry: TusResumeEntry, o: TusUploadOptions): boolean {
  return entry.videoId === o.videoId && entry.libraryId === o.libraryId && entry.size === o.size && entry.mtimeMs === o.mtimeMs;
}

/** Uploads the file into the video by tus, resuming a stored upload of the same file. */
export async function uploadTus(o: TusUploadOptions): Promise<TusUploadResult> {
  const store = o.store ?? memoryTusStore();
  const key = o.storeKey ?? o.videoId;
  if (o.signal.aborted) return { kind: 'stopped' };
  const problem = o.sourceChecked === true ? undefined : await checkSource(o.path, o.size, o.mtimeMs);
  if (problem) {
    // Whatever was sent belongs to another file: it must never be continued.
    await store.remove(key);
    return problem;
  }
  let entry = await store.get(key);
  if (entry && !sameTarget(entry, o)) {
    await store.remove(key);
    entry = undefined;
  }
  if (entry) {
    // Same size and time is not the same file: an edit whose time was put back must not be continued either. The
    // entry holds the content's identity the upload began with.
    const content = await fingerprintFile(o.path).then(
      (f) => f.fingerprint,
      () => null,
    );
    if (content !== entry.fingerprint) {
      await store.remove(key);
      if (content === null) return { kind: 'source-missing' };
      return { kind: 'source-changed', detail: 'Its content changed since the upload began' };
    }
  }
  let resumed = entry !== undefined;
  // A stored upload the server no longer knows is created once more; a second disappearance is a failure.
  for (let round = 0; round < 2; round++) {
    if (!entry) {
      const created = await createTus(o);
      if (created.kind !== 'created') return created;
      // The job's fingerprint, read when it was added and held to by the size and time checked since.
      entry = { uploadUrl: created.uploadUrl, videoId: o.videoId, libraryId: o.libraryId, size: o.size, mtimeMs: o.mtimeMs, fingerprint: o.fingerprint, createdAt: (o.now ?? Date.now)() };
      await store.set(key, entry);
    }
    const r = await runClient(o, entry.uploadUrl, resumed);
    if (r.kind === 'source-changed' || r.kind === 'source-missing') await store.remove(key);
    if (r.kind !== 'gone') return r;
    await store.remove(key);
    entry = undefined;
    resumed = false;
  }
  return { kind: 'failed', error: { title: 'The platform lost the upload twice', detail: 'The resumable upload disappeared from the server right after it was created.', retryable: true } };
}

/** Runs tus-js-client on a created upload URL until it ends; HEAD first, so it continues from the server's offset. */
function runClient(o: TusUploadOptions, uploadUrl: string, resumed: boolean): Promise<Round> {
  const policy: RetryPolicy = { ...UPLOAD_POLICY, ...o.policy };
  const now = o.now ?? Date.now;
  const random = o.random ?? Math.random;
  const sleep = o.sleep ?? realSleep;
  return new Promise<Round>((resolve) => {
    let ended: Round | undefined;
    let holdMs = 0;
    let resigns = 0;
    let resumedFrom: number | null = null;
    let firstHead = true;
    // The source was just looked at (the turn's start, or the content before a resume): the first PATCH goes on that.
    let looked = true;
    /** Set when the file changed under the upload: the end is that, not the failed request. */
    let sourceProblem: SourceProblem | undefined;
    /** The verdict that stopped the retries, kept so the end says the same. */
    let verdictOf: ReturnType<typeof classify> | undefined;
    const finish = (r: Round) => {
      if (ended) return;
      ended = r;
      o.signal.removeEventListener('abort', onAbort);
      resolve(r);
    };
    const onAbort = () => {
      void upload.abort(false).catch(() => undefined);
      finish({ kind: 'stopped' });
    };

    // tus-js-client wants an input; FileSlices stands for the file, so this one is never read.
    const upload = new Upload(Buffer.alloc(0), {
      uploadUrl,
      uploadSize: o.size,
      chunkSize: o.chunkSize ?? TUS_CHUNK_SIZE,
      metadata: { ...o.metadata },
      // Every retry is decided (and waited for) in onShouldRetry and onBeforeRequest; the client only counts them.
      retryDelays: Array.from({ length: policy.maxAttempts + MAX_RESIGNS }, () => 0),
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      fingerprint: async () => null as unknown as string,
      fileReader: { openFile: async () => new FileSlices(o.size) },
      httpStack: tusHttpStack({
        ...(o.idleTimeoutMs !== undefined ? { idleTimeoutMs: o.idleTimeoutMs } : {}),
        body: ({ start, end }, onProgress) => {
          const file = { path: o.path, size: o.size, mtimeMs: o.mtimeMs, signal: o.signal, bandwidth: o.bandwidth, onProgress, start, end, readSize: TUS_READ_SIZE };
          // The file changed while it went: the request fails, and the end says why (onShouldRetry, endOf).
          const body: FileBody = new FileBody(file, now, (p) => {
            sourceProblem ??= p;
            body.destroy(new Error('The file changed'));
          });
          return body;
        },
      }),
      async onBeforeRequest(req) {
        if (holdMs > 0) {
          const ms = holdMs;
          holdMs = 0;
          await sleep(ms, o.signal);
        }
        if (req.getMethod() === 'PATCH') {
          // Each chunk is read from the file anew: a file that changed since the upload began must not be mixed in.
          const problem = looked ? undefined : await checkSource(o.path, o.size, o.mtimeMs);
          looked = false;
          if (problem) {
            sourceProblem = problem;
            throw new Error('The file changed');
          }
        }
        const headers = await o.signer.headers();
        for (const [name, value] of Object.entries(headers)) req.setHeader(name, value);
      },
      onAfterResponse(req, res) {
        const status = res.getStatus();
        if (status >= 200 && status < 300 && req.getMethod() === 'PATCH') resigns = 0;
        if (req.getMethod() === 'HEAD' && status === 200) {
          const offset = Number(res.getHeader('Upload-Offset'));
          if (firstHead && resumed && Number.isSafeInteger(offset)) {
            resumedFrom = offset;
            o.onResume?.(offset);
          }
          firstHead = false;
          if (Number.isSafeInteger(offset)) o.onProgress?.(offset);
        }
      },
      onProgress(bytesSent) {
        o.onProgress?.(bytesSent);
      },
      onShouldRetry(err, attempt) {
        if (o.signal.aborted || sourceProblem) return false;
        const status = err.originalResponse?.getStatus();
        if (status === 401) {
          // An expired or refused signature: sign again for the same video; refused again with no progress, the key is wrong.
          if (resigns >= MAX_RESIGNS) return false;
          resigns++;
          o.signer.invalidate();
          return true;
        }
        if (status === 404 || status === 410) return false;
        if (status === 409 || status === 423) {
          // The server is elsewhere than the client thought (or still busy): the HEAD that follows realigns them.
          if (attempt + 1 >= policy.maxAttempts) return false;
          holdMs = backoff(attempt, policy, random);
          return true;
        }
        const verdict = classify(failureOfTusError(err), { attempt, now: now(), random, policy });
        if (verdict.kind !== 'retry') {
          verdictOf = verdict;
          return false;
        }
        // 429 and 503 carry Retry-After, which classify turns into the wait; others back off with jitter.
        holdMs = verdict.delayMs;
        return true;
      },
      onSuccess() {
        // Changed since the last look (the first PATCH went without one): what the platform holds is not the job's file.
        void checkSource(o.path, o.size, o.mtimeMs).then(
          (p) => finish(!p ? { kind: 'done', uploadUrl, resumedFrom } : p.kind === 'source-missing' ? p : { kind: 'source-changed', detail: `${p.detail} while it was uploading` }),
          (e: unknown) => finish({ kind: 'failed', error: { title: 'The file could not be looked at', detail: String(e), retryable: true } }),
        );
      },
      onError(err) {
        finish(endOf(err as DetailedError));
      },
    });

    const endOf = (err: DetailedError): Round => {
      if (o.signal.aborted) return { kind: 'stopped' };
      if (sourceProblem) return sourceProblem;
      const status = err.originalResponse?.getStatus();
      const method = err.originalRequest?.getMethod();
      // The upload itself is gone (expired, or the server lost it, as tus allows): a new one is made on the same video.
      if ((status === 404 || status === 410) && (method === 'HEAD' || method === 'PATCH')) return { kind: 'gone' };
      const verdict = verdictOf ?? classify(failureOfTusError(err), { attempt: policy.maxAttempts, now: now(), random, policy });
      if (verdict.kind === 'stopped') return { kind: 'stopped' };
      if (verdict.kind === 'retry') return { kind: 'failed', error: { title: 'The resumable upload failed', detail: err.message, retryable: true } };
      return verdict;
    };

    if (o.signal.aborted) return finish({ kind: 'stopped' });
    o.signal.addEventListener('abort', onAbort, { once: true });
    upload.start();
  });
}


