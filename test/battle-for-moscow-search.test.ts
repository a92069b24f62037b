import { describe, expect, it } from 'vitest';
import { botActionOn } from '../src/games/battle-for-moscow/bot.js';
import { bfmEngine } from '../src/games/battle-for-moscow/index.js';
import { score, searchActionOn } from '../src/games/battle-for-moscow/search-bot.js';
import { type BfmAction, phaseSide } from '../src/games/battle-for-moscow/state.js';

/** The search bot: legal, reproducible, and its scoring prefers what wins the game. */
describe('the Battle for Moscow search bot', () => {
  it('plays a whole game as the Germans with legal actions only, the same way twice', () => {
    const e = bfmEngine();
    const play = () => {
      let s = e.setup({ seed: 4 });
      const chosen: BfmAction[] = [];
      for (let n = 0; n < 5000 && !e.result(s); n++) {
        const b = e.board(s);
        const action = phaseSide(s.phase) === 'german' ? searchActionOn(e.bm, b) : botActionOn(b);
        chosen.push(action);
        s = e.apply(s, action).state; // apply throws on an illegal action
      }
      return { chosen, result: e.result(s) };
    };
    const first = play();
    expect(first.result).toBeDefined();
    expect(first.chosen.length).toBeGreaterThan(50);
    expect(play().chosen).toEqual(first.chosen);
  }, 180_000);

  it('scores Moscow in German hands far above a lost city or a lost unit', () => {
    const e = bfmEngine();
    const base = e.setup({ seed: 1 });
    const taken = { ...base, cities: { ...base.cities, [e.bm.moscow]: 'german' as const } };
    expect(score(e.board(taken), 'german') - score(e.board(base), 'german')).toBeGreaterThan(50);
    expect(score(e.board(taken), 'soviet')).toBeLessThan(score(e.board(base), 'soviet'));
  });
});
