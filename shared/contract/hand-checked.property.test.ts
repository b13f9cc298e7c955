/** The hand-written checks agree with the zod schemas they stand in for: same verdict, same data, on values near and far from valid. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_METHODS, MAX_BODY_BYTES, MAX_PATH_LENGTH } from '../console/command-types.js';
import { HAND_CHECKED, type Checker } from './hand-checked.js';
import { events, methods } from './index.js';

const RUNS = { numRuns: 2000, seed: 20260126 } as const;

/** A field's value: mostly a valid one, else anything at all (wrong types, null, objects, arrays). */
const or = <T,>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 9, arbitrary: valid }, { weight: 1, arbitrary: fc.anything() });
/** Objects with these fields, a few missing or undefined, sometimes with an unknown field beside them; or anything. */
function near(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const keys = Object.keys(fields);
  const whole = fc.record(Object.fromEntries(keys.map((k) => [k, or(fields[k]!)])));
  const some = fc.subarray(keys, { maxLength: 2 });
  return fc.oneof(
    fc.tuple(whole, some).map(([o, gone]) => Object.fromEntries(Object.entries(o).filter(([k]) => !gone.includes(k)))),
    fc.tuple(whole, some).map(([o, gone]) => ({ ...o, ...Object.fromEntries(gone.map((k) => [k, undefined])) })),
    fc.tuple(whole, fc.string({ maxLength: 8 }), fc.anything()).map(([o, k, v]) => ({ ...o, [k]: v })),
    fc.anything(),
  );
}

const headers = fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(fc.string(), fc.array(or(fc.string()), { maxLength: 3 })), { maxKeys: 4 });
const int = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(Number.NaN, Infinity, 2 ** 60));

function agree(hand: Checker, zod: Checker, value: unknown): void {
  const a = hand.safeParse(value);
  const b = zod.safeParse(value);
  expect(a.success, `${JSON.stringify(value)}: hand ${a.success}, zod ${b.success}`).toBe(b.success);
  if (a.success && b.success) expect(a.data).toEqual(b.data);
  if (!a.success && !b.success) expect(a.error.issues.length).toBeGreaterThan(0);
}

describe('HAND_CHECKED agrees with the zod contract', () => {
  it('console.raw input', () => {
    const input = near({
      requestId: fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: 98, max: 102 }).map((n) => 'r'.repeat(n))),
      method: fc.oneof(fc.constantFrom(...API_METHODS), fc.constantFrom('get', 'FETCH', '')),
      path: fc.oneof(fc.string({ maxLength: 20 }).map((s) => `/${s}`), fc.string({ maxLength: 20 }), fc.constant(`/${'a'.repeat(MAX_PATH_LENGTH)}`), fc.constant(`/${'a'.repeat(MAX_PATH_LENGTH - 1)}`)),
      body: fc.oneof(fc.string(), fc.constantFrom('x'.repeat(MAX_BODY_BYTES), 'x'.repeat(MAX_BODY_BYTES + 1))),
      area: fc.constantFrom('core', 'containers', 'video', 'logging', 'apps'),
      verbose: fc.boolean(),
    });
    fc.assert(fc.property(input, (v) => agree(HAND_CHECKED.methods['console.raw'].input, methods['console.raw'].input, v)), RUNS);
  });

  it('console.raw output', () => {
    const problem = near({ title: fc.string(), detail: fc.string(), code: fc.string(), fieldErrors: fc.dictionary(fc.string(), or(fc.string()), { maxKeys: 3 }) });
    const output = near({ status: int, contentType: fc.string(), body: fc.oneof(fc.uint8Array(), fc.uint8Array().map((a) => a.subarray(1))), truncated: fc.boolean(), problem });
    fc.assert(fc.property(output, (v) => agree(HAND_CHECKED.methods['console.raw'].output, methods['console.raw'].output, v)), RUNS);
  });

  it('console.attempt payload', () => {
    const payload = near({
      requestId: fc.string(),
      attempt: int,
      method: fc.string(),
      url: fc.string(),
      requestHeaders: headers,
      status: int,
      responseHeaders: headers,
      error: fc.string(),
      retry: fc.boolean(),
      delayMs: int,
      reason: fc.string(),
    });
    fc.assert(fc.property(payload, (v) => agree(HAND_CHECKED.events['console.attempt'], events['console.attempt'], v)), RUNS);
  });

  it('the bytes of an answer pass through as the same object', () => {
    const body = new TextEncoder().encode('x');
    const r = HAND_CHECKED.methods['console.raw'].output.safeParse({ status: 200, body, truncated: false });
    expect(r.success && (r.data as { body: unknown }).body).toBe(body);
  });
});
