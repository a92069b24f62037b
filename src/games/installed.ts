import { bfmGame } from './battle-for-moscow/definition.js';
import { DOM_GAME } from './drive-on-moscow/definition.js';
import { FTB_GAME } from './fight-typhoon-blitz/definition.js';
import type { GameDef } from './game-def.js';
import { typhoonGame } from './operation-typhoon/definition.js';

/**
 * The games this bot plays: one line per game, in the order /game help lists them (the
 * first is the default map of /hex and /game map). The entry points build the registry from
 * this list (`new GameRegistry(INSTALLED_GAMES, process.env)`).
 */
export const INSTALLED_GAMES: readonly GameDef[] = [typhoonGame, bfmGame, DOM_GAME, FTB_GAME];
