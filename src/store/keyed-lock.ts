/**
 * An in-process async lock per key: tasks for one key run one after another, in arrival
 * order; different keys run side by side. A guild stays on one shard, so one process owns
 * each channel and this is enough to serialise its game.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(() => task());
    // A failed task must not block the next one, so the tail never rejects.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    try {
      return await result;
    } finally {
      // Forget the key once nothing else queued behind this task, so the map stays small.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with work queued or running (for tests and diagnostics). */
  get busyKeys(): number {
    return this.tails.size;
  }
}
