import { describe, expect, it } from 'vitest';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { typhoonGame } from '../../src/games/operation-typhoon/definition.js';
import { menuMove } from '../../src/session/move-button.js';
import { consoleRunner } from '../helpers/console-runner.js';

/** The move menus on the games' generic move order, and from the local console with /pick. */
describe('move menus', () => {
  it('finds the move order of every installed game: what moves, and to:', () => {
    expect(Object.fromEntries(INSTALLED_GAMES.map((g) => [g.id, menuMove(g)?.mover]))).toEqual({
      'operation-typhoon': 'force',
      'battle-for-moscow': 'unit',
      'drive-on-moscow': 'force',
      'fight-typhoon-blitz': 'unit',
    });
  });

  it('asks a game for more than 25 choices when a paged menu wants them, 25 by default', () => {
    let s = typhoonGame.engine.setup({ seed: 5 });
    s = typhoonGame.engine.apply(s, { type: 'setup-done' }).state;
    const move = menuMove(typhoonGame)!;
    const all = move.order.suggest!(s, { name: 'force', value: '' }, {}, 1000);
    expect(all.length).toBeGreaterThan(60);
    expect(move.order.suggest!(s, { name: 'force', value: '' }, {})).toEqual(all.slice(0, 25));
    const reach = move.order.suggest!(s, { name: 'to', value: '' }, { force: all[0]!.value }, 1000);
    expect(reach.length).toBeGreaterThan(25);
  });

  it('moves from the console: /press Move…, /pick a stack, /pick a hex', async () => {
    const c = consoleRunner({ prefix: 'select-move' });
    const { run } = c;
    try {
      await run('/game new game:battle-for-moscow seed:4');
      const done = await run('/setup done');
      const n = /\[(\d+)\] Move…/.exec(done)?.[1];
      expect(n).toBeDefined();
      const stacks = await run(`/press ${n}`);
      expect(stacks).toMatch(/^\(only you\) \*\*Move\*\*: pick what moves/);
      expect(stacks).toMatch(/<1> .+\(\/pick N\)/s);
      expect(await run('/pick 99')).toMatch(/\/pick takes an option number from the last menu \(1 to \d+\)/);
      const where = await run('/pick 1');
      expect(where).toMatch(/^\(updated\) \(only you\) \*\*Move .+\*\*: pick where/);
      expect(where).toMatch(/\[image\]/);
      const moved = await run('/pick 1');
      expect(moved).toMatch(/^\(updated\) \(only you\) Ordered: \/move unit:\S+ to:\d{4}/);
      expect(moved).toMatch(/\[image\]/);
    } finally {
      await c.close();
    }
  });
});
