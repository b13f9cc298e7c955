/**
 * Creating a tus upload (POST {videoUrl}/tusupload) for a video, with the runner's retry rules, and turning
 * tus-js-client's errors into the failures those rules read.
 */
import type { DetailedError } from 'tus-js-client';
import { appError } from '../../../../shared/result.js';
import type { JobError } from '../../../../shared/videos/model.js';
import { classify, DEFAULT_RETRY_RULES, type CallFailure, type RetryRules } from '../upload/classify.js';
import { abortableSleep } from '../queue/queue-support.js';
import type { TusSigner } from './tus-sign.js';

/** What creating needs (a subset of the upload's options). */
export interface TusCreateOptions {
  readonly endpoint: string;
  readonly size: number;
  readonly signer: TusSigner;
  readonly metadata: Readonly<Record<string, string>>;
  readonly signal: AbortSignal;
  readonly rules?: Partial<RetryRules>;
  readonly now?: () => number;
  readonly random?: () => number;
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
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

/** Posts the creation request, retrying as the rules say; a refused signature is signed again (same video). */
export async function createTus(o: TusCreateOptions): Promise<TusCreated> {
  const rules: RetryRules = { ...DEFAULT_RETRY_RULES, ...o.rules };
  const sleep = o.sleep ?? abortableSleep;
  let resigned = 0;
  for (let attempt = 0; ; attempt++) {
    let failure: CallFailure;
    try {
      const headers = await o.signer.headers();
      const res = await fetch(o.endpoint, {
        method: 'POST',
        headers: { ...headers, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(o.size), 'Upload-Metadata': encodeMetadata(o.metadata) },
        signal: o.signal,
      });
      const body = await res.text();
      const location = res.headers.get('location');
      if (res.status === 201 && location) return { kind: 'created', uploadUrl: new URL(location, o.endpoint).toString() };
      if (res.status === 401 && resigned < 1) {
        resigned++;
        o.signer.invalidate();
        attempt--;
        continue;
      }
      failure = httpFailure(res.status, body, res.headers.get('retry-after') ?? undefined);
    } catch (e) {
      if (o.signal.aborted) return { kind: 'stopped' };
      failure = networkFailure(e);
    }
    const verdict = classify(failure, { attempt, now: (o.now ?? Date.now)(), random: o.random ?? Math.random, rules });
    if (verdict.kind !== 'retry') return verdict;
    try {
      await sleep(verdict.delayMs, o.signal);
    } catch {
      return { kind: 'stopped' };
    }
  }
}
