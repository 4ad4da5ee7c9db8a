/**
 * Runs tasks one after another per key, in the order they arrive; different keys run side by
 * side. A check that reads a counter, does slow work and then writes the counter is only exact
 * when no other check of the same key runs in between. In-process only: one server process.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    // A failed task must not stop the ones queued behind it.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // The map holds only keys with work in flight, so it does not grow with every user or account.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or running (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
