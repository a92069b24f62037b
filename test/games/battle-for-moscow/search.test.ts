import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { botActionOn } from '../../../src/games/battle-for-moscow/bot.js';
import { bfmEngine } from '../../../src/games/battle-for-moscow/index.js';
import { score, searchActionOn } from '../../../src/games/battle-for-moscow/search-bot.js';
import { type BfmAction, phaseSide } from '../../../src/games/battle-for-moscow/state.js';

/** The search bot: legal, reproducible, and its scoring prefers what wins the game. */
describe('the Battle for Moscow search bot', () => {
  it('plays a whole game as the Germans with legal actions only, the same way twice', () => {
    const e = bfmEngine();
    const play = () => {
      let s = e.setup({ seed: 4 });
      const chosen: BfmAction[] = [];
      const sides: string[] = [];
      for (let n = 0; n < 5000 && !e.result(s); n++) {
        const b = e.board(s);
        const action = phaseSide(s.phase) === 'german' ? searchActionOn(e.bm, b) : botActionOn(b);
        chosen.push(action);
        sides.push(phaseSide(s.phase)!);
        s = e.apply(s, action).state; // apply throws on an illegal action
      }
      return { chosen, sides, result: e.result(s) };
    };
    const first = play();
    expect(first.result).toBeDefined();
    expect(first.chosen.length).toBeGreaterThan(50);
    expect(play().chosen).toEqual(first.chosen);
    // The German search bot plays exactly as it always has against the heuristic Soviets
    // (speed-ups and Soviet changes must leave it alone): a fingerprint of its actions.
    const german = first.chosen.filter((_, i) => first.sides[i] === 'german');
    expect(
      createHash('sha256')
        .update(german.map((a) => JSON.stringify(a)).join(''))
        .digest('hex'),
    ).toBe('c4cbcfd40c9ffdf9384b0ba872b15f3ca762cd82d32f218c8160874f8e8924d1');
  }, 180_000);

  it('leaves the heuristic Germans playing exactly as before against the heuristic Soviets', () => {
    const e = bfmEngine();
    const hash = createHash('sha256');
    for (const seed of [1, 2, 3]) {
      let s = e.setup({ seed });
      for (let n = 0; n < 5000 && !e.result(s); n++) {
        const action = botActionOn(e.board(s));
        if (phaseSide(s.phase) === 'german') hash.update(JSON.stringify(action));
        s = e.apply(s, action).state;
      }
    }
    expect(hash.digest('hex')).toBe('8659c894f9b9dbbd4dad8f90d2cc72edb6c8b63f70f6aa052b21366e0bc7ad57');
  });

  it('scores Moscow in German hands far above a lost city or a lost unit', () => {
    const e = bfmEngine();
    const base = e.setup({ seed: 1 });
    const taken = { ...base, cities: { ...base.cities, [e.bm.moscow]: 'german' as const } };
    expect(score(e.board(taken), 'german') - score(e.board(base), 'german')).toBeGreaterThan(50);
    expect(score(e.board(taken), 'soviet')).toBeLessThan(score(e.board(base), 'soviet'));
  });
});
