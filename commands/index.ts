import { DISCORD_COMMAND_LIMITS } from '../src/contracts/limits.js';
import type { CommandModule } from '../src/dispatch/command.js';
import { Dispatcher, type DispatcherOptions } from '../src/dispatch/dispatch.js';
import type { Services } from '../src/dispatch/services.js';
import type { GameRegistry } from '../src/games/registry.js';
import { gameCommand } from './game/index.js';
import { hexCommand } from './hex.js';
import { orderCommands } from './orders.js';
import { ordersBatchCommand } from './orders-batch.js';
import { voteCommand } from './vote.js';

export { DISCORD_COMMAND_LIMITS };

/**
 * Every slash command, by name, for these games: the bot's own (/game, /hex, /orders, /vote) and the
 * order commands the games declare. Discord, the console and tests all route through here.
 * Throws when the games together would break one of Discord's limits.
 */
export function buildCommands(games: GameRegistry): ReadonlyMap<string, CommandModule> {
  const orders = orderCommands(games);
  // Counted before anything is built, so the error names the games rather than a builder's index.
  const count = orders.length + 4;
  if (count > DISCORD_COMMAND_LIMITS.commands)
    throw new Error(
      `The installed games need ${count} slash commands (${games
        .all()
        .map((g) => g.id)
        .join(', ')}): Discord allows ${DISCORD_COMMAND_LIMITS.commands}.`,
    );
  const modules = [gameCommand(games), hexCommand(games), ...orders, ordersBatchCommand(), voteCommand()];
  const commands = new Map<string, CommandModule>();
  for (const m of modules) {
    if (commands.has(m.data.name)) throw new Error(`Two commands are named /${m.data.name}.`);
    commands.set(m.data.name, m);
  }
  checkDiscordLimits([...commands.values()]);
  return commands;
}

/** A dispatcher for every command of the installed games: what the entry points (Discord, the console, tests) run. */
export function createDispatcher(services: Services, options?: DispatcherOptions): Dispatcher {
  return new Dispatcher(services, buildCommands(services.games), options);
}

/** Discord refuses a whole registration that breaks any of these; say which command does, at start-up. */
export function checkDiscordLimits(modules: readonly CommandModule[]): void {
  const L = DISCORD_COMMAND_LIMITS;
  if (modules.length > L.commands) throw new Error(`${modules.length} slash commands: Discord allows ${L.commands}.`);
  for (const m of modules) {
    const json = m.data.toJSON();
    const check = (where: string, options: readonly unknown[] | undefined) => {
      const list = (options ?? []) as { name: string; type: number; description: string; choices?: unknown[]; options?: unknown[] }[];
      if (list.length > L.options) throw new Error(`${where} has ${list.length} options: Discord allows ${L.options}.`);
      for (const o of list) {
        if (o.description.length > L.descriptionChars)
          throw new Error(`${where} ${o.name}: description longer than ${L.descriptionChars}.`);
        if ((o.choices?.length ?? 0) > L.choices)
          throw new Error(`${where} ${o.name}: ${o.choices!.length} choices, Discord allows ${L.choices}.`);
        // Subcommands (type 1) carry options of their own.
        if (o.type === 1) check(`${where} ${o.name}`, o.options);
      }
    };
    check(`/${json.name}`, json.options);
  }
}
