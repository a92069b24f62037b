import type { CommandModule } from '../src/dispatch/command.js';
import '../src/games/catalogue.js';
import * as air from './air.js';
import * as attack from './attack.js';
import * as battle from './battle.js';
import * as force from './force.js';
import * as game from './game.js';
import * as hex from './hex.js';
import * as move from './move.js';
import * as odds from './odds.js';
import * as phase from './phase.js';
import * as replace from './replace.js';
import * as rules from './rules.js';
import * as setup from './setup.js';
import * as vote from './vote.js';

/** Every slash command, by name; Discord, the console and tests all route through here. */
export const COMMANDS: ReadonlyMap<string, CommandModule> = new Map(
  [game, hex, setup, air, move, force, battle, phase, rules, attack, odds, replace, vote].map((m) => [m.data.name, m] as const),
);
