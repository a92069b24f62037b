import { describe, expect, it } from 'vitest';
import { botActionOn } from '../../../src/games/battle-for-moscow/bot.js';
import { counterattackValue, forecast, trappedNow } from '../../../src/games/battle-for-moscow/counterattack.js';
import { type BfmAction, bfmEngine, type Position, positionOf } from '../../../src/games/battle-for-moscow/index.js';
import { forgetStyles, searchActionOn } from '../../../src/games/battle-for-moscow/search-bot.js';
import { phaseSide } from '../../../src/games/battle-for-moscow/state.js';

/** The Soviet bot counterattacks when the odds and the position pay, at both levels, and only then. */
const e = bfmEngine();
const heuristic = (p: Position) => botActionOn(e.board(positionOf(p)));
const search = (p: Position) => {
  forgetStyles();
  return searchActionOn(e.bm, e.board(positionOf(p)));
};

/** XXXIV Corps, reduced to 2, in clear 0705, hemmed in by Soviet zones of control: any retreat destroys it. */
const trapped: Position = {
  turn: 2,
  phase: 'soviet-combat',
  units: {
    XXXIV: { hex: '0705' },
    '19A': { hex: '0604' },
    '20A': { hex: '0704' },
    '24A': { hex: '0806' },
    // The rest of the front, out of reach: a full panzer corps and the Moscow garrison.
    XXIV: { hex: '0303', full: true },
    '16A': { hex: '1103', full: true },
  },
};

/** XXIV Panzer Corps (12) next to Moscow: only with the Moscow garrison do the Soviets reach 1:1. */
const garrisonGamble: Position = {
  turn: 5,
  phase: 'soviet-combat',
  units: {
    XXIV: { hex: '1003', full: true },
    '16A': { hex: '1103', full: true },
    '19A': { hex: '1002', full: true },
    XLI: { hex: '0601', full: true },
  },
};

describe('Soviet counterattacks', () => {
  it('forecasts a battle from the CRT, and a cut-off unit dies on any retreat', () => {
    // 8 (20 Army, full) against XL Panzer Corps at half strength (4): 2:1, DR DR EX EX NE NE.
    const open: Position = { turn: 2, phase: 'soviet-combat', units: { XL: { hex: '0705' }, '20A': { hex: '0704', full: true } } };
    const b = e.board(positionOf(open));
    expect(trappedNow(b, 'XL')).toBe(false);
    const free = forecast(b, 'XL', ['20A'], false);
    expect(free.column).toBe(2);
    // EX: XL loses its last step (4); 20 Army must match it with a step of 4.
    expect(free.defenderLoss).toBeCloseTo((2 / 6) * 4);
    expect(free.attackerLoss).toBeCloseTo((2 / 6) * 4);
    expect(free.emptied).toBeCloseTo(4 / 6);
    // Cut off, both DRs destroy it too.
    expect(forecast(b, 'XL', ['20A'], true).defenderLoss).toBeCloseTo((4 / 6) * 4);
    // Mud halves the attack: 4 to 4 is 1:1.
    const mud = e.board(positionOf({ ...open, turn: 3 }));
    expect(forecast(mud, 'XL', ['20A'], false).column).toBe(1);
  });

  it('sees that XXXIV Corps in 0705 cannot retreat, and values the attack on it highly', () => {
    const b = e.board(positionOf(trapped));
    expect(trappedNow(b, 'XXXIV')).toBe(true);
    expect(counterattackValue(b, 'XXXIV', ['19A', '20A'], true)).toBeGreaterThan(3);
  });

  it('attacks a reduced, cut-off German unit at good odds: heuristic and search alike', () => {
    for (const choose of [heuristic, search]) {
      const a = choose(trapped);
      expect(a.type).toBe('declare');
      const d = a as Extract<BfmAction, { type: 'declare' }>;
      expect(d.defender).toBe('XXXIV');
      // Both adjacent armies: 8 to 2 is 4:1 (one alone would be 2:1).
      expect([...d.attackers].sort()).toEqual(['19A', '20A']);
    }
  });

  it('carries the attack through: XXXIV Corps is destroyed and the battle is in the log', () => {
    let s = positionOf(trapped);
    const kinds: string[] = [];
    while (s.phase === 'soviet-combat') {
      const r = e.apply(s, botActionOn(e.board(s)));
      kinds.push(...r.events.map((x) => x.kind));
      s = r.state;
    }
    expect(kinds).toContain('battle');
    expect(s.units.XXXIV!.hex).toBeNull();
  });

  it('does not risk the Moscow garrison at 1:1 against a full panzer corps: heuristic and search alike', () => {
    const b = e.board(positionOf(garrisonGamble));
    expect(counterattackValue(b, 'XXIV', ['16A', '19A'], trappedNow(b, 'XXIV'))).toBeLessThan(0);
    // The attack is legal (1:1), but both levels end the phase instead.
    const legal = e.legalActions(positionOf(garrisonGamble));
    expect(legal.some((a) => a.type === 'declare' && a.defender === 'XXIV' && a.attackers.length === 2)).toBe(true);
    expect(heuristic(garrisonGamble)).toEqual({ type: 'end-phase' });
    expect(search(garrisonGamble)).toEqual({ type: 'end-phase' });
  });

  it('never advances the Moscow garrison out of Moscow after a won battle', () => {
    // 16 Army in Moscow and 19 Army beat XXXIV Corps (2) in 1003: only 19 Army may follow up.
    let s = positionOf({
      turn: 5,
      phase: 'soviet-combat',
      units: {
        XXXIV: { hex: '1003' },
        '16A': { hex: '1103', full: true },
        '19A': { hex: '1002', full: true },
        XLI: { hex: '0601', full: true },
      },
    });
    const advances: BfmAction[] = [];
    while (s.phase === 'soviet-combat') {
      const a = botActionOn(e.board(s));
      if (a.type === 'advance') advances.push(a);
      s = e.apply(s, a).state;
    }
    expect(s.units.XXXIV!.hex).not.toBe('1003');
    expect(s.units['16A']!.hex).toBe('1103');
    for (const a of advances) expect(a).not.toMatchObject({ unit: '16A' });
  });

  it('decides the same way from the same seed: two searching Soviet games of three turns match action for action', () => {
    const play = () => {
      forgetStyles();
      let s = e.setup({ seed: 11 });
      const chosen: BfmAction[] = [];
      while (s.turn <= 3 && !e.result(s)) {
        const b = e.board(s);
        const a = phaseSide(s.phase) === 'soviet' ? searchActionOn(e.bm, b) : botActionOn(b);
        chosen.push(a);
        s = e.apply(s, a).state;
      }
      return chosen;
    };
    const first = play();
    expect(first.filter((a) => a.type === 'declare').length).toBeGreaterThan(0);
    expect(play()).toEqual(first);
  }, 120_000);
});
