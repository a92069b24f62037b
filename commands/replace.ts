import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import { replaceHexChoices, replaceUnitChoices } from '../src/app/bfm-choices.js';
import { bfmStateIn, findUnit } from '../src/app/bfm-orders.js';
import type { AutocompleteRequest, CommandContext } from '../src/dispatch/command.js';
import type { Choice } from '../src/contracts/reply.js';
import { hexIdOption, parseOptions } from '../src/dispatch/options.js';
import { quietly } from '../src/app/typhoon-orders.js';
import { actAndReply } from '../src/session/act-and-reply.js';

export const data = new SlashCommandBuilder()
  .setName('replace')
  .setDescription('Battle for Moscow, replacement phase: restore a unit to full strength, or bring one back')
  .addStringOption((o) =>
    o
      .setName('unit')
      .setDescription('The unit: on the map to restore it, off the map to bring it back')
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(40),
  )
  .addStringOption((o) =>
    o
      .setName('hex')
      .setDescription('Where an eliminated unit comes back (own map edge or a friendly city)')
      .setAutocomplete(true)
      .setMinLength(4)
      .setMaxLength(4),
  );

const options = z.object({ unit: z.string().trim().min(1).max(40), hex: hexIdOption.optional() });

export async function execute(ctx: CommandContext): Promise<void> {
  const o = parseOptions(ctx.invocation, options);
  const state = await bfmStateIn(ctx.invocation.channelId);
  const unit = findUnit(state, o.unit);
  await actAndReply(ctx, o.hex === undefined ? { type: 'replace', unit } : { type: 'replace', unit, hex: o.hex });
}

export async function autocomplete(req: AutocompleteRequest): Promise<Choice[]> {
  return quietly([], async () => {
    const state = await bfmStateIn(req.invocation.channelId);
    if (req.focused.name === 'unit') return replaceUnitChoices(state, req.focused.value);
    if (req.focused.name === 'hex') return replaceHexChoices(state, req.invocation.options.unit, req.focused.value);
    return [];
  });
}
