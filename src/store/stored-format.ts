import { z } from 'zod';
import { UserError } from '../contracts/errors.js';
import { type ActionRecord, actionRecordSchema, type GameDocument, type LogLine, logLineSchema, SCHEMA_VERSION } from './game-document.js';

/**
 * How a game is laid out in the store (format 2): a head record (everything but the log,
 * with the log's lengths) and the log in chunks of LOG_CHUNK entries. An order rewrites the
 * head and the last chunk or two, so its cost does not grow with the game. Format 1 (every
 * game before) kept the whole document in one record; it is read and migrated on load.
 */
export const STORED_FORMAT = 2;
export const LOG_CHUNK = 100;

/** The head: the document without its log, and what the log holds. */
export interface GameHead extends Omit<GameDocument, 'actions' | 'events'> {
  log: { actions: number; events: number };
  /**
   * The state just before the last order given by a player (with the bot's answers after
   * it), when it is still the one undo goes back to: undo then needs no replay.
   */
  prior?: { actions: number; state: unknown };
}

/** The head record as Keyv holds it: the stamp a conditional save compares, and the packed head. */
export const headRecordSchema = z.object({ stamp: z.string().min(1), format: z.number().int().positive(), packed: z.string() });
export type HeadRecord = z.infer<typeof headRecordSchema>;

export const chunkRecordSchema = z.object({ packed: z.string() });

export const logShapeSchema = z.object({ actions: z.number().int().nonnegative(), events: z.number().int().nonnegative() });
export const priorSchema = z.object({ actions: z.number().int().nonnegative(), state: z.json() });

export const actionChunkSchema = z.array(actionRecordSchema).max(LOG_CHUNK);
export const eventChunkSchema = z.array(logLineSchema).max(LOG_CHUNK);

export function chunkKey(id: string, kind: 'a' | 'e', index: number): string {
  return `log:${id}:${kind}:${index}`;
}

/** Chunks needed for `count` entries. */
export function chunkCount(count: number): number {
  return Math.ceil(count / LOG_CHUNK);
}

export function chunkOf<T>(entries: readonly T[], index: number): T[] {
  return entries.slice(index * LOG_CHUNK, (index + 1) * LOG_CHUNK);
}

export function splitDocument(doc: GameDocument, prior?: GameHead['prior']): GameHead {
  const { actions, events, ...rest } = doc;
  return { ...rest, log: { actions: actions.length, events: events.length }, ...(prior ? { prior } : {}) };
}

export function joinDocument(head: GameHead, actions: ActionRecord[], events: LogLine[]): GameDocument {
  const { log: _log, prior: _prior, ...rest } = head;
  return { ...rest, actions, events };
}

/**
 * A game saved by a newer version of the bot: it is left as it is (not set aside), and the
 * player is told why this version cannot play it.
 */
export class NewerGameError extends UserError {
  constructor(
    readonly gameId: string,
    what: string,
  ) {
    super(
      `Game ${gameId} was saved by a newer version of the bot (${what}); this version cannot read it, so nothing was changed. The bot needs updating before this game can go on.`,
    );
  }
}

/**
 * Document migrations, run on the parsed JSON before validation: `DOCUMENT_MIGRATIONS[n]`
 * turns a document of schema version n into one of version n + 1. None is needed yet (the
 * document is at version 1); a change of shape adds one here and bumps SCHEMA_VERSION.
 */
export const DOCUMENT_MIGRATIONS: Record<number, (doc: Record<string, unknown>) => Record<string, unknown>> = {};

/** The document (or head) brought to today's schema version; throws NewerGameError for a newer one. */
export function migrateDocument(
  id: string,
  parsed: unknown,
  migrations: Record<number, (doc: Record<string, unknown>) => Record<string, unknown>> = DOCUMENT_MIGRATIONS,
  current = SCHEMA_VERSION,
): unknown {
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return parsed;
  let doc = parsed as Record<string, unknown>;
  let version = doc.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version)) return doc; // validation reports it
  if (version > current) throw new NewerGameError(id, `its schema version is ${version}; this version reads up to ${current}`);
  while (version < current) {
    const step = migrations[version];
    if (!step) return doc; // no way forward: validation reports the version
    doc = { ...step(doc), schemaVersion: version + 1 };
    version += 1;
  }
  return doc;
}
