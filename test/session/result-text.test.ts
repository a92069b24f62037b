import { describe, expect, it } from 'vitest';
import { bfmGame } from '../../src/games/battle-for-moscow/definition.js';
import { FTB_GAME } from '../../src/games/fight-typhoon-blitz/definition.js';
import { resultText } from '../../src/session/game-view.js';

/** A finished game's outcome names the winner as its own game does. */
describe('the outcome of a finished game', () => {
  it('calls the German side the Axis in Fight! Typhoon Blitz, as its map and status do', () => {
    const state = FTB_GAME.engine.setup(FTB_GAME.setupOptions!({}, 3));
    expect(resultText(FTB_GAME, state, { winner: 'german', reason: 'Moscow falls' })).toBe('Axis victory. Moscow falls');
    expect(resultText(FTB_GAME, state, { winner: 'soviet', reason: 'held' })).toBe('Soviet victory. held');
  });

  it('keeps German and Soviet where the game says so', () => {
    const state = bfmGame.engine.setup({ seed: 3 });
    expect(resultText(bfmGame, state, { winner: 'german', reason: 'x' })).toBe('German victory. x');
  });
});
