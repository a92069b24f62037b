import { z } from 'zod';
import type { GameDocument } from '../store/game-document.js';
import { type TieBreak, tieBreaks } from './ballot.js';

/** Vote settings live in the game's settings under these keys; each has a default. */
export const VOTE_LIMITS = { minWindowS: 15, maxWindowS: 24 * 3600 } as const;

export const voteSettingsSchema = z.object({
  window: z.number().int().min(VOTE_LIMITS.minWindowS).max(VOTE_LIMITS.maxWindowS).default(120),
  quickWindow: z.number().int().min(VOTE_LIMITS.minWindowS).max(VOTE_LIMITS.maxWindowS).default(30),
  quorum: z.number().int().min(1).max(100).default(1),
  tiebreak: z.enum(tieBreaks).default('earliest'),
  /** What a fight-on-or-retreat ballot does when nobody votes. */
  quickDefault: z.enum(['retreat', 'another-round']).default('retreat'),
  /** Only members with this role may propose and vote. */
  role: z
    .string()
    .regex(/^\d{5,20}$/)
    .optional(),
  paused: z.boolean().default(false),
  /** Proposals per member on one ballot. */
  perMember: z.number().int().min(1).max(10).default(3),
});
export type VoteSettings = z.infer<typeof voteSettingsSchema>;

export function voteSettings(doc: GameDocument): VoteSettings {
  const raw: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc.settings)) if (k.startsWith('vote.')) raw[k.slice(5)] = v;
  const parsed = voteSettingsSchema.safeParse(raw);
  return parsed.success ? parsed.data : voteSettingsSchema.parse({});
}

export type { TieBreak };
