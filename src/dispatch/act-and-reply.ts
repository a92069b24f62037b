import { actingReply } from '../session/replies.js';
import type { CommandContext } from './command.js';

/**
 * What an order command does once the game has turned it into an action: act on the
 * channel's game, then post the events, the zoomed map and the next choices. In a vote
 * game the order becomes a proposal on the ballot instead. Refusals are thrown as UserError
 * before anything is posted; the save happens before the reply.
 */
export async function actAndReply(ctx: CommandContext, action: unknown, heading?: string): Promise<void> {
  const { channelId, user } = ctx.invocation;
  const { sessions, votes } = ctx.services;
  const view = await sessions.current(channelId);
  if (view && votes.isVoted(view)) {
    await ctx.defer?.();
    await ctx.reply(await votes.propose(channelId, user, action));
    return;
  }
  const outcome = await sessions.act(channelId, user, action);
  await ctx.defer?.();
  await ctx.reply(await actingReply(outcome, heading));
}
