/** One HTTP exchange over a transport, with a deadline or an idle timeout, a capped body and cut-short detection. */
import { Readable } from 'node:stream';

/** Default cap on the body kept in memory. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

/** How long an attempt may take: a deadline for small calls, or an idle limit reset by every byte either way. */
export type Timing = { readonly kind: 'deadline'; readonly ms: number } | { readonly kind: 'idle'; readonly ms: number };

/** A request as a transport sends it; a streamed body is already wrapped so that every chunk pulled is progress. */
export interface TransportRequest {
  readonly url: URL;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer | string | AsyncIterable<Buffer> | undefined;
  /** Cancel or timeout: the transport drops the connection, and its promise or the body it handed out fails. */
  readonly signal: AbortSignal;
}

/** The head of an answer, and its body as it arrives; the body fails when the connection ends early. */
export interface TransportResponse {
  readonly status: number;
  /** Lower-case names; repeated headers joined with ', '. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: AsyncIterable<Buffer>;
}

/**
 * Sends a request over connections it owns and resolves once the answer's head has arrived. It follows no
 * redirects and has no timers of its own except a connect timeout: the exchange times the rest.
 */
export interface Transport {
  send(req: TransportRequest): Promise<TransportResponse>;
}

/** One exchange to make. */
export interface ExchangeInput {
  readonly transport: Transport;
  readonly url: URL;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Readable | Buffer | string;
  readonly maxBodyBytes: number;
  /**
   * Sees every body byte, also past maxBodyBytes (e.g. to spool a huge answer to disk), with the answer's status
   * and headers.
   * A promise it returns is awaited before the next chunk is read: the sink's pace holds the download back.
   */
  readonly onBodyChunk?: (chunk: Buffer, status: number, headers: Readonly<Record<string, string>>) => unknown;
  readonly timing: Timing;
  readonly signal?: AbortSignal;
}

/** A whole answer. */
export interface Exchanged {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly truncated: boolean;
}

/** Why an exchange produced no whole answer. */
export type ExchangeFailureKind = 'cancelled' | 'timeout' | 'cut_short' | 'network' | 'source';

/** An exchange that failed; `code` is the low-level code (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET, …). */
export class ExchangeFailure extends Error {
  constructor(
    readonly kind: ExchangeFailureKind,
    readonly code: string,
    message: string,
    /** The status, when the failure came after the headers. */
    readonly status?: number,
    readonly headers?: Readonly<Record<string, string>>,
    readonly bytesReceived = 0,
  ) {
    super(message);
  }
}

function codeOf(e: unknown): string {
  if (typeof e === 'object' && e !== null) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    const cause = (e as { cause?: unknown }).cause;
    if (cause !== undefined && cause !== e) {
      const inner = codeOf(cause);
      if (inner !== 'UNKNOWN') return inner;
    }
    const name = (e as { name?: unknown }).name;
    if (typeof name === 'string' && name !== 'Error') return name;
  }
  return 'UNKNOWN';
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Makes one request and reads the whole answer; throws ExchangeFailure for anything short of that. */
export async function exchange(input: ExchangeInput): Promise<Exchanged> {
  const { timing, signal } = input;
  const controller = new AbortController();
  let why: 'cancelled' | 'timeout' | undefined;
  let sourceError: unknown;
  const onAbort = () => {
    why ??= 'cancelled';
    controller.abort();
  };
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    why ??= 'timeout';
    controller.abort();
  }, timing.ms);
  // Progress moves the idle deadline on (the same timer, not a new one per chunk).
  const touch = timing.kind === 'idle' ? () => void timer.refresh() : () => undefined;

  const body = input.body;
  if (body instanceof Readable) {
    // The transport pipes the stream itself. Each chunk it takes is progress, listened to only once the stream flows
    // (listening earlier would start it), and a failing source is told apart from the network.
    body.once('resume', () => body.on('data', touch));
    body.once('error', (e) => (sourceError = e));
  }

  let status: number | undefined;
  let headers: Readonly<Record<string, string>> | undefined;
  let received = 0;
  try {
    const res = await input.transport.send({ url: input.url, method: input.method, headers: input.headers, body, signal: controller.signal });
    touch();
    status = res.status;
    headers = res.headers;
    const chunks: Buffer[] = [];
    let kept = 0;
    let truncated = false;
    for await (const buf of res.body) {
      touch();
      received += buf.length;
      const paced = input.onBodyChunk?.(buf, res.status, res.headers);
      if (paced instanceof Promise) {
        await paced;
        touch();
      }
      const room = input.maxBodyBytes - kept;
      if (buf.length <= room) {
        chunks.push(buf);
        kept += buf.length;
      } else {
        if (room > 0) chunks.push(buf.subarray(0, room));
        kept = input.maxBodyBytes;
        truncated = true;
      }
    }
    return { status, headers, body: Buffer.concat(chunks, kept), truncated };
  } catch (e) {
    if (why === 'cancelled') throw new ExchangeFailure('cancelled', 'ABORTED', 'Cancelled', status, headers, received);
    if (why === 'timeout') throw new ExchangeFailure('timeout', 'TIMEOUT', `No answer within ${timing.ms} ms`, status, headers, received);
    if (sourceError !== undefined) throw new ExchangeFailure('source', codeOf(sourceError), messageOf(sourceError));
    if (status !== undefined) throw new ExchangeFailure('cut_short', codeOf(e), messageOf(e), status, headers, received);
    throw new ExchangeFailure('network', codeOf(e), messageOf(e));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** True for localhost, 127.0.0.0/8 and ::1: these never go through a proxy. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
