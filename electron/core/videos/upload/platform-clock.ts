/**
 * The platform's clock as its answers tell it: every answer of the video API carries a `Date` header, kept per
 * client with the moment it arrived on a monotonic clock, so the platform's time now can be told whatever the
 * local wall clock says.
 */
import { performance } from 'node:perf_hooks';

const seen = new WeakMap<object, { readonly platformMs: number; readonly at: number }>();

/** Keeps the platform's time from an answer's `Date` header (an HTTP-date); a missing or unreadable one is ignored. */
export function notePlatformDate(client: object, date: string | undefined): void {
  if (date === undefined) return;
  const ms = Date.parse(date);
  if (Number.isFinite(ms)) seen.set(client, { platformMs: ms, at: performance.now() });
}

/** The platform's time now, as far as its last answer to this client told it; undefined before any answer. */
export function platformNow(client: object): number | undefined {
  const s = seen.get(client);
  return s === undefined ? undefined : s.platformMs + (performance.now() - s.at);
}
