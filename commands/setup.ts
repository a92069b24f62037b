import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import { setupUnitChoices } from '../src/app/bfm-choices.js';
import { BFM_ID, bfmStateIn, channelGameId, findUnit } from '../src/app/bfm-orders.js';
import { type AutocompleteRequest, type CommandContext } from '../src/dispatch/command.js';
import { type Choice } from '../src/contracts/reply.js';
import { UserError } from '../src/contracts/errors.js';
import { hexIdOption, parseOptions } from '../src/dispatch/options.js';
import { orderOrRefusal, quietly, typhoonGameIn } from '../src/app/typhoon-orders.js';
import { resolveUnits } from '../src/games/operation-typhoon/orders.js';
import { actAndReply } from '../src/session/act-and-reply.js';

export const data = new SlashCommandBuilder()
  .setName('setup')
  .setDescription('Adjust the German set-up before play')
  .addSubcommand((s) =>
    s
      .setName('place')
      .setDescription('Typhoon (3.2): move a unit to another set-up hex in its sector, within three rows of the front')
      .addStringOption((o) =>
        o.setName('unit').setDescription('Unit, e.g. "10 Pz"').setRequired(true).setAutocomplete(true).setMaxLength(40),
      )
      .addStringOption((o) => o.setName('hex').setDescription('Set-up hex').setRequired(true).setMinLength(4).setMaxLength(4)),
  )
  .addSubcommand((s) =>
    s
      .setName('swap')
      .setDescription('Battle for Moscow: two German units trade set-up hexes')
      .addStringOption((o) =>
        o.setName('a').setDescription('A German unit, e.g. XXIV').setRequired(true).setAutocomplete(true).setMaxLength(40),
      )
      .addStringOption((o) =>
        o.setName('b').setDescription('The German unit it trades places with').setRequired(true).setAutocomplete(true).setMaxLength(40),
      ),
  )
  .addSubcommand((s) => s.setName('reset').setDescription('Put every unit back in the default set-up'))
  .addSubcommand((s) => s.setName('done').setDescription('Finish set-up and start turn 1'));

const placeOptions = z.object({ unit: z.string().trim().min(1).max(40), hex: hexIdOption });
const swapOptions = z.object({ a: z.string().trim().min(1).max(40), b: z.string().trim().min(1).max(40) });

export async function execute(ctx: CommandContext): Promise<void> {
  const sub = ctx.invocation.subcommand;
  if (sub === 'done') return actAndReply(ctx, { type: 'setup-done' });
  if (sub === 'reset') return actAndReply(ctx, { type: 'setup-reset' });
  const bfm = (await channelGameId(ctx.invocation.channelId)) === BFM_ID;
  if (sub === 'swap') {
    if (!bfm) throw new UserError('/setup swap is for Battle for Moscow; in Operation Typhoon, /setup place unit: hex: moves one unit.');
    const o = parseOptions(ctx.invocation, swapOptions);
    const state = await bfmStateIn(ctx.invocation.channelId);
    return actAndReply(ctx, { type: 'setup-swap', a: findUnit(state, o.a), b: findUnit(state, o.b) });
  }
  if (bfm) throw new UserError('In Battle for Moscow the German units trade places: /setup swap a:<unit> b:<unit>.');
  const o = parseOptions(ctx.invocation, placeOptions);
  const { state, index } = await typhoonGameIn(ctx.invocation.channelId);
  const [unit] = orderOrRefusal(() => resolveUnits(index, Object.keys(state.units), o.unit)!);
  await actAndReply(ctx, { type: 'setup-place', unit: unit!, hex: o.hex });
}

export async function autocomplete(req: AutocompleteRequest): Promise<Choice[]> {
  return quietly([], async () => {
    if ((await channelGameId(req.invocation.channelId)) === BFM_ID) {
      return setupUnitChoices(await bfmStateIn(req.invocation.channelId), req.focused.value);
    }
    const { state, index } = await typhoonGameIn(req.invocation.channelId);
    const typed = req.focused.value.toLowerCase();
    return Object.entries(state.units)
      .map(([id, u]) => ({ name: `${index.unit(id).label} (${index.unit(id).formation}) in ${u.hex}`, value: id }))
      .filter((c) => !typed || c.name.toLowerCase().includes(typed))
      .slice(0, 25);
  });
}
