import { describe, expect, it } from 'vitest';
import { typhoonGame } from '../../../src/games/operation-typhoon/definition.js';
import { typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import type { TyphoonState } from '../../../src/games/operation-typhoon/state.js';
import { consoleRunner } from '../../helpers/console-runner.js';

const engine = typhoonEngine();
const turn1 = engine.apply(engine.setup({ seed: 11 }), { type: 'setup-done' }).state;
/** Turn 1's position as if it were turn 2's: the pocket check (4.2) ends this turn. */
const turn2 = (pocketTally: number): TyphoonState => ({ ...turn1, turn: 2, pocketTally });

const phaseEnd = typhoonGame.orders.find((o) => o.command === 'phase' && o.subcommand === 'end')!;
const confirmOf = (s: TyphoonState) => {
  const outcome = phaseEnd.run!(s, {}, {});
  return 'act' in outcome ? outcome.confirm?.text : undefined;
};

/** A turn end that loses the game asks first, with the check and its numbers (4.2-4.4). */
describe('ending a turn into a failed victory check', () => {
  it('/phase end on turn 2 with too few pocket hexes asks first: 4.2 and the numbers, before what stays unmoved', () => {
    const text = confirmOf(turn2(0))!;
    expect(text).toMatch(/^End turn 2 now\? 4\.2: 0 of 200 pocket hexes.*; ending the turn now loses the game\./);
    expect(text).toMatch(/can still move/);
    // The End turn button asks the same.
    const button = engine.prompt(turn2(0)).choices.find((c) => c.endsTurn)!;
    expect(button.confirm).toMatch(/4\.2: 0 of 200 pocket hexes/);
  });

  it('says nothing of a check the position passes, or of a turn without one', () => {
    expect(confirmOf(turn2(200)) ?? '').not.toMatch(/4\.2|loses the game/);
    expect(confirmOf(turn1) ?? '').not.toMatch(/loses the game/);
  });

  it('in the console: turn 2 ends only when asked twice, and the question names the check', async () => {
    const c = consoleRunner<TyphoonState>({ channelId: 'turn-end-loss' });
    await c.run('/game new game:operation-typhoon seed:11');
    await c.run('/setup done');
    // Turn 1 has no check: its question is only about the stacks left unmoved.
    const first = await c.run('/phase end');
    expect(first).toMatch(/End turn 1 now\?/);
    expect(first).not.toMatch(/loses the game/);
    await c.press(first, /End turn 1 anyway/);
    const before = await c.state();
    expect([before.turn, before.phase]).toEqual([2, 'movement']);
    const asked = await c.run('/phase end');
    expect(asked).toMatch(
      new RegExp(`End turn 2 now\\? 4\\.2: ${before.pocketTally} of 200 pocket hexes.*ending the turn now loses the game`),
    );
    expect(await c.state()).toEqual(before);
    await c.close();
  });
});
