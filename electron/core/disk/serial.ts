/** Runs async jobs one at a time, in call order: a store's read-modify-write never interleaves with another. */
export class Serial {
  #tail: Promise<unknown> = Promise.resolve();

  /** Queues `job`; it starts when every earlier job has settled (failed ones too). */
  run<T>(job: () => Promise<T>): Promise<T> {
    const next = this.#tail.then(job, job);
    this.#tail = next.catch(() => {});
    return next;
  }
}
