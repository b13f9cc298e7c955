/** Fault injection: rules that delay, fail or cut the next K matching requests, so tests can exercise a client's error handling. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { jsonDepth, MAX_JSON_DEPTH } from './http.js';

/** The largest body a status rule may carry, as sent (a string) or as JSON text. */
export const MAX_FAULT_BODY_BYTES = 64 * 1024;

/** A valid HTTP field value: visible ASCII, spaces and tabs inside, other octets above 0x7f; never CR, LF or NUL. */
const FIELD_VALUE = /^[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?$/;

const headerValue = z
  .string()
  .max(1024)
  .regex(FIELD_VALUE, 'must be a valid HTTP header value (no CR, LF or other control characters, no surrounding spaces)');

/** The byte length of a status body as it goes on the wire; undefined when it cannot be serialised. */
function bodyBytes(body: unknown): number | undefined {
  if (typeof body === 'string') return Buffer.byteLength(body);
  try {
    const text = JSON.stringify(body);
    return text === undefined ? 0 : Buffer.byteLength(text);
  } catch {
    return undefined;
  }
}

const faultBody = z
  .unknown()
  .refine((b) => jsonDepth(b) <= MAX_JSON_DEPTH, `body must not nest deeper than ${MAX_JSON_DEPTH} levels`)
  .refine((b) => {
    // Checked after the depth, so serialising can never overflow the stack.
    if (jsonDepth(b) > MAX_JSON_DEPTH) return true;
    const size = bodyBytes(b);
    return size !== undefined && size <= MAX_FAULT_BODY_BYTES;
  }, `body must serialise to at most ${MAX_FAULT_BODY_BYTES} bytes`);

const actionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('delay'), ms: z.number().int().min(0).max(600_000) }),
  z.object({
    kind: z.literal('status'),
    status: z.number().int().min(100).max(599),
    retryAfter: headerValue.optional(),
    /** A string is sent as is (HTML error pages, broken JSON); anything else as JSON. */
    body: faultBody.optional(),
    contentType: headerValue.optional(),
  }),
  z.object({ kind: z.literal('reset-after-body-bytes'), bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }),
  z.object({ kind: z.literal('reset-after-headers') }),
  z.object({ kind: z.literal('commit-then-reset') }),
]);

/** What POST /__admin/faults and sandbox.faults.add() accept. */
export const faultRuleInputSchema = z.object({
  method: z.string().regex(/^[A-Za-z]{1,20}$/).optional(),
  /** Exact full request path (with the area prefix, without the query), or a prefix ending in '*'. */
  path: z.string().startsWith('/').max(2048),
  times: z.number().int().min(1).max(1_000_000).default(1),
  action: actionSchema,
});

/** What a fault does to a matching request. */
export type FaultAction = z.infer<typeof actionSchema>;

/** A rule as given by a test or benchmark. */
export type FaultRuleInput = z.input<typeof faultRuleInputSchema>;

/** An active rule. */
export interface FaultRule {
  readonly id: string;
  readonly method?: string;
  readonly path: string;
  /** Matching requests still to be affected. */
  readonly remaining: number;
  readonly action: FaultAction;
}

/** The active rules of one sandbox. */
export interface FaultRegistry {
  /** Validates and adds a rule; throws a ZodError on a bad rule. */
  add(rule: FaultRuleInput): string;
  list(): readonly FaultRule[];
  reset(): void;
  /** Consumes one use of the first rule matching this request, if any. */
  take(method: string, path: string): FaultAction | undefined;
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method !== undefined && rule.method !== method.toUpperCase()) return false;
  return rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path;
}

/** Creates an empty rule set. */
export function createFaultRegistry(): FaultRegistry {
  let rules: FaultRule[] = [];
  let next = 1;
  return {
    add(input) {
      const parsed = faultRuleInputSchema.parse(input);
      const id = `fault-${next++}`;
      rules.push({
        id,
        ...(parsed.method !== undefined ? { method: parsed.method.toUpperCase() } : {}),
        path: parsed.path,
        remaining: parsed.times,
        action: parsed.action,
      });
      return id;
    },
    list: () => rules.map((r) => ({ ...r })),
    reset() {
      rules = [];
    },
    take(method, path) {
      const index = rules.findIndex((r) => matches(r, method, path));
      const rule = rules[index];
      if (!rule) return undefined;
      if (rule.remaining <= 1) rules.splice(index, 1);
      else rules[index] = { ...rule, remaining: rule.remaining - 1 };
      return rule.action;
    },
  };
}

/** What the dispatcher does after arming a fault. */
export type FaultOutcome = 'answered' | 'continue';

/**
 * Applies an action to a request before dispatch. Must be called synchronously from the
 * 'request' listener (before any await) so the body hooks see every chunk.
 * 'continue' means: run the handler (possibly with hooks armed on req/res).
 */
export async function applyFault(action: FaultAction, req: IncomingMessage, res: ServerResponse): Promise<FaultOutcome> {
  switch (action.kind) {
    case 'delay':
      await delay(action.ms);
      return 'continue';
    case 'status':
      sendStatus(res, action);
      return 'answered';
    case 'reset-after-body-bytes':
      armBodyReset(req, res, action.bytes);
      return 'continue';
    case 'reset-after-headers':
      armHeadersReset(res);
      return 'continue';
    case 'commit-then-reset':
      armCommitThenReset(res);
      return 'continue';
  }
}

function sendStatus(res: ServerResponse, action: Extract<FaultAction, { kind: 'status' }>): void {
  const headers: Record<string, string> = {};
  if (action.retryAfter !== undefined) headers['retry-after'] = action.retryAfter;
  let payload = '';
  if (typeof action.body === 'string') {
    payload = action.body;
    headers['content-type'] = action.contentType ?? 'text/plain; charset=utf-8';
  } else if (action.body !== undefined) {
    payload = JSON.stringify(action.body);
    headers['content-type'] = action.contentType ?? 'application/json; charset=utf-8';
  }
  headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(action.status, headers);
  res.end(payload);
}

/**
 * Lets at most `bytes` request-body bytes reach the handler, then destroys the socket.
 * The end of the body is never delivered, so the handler cannot complete (and commit) the request;
 * a handler that answers without reading the body is not heard either, so the client always sees the reset.
 */
function armBodyReset(req: IncomingMessage, res: ServerResponse, bytes: number): void {
  const socket = req.socket;
  const push = req.push.bind(req);
  let seen = 0;
  let fired = false;
  const fire = async () => {
    fired = true;
    // Give the handler a bounded chance to take the bytes already let through.
    for (let i = 0; i < 100 && req.readableLength > 0 && !req.destroyed; i++) await delay(5);
    await delay(5);
    socket.destroy();
  };
  // The HTTP parser feeds the body through req.push(); intercepting it counts de-chunked body bytes exactly.
  req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (fired) return false;
    if (chunk === null) {
      void fire();
      return false;
    }
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : (chunk as Buffer);
    const room = bytes - seen;
    if (buf.length < room) {
      seen += buf.length;
      return push(buf);
    }
    if (room > 0) push(buf.subarray(0, room));
    seen = bytes;
    void fire();
    return false;
  };
  // The answer is swallowed; its end drains the unread body through the hook above, so the reset still comes.
  swallow(res, () => undefined, () => req.resume());
}

/** Keeps the handler's answer from the client: a write runs `onWrite` and an end `onEnd` instead. */
function swallow(res: ServerResponse, onWrite: () => void, onEnd: () => void): void {
  res.flushHeaders = () => undefined;
  res.write = ((...args: WriteArgs) => {
    onWrite();
    callbackOf(args)?.();
    return true;
  }) as ServerResponse['write'];
  res.end = (() => {
    onEnd();
    return res;
  }) as ServerResponse['end'];
}

type WriteArgs = [chunk?: unknown, encoding?: unknown, cb?: unknown];

function bodyOf(args: WriteArgs): Buffer {
  const [chunk, encoding] = args;
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return Buffer.alloc(0);
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.from(chunk as Uint8Array);
}

function callbackOf(args: WriteArgs): (() => void) | undefined {
  const cb = args.find((a) => typeof a === 'function');
  return cb as (() => void) | undefined;
}

/**
 * Sends the response headers and the first half of the first body chunk, then destroys the socket,
 * so the client sees a truncated body. A response without a body arrives whole.
 */
function armHeadersReset(res: ServerResponse): void {
  const socket = res.socket;
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
  let fired = false;
  const cut = (body: Buffer) => {
    fired = true;
    const half = body.subarray(0, Math.floor(body.length / 2));
    if (half.length > 0) {
      write(half, () => socket?.destroy());
    } else {
      res.flushHeaders();
      // Callbacks of socket writes run in order, so this one runs once the headers are out.
      socket?.write(Buffer.alloc(0), () => socket.destroy());
    }
  };
  res.write = ((...args: WriteArgs) => {
    if (!fired) cut(bodyOf(args));
    callbackOf(args)?.();
    return true;
  }) as ServerResponse['write'];
  res.end = ((...args: WriteArgs) => {
    if (fired) return res;
    const body = bodyOf(args);
    if (body.length === 0) {
      fired = true;
      end(() => socket?.destroy());
    } else {
      cut(body);
    }
    return res;
  }) as ServerResponse['end'];
}

/** Lets the handler finish its work, then destroys the socket instead of sending any byte of the response. */
function armCommitThenReset(res: ServerResponse): void {
  const drop = () => res.socket?.destroy();
  swallow(res, drop, drop);
}
