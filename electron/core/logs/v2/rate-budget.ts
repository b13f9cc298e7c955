/**
 * The logging API's request budget, one per pull zone and shared by every caller in the process: never more than
 * `limit` requests in any sliding window of `windowMs`. A slot is held from the grant until `windowMs` after the
 * answer, which covers whenever the platform counted the request.
 */
import { appError } from '../../../../shared/contract/result.js';
import { AppFailure } from '../../errors.js';

/** The platform's limit: 30 requests per 10 seconds per pull zone. */
export const LOG_RATE_LIMIT = 30;
/** The length of the sliding window, in ms. */
export const LOG_RATE_WINDOW_MS = 10_000;
/** A slot whose holder never says it is done counts as done this long after it was granted, so a lost caller cannot block a zone forever. */
export const DEFAULT_MAX_HOLD_MS = 120_000;

/** The clock and timers the budget runs on; fake ones in tests. */
export interface BudgetTimers {
  now(): number;
  /** `keepAlive`: someone waits for this timer, so it must keep the process (the CLI) running until it fires. */
  set(fn: () => void, ms: number, keepAlive?: boolean): unknown;
  clear(handle: unknown): void;
}

/** What a budget is built from; everything has a default. */
export interface RateBudgetOptions {
  readonly limit?: number;
  readonly windowMs?: number;
  readonly maxHoldMs?: number;
  readonly timers?: BudgetTimers;
}

/** Permission to send one request; call `done()` once its answer (or failure) has arrived. */
export interface BudgetGrant {
  readonly zoneId: number;
  readonly grantedAt: number;
  done(): void;
}

/** One zone's budget as a meter shows it. */
export interface ZoneBudgetState {
  readonly zoneId: number;
  readonly at: number;
  readonly limit: number;
  readonly windowMs: number;
  /** Requests that may be sent right now (0 while paused). */
  readonly remaining: number;
  /** Callers waiting for a slot. */
  readonly queued: number;
  /** Granted requests whose answer has not arrived yet. */
  readonly inFlight: number;
  /** Set while the platform asked us to wait (a 429 with Retry-After): nothing is sent before this time. */
  readonly pausedUntil: number | null;
  /** When the next slot frees up, if the zone is full; null when one is free or only in-flight requests hold them. */
  readonly nextFreeAt: number | null;
}

/** The shared budget of every pull zone. */
export interface RateBudget {
  /** Resolves, in arrival order across callers, when a request to the zone may be sent; rejects with a cancellation when the signal aborts first. */
  acquire(zoneId: number, signal?: AbortSignal): Promise<BudgetGrant>;
  /** Requests that may be sent at `now` without waiting. */
  remaining(zoneId: number, now?: number): number;
  /** Sends nothing to the zone for `ms` (the platform answered 429 with Retry-After); every caller of the zone waits. */
  pauseFor(zoneId: number, ms: number): void;
  /** The zone's state now. */
  state(zoneId: number): ZoneBudgetState;
  /** Calls `listener` whenever a zone's state changes; returns the unsubscribe function. */
  subscribe(listener: (state: ZoneBudgetState) => void): () => void;
}

interface Slot {
  readonly grantedAt: number;
  releasedAt: number | undefined;
}

interface Waiter {
  readonly resolve: (grant: BudgetGrant) => void;
  readonly detach: () => void;
}

interface Zone {
  slots: Slot[];
  readonly queue: Waiter[];
  pausedUntil: number;
  timer: unknown;
  timerAt: number | undefined;
  timerKeepsAlive: boolean;
}

/** Real timers; a tail's next ask and a request waiting on a slot keep the process running. */
export const realTimers: BudgetTimers = {
  now: () => Date.now(),
  set: (fn, ms, keepAlive) => {
    const t = setTimeout(fn, ms);
    // A timer that only moves the meter must not keep the process alive; one a request waits on must (a CLI run
    // paused by a 429 would otherwise end, successfully and with nothing printed, before the pause is over).
    if (keepAlive !== true) t.unref();
    return t;
  },
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

const cancelled = () => new AppFailure(appError('cancelled', 'Cancelled', { detail: 'Stopped while waiting for the logging rate limit' }));

/** Creates a budget; the app uses `processRateBudget()` so that every caller shares one. */
export function createRateBudget(options: RateBudgetOptions = {}): RateBudget {
  const limit = options.limit ?? LOG_RATE_LIMIT;
  const windowMs = options.windowMs ?? LOG_RATE_WINDOW_MS;
  const maxHoldMs = options.maxHoldMs ?? DEFAULT_MAX_HOLD_MS;
  const timers = options.timers ?? realTimers;
  const zones = new Map<number, Zone>();
  const listeners = new Set<(s: ZoneBudgetState) => void>();

  const zoneOf = (id: number): Zone => {
    let z = zones.get(id);
    if (z === undefined) {
      z = { slots: [], queue: [], pausedUntil: 0, timer: undefined, timerAt: undefined, timerKeepsAlive: false };
      zones.set(id, z);
    }
    return z;
  };

  /** When the slot stops counting: a window after its answer, or after the longest hold when it is still open. */
  const expiry = (s: Slot): number => (s.releasedAt ?? s.grantedAt + maxHoldMs) + windowMs;
  const holding = (s: Slot, t: number): boolean => expiry(s) > t;
  const used = (z: Zone, t: number): number => z.slots.filter((s) => holding(s, t)).length;

  function snapshot(zoneId: number, z: Zone, t: number): ZoneBudgetState {
    const active = z.slots.filter((s) => holding(s, t));
    const paused = z.pausedUntil > t;
    const full = active.length >= limit;
    const released = active.filter((s) => s.releasedAt !== undefined).map(expiry);
    return {
      zoneId,
      at: t,
      limit,
      windowMs,
      remaining: paused ? 0 : Math.max(0, limit - active.length),
      queued: z.queue.length,
      inFlight: active.filter((s) => s.releasedAt === undefined).length,
      pausedUntil: paused ? z.pausedUntil : null,
      nextFreeAt: full && released.length > 0 ? Math.min(...released) : null,
    };
  }

  function emit(zoneId: number, z: Zone): void {
    const s = snapshot(zoneId, z, timers.now());
    for (const l of listeners) {
      try {
        l(s);
      } catch {
        // A broken meter must not stop requests.
      }
    }
  }

  function wakeAt(zoneId: number, z: Zone, at: number | undefined): void {
    const keepAlive = z.queue.length > 0;
    if (z.timerAt === at && (at === undefined || z.timerKeepsAlive === keepAlive)) return;
    if (z.timer !== undefined) timers.clear(z.timer);
    z.timer = undefined;
    z.timerAt = at;
    z.timerKeepsAlive = keepAlive;
    if (at === undefined) return;
    z.timer = timers.set(
      () => {
        z.timer = undefined;
        z.timerAt = undefined;
        pump(zoneId);
      },
      Math.max(0, at - timers.now()),
      keepAlive,
    );
  }

  /** Grants slots to waiters, oldest first, while the window and any pause allow; otherwise sets a timer for when they will. */
  function pump(zoneId: number): void {
    const z = zoneOf(zoneId);
    const t = timers.now();
    z.slots = z.slots.filter((s) => holding(s, t));
    let wake: number | undefined;
    while (z.queue.length > 0) {
      if (z.pausedUntil > t) {
        wake = z.pausedUntil;
        break;
      }
      if (z.slots.length >= limit) {
        // The earliest a slot frees; an open slot frees sooner when its holder finishes, which pumps again.
        wake = Math.min(...z.slots.map(expiry));
        break;
      }
      const waiter = z.queue.shift()!;
      waiter.detach();
      const slot: Slot = { grantedAt: t, releasedAt: undefined };
      z.slots.push(slot);
      waiter.resolve({
        zoneId,
        grantedAt: t,
        done: () => {
          if (slot.releasedAt !== undefined) return;
          slot.releasedAt = timers.now();
          pump(zoneId);
        },
      });
    }
    // A pause that ends with nobody waiting still changes the meter.
    if (wake === undefined && z.pausedUntil > t) wake = z.pausedUntil;
    wakeAt(zoneId, z, wake);
    emit(zoneId, z);
  }

  return {
    acquire(zoneId, signal) {
      if (signal?.aborted) return Promise.reject(cancelled());
      const z = zoneOf(zoneId);
      return new Promise<BudgetGrant>((resolve, reject) => {
        const onAbort = () => {
          const i = z.queue.indexOf(waiter);
          if (i < 0) return;
          z.queue.splice(i, 1);
          reject(cancelled());
          pump(zoneId);
        };
        const waiter: Waiter = { resolve, detach: () => signal?.removeEventListener('abort', onAbort) };
        signal?.addEventListener('abort', onAbort, { once: true });
        z.queue.push(waiter);
        pump(zoneId);
      });
    },
    remaining(zoneId, now) {
      const z = zoneOf(zoneId);
      const t = now ?? timers.now();
      if (z.pausedUntil > t) return 0;
      return Math.max(0, limit - used(z, t));
    },
    pauseFor(zoneId, ms) {
      const z = zoneOf(zoneId);
      // Two callers hit by the same 429 must not shorten each other's wait.
      z.pausedUntil = Math.max(z.pausedUntil, timers.now() + Math.max(0, ms));
      pump(zoneId);
    },
    state(zoneId) {
      return snapshot(zoneId, zoneOf(zoneId), timers.now());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let shared: RateBudget | undefined;

/** The one budget of this process: every logging caller takes its requests from here. */
export function processRateBudget(): RateBudget {
  shared ??= createRateBudget();
  return shared;
}
