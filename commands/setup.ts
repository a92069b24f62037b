import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import type { AutocompleteRequest, Choice, CommandContext } from '../src/app/command.js';
import { hexIdOption, parseOptions } from '../src/app/options.js';
import { orderOrRefusal, quietly, typhoonGameIn } from '../src/app/typhoon-orders.js';
import { resolveUnits } from '../src/games/operation-typhoon/orders.js';
import { actAndReply } from '../src/session/act-and-reply.js';

export const data = new SlashCommandBuilder()
  .setName('setup')
  .setDescription('Adjust the German set-up before play (3.2)')
  .addSubcommand((s) =>
    s
      .setName('place')
      .setDescription('Move one unit to another set-up hex in its sector, within three rows of the front')
      .addStringOption((o) => o.setName('unit').setDescription('Unit, e.g. "10 Pz"').setRequired(true).setAutocomplete(true).setMaxLength(40))
      .addStringOption((o) => o.setName('hex').setDescription('Set-up hex').setRequired(true).setMinLength(4).setMaxLength(4)),
  )
  .addSubcommand((s) => s.setName('done').setDescription('Finish set-up and start turn 1'));

const placeOptions = z.object({ unit: z.string().trim().min(1).max(40), hex: hexIdOption });

export async function execute(ctx: CommandContext): Promise<void> {
  if (ctx.invocation.subcommand === 'done') return actAndReply(ctx, { type: 'setup-done' });
  const o = parseOptions(ctx.invocation, placeOptions);
  const { state, index } = await typhoonGameIn(ctx.invocation.channelId);
  const [unit] = orderOrRefusal(() => resolveUnits(index, Object.keys(state.units), o.unit)!);
  await actAndReply(ctx, { type: 'setup-place', unit: unit!, hex: o.hex });
}

export async function autocomplete(req: AutocompleteRequest): Promise<Choice[]> {
  return quietly([], async () => {
    const { state, index } = await typhoonGameIn(req.invocation.channelId);
    const typed = req.focused.value.toLowerCase();
    return Object.entries(state.units)
      .map(([id, u]) => ({ name: `${index.unit(id).label} (${index.unit(id).formation}) in ${u.hex}`, value: id }))
      .filter((c) => !typed || c.name.toLowerCase().includes(typed))
      .slice(0, 25);
  });
}
