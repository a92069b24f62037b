import { SlashCommandBuilder } from 'discord.js';
import { UserError } from '../src/contracts/errors.js';
import { DISCORD_COMMAND_LIMITS } from '../src/contracts/limits.js';
import type { Choice } from '../src/contracts/reply.js';
import { actAndReply } from '../src/dispatch/act-and-reply.js';
import type { AutocompleteRequest, ButtonContext, CommandContext, CommandModule, Invocation } from '../src/dispatch/command.js';
import { checkedOptions, commandWords, orderOf } from '../src/dispatch/game-orders.js';
import type { GameDef } from '../src/games/game-def.js';
import type { Order } from '../src/games/orders.js';
import type { GameRegistry } from '../src/games/registry.js';
import { actRefusal, asker, formationRefusal } from '../src/session/permissions.js';
import { hiddenFrom } from '../src/session/sight.js';
import { askFirst } from './confirmations.js';
import { onMoveMenu } from './move-menu.js';
import { addOrderOptions, checkOptionLimits, mergeOptions } from './order-options.js';

/**
 * The order commands (/move, /attack, /battle ...): one slash command per name any installed
 * game uses, its options the union of what the games declare. The handler is the same for
 * every game: find the channel's game and its order, check the options with zod, let the
 * game turn them into its action, act (or propose, in vote play) and reply.
 */

/** The shared vocabulary: what each common order command is for, whatever the game. */
const VOCABULARY: Record<string, string> = {
  move: 'Move a force or unit (autocomplete lists what may move and where)',
  attack: 'Announce a battle (all are announced before any is resolved, where the game says so)',
  battle: 'The battle in progress: its next step',
  setup: 'Adjust the set-up before play',
  phase: 'End the current phase, or concede where the game allows it',
  odds: 'The odds of a possible attack and the chance of each result (only you see it)',
  replace: 'Replacement phase: restore a unit, or bring one back',
  rules: 'The game’s charts',
};

interface Declared {
  def: GameDef;
  order: Order<unknown, unknown>;
}

/** Every order command the installed games use, in the order they first appear. */
export function orderCommands(games: GameRegistry): CommandModule[] {
  const byName = new Map<string, Declared[]>();
  for (const def of games.all()) {
    for (const order of def.orders) {
      const list = byName.get(order.command) ?? [];
      list.push({ def, order });
      byName.set(order.command, list);
    }
  }
  return [...byName].map(([name, declared]) => orderCommand(name, declared));
}

function orderCommand(name: string, declared: Declared[]): CommandModule {
  const description = VOCABULARY[name] ?? declared.map((d) => d.def.commands?.[name]).find((d) => d !== undefined);
  if (!description) throw new Error(`/${name} is neither a shared order command nor described in the commands of ${declared[0]!.def.id}.`);
  const withSub = declared.filter((d) => d.order.subcommand !== undefined);
  if (withSub.length > 0 && withSub.length < declared.length) {
    throw new Error(
      `/${name} has subcommands in some games and none in others (${declared.map((d) => d.def.id).join(', ')}); Discord allows one or the other.`,
    );
  }
  const builder = new SlashCommandBuilder().setName(name).setDescription(description);
  if (withSub.length === 0) addOptions(builder, `/${name}`, declared);
  else {
    const subs = new Map<string, Declared[]>();
    for (const d of declared) subs.set(d.order.subcommand!, [...(subs.get(d.order.subcommand!) ?? []), d]);
    if (subs.size > DISCORD_COMMAND_LIMITS.options)
      throw new Error(
        `/${name} would have ${subs.size} subcommands (games ${gameIds(declared)}): Discord allows ${DISCORD_COMMAND_LIMITS.options}.`,
      );
    for (const [sub, list] of subs) {
      builder.addSubcommand((s) => {
        s.setName(sub).setDescription(subDescription(list));
        addOptions(s, `/${name} ${sub}`, list);
        return s;
      });
    }
  }
  return {
    data: builder,
    execute: (ctx) => execute(ctx, declared),
    autocomplete: (request) => suggest(request, declared),
    // /move also answers its menus (move:<gameId>:<version>:...): a pick gives the order as typed.
    ...(name === 'move' ? { onButton: (ctx: ButtonContext) => onMoveMenu(ctx, (c) => execute(c, declared)) } : {}),
  };
}

/** One game's words when only one game has the subcommand; otherwise the first, which every game's help refines. */
function subDescription(list: Declared[]): string {
  const texts = [...new Set(list.map((d) => d.order.description))];
  return texts.length === 1 ? texts[0]! : texts[0]!;
}

function gameIds(declared: Declared[]): string {
  return [...new Set(declared.map((d) => d.def.id))].join(', ');
}

/** Games whose (sub)command answers without a game in the channel (charts). */
function lookersOf(declared: Declared[]): GameDef[] {
  return [...new Set(declared.filter((d) => d.order.look).map((d) => d.def))];
}

/**
 * When several games answer the same command without a game (their charts), `game:` says
 * whose; the option is the bot's, not a game's, and never reaches the game's order.
 */
const GAME_OPTION = 'game';

function addOptions(builder: Parameters<typeof addOrderOptions>[0], where: string, declared: Declared[]): void {
  const options = mergeOptions(
    where,
    declared.map((d) => ({ game: d.def.id, options: d.order.options ?? [] })),
  );
  const lookers = lookersOf(declared);
  if (lookers.length > 1 && !options.some((o) => o.name === GAME_OPTION))
    options.push({
      name: GAME_OPTION,
      type: 'string',
      description: 'Whose charts, when the channel has no game (or another one)',
      choices: lookers.map((g) => ({ name: g.name, value: g.id })),
      requiredByAll: false,
    });
  checkOptionLimits(where, [...new Set(declared.map((d) => d.def.id))], options);
  addOrderOptions(builder, options);
}

/** The game an order goes to: the channel's, or without one, the only game whose order needs none. */
async function target(services: CommandContext['services'], invocation: Invocation, declared: Declared[]) {
  const lookers = lookersOf(declared.filter((d) => d.order.subcommand === invocation.subcommand));
  const named = invocation.options[GAME_OPTION];
  const view = await services.sessions.current(invocation.channelId);
  if (typeof named === 'string' && lookers.length > 1 && named !== view?.def.id) {
    const def = lookers.find((g) => g.id === named);
    if (!def) throw new UserError(`${commandWords(invocation)} game: takes one of ${lookers.map((g) => g.id).join(', ')}.`);
    return { def, state: undefined, hasGame: false };
  }
  if (view) return { def: view.def, state: view.doc.state as unknown, hasGame: true, view };
  if (lookers.length === 1) return { def: lookers[0]!, state: undefined, hasGame: false };
  if (lookers.length > 1)
    throw new UserError(
      `Without a game in this channel, say whose: ${lookers.map((g) => `${commandWords(invocation)} game:${g.id}`).join(' or ')}. /game new starts a game.`,
    );
  throw new UserError('There is no game in this channel. /game new starts one.');
}

async function execute(ctx: CommandContext, declared: Declared[]): Promise<void> {
  const { invocation } = ctx;
  const { def, state, hasGame } = await target(ctx.services, invocation, declared);
  const order = orderOf(def, invocation);
  const { [GAME_OPTION]: _whose, ...given } = invocation.options;
  const options = checkedOptions(def, order, lookersOf(declared).length > 1 ? given : invocation.options);
  if (!hasGame || !order.run) {
    if (!order.look) throw new UserError('There is no game in this channel. /game new starts one.');
    await ctx.reply({ content: order.look(options), ephemeral: true });
    return;
  }
  const view = await ctx.services.sessions.current(invocation.channelId);
  const outcome = order.run(state, options, view ? asker(view, invocation.user.id) : {});
  if ('answer' in outcome) {
    await ctx.reply({ content: outcome.answer, ephemeral: true });
    return;
  }
  // Something would be lost: ask first (a vote game's ballot is its own question).
  if (outcome.confirm && view && !ctx.services.votes.isVoted(view)) {
    // Only an order that would be taken is worth the question: refusals come first, as without it.
    const refusal =
      actRefusal(view.doc, invocation.user, view.prompt) ?? formationRefusal(view.doc, view.def, invocation.user, outcome.act);
    if (refusal) throw new UserError(refusal);
    view.def.engine.apply(structuredClone(view.doc.state), outcome.act);
    const { text, go, instead } = outcome.confirm;
    await ctx.reply(askFirst(view, invocation.user, { text, go, action: outcome.act, ...(instead ? { instead } : {}) }, outcome.heading));
    return;
  }
  await actAndReply(ctx, outcome.act, outcome.heading);
}

async function suggest(request: AutocompleteRequest, declared: Declared[]): Promise<Choice[]> {
  const { def, state, view } = await target(request.services, request.invocation, declared);
  const order = orderOf(def, request.invocation);
  // Fog of war: suggestions name the units of the side to act, so only its own players get them.
  if (view && hiddenFrom(view, request.invocation.user.id, view.prompt.side)) return [];
  return order.suggest?.(state, request.focused, request.invocation.options) ?? [];
}
