import { randomBytes } from 'node:crypto';
import type { Batch } from './atomic-batch.js';
import type { GameDocument } from './game-document.js';
import { gameKey, summaryKey } from './game-keys.js';
import { headSchema } from './game-records.js';
import { summaryOf } from './game-summary.js';
import { packDocument } from './packed-document.js';
import {
  actionChunkSchema,
  chunkCount,
  chunkKey,
  chunkOf,
  eventChunkSchema,
  type GameHead,
  LOG_CHUNK,
  STORED_FORMAT,
  splitDocument,
} from './stored-format.js';

/** What a loaded game was loaded from, so its save writes only what changed, on the condition that nothing else did. */
export interface Basis {
  stamp: string | null;
  /** Entries of the log as stored; -1: stored whole (format 1), rewrite it all. */
  actions: number;
  events: number;
  prior?: GameHead['prior'];
}

/**
 * The keys a save writes: the head with a new stamp, the summary, the log chunks that changed
 * (all of them when the game has stopped and will expire, `expireMs` after).
 */
export function gameWrites(
  doc: GameDocument,
  base: GameDocument | undefined,
  basis: Basis | undefined,
  prior: GameHead['prior'],
  expireMs: number,
): { batch: Batch; stamp: string } {
  const head = headSchema.parse(splitDocument(doc, prior));
  const stopped = doc.status !== 'active';
  const ttlMs = stopped && expireMs > 0 ? expireMs : undefined;
  const whole = !base || !basis || basis.actions < 0 || ttlMs !== undefined;
  const fromA = whole ? 0 : firstChange(base.actions, doc.actions, basis.actions);
  const fromE = whole ? 0 : firstChange(base.events, doc.events, basis.events);
  actionChunkSchema.element.array().parse(doc.actions.slice(fromA));
  eventChunkSchema.element.array().parse(doc.events.slice(fromE));
  const stamp = randomBytes(9).toString('base64url');
  const expiry = ttlMs ? { ttlMs } : {};
  const actions = chunkWrites(doc.id, 'a', doc.actions, fromA, basis?.actions ?? 0, expiry);
  const events = chunkWrites(doc.id, 'e', doc.events, fromE, basis?.events ?? 0, expiry);
  const set: NonNullable<Batch['set']> = [
    { key: gameKey(doc.id), value: { stamp, format: STORED_FORMAT, packed: packDocument(JSON.stringify(head)) }, ...expiry },
    { key: summaryKey(doc.id), value: summaryOf(doc), ...expiry },
    ...actions.set,
    ...events.set,
  ];
  return { batch: { set, delete: [...actions.delete, ...events.delete] }, stamp };
}

/** One kind of log's chunks from the one holding entry `from` on, and the chunks past its end that a longer log left. */
function chunkWrites(
  id: string,
  kind: 'a' | 'e',
  entries: readonly unknown[],
  from: number,
  stored: number,
  expiry: { ttlMs?: number },
): { set: NonNullable<Batch['set']>; delete: string[] } {
  const set: NonNullable<Batch['set']> = [];
  const del: string[] = [];
  for (let k = Math.floor(from / LOG_CHUNK); k < chunkCount(entries.length); k++)
    set.push({ key: chunkKey(id, kind, k), value: { packed: packDocument(JSON.stringify(chunkOf(entries, k))) }, ...expiry });
  for (let k = chunkCount(entries.length); k < chunkCount(Math.max(0, stored)); k++) del.push(chunkKey(id, kind, k));
  return { set, delete: del };
}

/** Where the log first differs from the stored one: appended (the usual), cut back (undo), or anywhere (0). */
function firstChange<T>(before: readonly T[], after: readonly T[], stored: number): number {
  const common = Math.min(stored, after.length);
  if (before.length !== stored) return 0;
  if (common === 0) return 0;
  return before[common - 1] === after[common - 1] ? common : 0;
}

/** The kept undo state stays valid while the orders it was taken at are still in the log. */
export function keptPrior(prior: GameHead['prior'], base: GameDocument | undefined, doc: GameDocument): GameHead['prior'] {
  if (!prior || !base) return undefined;
  return prior.actions <= doc.actions.length && doc.actions[prior.actions] === base.actions[prior.actions] ? prior : undefined;
}
