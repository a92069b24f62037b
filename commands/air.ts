import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import type { AutocompleteRequest, CommandContext } from '../src/dispatch/command.js';
import type { Choice } from '../src/contracts/reply.js';
import { hexIdOption, parseOptions } from '../src/dispatch/options.js';
import { quietly, typhoonGameIn } from '../src/app/typhoon-orders.js';
import { forceChoices } from '../src/games/operation-typhoon/orders.js';
import { actAndReply } from '../src/session/act-and-reply.js';

export const data = new SlashCommandBuilder()
  .setName('air')
  .setDescription('Luftwaffe close air support (9.1)')
  .addSubcommand((s) =>
    s
      .setName('assign')
      .setDescription('At the start of the phase, put a Luftwaffe unit on the force in a hex')
      .addStringOption((o) =>
        o.setName('hex').setDescription('Hex of the German force').setRequired(true).setAutocomplete(true).setMinLength(4).setMaxLength(4),
      ),
  );

const options = z.object({ hex: hexIdOption });

export async function execute(ctx: CommandContext): Promise<void> {
  const { hex } = parseOptions(ctx.invocation, options);
  await typhoonGameIn(ctx.invocation.channelId);
  await actAndReply(ctx, { type: 'assign-air', hex });
}

export async function autocomplete(req: AutocompleteRequest): Promise<Choice[]> {
  return quietly([], async () => {
    const { state, index } = await typhoonGameIn(req.invocation.channelId);
    return forceChoices(index, state, req.focused.value);
  });
}
