import { SlashCommandBuilder } from 'discord.js';
import { DISCORD_COMMAND_LIMITS } from '../src/contracts/limits.js';
import type { ButtonContext, CommandModule } from '../src/dispatch/command.js';
import type { GameRegistry } from '../src/games/registry.js';
import { type Declared, GAME_OPTION, giveOrder, lookersOf, suggestOrder } from './give-order.js';
import { onMoveMenu } from './move-menu.js';
import { addOrderOptions, checkOptionLimits, mergeOptions } from './order-options.js';

/**
 * The order commands (/move, /attack, /battle ...): one slash command per name any installed
 * game uses, its options the union of what the games declare. The handler is the same for
 * every game (give-order.ts): find the channel's game and its order, check the options with
 * zod, let the game turn them into its action, act (or propose, in vote play) and reply.
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
    execute: (ctx) => giveOrder(ctx, declared),
    autocomplete: (request) => suggestOrder(request, declared),
    // /move also answers its menus (move:<gameId>:<version>:...): a pick gives the order as typed.
    ...(name === 'move' ? { onButton: (ctx: ButtonContext) => onMoveMenu(ctx, (c) => giveOrder(c, declared)) } : {}),
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
