/** One HTTP exchange over undici, with a deadline or an idle timeout, a capped body and cut-short detection. */
import { Readable } from 'node:stream';
import { Agent, EnvHttpProxyAgent, request, type Dispatcher } from 'undici';

/** Default cap on the body kept in memory. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

/** How long an attempt may take: a deadline for small calls, or an idle limit reset by every byte either way. */
export type Timing = { readonly kind: 'deadline'; readonly ms: number } | { readonly kind: 'idle'; readonly ms: number };

/** One exchange to make. */
export interface ExchangeInput {
  readonly dispatcher: Dispatcher;
  readonly url: URL;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Readable | Buffer | string;
  readonly maxBodyBytes: number;
  /** Sees every body byte, also past maxBodyBytes (e.g. to spool a huge answer to disk). */
  readonly onBodyChunk?: (chunk: Buffer) => void;
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

/** An exchange that failed; `code` is the low-level code (ECONNREFUSED, UND_ERR_SOCKET, …). */
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

/** Undici's header record with single string values; repeated headers are joined with ', '. */
export function flattenHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
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
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      why ??= 'timeout';
      controller.abort();
    }, timing.ms);
  };
  const touch = timing.kind === 'idle' ? arm : () => undefined;
  arm();

  let body: Buffer | string | AsyncIterable<Buffer> | undefined;
  if (input.body instanceof Readable) {
    const source = input.body;
    // Each chunk pulled by undici is progress for the idle timer; a failing source is told apart from the network.
    body = (async function* () {
      try {
        for await (const chunk of source) {
          touch();
          yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        }
      } catch (e) {
        sourceError = e;
        throw e;
      }
    })();
  } else {
    body = input.body;
  }

  let status: number | undefined;
  let headers: Record<string, string> | undefined;
  let received = 0;
  try {
    const res = await request(input.url, {
      method: input.method as Dispatcher.HttpMethod,
      headers: input.headers,
      // Undici documents AsyncIterable bodies (docs/api/Dispatcher.md) but its .d.ts leaves them out.
      body: body as Buffer | string | Readable | undefined,
      dispatcher: input.dispatcher,
      signal: controller.signal,
      // Our own timer covers both phases: undici's would cut long uploads or fire between retries.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    touch();
    status = res.statusCode;
    headers = flattenHeaders(res.headers);
    const chunks: Buffer[] = [];
    let kept = 0;
    let truncated = false;
    for await (const chunk of res.body) {
      touch();
      const buf = chunk as Buffer;
      received += buf.length;
      input.onBodyChunk?.(buf);
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

/** Picks the dispatcher for a URL; owns and closes what it created. */
export interface DispatcherSet {
  pick(url: URL): Dispatcher;
  close(): Promise<void>;
}

/** True for localhost, 127.0.0.0/8 and ::1: these never go through a proxy. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * A direct agent, plus an EnvHttpProxyAgent when HTTPS_PROXY/HTTP_PROXY (either case) is set; NO_PROXY is honoured
 * and loopback hosts always bypass the proxy. A dispatcher passed in is used for everything and never closed here.
 */
export function createDispatchers(given?: Dispatcher, env: Readonly<Record<string, string | undefined>> = process.env): DispatcherSet {
  if (given) return { pick: () => given, close: async () => undefined };
  let direct: Agent | undefined;
  let proxied: EnvHttpProxyAgent | undefined;
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY;
  const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY;
  const useProxy = Boolean(httpProxy || httpsProxy);
  return {
    pick(url) {
      if (useProxy && !isLoopbackHost(url.hostname)) {
        // Empty strings, not undefined: undici would otherwise fall back to process.env behind our back.
        proxied ??= new EnvHttpProxyAgent({ httpProxy: httpProxy ?? '', httpsProxy: httpsProxy ?? '', noProxy: env.no_proxy ?? env.NO_PROXY ?? '' });
        return proxied;
      }
      direct ??= new Agent({ connect: { timeout: 10_000 } });
      return direct;
    },
    async close() {
      await Promise.all([direct?.close(), proxied?.close()]);
    },
  };
}
