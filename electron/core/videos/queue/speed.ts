/**
 * A calm speed and ETA for one upload attempt: the speed is measured over a window of at least five seconds so it
 * does not jump with every chunk, and the ETA stays hidden until there is something honest to say.
 */

/** The shortest span the speed is measured over, once that much has passed. */
export const SPEED_WINDOW_MS = 5_000;
/** No ETA this early in an attempt: the first seconds are connection setup and buffering. */
export const ETA_HIDDEN_MS = 3_000;
/** Below this span there is no speed at all. */
const MIN_SPAN_MS = 1_000;

interface Sample {
  readonly at: number;
  readonly bytes: number;
}

/** What the row shows. */
export interface SpeedView {
  /** Bytes per second, or null. */
  readonly speed: number | null;
  /** Whole seconds left, or null. */
  readonly eta: number | null;
}

/** Speed and ETA of one attempt; every method takes the time, so it is pure over a clock the caller owns. */
export class SpeedMeter {
  readonly #startedAt: number;
  #samples: Sample[];
  #paused = false;

  constructor(startedAt: number, startBytes = 0) {
    this.#startedAt = startedAt;
    this.#samples = [{ at: startedAt, bytes: startBytes }];
  }

  /** Records the bytes sent so far (monotonic: a smaller count is ignored). */
  sample(bytes: number, at: number): void {
    const last = this.#samples[this.#samples.length - 1]!;
    if (!Number.isFinite(bytes) || bytes < last.bytes || at < last.at) return;
    if (at === last.at) this.#samples[this.#samples.length - 1] = { at, bytes };
    else this.#samples.push({ at, bytes });
    // Keep the newest sample that is at least a window old, and everything after it. Samples are in time order, so
    // the look stops at the first one inside the window: a sample costs the same however many the window holds.
    let keepFrom = 0;
    for (let i = 1; i < this.#samples.length && this.#samples[i]!.at <= at - SPEED_WINDOW_MS; i++) keepFrom = i;
    if (keepFrom > 0) this.#samples = this.#samples.slice(keepFrom);
  }

  setPaused(paused: boolean): void {
    this.#paused = paused;
  }

  /** Speed over the window, and the ETA for `total` bytes. */
  view(total: number, at: number): SpeedView {
    const first = this.#samples[0]!;
    const last = this.#samples[this.#samples.length - 1]!;
    // Time since the last sample counts too: a stalled upload slows down instead of freezing at its old speed.
    const end = Math.max(at, last.at);
    const span = end - first.at;
    const raw = span >= MIN_SPAN_MS ? ((last.bytes - first.bytes) * 1000) / span : null;
    const speed = raw !== null && Number.isFinite(raw) && raw >= 0 ? raw : null;
    if (this.#paused || speed === null || speed <= 0 || at - this.#startedAt < ETA_HIDDEN_MS) return { speed: this.#paused ? null : speed, eta: null };
    const eta = Math.ceil(Math.max(0, total - last.bytes) / speed);
    return { speed, eta: Number.isFinite(eta) ? eta : null };
  }
}
