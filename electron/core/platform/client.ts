/** The platform HTTP client every feature uses: key per area, timeouts, retries, safe redirects, error mapping, redaction. */
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { createRedactor } from '../../../shared/common/redact.js';
import { appError, type AppError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';
import { authFor, baseUrlFor } from './auth.js';
import { cleanText, mapPlatformError } from './errors.js';
import { crossOriginRedirectError, failureError, notJsonError } from './failures.js';
import { DEFAULT_MAX_BODY_BYTES, exchange, ExchangeFailure, type Exchanged, type Timing } from './http.js';
import { breakerAfter, CLOSED_BREAKER, DEFAULT_RETRY_POLICY, retry, sleep as realSleep, type AttemptOutcome, type BreakerState, type Decision, type RetryPolicy } from './policy.js';
import { createTransports } from './transports.js';
import type { AttemptInfo, Credentials, Endpoints, PlatformClient, PlatformRequest, PlatformResponse } from './types.js';
import { joinUrl } from './url.js';

export type { ApiArea, AttemptInfo, Credentials, Endpoints, PlatformClient, PlatformRequest, PlatformResponse } from './types.js';

/** What the client is built from; everything but endpoints, credentials and userAgent has a default. */
export interface PlatformClientOptions {
  readonly endpoints: () => Endpoints;
  readonly credentials: Credentials;
  /** `Burrow/<version>`. */
  readonly userAgent: string;
  readonly now?: () => number;
  readonly random?: () => number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly retryPolicy?: Partial<RetryPolicy>;
  /** An undici dispatcher that carries every request instead of the built-in transports (tests); never closed here. */
  readonly dispatcher?: Dispatcher;
  /** Proxy variables; process.env by default. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Default deadline of one attempt of a small call. */
export const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 5;
const KEPT_SECRETS = 32;
/** Headers a caller may not set: the key is chosen by area, and framing is the transport's business. */
const RESERVED = new Set(['accesskey', 'authorization', 'proxy-authorization', 'cookie', 'host', 'connection', 'transfer-encoding', 'keep-alive', 'upgrade', 'te', 'trailer']);
const FOLLOWED = new Set(['GET', 'HEAD']);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** RFC 9110 token characters for header names; values may not carry CR, LF or NUL. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Default idle limit of a streamed upload when the caller sets no timeout. */
export const DEFAULT_STREAM_IDLE_MS = 60_000;

/** The user-facing error, with the breaker's sentence first when it is why there were no more attempts. */
function withNote(error: AppError, note: string | undefined): AppError {
  return note === undefined ? error : { ...error, detail: error.detail === undefined ? note : `${note}. ${error.detail}` };
}

/** A failed attempt: what the policy reads, what the user is told if it was the last, and its transcript line. */
class Failed extends Error {
  constructor(
    readonly outcome: AttemptOutcome,
    readonly result: Exchanged | undefined,
    readonly failure: ExchangeFailure,
    readonly where: string,
    readonly report: (d: Decision) => void,
  ) {
    super(where);
  }
}

/** Creates the client. */
export function createPlatformClient(opts: PlatformClientOptions): PlatformClient {
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const sleep = opts.sleep ?? realSleep;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...opts.retryPolicy };
  const transports = createTransports(opts.dispatcher, opts.env ?? process.env);
  // The shared failure budget, one breaker per origin: a failing video host does not stop retries to the API host.
  const breakers = new Map<string, BreakerState>();
  // Every key this client has sent; all of them are scrubbed from everything it reports.
  const secrets: string[] = [];
  const remember = (secret: string) => {
    if (secrets.includes(secret)) return;
    secrets.push(secret);
    if (secrets.length > KEPT_SECRETS) secrets.shift();
  };

  async function send(req: PlatformRequest): Promise<PlatformResponse> {
    return (await run(req)).response;
  }

  async function run(req: PlatformRequest): Promise<{ response: PlatformResponse; path: string; note?: string }> {
    const started = now();
    const method = req.method.toUpperCase();
    if (!METHODS.has(method)) throw new AppFailure(appError('validation', 'Invalid HTTP method', { fieldErrors: { method: `Use one of ${[...METHODS].join(', ')}` } }));
    const startUrl = joinUrl(baseUrlFor(req.area, opts.endpoints()), req.path, req.query);
    if (req.signal?.aborted) throw new AppFailure(appError('cancelled', 'Cancelled', { detail: `${method} ${startUrl.pathname}` }));
    const auth = await authFor(req.area, req.libraryId, opts.credentials);
    remember(auth.secret);
    const redactor = createRedactor([...secrets]);

    let body = req.body;
    let contentType = req.contentType;
    if (req.json !== undefined) {
      try {
        body = Buffer.from(JSON.stringify(req.json));
      } catch (e) {
        throw new AppFailure(appError('validation', 'The request body cannot be sent as JSON', { detail: e instanceof Error ? e.message : String(e) }));
      }
      contentType ??= 'application/json';
    }
    const headers: Record<string, string> = { 'user-agent': opts.userAgent, accept: 'application/json' };
    for (const [name, value] of Object.entries(req.headers ?? {})) {
      if (!HEADER_NAME.test(name) || /[\r\n\0]/.test(value)) {
        throw new AppFailure(appError('validation', 'Invalid request header', { fieldErrors: { [`headers.${cleanText(name, 60)}`]: 'Header names are letters, digits and -; values cannot contain line breaks' } }));
      }
      if (!RESERVED.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
    }
    if (body !== undefined) headers['content-type'] = contentType ?? headers['content-type'] ?? (typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/octet-stream');
    Object.assign(headers, auth.headers);

    const streamed = body instanceof Readable;
    // A streamed upload may run for hours: unless told otherwise it only has to keep moving.
    const timing: Timing =
      req.idleTimeoutMs !== undefined || (streamed && req.timeoutMs === undefined)
        ? { kind: 'idle', ms: req.idleTimeoutMs ?? DEFAULT_STREAM_IDLE_MS }
        : { kind: 'deadline', ms: req.timeoutMs ?? DEFAULT_TIMEOUT_MS };
    const maxBodyBytes = req.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    let url = startUrl;
    let exchanges = 0;
    let redirects = 0;
    const breakerOf = () => breakers.get(url.origin) ?? CLOSED_BREAKER;
    const noRetry = streamed ? 'a streamed body cannot be sent again, so it is not retried' : req.retry === false ? 'retries are off for this request' : undefined;
    let gaveUp: Decision | undefined;

    /** One attempt, same-origin redirects followed; a failed one throws Failed with what the policy reads. */
    const attempt = async (): Promise<Exchanged> => {
      for (;;) {
        const where = `${method} ${redactor.url(url.pathname + url.search)}`;
        exchanges++;
        let result: Exchanged | undefined;
        let failure: ExchangeFailure | undefined;
        try {
          const n = exchanges;
          result = await exchange({
            transport: transports.pick(url),
            url,
            method,
            headers,
            body,
            maxBodyBytes,
            timing,
            ...(req.signal ? { signal: req.signal } : {}),
            ...(req.onBodyChunk ? { onBodyChunk: (chunk: Buffer, status: number, headers: Readonly<Record<string, string>>) => req.onBodyChunk!(chunk, n, status, headers) } : {}),
          });
        } catch (e) {
          if (!(e instanceof ExchangeFailure)) throw e;
          failure = e;
        }
        // A cut-short body still had a status and headers: the transcript shows them.
        const answered = result ?? (failure?.status !== undefined && failure.headers ? { status: failure.status, headers: failure.headers } : undefined);
        const report = (d: Pick<Decision, 'retry' | 'delayMs' | 'reason'>) => {
          // Nobody asked for a transcript: no headers to redact (most requests).
          if (!req.onAttempt) return;
          const info: AttemptInfo = {
            attempt: exchanges,
            method,
            url: redactor.url(url.href),
            requestHeaders: redactor.headers(headers),
            ...(answered ? { status: answered.status, responseHeaders: redactor.headers(answered.headers) } : {}),
            ...(failure ? { error: redactor.text(`${failure.kind}: ${failure.code}${failure.status !== undefined ? ` after HTTP ${failure.status}` : ''}`) } : {}),
            retry: d.retry,
            delayMs: d.delayMs,
            reason: redactor.text(d.reason),
          };
          try {
            req.onAttempt(info);
          } catch {
            // A failing transcript writer must not fail the request.
          }
        };

        if (failure?.kind === 'cancelled' || failure?.kind === 'source') {
          report({ retry: false, delayMs: 0, reason: failure.kind === 'cancelled' ? 'cancelled' : 'the data to send could not be read' });
          throw new AppFailure(redactor.error(failureError(failure, url, method, where, timing, exchanges)));
        }

        const location = result && result.status >= 300 && result.status < 400 ? result.headers.location : undefined;
        if (result && location !== undefined) {
          let target: URL | undefined;
          try {
            target = new URL(location, url);
          } catch {
            target = undefined;
          }
          if (target === undefined || target.origin !== url.origin) {
            report({ retry: false, delayMs: 0, reason: 'redirect to another origin refused' });
            throw new AppFailure(redactor.error(crossOriginRedirectError(result.status, redactor.url(target?.href ?? location), where)));
          }
          if (FOLLOWED.has(method) && redirects < MAX_REDIRECTS) {
            redirects++;
            report({ retry: true, delayMs: 0, reason: `following a same-origin redirect to ${redactor.url(target.pathname + target.search)}` });
            url = target;
            continue;
          }
        }

        const outcome: AttemptOutcome = result
          ? { kind: 'status', status: result.status, retryAfter: result.headers['retry-after'] }
          : { kind: 'network', code: failure?.kind === 'network' ? failure.code : (failure?.kind ?? 'UNKNOWN') };
        // Every attempt counts, retried or not (POST, streams): each is evidence of the platform's health.
        breakers.set(url.origin, breakerAfter(breakerOf(), outcome, now(), policy));
        if (result && result.status < 400) {
          report({ retry: false, delayMs: 0, reason: `HTTP ${result.status}` });
          return result;
        }
        if (noRetry !== undefined) report({ retry: false, delayMs: 0, reason: noRetry });
        throw new Failed(outcome, result, failure ?? new ExchangeFailure('network', 'UNKNOWN', 'no answer'), where, report);
      }
    };

    let final: Exchanged;
    try {
      final = await retry(attempt, policy, {
        signal: req.signal,
        clock: { now, random, sleep },
        outcomeOf: (e) => (e instanceof Failed && noRetry === undefined ? e.outcome : undefined),
        request: () => ({ method, idempotent: req.idempotent, breaker: breakerOf() }),
        onDecision: (d, e) => {
          (e as Failed).report(d);
          gaveUp = d;
        },
      });
    } catch (e) {
      if (!(e instanceof Failed)) throw e;
      if (e.result === undefined) {
        const error = failureError(e.failure, url, method, e.where, timing, exchanges - redirects);
        throw new AppFailure(redactor.error(withNote(error, gaveUp?.stoppedRetrying)));
      }
      final = e.result;
    }
    const where = `${method} ${redactor.url(url.pathname + url.search)}`;
    const note = gaveUp?.retry === false ? gaveUp.stoppedRetrying : undefined;
    const response: PlatformResponse = {
      status: final.status,
      headers: final.headers,
      body: final.body,
      truncated: final.truncated,
      url: redactor.url(url.href),
      attempts: exchanges - redirects,
      timingMs: now() - started,
      json<T>(): T {
        if (final.body.length === 0) return null as T;
        if (final.truncated) {
          throw new AppFailure(appError('http', 'The answer is too large to read', { status: final.status, detail: `It is longer than ${maxBodyBytes} bytes — ${where}` }));
        }
        try {
          return JSON.parse(final.body.toString('utf8')) as T;
        } catch (e) {
          throw new AppFailure(redactor.error(notJsonError(final.status, final.headers['content-type'], e instanceof Error ? e.message : '', where)));
        }
      },
    };
    return { response, path: url.pathname + url.search, ...(note !== undefined ? { note } : {}) };
}

  return {
    send,
    async json<T>(req: PlatformRequest): Promise<T> {
      const { response, path, note } = await run(req);
      if (response.status >= 200 && response.status < 300) return response.json<T>();
      throw new AppFailure(withNote(mapPlatformError(req.area, response.status, response.headers, response.body, req.method, path, [...secrets]), note));
    },
    close: () => transports.close(),
  };
}
