/**
 * Creating a tus upload (POST {videoUrl}/tusupload) for a video, with the runner's retry rules, and turning
 * tus-js-client's errors into the failures those rules read.
 */
import type { DetailedError, HttpResponse } from 'tus-js-client';
import { appError } from '../../../../shared/contract/result.js';
import type { JobError } from '../../../../shared/videos/model.js';
import { retry, type Clock, type RetryPolicy } from '../../platform/policy.js';
import { Stopped, UPLOAD_POLICY, uploadRetry, type CallFailure } from '../upload/classify.js';
import { tusHttpStack } from './tus-http.js';
import type { TusSigner } from './tus-sign.js';
import { VideoCallFailure } from '../upload/video-api.js';

/** What creating needs (a subset of the upload's options). */
export interface TusCreateOptions {
  readonly endpoint: string;
  readonly size: number;
  readonly signer: TusSigner;
  readonly metadata: Readonly<Record<string, string>>;
  readonly signal: AbortSignal;
  /** The POST fails after this long without a byte either way (default the PATCHes', TUS_IDLE_MS). */
  readonly idleTimeoutMs?: number;
  readonly policy?: Partial<RetryPolicy>;
  readonly now?: () => number;
  readonly random?: () => number;
  readonly sleep?: Clock['sleep'];
}

/** The created upload's URL, or how creating ended. */
export type TusCreated =
  | { readonly kind: 'created'; readonly uploadUrl: string }
  | { readonly kind: 'failed'; readonly error: JobError }
  | { readonly kind: 'offline'; readonly error: JobError }
  | { readonly kind: 'stopped' };

/** tus Upload-Metadata: `key base64(value)` pairs, comma-separated. */
export function encodeMetadata(metadata: Readonly<Record<string, string>>): string {
  return Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v, 'utf8').toString('base64')}`)
    .join(',');
}

function codeOf(e: unknown): string | undefined {
  for (let cur: unknown = e, depth = 0; cur !== null && typeof cur === 'object' && depth < 4; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A failure below HTTP (no answer) as the retry rules read it. */
function networkFailure(e: unknown): CallFailure {
  const code = codeOf(e) ?? 'ECONNRESET';
  const message = e instanceof Error ? e.message : String(e);
  if (code === 'TIMEOUT') return { error: appError('timeout', 'The upload stalled', { detail: message }), code };
  return { error: appError('network', 'The connection to the platform failed', { detail: `${message} (${code})` }), code };
}

/** An HTTP answer that is not a success. */
function httpFailure(status: number, body: string, retryAfter: string | undefined): CallFailure {
  const detail = body.trim().slice(0, 500);
  return { error: appError('http', `The platform answered HTTP ${status}`, { status, ...(detail !== '' ? { detail } : {}) }), status, ...(retryAfter !== undefined ? { retryAfter } : {}) };
}

/** The failure behind a tus-js-client error. */
export function failureOfTusError(err: DetailedError | Error): CallFailure {
  const detailed = err as Partial<DetailedError>;
  const res = detailed.originalResponse;
  if (res) return httpFailure(res.getStatus(), res.getBody() ?? '', res.getHeader('Retry-After') ?? undefined);
  return networkFailure(detailed.causingError ?? err);
}

/** Posts the creation request, retrying as the policy says; a refused signature is signed again (same video). */
export async function createTus(o: TusCreateOptions): Promise<TusCreated> {
  let resigned = 0;
  // The PATCHes' node:http stack, not fetch: fetch would load undici and its parser (about 8 MiB) for this one call.
  const stack = tusHttpStack({
    ...(o.idleTimeoutMs !== undefined ? { idleTimeoutMs: o.idleTimeoutMs } : {}),
    body: () => {
      throw new Error('Creating an upload sends no body');
    },
  });
  const post = async (): Promise<string> => {
    for (;;) {
      let res: HttpResponse;
      try {
        const headers = await o.signer.headers();
        const req = stack.createRequest('POST', o.endpoint);
        for (const [name, value] of Object.entries({ ...headers, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(o.size), 'Upload-Metadata': encodeMetadata(o.metadata) })) {
          req.setHeader(name, value);
        }
        res = await new Promise<HttpResponse>((resolve, reject) => {
          const abort = () => {
            void req.abort();
            reject(Object.assign(new Error('Cancelled'), { code: 'ABORTED' }));
          };
          if (o.signal.aborted) return abort();
          o.signal.addEventListener('abort', abort, { once: true });
          req
            .send(null)
            .then(resolve, reject)
            .finally(() => o.signal.removeEventListener('abort', abort));
        });
      } catch (e) {
        throw new VideoCallFailure(networkFailure(e));
      }
      const status = res.getStatus();
      const location = res.getHeader('location');
      if (status === 201 && location) return new URL(location, o.endpoint).toString();
      // Signed again once without counting an attempt: the signature may only have expired.
      if (status !== 401 || resigned++ >= 1) throw new VideoCallFailure(httpFailure(status, res.getBody() ?? '', res.getHeader('retry-after') ?? undefined));
      o.signer.invalidate();
    }
  };
  try {
    const clock = { ...(o.now ? { now: o.now } : {}), ...(o.random ? { random: o.random } : {}), ...(o.sleep ? { sleep: o.sleep } : {}) };
    return { kind: 'created', uploadUrl: await retry(post, { ...UPLOAD_POLICY, ...o.policy }, uploadRetry(o.signal, clock)) };
  } catch (e) {
    if (e instanceof Stopped) return e.verdict;
    if (o.signal.aborted) return { kind: 'stopped' };
    throw e;
  }
}
