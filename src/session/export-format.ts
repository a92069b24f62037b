import { z } from 'zod';
import { UserError } from '../contracts/errors.js';
import { issuesText } from '../contracts/text.js';
import { type GameDocument, gameDocumentSchema } from '../store/game-document.js';

/**
 * The `/game export` file. While a game runs it leaves out the seed and the engine state
 * (which carries the dice generator): either would let a player foresee every die.
 */
export const EXPORT_FORMAT = 'moscow-wargames/game-export';
export const EXPORT_VERSION = 1;

const exportedGameSchema = gameDocumentSchema.extend({
  seed: gameDocumentSchema.shape.seed.optional(),
  state: gameDocumentSchema.shape.state.optional(),
});

export const gameExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  formatVersion: z.literal(EXPORT_VERSION),
  exportedAt: z.iso.datetime(),
  game: exportedGameSchema,
});
export type GameExport = z.infer<typeof gameExportSchema>;

export function exportDocument(doc: GameDocument, now: Date): GameExport {
  const over = doc.status !== 'active';
  const { seed, state, ...rest } = doc;
  return {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    game: over ? { ...rest, seed, state } : rest,
  };
}

/** Untrusted text in, a checked export out, or a refusal that says what is wrong. */
export function parseExport(text: string): GameExport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UserError('That file is not JSON. /game import takes a file made by /game export.');
  }
  const result = gameExportSchema.safeParse(json);
  if (!result.success) {
    throw new UserError(`That file is not a game export (${issuesText(result.error, 'file', 3)}).`);
  }
  return result.data;
}
