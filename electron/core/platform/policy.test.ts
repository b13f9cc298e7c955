import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../sandbox/seed.js';
import { DEFAULT_RETRY_POLICY, backoffCeiling, decide, parseRetryAfter, type AttemptOutcome, type RetryPolicy } from './policy.js';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY };
const status = (s: number, retryAfter?: string): AttemptOutcome => ({ kind: 'status', status: s, retryAfter });
const network = (code: string): AttemptOutcome => ({ kind: 'network', code });

const METHODS = ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'POST', 'PATCH'] as const;
const RETRIED_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const OUTCOMES: readonly [string, AttemptOutcome, boolean][] = [
  ['200', status(200), false],
  ['304', status(304), false],
  ['400', status(400), false],
  ['401', status(401), false],
  ['403', status(403), false],
  ['404', status(404), false],
  ['409', status(409), false],
  ['422', status(422), false],
  ['408', status(408), true],
  ['429', status(429), true],
  ['500', status(500), true],
  ['501', status(501), false],
  ['502', status(502), true],
  ['503', status(503), true],
  ['504', status(504), true],
  ['ECONNRESET', network('ECONNRESET'), true],
  ['ECONNREFUSED', network('ECONNREFUSED'), true],
  ['UND_ERR_SOCKET', network('UND_ERR_SOCKET'), true],
  ['cut_short', network('cut_short'), true],
  ['ETIMEDOUT', network('ETIMEDOUT'), true],
  ['ENOTFOUND', network('ENOTFOUND'), false],
  ['CERT_HAS_EXPIRED', network('CERT_HAS_EXPIRED'), false],
];

describe('decide: methods × outcomes × attempts (seeded RNG)', () => {
  const random = createRandom(42);
  const cases = METHODS.flatMap((method) => OUTCOMES.flatMap(([name, outcome, retryable]) => [0, 1, 2, 3, 4].map((attempt) => ({ method, name, outcome, retryable, attempt }))));

  it.each(cases)('$method $name after attempt $attempt', ({ method, outcome, retryable, attempt }) => {
    const d = decide({ now: NOW,  method, attempt, outcome, elapsedMs: 0, random, policy });
    const expected = retryable && RETRIED_METHODS.has(method) && attempt + 1 < policy.maxAttempts;
    expect(d.retry).toBe(expected);
    expect(d.reason.length).toBeGreaterThan(0);
    if (d.retry) {
      expect(d.delayMs).toBeGreaterThanOrEqual(0);
      expect(d.delayMs).toBeLessThanOrEqual(backoffCeiling(attempt, policy));
    } else {
      expect(d.delayMs).toBe(0);
    }
  });

  it('retries POST and PATCH only when the caller vouches for idempotency', () => {
    for (const method of ['POST', 'PATCH']) {
      expect(decide({ now: NOW,  method, attempt: 0, outcome: status(503), elapsedMs: 0, random, policy }).retry).toBe(false);
      expect(decide({ now: NOW,  method, attempt: 0, outcome: status(503), idempotent: true, elapsedMs: 0, random, policy }).retry).toBe(true);
    }
    expect(decide({ now: NOW,  method: 'POST', attempt: 0, outcome: status(503), elapsedMs: 0, random, policy }).reason).toMatch(/never retried/);
  });

  it('accepts methods in any case', () => {
    expect(decide({ now: NOW,  method: 'get', attempt: 0, outcome: status(502), elapsedMs: 0, random, policy }).retry).toBe(true);
  });

  it('backs off exponentially with full jitter: the ceiling doubles up to the cap', () => {
    const top = () => 0.999999;
    const big: RetryPolicy = { ...policy, maxAttempts: 20, budgetMs: 10 ** 9 };
    const delays = [0, 1, 2, 3, 4, 5, 6, 7].map((attempt) => decide({ now: NOW,  method: 'GET', attempt, outcome: status(500), elapsedMs: 0, random: top, policy: big }).delayMs);
    expect(delays).toEqual([499, 999, 1999, 3999, 7999, 15_999, 19_999, 19_999]);
    expect(decide({ now: NOW,  method: 'GET', attempt: 3, outcome: status(500), elapsedMs: 0, random: () => 0, policy: big }).delayMs).toBe(0);
  });
});

describe('decide: time budget', () => {
  it('stops once the budget is spent', () => {
    const d = decide({ now: NOW,  method: 'GET', attempt: 0, outcome: status(503), elapsedMs: 60_000, random: () => 0.5, policy });
    expect(d).toMatchObject({ retry: false });
    expect(d.reason).toMatch(/budget/);
  });

  it('stops when the wait would cross the budget', () => {
    const d = decide({ now: NOW,  method: 'GET', attempt: 0, outcome: status(429, '5'), elapsedMs: 57_000, random: () => 0.5, policy });
    expect(d.retry).toBe(false);
    expect(d.reason).toMatch(/budget/);
  });
});

describe('decide: Retry-After', () => {
  const decideOn = (s: number, value: string, attempt = 0) =>
    decide({ now: NOW,  method: 'GET', attempt, outcome: status(s, value), elapsedMs: 0, random: () => 0.5, policy });

  it('waits the seconds the server asked for on 429 and 503', () => {
    expect(decideOn(429, '2')).toMatchObject({ retry: true, delayMs: 2000 });
    expect(decideOn(503, '0')).toMatchObject({ retry: true, delayMs: 0 });
    expect(decideOn(429, '2').reason).toMatch(/Retry-After: 2/);
  });

  it('waits until an HTTP date', () => {
    const at = new Date(NOW + 3000).toUTCString();
    expect(decideOn(429, at)).toMatchObject({ retry: true, delayMs: 3000 });
    expect(decideOn(503, new Date(NOW - 10_000).toUTCString())).toMatchObject({ retry: true, delayMs: 0 });
  });

  it('falls back to backoff on garbage', () => {
    for (const garbage of ['soon', '-1', '1.5', '', 'Wed, 99 Foo 2015', '9'.repeat(30)]) {
      const d = decideOn(429, garbage, 2);
      expect(d.retry).toBe(true);
      expect(d.delayMs).toBe(Math.floor(0.5 * backoffCeiling(2, policy)));
    }
  });

  it('reports a wait above the cap instead of waiting silently', () => {
    const d = decideOn(429, '120');
    expect(d.retry).toBe(false);
    expect(d.reason).toMatch(/asked to wait 120 s/);
    const date = decideOn(503, new Date(NOW + 45_000).toUTCString());
    expect(date.retry).toBe(false);
    expect(date.reason).toMatch(/asked to wait 45 s/);
  });

  it('is ignored for statuses other than 429 and 503', () => {
    expect(decideOn(500, '2').delayMs).toBe(Math.floor(0.5 * backoffCeiling(0, policy)));
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['0', 0],
    ['2', 2000],
    ['  7 ', 7000],
    [new Date(NOW + 3000).toUTCString(), 3000],
    ['Wed, 15 Jan 2025 12:00:10 GMT', 10_000],
    ['Wednesday, 15-Jan-25 12:00:05 GMT', 5000],
    ['Wed Jan 15 12:00:04 2025 GMT', 4000],
    ['Tue, 14 Jan 2025 12:00:00 GMT', 0],
    ['soon', undefined],
    ['1.5', undefined],
    ['-3', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe('property: any input gives a bounded, consistent decision', () => {
  it('never retries POST/PATCH, never exceeds the ceiling, never passes attempts or budget', () => {
    const outcomeArb = fc.oneof(
      fc.record({
        kind: fc.constant('status' as const),
        status: fc.integer({ min: 100, max: 599 }),
        retryAfter: fc.option(fc.oneof(fc.string(), fc.nat({ max: 100 }).map(String)), { nil: undefined }),
      }),
      fc.record({ kind: fc.constant('network' as const), code: fc.constantFrom('ECONNRESET', 'ENOTFOUND', 'cut_short', 'UND_ERR_SOCKET', 'X') }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...METHODS, 'get', 'TRACE'),
        fc.nat({ max: 10 }),
        outcomeArb,
        fc.boolean(),
        fc.nat({ max: 120_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (method, attempt, outcome, idempotent, elapsedMs, r) => {
          const d = decide({ now: NOW,  method, attempt, outcome, idempotent, elapsedMs, random: () => r, policy });
          expect(d.delayMs).toBeGreaterThanOrEqual(0);
          expect(d.delayMs).toBeLessThanOrEqual(policy.capMs);
          expect(typeof d.reason).toBe('string');
          if (!d.retry) expect(d.delayMs).toBe(0);
          if (d.retry) {
            expect(attempt + 1).toBeLessThan(policy.maxAttempts);
            expect(elapsedMs + d.delayMs).toBeLessThanOrEqual(policy.budgetMs!);
            if (!idempotent) expect(['POST', 'PATCH', 'TRACE']).not.toContain(method.toUpperCase());
            const usesRetryAfter = outcome.kind === 'status' && [429, 503].includes(outcome.status) && /Retry-After: /.test(d.reason);
            if (!usesRetryAfter) expect(d.delayMs).toBeLessThanOrEqual(backoffCeiling(attempt, policy));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
