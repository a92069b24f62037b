/**
 * Every playable game, registered with the session layer. Importing this module is what
 * makes /game new offer them.
 */
import { typhoonGame } from './operation-typhoon/definition.js';
import { registerGame } from './registry.js';

registerGame(typhoonGame);
