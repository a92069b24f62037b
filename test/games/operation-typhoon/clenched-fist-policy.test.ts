/**
 * The scripted German of the Clenched Fist scenario (13.0): its set-up and its turns held to
 * the scenario's words, on one whole game (seed 1).
 */
import { describe, expect, it } from 'vitest';
import { clenchedFist, type GameRecord, playGame, replay, SCENARIO_POLICIES } from '../../../src/games/operation-typhoon/autoplay/index.js';
import { Play, type TyphoonState, typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import { armourBeforeMoscow } from '../../helpers/typhoon-positions.js';

const engine = typhoonEngine();
const { index } = engine;
const mech = index.charts.german.filter((u) => u.mobility === 'mechanized').map((u) => u.id);
const toMoscow = (hex: string) => Math.min(...index.moscow.map((m) => index.map.grid.distance(hex, m)));

let game: GameRecord | undefined;
const played = () => (game ??= playGame(engine, clenchedFist, 1, 'clenched-fist'));

/** The state at the first moment `when` holds, replaying the game's actions. */
function stateWhere(when: (s: TyphoonState) => boolean): TyphoonState {
  let s = engine.setup({ seed: 1, scenario: 'clenched-fist' });
  for (const a of played().actions) {
    if (when(s)) return s;
    s = engine.apply(s, a).state;
  }
  return s;
}

describe('Operation Typhoon: the Clenched Fist German', () => {
  it('is measured in the Clenched Fist scenario, with the historical policies beside it', () => {
    expect(Object.keys(SCENARIO_POLICIES['clenched-fist'])).toEqual(['clenched-fist', 'rush-moscow', 'seek-pockets']);
    expect(Object.keys(SCENARIO_POLICIES.historical)).not.toContain('clenched-fist');
  });

  it('gathers "all the mechanized units ... into one mass" (13.0), formations mixed and outside their sectors (13.3)', () => {
    const s = stateWhere((x) => x.phase !== 'setup');
    expect(s.turn).toBe(2); // 13.2: the game starts on turn 2
    const byHex = new Map<string, string[]>();
    for (const u of mech) byHex.set(s.units[u]!.hex, [...(byHex.get(s.units[u]!.hex) ?? []), u]);
    // Stacks of three (7.1), the last one whatever is left over; nobody else in them.
    expect([...byHex.values()].map((u) => u.length).sort()).toEqual([3, 3, 3, 3, 3, 3, 3, 3]);
    for (const hex of byHex.keys()) expect(new Play(index, s).unitsIn(hex).every((u) => mech.includes(u))).toBe(true);
    // On the front line (3.2's first row), the hexes of the front nearest Moscow.
    const front = index.map.ids.filter(
      (h) => !index.initiallySoviet.has(h) && index.map.neighbours(h).some((n) => index.initiallySoviet.has(n)),
    );
    for (const hex of byHex.keys()) expect(front).toContain(hex);
    const nearest = front.map(toMoscow).sort((a, b) => a - b);
    expect(Math.max(...[...byHex.keys()].map(toMoscow))).toBe(nearest[7]);
    // 13.3: "organized in any way": formations share hexes (7.3 ignored) and leave their sectors.
    expect([...byHex.values()].some((u) => new Set(u.map((x) => index.unit(x).formation)).size > 1)).toBe(true);
    expect(mech.some((u) => index.map.hex(s.units[u]!.hex)!.sector !== index.unit(u).formation)).toBe(true);
  });

  it('drives on Moscow on turn 2, holds on turn 3 with the front watched (4.3), and drives again from turn 4', () => {
    const g = played();
    const turn = (t: number) => g.turns.find((x) => x.turn === t)!;
    const start = stateWhere((x) => x.phase !== 'setup');
    const afterTurn2 = stateWhere((x) => x.turn === 3);
    const nearestArmour = (s: TyphoonState) => Math.min(...mech.map((u) => toMoscow(s.units[u]!.hex)));
    expect(turn(2).battles).toBeGreaterThan(10);
    expect(nearestArmour(afterTurn2)).toBeLessThan(nearestArmour(start) - 8);
    // Turn 3: no Soviet hex entered, and no front hex left unwatched at its check (4.3, kept by 13.1).
    expect(turn(3).battles).toBe(0);
    expect(turn(3).frontGaps).toBe(0);
    expect(turn(4).battles).toBeGreaterThan(10);
    // 13.4: no pocket or VP check stops the game; this one is decided at Moscow (4.5) or by turn 8.
    expect(['win', 'turn 8']).toContain(g.outcome);
    expect(g.turnReached).toBeGreaterThan(4);
  });

  it('from turn 6 flies the Luftwaffe with the armour before Moscow, reduced or not (9.1)', () => {
    const { s, before, far } = armourBeforeMoscow(
      engine,
      stateWhere((x) => x.phase !== 'setup'),
    );
    for (const turn of [4, 7]) {
      s.turn = turn;
      // Turn 4 the default (the strongest stack); turn 7 the stack that attacks Moscow first.
      expect(clenchedFist.decide(engine, s)).toEqual({ type: 'assign-air', hex: turn === 4 ? far : before });
    }
  });

  it('plays a game the engine replays from the seed', () => {
    const g = played();
    expect(g.final.phase).toBe('over');
    expect(g.turns.every((t) => !t.capped)).toBe(true);
    expect(JSON.stringify(replay(engine, 1, 'clenched-fist', g.actions))).toBe(JSON.stringify(g.final));
  });
});
