import type { CommandContext } from '../app/command.js';
import { sessions } from './index.js';
import { actingReply } from './replies.js';

/**
 * What a game command (/move, /air, /phase ...) does once it has built its action: act on
 * the channel's game, then post the events, the zoomed map and the next choices. Refusals
 * are thrown as UserError before anything is posted; the save happens before the reply.
 */
export async function actAndReply(ctx: CommandContext, action: unknown, heading?: string): Promise<void> {
  const outcome = await sessions().act(ctx.invocation.channelId, ctx.invocation.user, action);
  await ctx.defer?.();
  await ctx.reply(await actingReply(outcome, heading));
}
