import { fitText } from '../../src/contracts/limits.js';
import type { ButtonContext } from '../../src/dispatch/command.js';
import { logText } from '../../src/session/present.js';
import { type Look, statusReply } from '../../src/session/replies.js';
import { privateViewRefusal } from '../../src/session/sight.js';
import { statusCardReply } from '../status-card.js';
import { withImage } from './picture.js';

/** Buttons that look and change nothing: Refresh under a status card, status, my stacks and dice under a game message. */

/** Refresh under a status card: the same message shows the game as it now stands. */
export async function onRefresh(ctx: ButtonContext, gameId: string): Promise<void> {
  const view = await ctx.services.sessions.current(ctx.press.channelId);
  if (!view || view.doc.id !== gameId) {
    await ctx.reply({ content: 'That game is no longer the one in this channel. /game status shows the one here.', ephemeral: true });
    return;
  }
  await ctx.defer?.();
  await ctx.reply({ ...(await statusCardReply(view)), replace: true });
}

/** A look button (status, map, dice): only the presser sees the answer. */
export async function onLookButton(ctx: ButtonContext, look: { gameId: string; version: number; look: Look }): Promise<void> {
  const view = await ctx.services.sessions.current(ctx.press.channelId);
  if (!view || view.doc.id !== look.gameId) {
    await ctx.reply({ content: 'That game is no longer the one in this channel.', ephemeral: true });
    return;
  }
  if (look.look === 'dice') {
    // Every die of that order, as the log has them.
    const lines = view.doc.events.filter((e) => e.version === look.version);
    await ctx.reply({ content: fitText(logText(lines) || 'No dice were logged for that order.'), ephemeral: true });
    return;
  }
  const user = ctx.press.user.id;
  const refusal = look.look === 'mine' ? privateViewRefusal(view, user) : undefined;
  if (refusal) {
    await ctx.reply({ content: refusal, ephemeral: true });
    return;
  }
  await ctx.defer?.(true);
  const status = await statusReply(view);
  if (look.look === 'status') await ctx.reply({ ...status, ephemeral: true });
  // Only the presser sees it: their own stacks in full (fog of war).
  else await ctx.reply({ ...(await withImage({ content: status.content }, view, 'full', user)), ephemeral: true });
}
