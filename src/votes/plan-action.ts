import { z } from 'zod';
import type { Reply, ReplyFile } from '../contracts/reply.js';
import type { ActOutcome, GameView } from '../session/game-sessions.js';
import type { Ballot, Proposal } from './ballot.js';

/**
 * A plan on a ballot: a whole batch of orders (`/orders` in a vote game), filed as one
 * proposal whose "action" is the plan's text. It is checked again when it wins and carried
 * out line by line by the batch runner, which lives with the commands and is handed to the
 * vote service (`VoteService.usePlans`), since votes sit below the command layer.
 */
export const planActionSchema = z.object({ type: z.literal('plan'), text: z.string().min(1).max(20_000) });
export type PlanAction = z.infer<typeof planActionSchema>;

export function isPlanAction(action: unknown): action is PlanAction {
  return planActionSchema.safeParse(action).success;
}

/** How a plan looks on the ballot: one line, and its picture of numbered arrows. */
export interface PlanDescription {
  text: string;
  image?: ReplyFile;
}

/** What a plan's run comes to: the reply to post, and the quick ballot it opened for a decision, if any. */
export interface PlanRun {
  reply: Reply;
  quick?: Ballot;
}

/** Opens a fight-on-or-retreat ballot on this position (under the closing ballot's lock). */
export type OpenQuickBallot = (view: GameView) => Promise<Ballot | undefined>;

/** The batch runner, as the vote service sees it. */
export interface PlanRunner {
  /** Whether the plan's orders end the turn: then, like ending the turn, it needs a majority of the members. */
  endsTurn(view: GameView, plan: PlanAction): boolean;
  /** Carry out a plan that won its ballot, as orders of its proposer; `heading` is the ballot's result. */
  run(view: GameView, proposal: Proposal, plan: PlanAction, heading: string, openQuick: OpenQuickBallot): Promise<PlanRun>;
  /**
   * A quick ballot's choice was just carried out and no decision is left: the plan that
   * waited for it goes on. Undefined when no plan waits.
   */
  resume(outcome: ActOutcome, heading: string, openQuick: OpenQuickBallot): Promise<PlanRun | undefined>;
}
