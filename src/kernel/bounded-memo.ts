/**
 * Answers remembered by key, at most `limit` of them: when full it forgets them all at once,
 * which is enough for caches whose entries are cheap to work out again and keeps a process that
 * runs for months from growing.
 */
export class BoundedMemo<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  /** The answer for `key`, worked out by `compute` the first time; an undefined answer is not kept. */
  get(key: K, compute: () => V): V;
  get(key: K, compute: () => V | undefined): V | undefined;
  get(key: K, compute: () => V | undefined): V | undefined {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = compute();
      if (value === undefined) return undefined;
      if (this.entries.size >= this.limit) this.entries.clear();
      this.entries.set(key, value);
    }
    return value;
  }
}
