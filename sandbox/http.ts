/** Small HTTP helpers shared by the sandbox's areas. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gunzip, inflate, inflateRaw, type InputType, type ZlibOptions } from 'node:zlib';

/** Thrown by readBody/readJson; the caller turns it into the area's own error shape. */
export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The largest request body a JSON route reads unless it names a smaller limit (after decompression). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * How many more bytes of a refused body are read and thrown away, so that the client, still sending,
 * gets to read the refusal; past this the connection is dropped.
 */
const DISCARD_LIMIT = 64 * 1024 * 1024;

/** The deepest JSON nesting readJson accepts (objects and arrays). */
export const MAX_JSON_DEPTH = 64;

type Decoder = (buf: InputType, options: ZlibOptions) => Promise<Buffer>;

const gunzipAsync = promisify(gunzip) as Decoder;
const inflateAsync = promisify(inflate) as Decoder;
const inflateRawAsync = promisify(inflateRaw) as Decoder;

/** HTTP's "deflate" is zlib-wrapped, but some clients send a raw deflate stream; both are accepted. */
const inflateEither: Decoder = async (buf, options) => {
  try {
    return await inflateAsync(buf, options);
  } catch (e) {
    if ((e as { code?: string }).code !== 'Z_DATA_ERROR') throw e;
    return inflateRawAsync(buf, options);
  }
};

const DECODERS: Readonly<Record<string, Decoder>> = { gzip: gunzipAsync, 'x-gzip': gunzipAsync, deflate: inflateEither };

/** At most this many codings may be stacked in one Content-Encoding. */
const MAX_CODINGS = 2;

/**
 * The content codings of a request body, in the order they were applied (identity left out).
 * Throws BodyError 415 for a coding other than gzip or deflate.
 */
export function contentCodings(req: IncomingMessage): string[] {
  const text = header(req, 'content-encoding') ?? '';
  const codings = text
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  for (const coding of codings) {
    if (!Object.hasOwn(DECODERS, coding)) {
      throw new BodyError(415, `Content-Encoding "${coding.slice(0, 40)}" is not supported; send the body as is, gzip or deflate`);
    }
  }
  if (codings.length > MAX_CODINGS) throw new BodyError(415, `At most ${MAX_CODINGS} content codings may be stacked`);
  return codings;
}

const discarding = new WeakSet<IncomingMessage>();

/**
 * Reads and throws away what is left of a request body without destroying the request, so the
 * answer already sent (or about to be) reaches a client that is still sending. Past DISCARD_LIMIT
 * bytes the connection is dropped.
 */
export function discardBody(req: IncomingMessage): void {
  if (req.readableEnded || req.destroyed || discarding.has(req)) return;
  discarding.add(req);
  let left = DISCARD_LIMIT;
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) req.socket?.destroy();
  });
  req.resume();
}

/** Collects the raw body bytes, at most `limit` of them, without ever destroying the request. */
function collect(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (req.readableEnded) {
      resolve(Buffer.alloc(0));
      return;
    }
    // A request whose client already left has fired its 'close' before we listen: it would never settle.
    if (req.destroyed) {
      reject(new BodyError(400, 'The request body was cut off'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        discardBody(req);
        reject(new BodyError(413, `Request body larger than ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onClose = () => {
      cleanup();
      reject(new BodyError(400, 'The request body was cut off'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onClose);
  });
}

/**
 * Reads a whole (small) request body, decoding a gzip or deflate Content-Encoding. Both the bytes
 * on the wire and the decoded bytes are limited to `limit` (413 past it), so a small compressed
 * body cannot expand without bound. A refused body is read and discarded, never left to reset the
 * connection, so the client sees the answer. Throws BodyError: 413 too large, 415 unsupported
 * coding, 400 undecodable or cut off.
 */
export async function readBody(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  let codings: string[];
  try {
    codings = contentCodings(req);
  } catch (e) {
    discardBody(req);
    throw e;
  }
  const declared = header(req, 'content-length');
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit) {
    discardBody(req);
    throw new BodyError(413, `Request body larger than ${limit} bytes`);
  }
  let body = await collect(req, limit);
  for (const coding of [...codings].reverse()) {
    const decode = DECODERS[coding];
    if (decode === undefined) continue;
    try {
      body = await decode(body, { maxOutputLength: limit });
    } catch (e) {
      if (e instanceof RangeError || (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new BodyError(413, `Request body larger than ${limit} bytes once decoded`);
      }
      throw new BodyError(400, `Body is not valid ${coding} data`);
    }
  }
  return body;
}

/** How deeply arrays and objects nest in a parsed JSON value (0 for a scalar); stops counting past `max`. */
export function jsonDepth(value: unknown, max = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    const here = depth + 1;
    if (here > deepest) deepest = here;
    if (deepest > max) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, here]);
  }
  return deepest;
}

/** Parses JSON text, refusing invalid text and nesting deeper than MAX_JSON_DEPTH (400). */
export function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (e) {
    throw new BodyError(400, `Body is not valid JSON: ${(e as Error).message}`);
  }
  if (jsonDepth(value) > MAX_JSON_DEPTH) throw new BodyError(400, `Body nests JSON deeper than ${MAX_JSON_DEPTH} levels`);
  return value;
}

/** Reads and parses a JSON body; an empty body yields undefined. */
export async function readJson(req: IncomingMessage, limit?: number): Promise<unknown> {
  const raw = await readBody(req, limit);
  if (raw.length === 0) return undefined;
  return parseJson(raw.toString('utf8'));
}

/** True while nothing of the response has been sent and its connection is still there to send it on. */
export function canAnswer(res: ServerResponse): boolean {
  return !res.headersSent && !res.writableEnded && !res.destroyed && res.socket?.destroyed !== true;
}

/** Sends a JSON body with the given status and optional extra headers. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  contentType = 'application/json; charset=utf-8',
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Sends an empty response. */
export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-length': '0', ...headers });
  res.end();
}

/** The value of a header as one string (first value when repeated). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
