import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import type { CommandContext } from '../src/dispatch/command.js';
import { fitText } from '../src/../src/contracts/limits.js';
import { parseOptions } from '../src/dispatch/options.js';
import { CHART_IDS, CHART_NAMES, chartText } from '../src/games/operation-typhoon/chart-text.js';
import { typhoonEngine } from '../src/games/operation-typhoon/index.js';

export const data = new SlashCommandBuilder()
  .setName('rules')
  .setDescription('Operation Typhoon charts: turn track, movement points, terrain, CRT, force generation, breakout, OOB')
  .addStringOption((o) =>
    o
      .setName('chart')
      .setDescription('Which chart')
      .setRequired(true)
      .addChoices(...CHART_IDS.map((id) => ({ name: CHART_NAMES[id], value: id }))),
  );

const options = z.object({ chart: z.enum(CHART_IDS) });

export async function execute(ctx: CommandContext): Promise<void> {
  const { chart } = parseOptions(ctx.invocation, options);
  await ctx.reply({ content: fitText(chartText(typhoonEngine().index.charts, chart)), ephemeral: true });
}
