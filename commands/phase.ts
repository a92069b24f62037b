import { SlashCommandBuilder } from 'discord.js';
import { BFM_ID, bfmStateIn, channelGameId } from '../src/app/bfm-orders.js';
import type { CommandContext } from '../src/dispatch/command.js';
import { typhoonGameIn } from '../src/app/typhoon-orders.js';
import { actAndReply } from '../src/session/act-and-reply.js';

export const data = new SlashCommandBuilder()
  .setName('phase')
  .setDescription('End the current phase; Operation Typhoon: or concede (5.x)')
  .addSubcommand((s) =>
    s.setName('end').setDescription('End the phase (Typhoon Phase I: the victory check, regroup and the next turn follow)'),
  )
  .addSubcommand((s) => s.setName('concede').setDescription('Operation Typhoon: concede defeat to the system (5.4)'));

export async function execute(ctx: CommandContext): Promise<void> {
  const concede = ctx.invocation.subcommand === 'concede';
  if (!concede && (await channelGameId(ctx.invocation.channelId)) === BFM_ID) {
    await bfmStateIn(ctx.invocation.channelId);
    return actAndReply(ctx, { type: 'end-phase' });
  }
  await typhoonGameIn(ctx.invocation.channelId);
  await actAndReply(ctx, concede ? { type: 'concede' } : { type: 'end-phase' });
}
