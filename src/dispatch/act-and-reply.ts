import { UserError } from '../contracts/errors.js';
import { actingReply } from '../session/replies.js';
import type { CommandContext } from './command.js';
import { orderKind } from './free-orders.js';

/**
 * What an order command does once the game has turned it into an action: act on the
 * channel's game, then post the events, the zoomed map and the next choices. In a vote
 * game the order becomes a proposal on the ballot instead. Refusals are thrown as UserError
 * before anything is posted; the save happens before the reply. An order of a kind the game
 * has had too often since its last die roll is refused first (the free-order cap).
 */
export async function actAndReply(ctx: CommandContext, action: unknown, heading?: string): Promise<void> {
  const { channelId, user } = ctx.invocation;
  const { sessions, votes, limiter } = ctx.services;
  const view = await sessions.current(channelId);
  if (view && votes.isVoted(view)) {
    await ctx.defer?.();
    await ctx.reply(await votes.propose(channelId, user, action));
    return;
  }
  if (view) {
    const words = `/${ctx.invocation.command}${ctx.invocation.subcommand ? ` ${ctx.invocation.subcommand}` : ''}`;
    const refusal = limiter.freeOrder(view.doc, orderKind(action), words);
    if (refusal) throw new UserError(refusal);
  }
  const outcome = await sessions.act(channelId, user, action);
  await ctx.defer?.();
  await ctx.reply(await actingReply(outcome, heading));
}
