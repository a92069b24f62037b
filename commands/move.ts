import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import { destinationChoices as bfmDestinations, moverChoices } from '../src/app/bfm-choices.js';
import { BFM_ID, bfmStateIn, channelGameId, findUnit } from '../src/app/bfm-orders.js';
import { type AutocompleteRequest, type CommandContext } from '../src/dispatch/command.js';
import { type Choice } from '../src/contracts/reply.js';
import { UserError } from '../src/contracts/errors.js';
import { hexIdOption, parseOptions } from '../src/dispatch/options.js';
import { orderOrRefusal, quietly, typhoonGameIn } from '../src/app/typhoon-orders.js';
import { destinationChoices, forceChoices, moveAction } from '../src/games/operation-typhoon/orders.js';
import { actAndReply } from '../src/session/act-and-reply.js';

export const data = new SlashCommandBuilder()
  .setName('move')
  .setDescription('Move: a force by its hex (Operation Typhoon) or one unit (Battle for Moscow)')
  .addStringOption((o) =>
    o
      .setName('force')
      .setDescription('Operation Typhoon: hex of the force, e.g. 1520')
      .setAutocomplete(true)
      .setMinLength(4)
      .setMaxLength(4),
  )
  .addStringOption((o) =>
    o.setName('unit').setDescription('Battle for Moscow: the unit, e.g. XXIV or "29 Army"').setAutocomplete(true).setMaxLength(40),
  )
  .addStringOption((o) =>
    o
      .setName('to')
      .setDescription('Destination hex (Typhoon: cheapest path; a Soviet hex ends the move in battle)')
      .setAutocomplete(true)
      .setMinLength(4)
      .setMaxLength(4),
  )
  .addStringOption((o) =>
    o.setName('path').setDescription('Operation Typhoon: exact path instead, hexes to enter, e.g. 1620,1720,1821').setMaxLength(300),
  )
  .addStringOption((o) =>
    o
      .setName('units')
      .setDescription('Operation Typhoon: which units of the stack: mech, foot, or names such as "10 Pz, 2 Pz"')
      .setMaxLength(200),
  );

const typhoonOptions = z.object({
  force: hexIdOption.optional(),
  unit: z.string().optional(),
  to: hexIdOption.optional(),
  path: z.string().trim().min(4).max(300).optional(),
  units: z.string().trim().min(1).max(200).optional(),
});

const bfmOptions = z.object({
  unit: z.string().trim().min(1).max(40).optional(),
  to: hexIdOption.optional(),
  force: z.string().optional(),
  path: z.string().optional(),
  units: z.string().optional(),
});

export async function execute(ctx: CommandContext): Promise<void> {
  if ((await channelGameId(ctx.invocation.channelId)) === BFM_ID) return moveBfm(ctx);
  const o = parseOptions(ctx.invocation, typhoonOptions);
  if (o.unit !== undefined)
    throw new UserError('Operation Typhoon moves forces by their hex: /move force:<hex> to:<hex> (units: picks part of the stack).');
  if (o.force === undefined) throw new UserError('Name the force by its hex: /move force:<hex> to:<hex>.');
  const { state, index } = await typhoonGameIn(ctx.invocation.channelId);
  const action = orderOrRefusal(() => moveAction(index, state, { ...o, force: o.force! }));
  await actAndReply(ctx, action);
}

async function moveBfm(ctx: CommandContext): Promise<void> {
  const o = parseOptions(ctx.invocation, bfmOptions);
  if (o.force !== undefined || o.path !== undefined || o.units !== undefined) {
    throw new UserError('Battle for Moscow moves one unit at a time by the route it finds: /move unit:<unit> to:<hex>.');
  }
  if (o.unit === undefined || o.to === undefined)
    throw new UserError('Say which unit and where: /move unit:<unit> to:<hex> (autocomplete lists both).');
  const state = await bfmStateIn(ctx.invocation.channelId);
  await actAndReply(ctx, { type: 'move', unit: findUnit(state, o.unit), to: o.to });
}

export async function autocomplete(req: AutocompleteRequest): Promise<Choice[]> {
  return quietly([], async () => {
    const { channelId, options: o } = req.invocation;
    if ((await channelGameId(channelId)) === BFM_ID) {
      const state = await bfmStateIn(channelId);
      if (req.focused.name === 'unit') return moverChoices(state, req.focused.value);
      if (req.focused.name === 'to') return bfmDestinations(state, o.unit, req.focused.value);
      return [];
    }
    const { state, index } = await typhoonGameIn(channelId);
    if (req.focused.name === 'force') return forceChoices(index, state, req.focused.value);
    if (req.focused.name === 'to') {
      return destinationChoices(
        index,
        state,
        typeof o.force === 'string' ? o.force : undefined,
        typeof o.units === 'string' ? o.units : undefined,
        req.focused.value,
      );
    }
    return [];
  });
}
