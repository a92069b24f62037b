import { z } from 'zod';
import { LIMITS } from '../../src/contracts/limits.js';
import { parseOptions } from '../../src/dispatch/options.js';
import { headline, logText } from '../../src/session/present.js';
import { statusCardReply } from '../status-card.js';
import type { GameSubcommand } from './subcommand.js';

/** Following the game in words: /game status and /game log (the map has its own file). */

const logOptions = z.object({ lines: z.number().int().min(1).max(200).default(20) });

export const statusSubcommand: GameSubcommand = {
  name: 'status',
  build: (s) => s.setDescription('Where the game stands and what it waits for'),
  async run(ctx) {
    const view = await ctx.services.sessions.require(ctx.invocation.channelId);
    await ctx.defer?.();
    await ctx.reply(await statusCardReply(view));
  },
};

export const logSubcommand: GameSubcommand = {
  name: 'log',
  build: (s) =>
    s
      .setDescription('The game’s log, newest last')
      .addIntegerOption((o) => o.setName('lines').setDescription('How many lines (default 20)').setMinValue(1).setMaxValue(200)),
  async run(ctx) {
    const { lines } = parseOptions(ctx.invocation, logOptions);
    const { doc, def } = await ctx.services.sessions.require(ctx.invocation.channelId);
    const shown = doc.events.slice(-lines);
    const header = `${headline(doc, def.name)}: the last ${shown.length} of ${doc.events.length} log lines.`;
    // Trim the oldest lines first: the newest are what players look for.
    let body = logText(shown);
    const room = LIMITS.messageChars - header.length - 40;
    if (body.length > room) body = `… (older lines: /game export)\n${body.slice(body.length - room).replace(/^[^\n]*\n/, '')}`;
    await ctx.reply({ content: `${header}\n${body}` });
  },
};
