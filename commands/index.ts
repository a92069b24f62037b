import type { CommandModule } from '../src/app/command.js';
import * as game from './game.js';
import * as hex from './hex.js';

/** Every slash command, by name; Discord, the console and tests all route through here. */
export const COMMANDS: ReadonlyMap<string, CommandModule> = new Map(
  [game, hex].map((m) => [m.data.name, m] as const),
);
