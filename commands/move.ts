import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import type { AutocompleteRequest, Choice, CommandContext } from '../src/app/command.js';
import { hexIdOption, parseOptions } from '../src/app/options.js';
import { orderOrRefusal, quietly, typhoonGameIn } from '../src/app/typhoon-orders.js';
import { destinationChoices, forceChoices, moveAction } from '../src/games/operation-typhoon/orders.js';
import { actAndReply } from '../src/session/act-and-reply.js';

export const data = new SlashCommandBuilder()
  .setName('move')
  .setDescription('Move a German force (9.0): from its hex to a destination, by the cheapest path or yours')
  .addStringOption((o) => o.setName('force').setDescription('Hex of the force, e.g. 1520').setRequired(true).setAutocomplete(true).setMinLength(4).setMaxLength(4))
  .addStringOption((o) => o.setName('to').setDescription('Destination hex (cheapest path; a Soviet hex ends the move in battle)').setAutocomplete(true).setMinLength(4).setMaxLength(4))
  .addStringOption((o) => o.setName('path').setDescription('Exact path instead: hexes to enter, e.g. 1620,1720,1821').setMaxLength(300))
  .addStringOption((o) => o.setName('units').setDescription('Which units of the stack: mech, foot, or names such as "10 Pz, 2 Pz"').setMaxLength(200));

const options = z.object({
  force: hexIdOption,
  to: hexIdOption.optional(),
  path: z.string().trim().min(4).max(300).optional(),
  units: z.string().trim().min(1).max(200).optional(),
});

export async function execute(ctx: CommandContext): Promise<void> {
  const o = parseOptions(ctx.invocation, options);
  const { state, index } = await typhoonGameIn(ctx.invocation.channelId);
  const action = orderOrRefusal(() => moveAction(index, state, o));
  await actAndReply(ctx, action);
}

export async function autocomplete(req: AutocompleteRequest): Promise<Choice[]> {
  return quietly([], async () => {
    const { state, index } = await typhoonGameIn(req.invocation.channelId);
    if (req.focused.name === 'force') return forceChoices(index, state, req.focused.value);
    if (req.focused.name === 'to') {
      const o = req.invocation.options;
      return destinationChoices(index, state, typeof o.force === 'string' ? o.force : undefined, typeof o.units === 'string' ? o.units : undefined, req.focused.value);
    }
    return [];
  });
}
