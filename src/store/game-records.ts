import type { z } from 'zod';
import { issuesText } from '../contracts/text.js';
import { type ActionRecord, gameDocumentSchema, type LogLine } from './game-document.js';
import { unpackDocument } from './packed-document.js';
import {
  actionChunkSchema,
  chunkCount,
  chunkKey,
  chunkRecordSchema,
  eventChunkSchema,
  logShapeSchema,
  migrateDocument,
  NewerGameError,
  priorSchema,
} from './stored-format.js';

/** A game's head as stored: the document without its log, the log's length, and the state kept for undo. */
export const headSchema = gameDocumentSchema
  .omit({ actions: true, events: true })
  .extend({ log: logShapeSchema, prior: priorSchema.optional() });

/** How long a stored log is: its orders and its log lines. */
export type LogShape = z.infer<typeof logShapeSchema>;

/**
 * A stored document read back: unpacked, brought to today's shape and checked by `schema`;
 * the words for what is wrong when it is damaged. A game too new for this version throws.
 */
export function parseStored<T extends { id: string }>(id: string, packed: string, schema: z.ZodType<T>): { doc: T } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = migrateDocument(id, JSON.parse(unpackDocument(packed)));
  } catch (err) {
    if (err instanceof NewerGameError) throw err;
    return { problem: 'the record is not valid JSON' };
  }
  const result = schema.safeParse(parsed);
  if (!result.success) return { problem: issuesText(result.error, 'document') };
  if (result.data.id !== id) return { problem: `the record says it is game ${result.data.id}` };
  return { doc: result.data };
}

/** The keys of a game's log chunks: its orders', then its log lines'. */
export function logKeys(id: string, log: LogShape): string[] {
  return [
    ...Array.from({ length: chunkCount(log.actions) }, (_, i) => chunkKey(id, 'a', i)),
    ...Array.from({ length: chunkCount(log.events) }, (_, i) => chunkKey(id, 'e', i)),
  ];
}

/** The log from its chunks as read under `keys` (see logKeys); the words for what is wrong when a chunk is damaged or missing. */
export function unpackLog(
  keys: readonly string[],
  chunks: readonly unknown[],
  log: LogShape,
): { actions: ActionRecord[]; events: LogLine[] } | { problem: string } {
  const actions: ActionRecord[] = [];
  const events: LogLine[] = [];
  for (const [i, chunk] of chunks.entries()) {
    const isAction = i < chunkCount(log.actions);
    const wrapped = chunkRecordSchema.safeParse(chunk);
    if (!wrapped.success) return { problem: `its log chunk ${keys[i]} is missing or damaged` };
    let entries: unknown;
    try {
      entries = JSON.parse(unpackDocument(wrapped.data.packed));
    } catch {
      return { problem: `its log chunk ${keys[i]} is not valid JSON` };
    }
    const checked = (isAction ? actionChunkSchema : eventChunkSchema).safeParse(entries);
    if (!checked.success) return { problem: issuesText(checked.error, keys[i]!) };
    if (isAction) actions.push(...(checked.data as ActionRecord[]));
    else events.push(...(checked.data as LogLine[]));
  }
  if (actions.length < log.actions || events.length < log.events) return { problem: 'its log is shorter than its record says' };
  return { actions: actions.slice(0, log.actions), events: events.slice(0, log.events) };
}
