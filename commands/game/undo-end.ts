import { TAKE_BACK } from '../../src/dispatch/free-orders.js';
import { seedReveal } from '../../src/session/present.js';
import { actingReply } from '../../src/session/replies.js';
import { withImage } from './picture.js';
import type { GameSubcommand } from './subcommand.js';

/** Going back and stopping: /game undo and /game end. */

export const undoSubcommand: GameSubcommand = {
  name: 'undo',
  build: (s) => s.setDescription('Take back the last order, if no die was rolled'),
  async run(ctx) {
    // Take-backs are free orders of their own kind: the cap is checked on the game the undo reads.
    const outcome = await ctx.services.sessions.undo(ctx.invocation.channelId, ctx.invocation.user, (doc) =>
      ctx.services.limiter.freeOrder(doc, TAKE_BACK, '/game undo'),
    );
    // A ballot on the position just taken back has nothing left to decide: the save closed it.
    const cancelled = outcome.ballotClosed;
    ctx.services.votes.forget(outcome.doc.id);
    await ctx.defer?.();
    await ctx.reply(
      await actingReply(
        outcome,
        `**Undone** (order of version ${outcome.undone.version}).${cancelled ? ' The open ballot is cancelled.' : ''}`,
      ),
    );
  },
};

export const endSubcommand: GameSubcommand = {
  name: 'end',
  build: (s) => s.setDescription('End the game (its creator, or someone who can manage the channel)'),
  async run(ctx) {
    const doc = await ctx.services.sessions.end(ctx.invocation.channelId, ctx.invocation.user);
    ctx.services.votes.forget(doc.id);
    await ctx.defer?.();
    const view = await ctx.services.sessions.require(ctx.invocation.channelId);
    const content = [
      `**Game \`${doc.id}\` ended** by ${ctx.invocation.user.name} at version ${doc.version}.`,
      seedReveal(doc),
      'The log, final map and /game export stay available; /game new starts another.',
    ].join('\n');
    await ctx.reply(await withImage({ content }, view, 'full'));
  },
};
