import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakerAfter, CLOSED_BREAKER, decide, DEFAULT_RETRY_POLICY, isPlatformFailure, type AttemptOutcome, type BreakerState, type RetryPolicy } from './policy.js';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, breakerThreshold: 3, breakerCooldownMs: 30_000 };
const status = (s: number): AttemptOutcome => ({ kind: 'status', status: s });
const network = (code: string): AttemptOutcome => ({ kind: 'network', code });

describe('isPlatformFailure: what the breaker counts', () => {
  it.each([
    [status(500), true],
    [status(502), true],
    [status(503), true],
    [status(504), true],
    [status(408), true],
    [network('ECONNRESET'), true],
    [network('cut_short'), true],
    [network('timeout'), true],
    [status(429), false],
    [status(501), false],
    [status(404), false],
    [status(200), false],
    [network('ENOTFOUND'), false],
    [network('CERT_HAS_EXPIRED'), false],
  ])('%o → %s', (outcome, expected) => {
    expect(isPlatformFailure(outcome)).toBe(expected);
  });
});

describe('breakerAfter: transitions', () => {
  const open = (failuresInRow: number, openUntil: number): BreakerState => ({ failuresInRow, openUntil });
  it.each<[string, BreakerState, AttemptOutcome, number, BreakerState]>([
    ['a failure below the threshold counts', CLOSED_BREAKER, status(503), NOW, { failuresInRow: 1 }],
    ['the threshold-th failure opens it for the cool-down', { failuresInRow: 2 }, status(502), NOW, open(3, NOW + 30_000)],
    ['a network failure counts like a 5xx', { failuresInRow: 2 }, network('ECONNRESET'), NOW, open(3, NOW + 30_000)],
    ['failures while open keep counting; the cool-down is not extended', open(3, NOW + 30_000), status(503), NOW + 1000, open(4, NOW + 30_000)],
    ['a success closes it at once, open or not', open(7, NOW + 30_000), status(200), NOW, CLOSED_BREAKER],
    ['a 404 is a sane answer: closes it', { failuresInRow: 2 }, status(404), NOW, CLOSED_BREAKER],
    ['429 is neutral: the platform is up and pacing us', { failuresInRow: 2 }, status(429), NOW, { failuresInRow: 2 }],
    ['a wrong host name is neutral', { failuresInRow: 2 }, network('ENOTFOUND'), NOW, { failuresInRow: 2 }],
    ['after the cool-down the budget is whole again', open(5, NOW), status(503), NOW, { failuresInRow: 1 }],
    ['after the cool-down it can open again', open(5, NOW), status(503), NOW + 60_000, { failuresInRow: 1 }],
  ])('%s', (_name, before, outcome, at, after) => {
    expect(breakerAfter(before, outcome, at, policy)).toEqual(after);
  });

  it('a threshold of 1 opens on the first failure', () => {
    expect(breakerAfter(CLOSED_BREAKER, status(500), NOW, { ...policy, breakerThreshold: 1 })).toEqual(open(1, NOW + 30_000));
  });
});

describe('decide with the breaker', () => {
  const decideOn = (breaker: BreakerState | undefined, outcome: AttemptOutcome = status(503), method = 'GET') =>
    decide({ now: NOW,  method, attempt: 0, outcome, elapsedMs: 0, random: () => 0.5, policy, ...(breaker ? { breaker } : {}) });

  it.each<[string, BreakerState | undefined, boolean]>([
    ['no breaker given', undefined, true],
    ['closed', CLOSED_BREAKER, true],
    ['counting, below the threshold', { failuresInRow: 2 }, true],
    ['open', { failuresInRow: 3, openUntil: NOW + 30_000 }, false],
    ['open, one millisecond left', { failuresInRow: 9, openUntil: NOW + 1 }, false],
    ['cool-down just ended', { failuresInRow: 9, openUntil: NOW }, true],
  ])('%s → retry %s', (_name, breaker, retry) => {
    const d = decideOn(breaker);
    expect(d.retry).toBe(retry);
    expect(d.stoppedRetrying !== undefined).toBe(!retry);
  });

  it('says why, in the user’s words, with the count and when retries resume (rounded up to a second)', () => {
    expect(decideOn({ failuresInRow: 12, openUntil: NOW + 29_001 })).toEqual({
      retry: false,
      delayMs: 0,
      reason: 'HTTP 503; Burrow stopped retrying: the platform failed 12 times in a row; retries resume in 30 s',
      stop: 'breaker',
      stoppedRetrying: 'Burrow stopped retrying: the platform failed 12 times in a row; retries resume in 30 s',
    });
    expect(decideOn({ failuresInRow: 3, openUntil: NOW + 1 }, network('ECONNRESET')).reason).toBe(
      'network error ECONNRESET; Burrow stopped retrying: the platform failed 3 times in a row; retries resume in 1 s',
    );
  });

  it('does not take the blame for refusals it did not cause', () => {
    const openState: BreakerState = { failuresInRow: 3, openUntil: NOW + 30_000 };
    expect(decideOn(openState, status(404)).stoppedRetrying).toBeUndefined();
    expect(decideOn(openState, status(503), 'POST').stoppedRetrying).toBeUndefined();
    expect(decide({ now: NOW,  method: 'GET', attempt: 3, outcome: status(503), elapsedMs: 0, random: () => 0.5, policy, breaker: openState }).stoppedRetrying).toBeUndefined();
  });
});

describe('property: the breaker as the client drives it (fixed clock)', () => {
  const outcomeArb = fc.constantFrom(status(200), status(404), status(429), status(500), status(503), network('ECONNRESET'), network('ENOTFOUND'));

  it('counts the trailing run of platform failures, and retries stop exactly when that run reaches the threshold', () => {
    fc.assert(
      fc.property(fc.array(outcomeArb, { maxLength: 40 }), fc.integer({ min: 1, max: 6 }), (outcomes, threshold) => {
        const p: RetryPolicy = { ...policy, breakerThreshold: threshold };
        let state = CLOSED_BREAKER;
        let run = 0;
        for (const outcome of outcomes) {
          state = breakerAfter(state, outcome, NOW, p);
          if (isPlatformFailure(outcome)) run++;
          else if (outcome.kind === 'status' && outcome.status !== 429) run = 0;
          expect(state.failuresInRow).toBe(run);
          expect(state.openUntil !== undefined).toBe(run >= threshold);
          const d = decide({ now: NOW,  method: 'GET', attempt: 0, outcome, elapsedMs: 0, random: () => 0.5, policy: p, breaker: state });
          if (isPlatformFailure(outcome)) expect(d.retry).toBe(run < threshold);
        }
      }),
      { numRuns: 500 },
    );
  });
});
