import { z } from 'zod';
import { diceSecretSchema, diceSeedSchema } from '../kernel/dice.js';

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

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 hex digest');
/** The random nonce of a commitment to a dice secret: 128 bits as 32 hex digits. */
export const seedNonceSchema = z.string().regex(/^[0-9a-f]{32}$/, 'a nonce is 32 hex digits');

/**
 * New dice from a fresh secret, from `atVersion` on: an imported game's seed is public, so
 * its dice are drawn afresh and the commitment published at the import, like a new game's.
 * Replay puts them in before the first order after `atVersion` (or at the end, when none
 * follows). The secret and nonce are secret while the game runs, like the seed.
 */
export const reseedSchema = z.object({
  atVersion: z.number().int().nonnegative(),
  /** sha256 of `moscow-dice-v2:<seedNonce>:<seed>`, published at the import. */
  seedHash: sha256Hex,
  seedNonce: seedNonceSchema,
  seed: diceSecretSchema,
});
export type Reseed = z.infer<typeof reseedSchema>;

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
  /**
   * The commitment to the seed published at /game new: sha256 of `moscow-dice-v2:<seedNonce>:<seed>`,
   * or of the seed's digits when there is no nonce (a fixed numeric seed, games stored before).
   */
  seedHash: sha256Hex,
  /**
   * Secret while the game runs: it would let a player foresee every die. A 256-bit secret
   * (64 hex digits, keyed dice), or a 32-bit number (a fixed seed, games stored before).
   */
  seed: diceSeedSchema,
  /** The commitment's nonce (32 hex digits); absent for numeric seeds without one. Secret while the game runs. */
  seedNonce: seedNonceSchema.optional(),
  /** Dice drawn afresh during the game (an import), in order; absent when there were none. */
  reseeds: z.array(reseedSchema).optional(),
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
