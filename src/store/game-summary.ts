import { z } from 'zod';
import { type GameDocument, gameIdSchema, gameModes, gameStatuses } from './game-document.js';

export const gameSummarySchema = z.object({
  id: gameIdSchema,
  channelId: z.string().min(1),
  guildId: z.string().min(1).optional(),
  game: z.string().min(1),
  mode: z.enum(gameModes),
  status: z.enum(gameStatuses),
  version: z.number().int().nonnegative(),
  createdBy: z.string().min(1),
  outcome: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** What /game list and the export autocomplete show of a game, kept apart so listing reads no game. */
export type GameSummary = z.infer<typeof gameSummarySchema>;

export function summaryOf(doc: GameDocument): GameSummary {
  return {
    id: doc.id,
    channelId: doc.channelId,
    ...(doc.guildId ? { guildId: doc.guildId } : {}),
    game: doc.game,
    mode: doc.mode,
    status: doc.status,
    version: doc.version,
    createdBy: doc.createdBy,
    ...(doc.outcome ? { outcome: doc.outcome } : {}),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
