import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { UserError } from '../contracts/errors.js';
import type { GameStore } from '../store/game-store.js';
import type { SaveAlso } from './game-sessions.js';

/**
 * A batch of orders given at once (`/orders`): its lines as typed, checked against the
 * rules, then carried out one by one after the player confirms. Kept under its own key,
 * `orders:<gameId>`, with a stamp that changes on every write: each order the batch carries
 * out is saved in the same step as the batch's progress (see `progressWrite`), so a crash
 * between two orders leaves the batch at the next line, never running one twice.
 */

/** At most this many lines (a whole Operation Typhoon turn is about 70 stacks, some in two steps). */
export const BATCH_MAX_LINES = 150;
/** A finished or abandoned batch is forgotten after this long. */
const BATCH_TTL_MS = 30 * 24 * 3600 * 1000;

const optionValue = z.union([z.string().max(400), z.number(), z.boolean()]);

export const batchLineSchema = z.object({
  /** Its number among the batch's orders, 1 first. */
  n: z.number().int().positive(),
  /** Its line in the text as given, 1 first (comments and blank lines count), for refusals that quote it. */
  at: z.number().int().positive().optional(),
  text: z.string().max(400),
  command: z.string().min(1).max(32),
  subcommand: z.string().min(1).max(32).optional(),
  options: z.record(z.string().max(32), optionValue),
});
export type BatchLine = z.infer<typeof batchLineSchema>;

/**
 * What the batch does at a fight-on-or-retreat decision (10.5) without asking: `ask` pauses
 * (a quick ballot in vote play), `retreat` retreats once `after` rounds are fought, `fight`
 * always fights on.
 */
export const standingSchema = z.object({
  battles: z.enum(['ask', 'retreat', 'fight']),
  after: z.number().int().min(1).max(20).optional(),
});
export type Standing = z.infer<typeof standingSchema>;

export const batchStatuses = ['proposed', 'running', 'paused', 'done', 'stopped'] as const;
export type BatchStatus = (typeof batchStatuses)[number];

export const batchSchema = z.object({
  /** Short id carried by the batch's buttons, so a button of an earlier batch does nothing. */
  id: z.string().regex(/^[a-z0-9]{6}$/),
  gameId: z.string().regex(/^[a-z0-9]{8}$/),
  channelId: z.string().min(1),
  by: z.object({ id: z.string().min(1), name: z.string() }),
  /** A plan the channel voted for: decisions go to quick ballots unless `standing` answers them. */
  voted: z.boolean().optional(),
  status: z.enum(batchStatuses),
  /** The game version the batch was checked on: confirming it on another position checks again. */
  checkedAt: z.number().int().nonnegative(),
  lines: z.array(batchLineSchema).min(1).max(BATCH_MAX_LINES),
  standing: standingSchema.optional(),
  /** Index of the next line to carry out. */
  next: z.number().int().nonnegative(),
  /** Fight-on-or-retreat decisions answered since the last line (the rounds fought, for `retreat after N`). */
  decisions: z.number().int().nonnegative(),
  /** The game version it paused at (a plan waiting for a quick ballot goes on only from that decision). */
  pausedAt: z.number().int().nonnegative().optional(),
  /** Why a paused batch waits, in a player's words. */
  waiting: z.string().max(1000).optional(),
  /** Game versions each carried-out line produced, by line index (a line skipped has none). */
  ran: z.array(z.number().int().nonnegative()),
  stamp: z.string().min(1).optional(),
});
export type OrderBatch = z.infer<typeof batchSchema>;

export function batchKey(gameId: string): string {
  return `orders:${gameId}`;
}

export function newBatchId(): string {
  return [...randomBytes(6)].map((b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
}

/** The batch as written next: a new stamp, on the condition that the stored one is still `batch.stamp`. */
function stamped(batch: OrderBatch): { next: OrderBatch; write: SaveAlso } {
  const next = batchSchema.parse({ ...batch, stamp: randomBytes(9).toString('base64url') });
  return {
    next,
    write: {
      expect: { [batchKey(batch.gameId)]: batch.stamp ?? null },
      set: [{ key: batchKey(batch.gameId), value: next, ttlMs: BATCH_TTL_MS }],
    },
  };
}

/** Batches in the game store, one per game (the newest replaces a finished one). */
export class BatchStore {
  constructor(private readonly store: GameStore) {}

  async load(gameId: string): Promise<OrderBatch | undefined> {
    const raw: unknown = await this.store.keyv.get(batchKey(gameId));
    if (raw === undefined) return undefined;
    const parsed = batchSchema.safeParse(raw);
    // A damaged record is dropped: nothing of it can be carried out safely, and the game itself is intact.
    if (!parsed.success) {
      await this.store.batches.commit({ delete: [batchKey(gameId)] });
      return undefined;
    }
    return parsed.data;
  }

  /** Write the batch if it is still as read; returns it as stored. A batch changed meanwhile is a refusal. */
  async save(batch: OrderBatch): Promise<OrderBatch> {
    const { next, write } = stamped(batch);
    const ok = await this.store.batches.commit(write);
    if (!ok) throw new UserError('These orders changed while this was handled (another press got there first); nothing was changed.');
    return next;
  }

  /**
   * The batch as it will stand once the order being saved is in: written in the same step as
   * the order (`GameSessions.act`'s `also`), on the condition that the batch is still as read.
   */
  progressWrite(batch: OrderBatch): { next: OrderBatch; write: SaveAlso } {
    return stamped(batch);
  }
}
