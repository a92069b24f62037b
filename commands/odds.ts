import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import { attackersChoices, defenderChoices } from '../src/app/bfm-choices.js';
import { bfmStateIn, boardOf, findUnit, findUnits, oddsText } from '../src/app/bfm-orders.js';
import { type AutocompleteRequest, type CommandContext } from '../src/dispatch/command.js';
import { type Choice } from '../src/contracts/reply.js';
import { UserError } from '../src/contracts/errors.js';
import { parseOptions } from '../src/dispatch/options.js';
import { quietly } from '../src/app/typhoon-orders.js';

export const data = new SlashCommandBuilder()
  .setName('odds')
  .setDescription('Battle for Moscow: the odds of a possible attack and the chance of each result (only you see it)')
  .addStringOption((o) =>
    o.setName('defender').setDescription('The unit attacked').setRequired(true).setAutocomplete(true).setMaxLength(40),
  )
  .addStringOption((o) =>
    o
      .setName('attackers')
      .setDescription('Attacking units, e.g. "XXIV, LVI" (default: every enemy unit next to it)')
      .setAutocomplete(true)
      .setMaxLength(200),
  );

const options = z.object({ defender: z.string().trim().min(1).max(40), attackers: z.string().trim().min(1).max(200).optional() });

export async function execute(ctx: CommandContext): Promise<void> {
  const o = parseOptions(ctx.invocation, options);
  const state = await bfmStateIn(ctx.invocation.channelId);
  const defender = findUnit(state, o.defender);
  const attackers = o.attackers ? findUnits(state, o.attackers) : adjacentEnemies(state, defender);
  await ctx.reply({ content: oddsText(state, defender, attackers), ephemeral: true });
}

function adjacentEnemies(state: Parameters<typeof boardOf>[0], defender: string): string[] {
  const b = boardOf(state);
  const hex = b.hexOf(defender);
  if (!hex) throw new UserError(`${b.name(defender)} is not on the map.`);
  const around = new Set(b.map.neighbours(hex));
  const attackers = b.onMap(b.sideOf(defender) === 'german' ? 'soviet' : 'german').filter((u) => around.has(b.hexOf(u)!));
  if (attackers.length === 0)
    throw new UserError(`No enemy unit is next to ${b.name(defender)} in ${hex}; name the attackers to see their odds.`);
  return attackers;
}

export async function autocomplete(req: AutocompleteRequest): Promise<Choice[]> {
  return quietly([], async () => {
    const state = await bfmStateIn(req.invocation.channelId);
    if (req.focused.name === 'defender') return defenderChoices(state, req.focused.value, false);
    if (req.focused.name === 'attackers') return attackersChoices(state, req.invocation.options.defender, req.focused.value, false);
    return [];
  });
}
