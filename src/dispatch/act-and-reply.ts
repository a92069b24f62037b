import { UserError } from '../contracts/errors.js';
import type { Reply } from '../contracts/reply.js';
import type { ActOutcome, GameView, OrderDesk } from '../session/game-sessions.js';
import { actingReply } from '../session/replies.js';
import type { CommandContext } from './command.js';
import { orderKind } from './free-orders.js';
import { commandWords } from './game-orders.js';

/**
 * The last steps of an order command's path. Under the channel's lock the game is read once
 * and the command decides what the order comes to (`Decided`); the answer is posted once the
 * lock is released, after the save, so an acknowledged order is never lost.
 */
export type Decided = { reply: Reply } | { propose: unknown } | { acted: ActOutcome; heading?: string };

/** Decide on the game read once under the channel's lock, then answer: as is, as a proposal filed, or with what the order did. */
export async function decideAndReply(ctx: CommandContext, decide: (desk: OrderDesk) => Promise<Decided>): Promise<void> {
  const { channelId, user } = ctx.invocation;
  const decided = await ctx.services.sessions.withGame(channelId, decide);
  if ('reply' in decided) return ctx.reply(decided.reply);
  await ctx.defer?.();
  if ('propose' in decided) return ctx.reply(await ctx.services.votes.propose(channelId, user, decided.propose));
  await ctx.reply(await actingReply(decided.acted, decided.heading));
}

/**
 * The game's action, given: in a vote game it becomes a proposal on the ballot; otherwise an
 * order of a kind the game has had too often since its last die roll is refused first (the
 * free-order cap), and the desk acts (refusals are thrown as UserError before anything is posted).
 */
export async function actOn(ctx: CommandContext, desk: OrderDesk, view: GameView, action: unknown, heading?: string): Promise<Decided> {
  if (ctx.services.votes.isVoted(view)) return { propose: action };
  const refusal = ctx.services.limiter.freeOrder(view.doc, orderKind(action), commandWords(ctx.invocation));
  if (refusal) throw new UserError(refusal);
  return { acted: await desk.act(ctx.invocation.user, action), ...(heading ? { heading } : {}) };
}

/** An action already made, on the same path: act on the channel's game (or propose it) and post the events, map and next choices. */
export async function actAndReply(ctx: CommandContext, action: unknown, heading?: string): Promise<void> {
  await decideAndReply(ctx, async (desk) =>
    desk.view ? actOn(ctx, desk, desk.view, action, heading) : { acted: await desk.act(ctx.invocation.user, action) },
  );
}
