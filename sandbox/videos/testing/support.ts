/** Helpers for the video area's tests: a real sandbox on port 0 and a plain HTTP client. */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { expect } from 'vitest';
import type { SandboxOptions } from '../../context.js';
import { startSandbox, type Sandbox } from '../../server.js';
import { validateResponse } from '../../testing/openapi.js';

/** What a plain HTTP client saw. */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body; undefined when it is empty or not JSON. */
  readonly json: unknown;
}

/** A started sandbox with the two demo libraries at hand. */
export interface VideoSandbox {
  readonly sandbox: Sandbox;
  readonly libA: Sandbox['libraries'][number];
  readonly libB: Sandbox['libraries'][number];
  /** Calls the video area: `path` is relative to videoUrl. */
  call(method: string, path: string, init?: { key?: string; json?: unknown; body?: string; headers?: Record<string, string> }): Promise<Reply>;
}

/** Starts a sandbox with fast processing and no log traffic; its answers are exact unless `realism` is asked for. */
export async function startVideoSandbox(options: SandboxOptions = {}): Promise<VideoSandbox> {
  const sandbox = await startSandbox({ processingStepMs: 20, liveTraffic: false, realism: false, ...options });
  const [libA, libB] = sandbox.libraries;
  if (!libA || !libB) throw new Error('the seed has two libraries');
  return {
    sandbox,
    libA,
    libB,
    async call(method, path, init = {}) {
      const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
      if (init.key !== undefined) headers['AccessKey'] = init.key;
      let body = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers['content-type'] = 'application/json';
      }
      const res = await fetch(`${sandbox.videoUrl}${path}`, { method, headers, body });
      const text = await res.text();
      let json: unknown;
      try {
        json = text === '' ? undefined : (JSON.parse(text) as unknown);
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, text, json };
    },
  };
}

/** Creates a collection (in library A unless told) and returns its guid (videos may only name collections that exist). */
export async function newCollection(s: VideoSandbox, name: string, lib = s.libA): Promise<string> {
  const reply = await s.call('POST', `/library/${lib.id}/collections`, { key: lib.key, json: { name } });
  if (reply.status !== 200) throw new Error(`creating collection ${name} answered ${reply.status}`);
  return (reply.json as { guid: string }).guid;
}

/** Asserts that a Stream response conforms to the platform's OpenAPI document. */
export function expectStreamValid(method: string, pathTemplate: string, reply: Pick<Reply, 'status' | 'json'>): void {
  expect(validateResponse('stream', method, pathTemplate, reply.status, reply.json)).toEqual([]);
}

/** Polls `probe` until it returns a value other than undefined; fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Deterministic pseudo-random bytes (xorshift), so every run uploads the same content. */
export function bytes(size: number, seed = 7): Buffer {
  const out = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** Lower-case hex SHA-256. */
export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Sends `prefix` as the start of a body announced as `announced` bytes long, then cuts the
 * connection: the server sees an interrupted upload. Resolves once the socket is closed.
 */
export function sendThenCut(url: string, method: string, headers: Record<string, string>, prefix: Buffer, announced: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(url, { method, headers: { ...headers, 'content-length': String(announced) } });
    req.on('error', () => undefined);
    req.on('close', () => resolve());
    req.write(prefix, () => setImmediate(() => req.destroy()));
  });
}

/** Sends a whole body with node:http and returns status and text. */
export function send(url: string, method: string, headers: Record<string, string>, body: Buffer | NodeJS.ReadableStream): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (Buffer.isBuffer(body)) req.end(body);
    else body.pipe(req);
  });
}
