import { z } from 'zod';
import { plural } from '../contracts/text.js';
import { type DiceSeed, keyedIndex } from '../kernel/dice.js';

/**
 * A ballot on one pending German decision of a vote game: the proposals filed, one vote per
 * member, and when it closes. Stored, so it survives a restart; checked by zod on load.
 */
export const proposalSchema = z.object({
  n: z.number().int().positive(),
  by: z.string().min(1),
  byName: z.string(),
  action: z.json(),
  text: z.string(),
  at: z.number(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const ballotSchema = z.object({
  gameId: z.string().regex(/^[a-z0-9]{8}$/),
  channelId: z.string().min(1),
  /** The game's server: a restarted shard resumes only its own servers' ballots. */
  guildId: z.string().min(1).optional(),
  /** Changes on every save: a save from a ballot as read is refused once it changed (another process). */
  stamp: z.string().min(1).optional(),
  /** The game version the decision belongs to; any accepted order makes the ballot stale. */
  version: z.number().int().nonnegative(),
  opensAt: z.number(),
  closesAt: z.number(),
  /** Set while voting is paused: the time that was left. */
  pausedLeftMs: z.number().nonnegative().optional(),
  /** A fight-on-or-retreat ballot, filled with the game's choices; it has a default. */
  quick: z.boolean(),
  proposals: z.array(proposalSchema).max(25),
  votes: z.record(z.string(), z.number().int().positive()),
  /**
   * A sealed ballot on a secret choice (the game's `sealedChoice`): each member's own picks,
   * never shown to anyone; the public hears only how many chose. It has no proposals.
   */
  sealed: z.object({ picks: z.record(z.string(), z.array(z.string().min(1).max(100)).max(25)) }).optional(),
});
export type Ballot = z.infer<typeof ballotSchema>;

export const tieBreaks = ['earliest', 'random', 'creator'] as const;
export type TieBreak = (typeof tieBreaks)[number];

export interface Tally {
  counts: Map<number, number>;
  cast: number;
}

export function tally(ballot: Ballot): Tally {
  const counts = new Map<number, number>(ballot.proposals.map((p) => [p.n, 0]));
  for (const n of Object.values(ballot.votes)) counts.set(n, (counts.get(n) ?? 0) + 1);
  return { counts, cast: Object.keys(ballot.votes).length };
}

/** An absolute majority of eligible voters for one proposal closes the ballot early. */
export function majority(ballot: Ballot, eligible: number): number | undefined {
  for (const [n, c] of tally(ballot).counts) if (c * 2 > eligible) return n;
  return undefined;
}

export type Decision = { winner: number; tiedWith: number[]; how: string } | { winner: undefined; why: string };

/**
 * The winner: most votes; a tie is broken by the game's rule: the earliest proposal, a
 * random pick, or the creator's vote when it is among the tied (else the earliest).
 *
 * The random pick is HMAC-SHA256(`secret`, "tie:<version>:<tied proposals>") read without
 * bias (the kernel's `keyedIndex`), where `secret` is the game's current dice secret (its
 * seed, or the newest reseed's): nobody can foresee it while the game runs, and anyone can
 * recompute it once the secret is revealed at the end.
 */
export function decide(ballot: Ballot, quorum: number, tieBreak: TieBreak, creatorId: string, secret: DiceSeed): Decision {
  const { counts, cast } = tally(ballot);
  if (ballot.proposals.length === 0) return { winner: undefined, why: 'nobody proposed an order' };
  if (cast < quorum) return { winner: undefined, why: `only ${cast} of the ${quorum} votes needed (quorum) were cast` };
  const best = Math.max(...counts.values());
  const tied = ballot.proposals.filter((p) => counts.get(p.n) === best).map((p) => p.n);
  if (tied.length === 1) return { winner: tied[0]!, tiedWith: [], how: plural(best, 'vote') };
  if (tieBreak === 'random') {
    const pick = tied[keyedIndex(secret, tieLabel(ballot.version, tied), tied.length)]!;
    return {
      winner: pick,
      tiedWith: tied,
      how: `tie of ${tied.map((n) => `#${n}`).join(', ')} broken at random (HMAC-SHA256 of "${tieLabel(ballot.version, tied)}" keyed by the game's secret seed, checkable once it is revealed)`,
    };
  }
  if (tieBreak === 'creator') {
    const creatorVote = ballot.votes[creatorId];
    if (creatorVote !== undefined && tied.includes(creatorVote))
      return { winner: creatorVote, tiedWith: tied, how: `tie broken by the creator's casting vote` };
  }
  return {
    winner: tied[0]!,
    tiedWith: tied,
    how: `tie broken in favour of the earliest proposal${tieBreak === 'creator' ? ' (the creator voted for none of them)' : ''}`,
  };
}

/** What the random tie-break's HMAC is taken over: the ballot's version and the tied proposals. */
export function tieLabel(version: number, tied: readonly number[]): string {
  return `tie:${version}:${tied.join(',')}`;
}

/** How many members have chosen on a ballot: their picks on a sealed one, their votes otherwise. */
export function castCount(ballot: Ballot): number {
  return Object.keys(ballot.sealed ? ballot.sealed.picks : ballot.votes).length;
}

/**
 * A sealed ballot's options, most votes first (a member's picks are one vote for each option
 * picked). Ties are broken by the game's rule: the order the game lists its options in
 * (earliest), the creator's picks first (creator; then the game's order), or at random: each
 * place among the tied drawn by HMAC-SHA256(`secret`, "sealed:<version>:<tied options>:<place>")
 * without bias, checkable once the secret is revealed.
 */
export function sealedRanking(
  ballot: Ballot,
  options: readonly string[],
  tieBreak: TieBreak,
  creatorId: string,
  secret: DiceSeed,
): { value: string; votes: number }[] {
  const picks = ballot.sealed?.picks ?? {};
  const votes = new Map(options.map((o) => [o, 0]));
  for (const list of Object.values(picks)) for (const v of new Set(list)) if (votes.has(v)) votes.set(v, votes.get(v)! + 1);
  const creator = new Set(tieBreak === 'creator' ? (picks[creatorId] ?? []) : []);
  const listed = (a: string, b: string) => (creator.has(a) ? 0 : 1) - (creator.has(b) ? 0 : 1) || options.indexOf(a) - options.indexOf(b);
  const groups = [...new Set(votes.values())].sort((a, b) => b - a);
  const out: { value: string; votes: number }[] = [];
  for (const n of groups) {
    let tied = options.filter((o) => votes.get(o) === n).sort(listed);
    if (tieBreak === 'random' && tied.length > 1) {
      const drawn: string[] = [];
      const label = `sealed:${ballot.version}:${tied.join(',')}`;
      for (let place = 0; tied.length; place++) {
        const at = keyedIndex(secret, `${label}:${place}`, tied.length);
        drawn.push(tied[at]!);
        tied = tied.filter((_, i) => i !== at);
      }
      tied = drawn;
    }
    out.push(...tied.map((value) => ({ value, votes: n })));
  }
  return out;
}
