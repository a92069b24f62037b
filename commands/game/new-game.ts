import type { SlashCommandSubcommandBuilder } from 'discord.js';
import { z } from 'zod';
import { UserError } from '../../src/contracts/errors.js';
import { fitText } from '../../src/contracts/limits.js';
import { issuesText } from '../../src/contracts/text.js';
import type { CommandContext } from '../../src/dispatch/command.js';
import { parseOptions } from '../../src/dispatch/options.js';
import type { Services } from '../../src/dispatch/services.js';
import type { GameRegistry } from '../../src/games/registry.js';
import { botTurnText, newGameText } from '../../src/session/present.js';
import { choiceButtons } from '../../src/session/replies.js';
import { whereOf } from '../../src/session/where.js';
import { gameModes } from '../../src/store/game-document.js';
import { addOrderOptions, checkOptionLimits, mergeOptions } from '../order-options.js';
import { withImage } from './picture.js';
import type { GameSubcommand } from './subcommand.js';

const newOptions = z.object({
  game: z.string().trim().min(1).max(60),
  mode: z.enum(gameModes).default('solo'),
  scenario: z.string().trim().min(1).max(60).optional(),
  seed: z.number().int().min(0).max(0xffffffff).optional(),
  thread: z.boolean().default(false),
});
/** The options of /game new that belong to no game: everything else is the chosen game's to check. */
const SHARED_NEW_OPTIONS = new Set(Object.keys(newOptions.shape));

/** /game new: start a game in this channel (or a new thread), with the chosen game's own options. */
export function newGameSubcommand(games: GameRegistry): GameSubcommand {
  return { name: 'new', build: (s) => withNewGameOptions(s, games), run: startGame };
}

/** The five options every game has, then those some games add (vs:, side:, level: ...), each once. */
function withNewGameOptions(s: SlashCommandSubcommandBuilder, games: GameRegistry): SlashCommandSubcommandBuilder {
  s.setDescription('Start a game in this channel')
    .addStringOption((o) => o.setName('game').setDescription('Which game').setRequired(true).setAutocomplete(true).setMaxLength(60))
    .addStringOption((o) =>
      o
        .setName('mode')
        .setDescription('solo: you give every order (default); team: players join; vote: players vote')
        .addChoices(...gameModes.map((m) => ({ name: m, value: m }))),
    )
    .addStringOption((o) => o.setName('scenario').setDescription('Scenario, when the game has several').setAutocomplete(true))
    .addIntegerOption((o) =>
      o.setName('seed').setDescription('Fixed dice seed, for tests and replays (then not secret)').setMinValue(0).setMaxValue(0xffffffff),
    )
    .addBooleanOption((o) => o.setName('thread').setDescription('Play in a new thread of this channel'));
  // Options some games add (vs:, side:, level: ...), each once, after the five every game has.
  const own = mergeOptions(
    '/game new',
    games.all().map((g) => ({ game: g.id, options: g.newGameOptions ?? [] })),
  ).map((o) => ({ ...o, requiredByAll: false }));
  checkOptionLimits(
    '/game new',
    games.all().map((g) => g.id),
    own,
    s.options.length,
  );
  addOrderOptions(s, own);
  return s;
}

async function startGame(ctx: CommandContext): Promise<void> {
  // Everything that can be checked is checked before anything is made: the options, the
  // game and its own options, the channel being free; only then a thread, then the game.
  // (The pace and the caps on active games were checked by the dispatcher before this.)
  const o = parseOptions(ctx.invocation, newOptions.loose());
  const own = gameOwnOptions(ctx.services.games, o.game, ctx.invocation.options);
  const def = ctx.services.games.require(o.game);
  const options = { ...(o.scenario ? { scenario: o.scenario } : {}), ...own };
  const checked = def.newOptionsSchema.safeParse(options);
  if (!checked.success) throw new UserError(`${def.name} does not take those options: ${issuesText(checked.error)}`);
  const inThread = o.thread && ctx.openThread !== undefined;
  if (!inThread) await refuseBusyChannel(ctx.services, ctx.invocation.channelId);
  const here = whereOf(ctx.invocation);
  const where = inThread ? { ...here, channelId: await ctx.openThread!(`${def.name} by ${ctx.invocation.user.name}`) } : here;
  const outcome = await ctx.services.sessions.newGame(where, ctx.invocation.user, {
    game: o.game,
    mode: o.mode,
    seed: o.seed,
    options,
    settings: o.thread ? { thread: true } : {},
  });
  // Refusals above are answered at once; only the drawing may need the extra time.
  await ctx.defer?.();
  // When the bot moved first, its moves come after the welcome.
  const content = [newGameText(outcome), outcome.bot ? botTurnText(outcome.bot) : ''].filter((t) => t.length > 0).join('\n');
  await ctx.reply(
    await withImage({ content: fitText(content), buttons: choiceButtons(outcome.doc, outcome.prompt, outcome.def) }, outcome, 'full'),
  );
}

/**
 * /game new in a channel whose game is still going is refused before anything is made (the
 * session checks again under the channel's lock; this is only the early answer). A channel
 * whose game cannot be read here is left to that check.
 */
async function refuseBusyChannel(services: Services, channelId: string): Promise<void> {
  const current = await services.sessions.current(channelId).catch(() => undefined);
  if (current?.doc.status === 'active')
    throw new UserError(
      `This channel already has a game in progress: ${current.def.name} (game ${current.doc.id}). Finish it or /game end it first.`,
    );
}

/**
 * The /game new options that belong to the chosen game (vs:, side: ...): another game would
 * silently drop them, so an option the game does not declare is refused by name.
 */
function gameOwnOptions(games: GameRegistry, game: string, given: Record<string, unknown>): Record<string, unknown> {
  const def = games.require(game);
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) {
    if (SHARED_NEW_OPTIONS.has(key)) continue;
    if (!def.newGameOptions?.some((o) => o.name === key)) throw new UserError(`${def.name} has no ${key}: option.`);
    own[key] = value;
  }
  return own;
}
