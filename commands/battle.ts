import { SlashCommandBuilder } from 'discord.js';
import type { CommandContext } from '../src/app/command.js';
import { typhoonGameIn } from '../src/app/typhoon-orders.js';
import { actAndReply } from '../src/session/act-and-reply.js';

export const data = new SlashCommandBuilder()
  .setName('battle')
  .setDescription('The battle in progress (10.5): fight another round or retreat')
  .addSubcommand((s) => s.setName('round').setDescription('Another combat round; costs the force 1 MP'))
  .addSubcommand((s) => s.setName('retreat').setDescription('Fall back to the hex the force came from; it stops for this turn'));

export async function execute(ctx: CommandContext): Promise<void> {
  await typhoonGameIn(ctx.invocation.channelId);
  await actAndReply(ctx, ctx.invocation.subcommand === 'retreat' ? { type: 'retreat' } : { type: 'another-round' });
}
