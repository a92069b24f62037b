import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import { advanceChoices, lossChoices, retreatChoices, unresolvedChoices } from '../src/app/bfm-choices.js';
import { BFM_ID, bfmStateIn, boardOf, channelGameId, findUnit, hexLine, legalOf, onlyChoice } from '../src/app/bfm-orders.js';
import { type AutocompleteRequest, type CommandContext } from '../src/dispatch/command.js';
import { type Choice } from '../src/contracts/reply.js';
import { UserError } from '../src/contracts/errors.js';
import { hexIdOption, parseOptions } from '../src/dispatch/options.js';
import { quietly, typhoonGameIn } from '../src/app/typhoon-orders.js';
import type { BfmAction, BfmState } from '../src/games/battle-for-moscow/index.js';
import { actAndReply } from '../src/session/act-and-reply.js';

export const data = new SlashCommandBuilder()
  .setName('battle')
  .setDescription('The battle in progress: Typhoon rounds and retreats (10.5); Battle for Moscow results')
  .addSubcommand((s) => s.setName('round').setDescription('Operation Typhoon: another combat round; costs the force 1 MP'))
  .addSubcommand((s) =>
    s
      .setName('retreat')
      .setDescription('Typhoon: fall back to where the force came from. Battle for Moscow: retreat the defender')
      .addStringOption((o) =>
        o
          .setName('to')
          .setDescription('Battle for Moscow: the hex the defender retreats to')
          .setAutocomplete(true)
          .setMinLength(4)
          .setMaxLength(4),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('resolve')
      .setDescription('Battle for Moscow: roll for an announced battle (announcing ends)')
      .addStringOption((o) =>
        o.setName('defender').setDescription('The defending unit of the battle').setAutocomplete(true).setMaxLength(40),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('loss')
      .setDescription('Battle for Moscow (AL, EX): the attacking unit that takes the loss')
      .addStringOption((o) => o.setName('unit').setDescription('An attacking unit').setAutocomplete(true).setMaxLength(40)),
  )
  .addSubcommand((s) =>
    s
      .setName('advance')
      .setDescription('Battle for Moscow: an attacking unit moves into the emptied hex')
      .addStringOption((o) => o.setName('unit').setDescription('An attacking unit').setAutocomplete(true).setMaxLength(40)),
  )
  .addSubcommand((s) => s.setName('hold').setDescription('Battle for Moscow: no attacker advances'));

const TYPHOON_ONLY = new Set(['round']);
const BFM_ONLY = new Set(['resolve', 'loss', 'advance', 'hold']);

const bfmOptions = z.object({
  to: hexIdOption.optional(),
  defender: z.string().trim().min(1).max(40).optional(),
  unit: z.string().trim().min(1).max(40).optional(),
});

export async function execute(ctx: CommandContext): Promise<void> {
  const sub = ctx.invocation.subcommand ?? '';
  if ((await channelGameId(ctx.invocation.channelId)) === BFM_ID) {
    if (TYPHOON_ONLY.has(sub))
      throw new UserError('Battle for Moscow has no combat rounds: /battle resolve rolls for an announced battle.');
    return actAndReply(ctx, bfmAction(await bfmStateIn(ctx.invocation.channelId), sub, parseOptions(ctx.invocation, bfmOptions)));
  }
  if (BFM_ONLY.has(sub))
    throw new UserError(
      `/battle ${sub} is for Battle for Moscow; an Operation Typhoon battle goes on with /battle round or /battle retreat.`,
    );
  if (ctx.invocation.options.to !== undefined)
    throw new UserError('In Operation Typhoon the force falls back to the hex it came from: leave out to:.');
  await typhoonGameIn(ctx.invocation.channelId);
  await actAndReply(ctx, sub === 'retreat' ? { type: 'retreat' } : { type: 'another-round' });
}

/** The order for a subcommand; a left-out unit or hex is taken when only one is possible. */
function bfmAction(state: BfmState, sub: string, o: z.infer<typeof bfmOptions>): BfmAction {
  const b = boardOf(state);
  switch (sub) {
    case 'resolve':
      return {
        type: 'resolve',
        defender: o.defender
          ? findUnit(state, o.defender)
          : onlyChoice(legalOf(state, 'resolve'), 'battle', (r) => b.spec(r.defender).label, 'defender:').defender,
      };
    case 'loss':
      return {
        type: 'take-loss',
        unit: o.unit
          ? findUnit(state, o.unit)
          : onlyChoice(legalOf(state, 'take-loss'), 'attacking unit to take the loss', (a) => b.spec(a.unit).label, 'unit:').unit,
      };
    case 'advance':
      return {
        type: 'advance',
        unit: o.unit
          ? findUnit(state, o.unit)
          : onlyChoice(legalOf(state, 'advance'), 'attacking unit to advance', (a) => b.spec(a.unit).label, 'unit:').unit,
      };
    case 'retreat':
      return { type: 'retreat', to: o.to ?? onlyChoice(legalOf(state, 'retreat'), 'retreat hex', (a) => hexLine(b, a.to), 'to:').to };
    case 'hold':
      return { type: 'hold' };
    default:
      throw new UserError(`/battle ${sub} is not a battle order. Try resolve, loss, retreat, advance or hold.`);
  }
}

export async function autocomplete(req: AutocompleteRequest): Promise<Choice[]> {
  return quietly([], async () => {
    const state = await bfmStateIn(req.invocation.channelId);
    const typed = req.focused.value;
    switch (req.invocation.subcommand) {
      case 'resolve':
        return unresolvedChoices(state, typed);
      case 'loss':
        return lossChoices(state, typed);
      case 'advance':
        return advanceChoices(state, typed);
      case 'retreat':
        return retreatChoices(state, typed);
      default:
        return [];
    }
  });
}
