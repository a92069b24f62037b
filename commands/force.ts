import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import { type CommandContext } from '../src/dispatch/command.js';
import { UserError } from '../src/contracts/errors.js';
import { parseOptions } from '../src/dispatch/options.js';
import { orderOrRefusal, typhoonGameIn } from '../src/app/typhoon-orders.js';
import { resolveUnits } from '../src/games/operation-typhoon/orders.js';
import { actAndReply } from '../src/session/act-and-reply.js';

export const data = new SlashCommandBuilder()
  .setName('force')
  .setDescription('The German force now moving: drop units off (9.5) or end its move')
  .addSubcommand((s) =>
    s
      .setName('drop')
      .setDescription('Leave units behind in the current hex; they are done for this phase (9.5)')
      .addStringOption((o) =>
        o.setName('units').setDescription('Units to leave: names such as "252 ID" or ids').setRequired(true).setMaxLength(200),
      ),
  )
  .addSubcommand((s) => s.setName('end').setDescription('The moving force stops; its units are done for this phase'));

const dropOptions = z.object({ units: z.string().trim().min(1).max(200) });

export async function execute(ctx: CommandContext): Promise<void> {
  if (ctx.invocation.subcommand === 'end') return actAndReply(ctx, { type: 'end-force' });
  const { units } = parseOptions(ctx.invocation, dropOptions);
  const { state, index } = await typhoonGameIn(ctx.invocation.channelId);
  if (!state.active) throw new UserError('9.5: no force is moving.');
  const chosen = orderOrRefusal(() => resolveUnits(index, state.active!.units, units)!);
  await actAndReply(ctx, { type: 'drop', units: chosen });
}
