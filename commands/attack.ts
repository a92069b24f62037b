import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import { attackersChoices, defenderChoices } from '../src/app/bfm-choices.js';
import { bfmStateIn, findUnit, findUnits, oddsText } from '../src/app/bfm-orders.js';
import type { AutocompleteRequest, CommandContext } from '../src/dispatch/command.js';
import type { Choice } from '../src/contracts/reply.js';
import { parseOptions } from '../src/dispatch/options.js';
import { quietly } from '../src/app/typhoon-orders.js';
import { actAndReply } from '../src/session/act-and-reply.js';

export const data = new SlashCommandBuilder()
  .setName('attack')
  .setDescription('Battle for Moscow: announce a battle in the combat phase (all are announced before any is resolved)')
  .addStringOption((o) =>
    o
      .setName('defender')
      .setDescription('The enemy unit attacked, e.g. "29 Army"')
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(40),
  )
  .addStringOption((o) =>
    o
      .setName('attackers')
      .setDescription('Adjacent units attacking it, e.g. "XXIV, LVI"')
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(200),
  );

const options = z.object({ defender: z.string().trim().min(1).max(40), attackers: z.string().trim().min(1).max(200) });

export async function execute(ctx: CommandContext): Promise<void> {
  const o = parseOptions(ctx.invocation, options);
  const state = await bfmStateIn(ctx.invocation.channelId);
  const defender = findUnit(state, o.defender);
  const attackers = findUnits(state, o.attackers);
  // The chances as the units stand now; the engine refuses an illegal announcement before anything is posted.
  let preview: string | undefined;
  try {
    preview = oddsText(state, defender, attackers);
  } catch {
    preview = undefined;
  }
  await actAndReply(ctx, { type: 'declare', defender, attackers }, preview);
}

export async function autocomplete(req: AutocompleteRequest): Promise<Choice[]> {
  return quietly([], async () => {
    const state = await bfmStateIn(req.invocation.channelId);
    if (req.focused.name === 'defender') return defenderChoices(state, req.focused.value, true);
    if (req.focused.name === 'attackers') return attackersChoices(state, req.invocation.options.defender, req.focused.value, true);
    return [];
  });
}
