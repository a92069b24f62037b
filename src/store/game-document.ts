import { z } from 'zod';

/**
 * The stored game: everything needed to show, continue, replay or audit a game. Checked by
 * zod on every load, so a damaged record is caught at the boundary and never reaches play.
 */
export const SCHEMA_VERSION = 1;

const json: z.ZodType<unknown> = z.json();
const isoTime = z.iso.datetime();

export const gameModes = ['solo', 'team', 'vote'] as const;
export type GameMode = (typeof gameModes)[number];

export const gameStatuses = ['active', 'finished', 'ended'] as const;
export type GameStatus = (typeof gameStatuses)[number];

/** Short public id: 8 lowercase letters and digits, safe in keys and button ids. */
export const gameIdSchema = z.string().regex(/^[a-z0-9]{8}$/, 'a game id is 8 letters and digits');

export const playerSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  /** Side or seat at the table, e.g. "german". */
  seat: z.string().optional(),
  /** Formations this player commands in team play, e.g. ["PzG 4"]. */
  formations: z.array(z.string()).optional(),
});
export type Player = z.infer<typeof playerSchema>;

export const actionRecordSchema = z.object({
  /** The game version this action produced. */
  version: z.number().int().positive(),
  userId: z.string().min(1),
  action: json,
  at: isoTime,
});
export type ActionRecord = z.infer<typeof actionRecordSchema>;

export const logLineSchema = z.object({
  /** The game version the line belongs to (0 = set-up). */
  version: z.number().int().nonnegative(),
  kind: z.string(),
  text: z.string(),
  /** Dice that were rolled, so the log keeps every number. */
  dice: z.array(json).optional(),
});
export type LogLine = z.infer<typeof logLineSchema>;

export const gameDocumentSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  id: gameIdSchema,
  channelId: z.string().min(1),
  guildId: z.string().min(1).optional(),
  game: z.string().min(1),
  /** The charts the game is played with (its definition's `charts`); absent in games stored before it was recorded. */
  charts: z.string().min(1).max(120).optional(),
  createdBy: z.string().min(1),
  mode: z.enum(gameModes),
  players: z.array(playerSchema),
  settings: z.record(z.string(), json),
  seedHash: z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 hex digest'),
  /** Secret while the game runs: it would let a player foresee every die. */
  seed: z.number().int().min(0).max(0xffffffff),
  /** The options the game was created with (without the seed). */
  options: z.record(z.string(), json),
  version: z.number().int().nonnegative(),
  actions: z.array(actionRecordSchema),
  events: z.array(logLineSchema),
  state: json,
  status: z.enum(gameStatuses),
  /** Why the game stopped: the result, or who ended it. */
  outcome: z.string().optional(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type GameDocument = z.infer<typeof gameDocumentSchema>;
