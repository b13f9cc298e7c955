/** Test helpers for the core API: a started sandbox per test and a small JSON client. */
import { afterEach } from 'vitest';
import { startSandbox, type Sandbox } from '../../server.js';
import { validateResponse } from '../../testing/openapi.js';

/** Registers cleanup and returns a starter for sandboxes closed after each test. */
export function useSandboxes(): () => Promise<Sandbox> {
  const open: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  return async () => {
    // Exact answers: these tests hold the sandbox's own answers to the schema, member for member.
    const s = await startSandbox({ liveTraffic: false, realism: false, now: () => Date.UTC(2025, 4, 20, 12) });
    open.push(s);
    return s;
  };
}

/** What a plain HTTP client sees. */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/** Sends a request to the core API with the account key unless another key (or null for none) is given. */
export async function api(s: Sandbox, method: string, path: string, opts: { body?: unknown; rawBody?: string; key?: string | null } = {}): Promise<Reply> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const key = opts.key === undefined ? s.accountKey : opts.key;
  if (key !== null) headers.AccessKey = key;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${s.apiUrl}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** The schema errors of a core API response (empty when it conforms). */
export function coreErrors(method: string, template: string, reply: Reply): string[] {
  return validateResponse('core', method, template, reply.status, reply.body);
}

/** Narrows an unknown JSON value to a record for property access in tests. */
export function obj(v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(`not an object: ${JSON.stringify(v)}`);
  return v as Record<string, unknown>;
}

/** Narrows an unknown JSON value to an array of records. */
export function list(v: unknown): Record<string, unknown>[] {
  if (!Array.isArray(v)) throw new Error(`not an array: ${JSON.stringify(v)}`);
  return v.map(obj);
}
