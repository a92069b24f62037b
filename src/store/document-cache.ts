import type { GameDocument } from './game-document.js';

/**
 * The games this process loaded or saved last, by id, with the stamp of the stored head they
 * match: a load whose head still carries that stamp reuses the document instead of reading,
 * unpacking and checking its whole log again. Bounded by the log entries held.
 */
export class DocumentCache {
  private readonly entries = new Map<string, { stamp: string; doc: GameDocument; weight: number }>();
  private weight = 0;

  constructor(private readonly maxEntries = 200_000) {}

  get(id: string, stamp: string): GameDocument | undefined {
    const hit = this.entries.get(id);
    if (!hit || hit.stamp !== stamp) return undefined;
    // Most recently used last.
    this.entries.delete(id);
    this.entries.set(id, hit);
    return hit.doc;
  }

  set(id: string, stamp: string, doc: GameDocument): void {
    this.delete(id);
    const weight = 1 + doc.actions.length + doc.events.length;
    this.entries.set(id, { stamp, doc, weight });
    this.weight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.weight <= this.maxEntries || oldest === id) break;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
    }
  }

  delete(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.weight -= entry.weight;
  }
}
