/** The per-pull-zone request limit of the logging API: 30 requests per 10 s by default, answered with 429 and Retry-After past it. */

/** Outcome of taking one request slot. */
export type RateDecision = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

/** A sliding-window limiter keyed by pull zone. */
export interface RateLimiter {
  take(key: number): RateDecision;
}

/**
 * Allows `requests` per `windowMs` per key over a sliding window, on the injected clock.
 * Refused requests are not counted, so a client that waits `Retry-After` always gets through.
 */
export function createRateLimiter(limit: { readonly requests: number; readonly windowMs: number }, now: () => number): RateLimiter {
  const hits = new Map<number, number[]>();
  return {
    take(key) {
      const t = now();
      const recent = (hits.get(key) ?? []).filter((h) => h > t - limit.windowMs);
      if (recent.length >= limit.requests) {
        hits.set(key, recent);
        const oldest = recent[0] ?? t;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + limit.windowMs - t) / 1000)) };
      }
      recent.push(t);
      hits.set(key, recent);
      return { ok: true };
    },
  };
}
