import { z } from 'zod';
import { UserError } from '../contracts/errors.js';
import { issuesText } from '../contracts/text.js';
import { type GameDocument, gameDocumentSchema, reseedSchema } from '../store/game-document.js';

/**
 * The `/game export` file. While a game runs it leaves out the seed, its nonce, the secrets
 * of any reseed and the engine state (which carries the dice generator): each would let a
 * player foresee the dice, or the nonce would let a 32-bit seed be searched.
 */
export const EXPORT_FORMAT = 'moscow-wargames/game-export';
/** 2: secret seeds with a nonce, reseeds. Files of version 1 (numeric seeds) still read and verify. */
export const EXPORT_VERSION = 2;

const exportedGameSchema = gameDocumentSchema.extend({
  seed: gameDocumentSchema.shape.seed.optional(),
  state: gameDocumentSchema.shape.state.optional(),
  reseeds: z
    .array(reseedSchema.extend({ seed: reseedSchema.shape.seed.optional(), seedNonce: reseedSchema.shape.seedNonce.optional() }))
    .optional(),
});
export type ExportedGame = z.infer<typeof exportedGameSchema>;

export const gameExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  formatVersion: z.union([z.literal(1), z.literal(EXPORT_VERSION)]),
  exportedAt: z.iso.datetime(),
  game: exportedGameSchema,
});
export type GameExport = z.infer<typeof gameExportSchema>;

export function exportDocument(doc: GameDocument, now: Date): GameExport {
  if (doc.status !== 'active') return { format: EXPORT_FORMAT, formatVersion: EXPORT_VERSION, exportedAt: now.toISOString(), game: doc };
  const { seed: _seed, seedNonce: _nonce, state: _state, reseeds, ...rest } = doc;
  return {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    game: { ...rest, ...(reseeds ? { reseeds: reseeds.map(({ atVersion, seedHash }) => ({ atVersion, seedHash })) } : {}) },
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
    throw new UserError(
      `That file is not a game export (${issuesText(result.error, 'file', 3)}). /game import takes a file made by /game export.`,
    );
  }
  return result.data;
}
