/**
 * The global upload cap: one token bucket every upload of the process draws from (PUT and tus alike), its rate
 * changeable while uploads wait, waiters served in arrival order. Bytes are granted in grains of a tenth of a
 * second (at least MIN_GRAIN); a grant may overdraw the bucket and the next waiter pays the debt first.
 */
import { BANDWIDTH_CAP } from '../../../../shared/videos/model.js';

/** What an upload body asks before it hands bytes to the socket. */
export interface BandwidthGate {
  /** Resolves once `bytes` may be sent; rejects with the signal's reason when it aborts first. */
  take(bytes: number, signal: AbortSignal): Promise<void>;
  /** The most bytes worth asking for at once under the current rate (Infinity when there is no cap). */
  grain(): number;
}

/** The slowest and fastest caps accepted, in bytes per second. */
export const MIN_CAP = BANDWIDTH_CAP.min;
export const MAX_CAP = BANDWIDTH_CAP.max;
/** The smallest grain, so a slow cap does not mean a write per few bytes. */
export const MIN_GRAIN = 4 * 1024;
/** A full bucket holds this much time's worth of bytes: enough to keep a socket busy between grants, too little to burst. */
const BUCKET_SECONDS = 0.1;

/** The clock and timer the cap runs on (tests pass a virtual one). */
export interface BandwidthClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: BandwidthClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

interface Waiter {
  readonly bytes: number;
  readonly resolve: () => void;
  readonly reject: (reason: unknown) => void;
  readonly signal: AbortSignal;
  readonly onAbort: () => void;
}

/** Whether a cap is an accepted rate: null (off) or a whole number of bytes per second within the bounds. */
export function validCap(rate: number | null): boolean {
  return rate === null || (Number.isInteger(rate) && rate >= MIN_CAP && rate <= MAX_CAP);
}

/** The process's cap. Off (null) grants everything at once. */
export class BandwidthCap implements BandwidthGate {
  #rate: number | null;
  /** Bytes that may go now; negative while a grant overdrew it. */
  #tokens = 0;
  #last: number;
  #timer: unknown;
  readonly #queue: Waiter[] = [];
  readonly #clock: BandwidthClock;

  constructor(rate: number | null = null, clock: BandwidthClock = realClock) {
    if (!validCap(rate)) throw new RangeError(`a cap must be off or ${MIN_CAP}..${MAX_CAP} bytes per second`);
    this.#clock = clock;
    this.#rate = rate;
    this.#last = clock.now();
    this.#tokens = rate === null ? 0 : this.#capacity(rate);
  }

  /** The cap in bytes per second, or null when off. */
  get rate(): number | null {
    return this.#rate;
  }

  /** Changes the cap; uploads waiting now are granted under the new rate. */
  setRate(rate: number | null): void {
    if (!validCap(rate)) throw new RangeError(`a cap must be off or ${MIN_CAP}..${MAX_CAP} bytes per second`);
    this.#refill();
    this.#rate = rate;
    // A debt owed under the old rate is kept (it was sent), but unused tokens never exceed the new bucket.
    if (rate !== null) this.#tokens = Math.min(this.#tokens, this.#capacity(rate));
    this.#schedule();
  }

  grain(): number {
    return this.#rate === null ? Infinity : Math.max(MIN_GRAIN, Math.floor(this.#capacity(this.#rate)));
  }

  take(bytes: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.#rate === null && this.#queue.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        bytes,
        resolve,
        reject,
        signal,
        onAbort: () => {
          const at = this.#queue.indexOf(waiter);
          if (at >= 0) this.#queue.splice(at, 1);
          reject(signal.reason);
          if (at === 0) this.#schedule();
        },
      };
      signal.addEventListener('abort', waiter.onAbort, { once: true });
      this.#queue.push(waiter);
      if (this.#queue.length === 1) this.#schedule();
    });
  }

  #capacity(rate: number): number {
    return rate * BUCKET_SECONDS;
  }

  #refill(): void {
    const now = this.#clock.now();
    if (this.#rate !== null) this.#tokens = Math.min(this.#capacity(this.#rate), this.#tokens + ((now - this.#last) * this.#rate) / 1000);
    this.#last = now;
  }

  /** Grants what can go now, in order, and sets one timer for the first waiter that must wait. */
  #schedule(): void {
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#refill();
    while (this.#queue.length > 0) {
      const rate = this.#rate;
      if (rate !== null && this.#tokens < 0) {
        const ms = Math.max(1, Math.ceil((-this.#tokens / rate) * 1000));
        this.#timer = this.#clock.setTimeout(() => {
          this.#timer = undefined;
          this.#schedule();
        }, ms);
        return;
      }
      const waiter = this.#queue.shift() as Waiter;
      waiter.signal.removeEventListener('abort', waiter.onAbort);
      if (rate !== null) this.#tokens -= waiter.bytes;
      waiter.resolve();
    }
  }
}
