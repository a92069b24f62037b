import { SlashCommandBuilder } from 'discord.js';
import type { CommandContext } from '../src/app/command.js';
import { typhoonGameIn } from '../src/app/typhoon-orders.js';
import { actAndReply } from '../src/session/act-and-reply.js';

export const data = new SlashCommandBuilder()
  .setName('phase')
  .setDescription('End the German Movement & Combat Phase, or concede (5.x)')
  .addSubcommand((s) => s.setName('end').setDescription('End Phase I: the victory check, regroup and the next turn follow'))
  .addSubcommand((s) => s.setName('concede').setDescription('Concede defeat to the system (5.4)'));

export async function execute(ctx: CommandContext): Promise<void> {
  await typhoonGameIn(ctx.invocation.channelId);
  await actAndReply(ctx, ctx.invocation.subcommand === 'concede' ? { type: 'concede' } : { type: 'end-phase' });
}
