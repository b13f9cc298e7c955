/** Counts upload bodies (PUT and TUS PATCH) while they arrive, so tests can check a client's concurrency and volume. */

/** What the meter has seen since it was last reset. */
export interface UploadStats {
  /** Upload bodies being received right now. */
  readonly open: number;
  /** The most bodies open at once since the last reset (at least `open`). */
  readonly peak: number;
  /** Upload bodies that started arriving since the last reset. */
  readonly bodies: number;
  /** Body bytes received since the last reset, re-sent bytes included. */
  readonly bytes: number;
}

/** One body being received: count its bytes, then end it exactly once. */
export interface MeteredBody {
  count(bytes: number): void;
  end(): void;
}

/** The upload meter of one sandbox. */
export class UploadMeter {
  private open = 0;
  private peak = 0;
  private bodies = 0;
  private bytes = 0;

  /** Marks a body as open until `end()` is called on the answer; a second `end()` does nothing. */
  begin(): MeteredBody {
    this.open++;
    this.bodies++;
    this.peak = Math.max(this.peak, this.open);
    let ended = false;
    return {
      count: (bytes) => {
        this.bytes += bytes;
      },
      end: () => {
        if (ended) return;
        ended = true;
        this.open--;
      },
    };
  }

  /** A snapshot of the counts. */
  stats(): UploadStats {
    return { open: this.open, peak: this.peak, bodies: this.bodies, bytes: this.bytes };
  }

  /** Starts a new measurement: the peak restarts from the bodies open now, the totals from zero. */
  reset(): void {
    this.peak = this.open;
    this.bodies = 0;
    this.bytes = 0;
  }
}
