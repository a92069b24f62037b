import { describe, expect, it } from 'vitest';
import { botAction, botStep } from '../../../src/games/drive-on-moscow/bot.js';
import { domEngine } from '../../../src/games/drive-on-moscow/engine.js';
import { germanPlan } from '../../../src/games/drive-on-moscow/plan.js';
import { Position } from '../../../src/games/drive-on-moscow/position.js';
import type { DomAction, DomState, Unit } from '../../../src/games/drive-on-moscow/state.js';
import { pz, rd, withOnly } from '../../helpers/dom-positions.js';

const engine = domEngine();
const board = engine.board;
const { Kalinin, Orel, Tula } = board.cities as Record<string, string>;

/** The first German Movement Phase of seed `seed` (move, then fight). */
function firstMovement(seed: number): DomState {
  return engine.apply(engine.setup({ seed }), { type: 'order', order: 'move-fight' }).state;
}
const planOf = (s: DomState) => germanPlan(board, new Position(board, engine.charts, s), s);
const goalsOf = (s: DomState, units: Unit[]) => new Set(units.map((u) => planOf(s).goal.get(u.id)));

describe('Drive on Moscow German plan (4.1, 4.3)', () => {
  it('gives the flank cities their own mechanized groups from the start: the north for Kalinin, the south for Tula', () => {
    const s = firstMovement(1);
    const plan = planOf(s);
    const mech = Object.values(s.units).filter((u) => u.side === 'german' && u.mech);
    const to = (city: string) => mech.filter((u) => plan.goal.get(u.id) === city);
    // Every mechanized unit has an objective, and every objective the Germans lack gets some.
    expect(mech.every((u) => plan.goal.has(u.id))).toBe(true);
    for (const city of [Kalinin, Tula, Orel, board.cities.Kursk!]) expect(to(city!).length).toBeGreaterThan(0);
    expect(mech.filter((u) => board.moscow.includes(plan.goal.get(u.id)!)).length).toBeGreaterThan(0);
    // The panzer group on the northern wing drives for Kalinin, Tula's group comes from the south sheet (5.3).
    expect(
      goalsOf(
        s,
        mech.filter((u) => u.hex === '1112'),
      ),
    ).toEqual(new Set([Kalinin]));
    expect(to(Tula!).length).toBeGreaterThanOrEqual(4);
    expect(to(Tula!).every((u) => board.isSouthSheet(u.hex))).toBe(true);
    // Nobody is told to stay: no city is held yet.
    expect(plan.garrison.size).toBe(0);
  });

  it('plays a legal first Movement Phase that drives the Tula and Kalinin groups towards their cities, moving on after a won assault (10.20)', () => {
    let s = firstMovement(1);
    const plan = planOf(s);
    const start = structuredClone(s.units);
    let movedOn = false;
    for (let n = 0; s.phase === 'movement' && s.side === 'german' && n < 200; n++) {
      const step = botStep(engine, s, engine.prompt(s).side ?? s.side)!;
      // Legal: the engine takes every order the bot gives (ending the phase included).
      const before = s;
      s = (step.applied ?? engine.apply(s, step.action)).state;
      const a: DomAction = step.action;
      if (
        a.type === 'move' &&
        before.battle === undefined &&
        a.units.every((id) => before.assaulted.includes(id) && before.active.includes(id))
      )
        movedOn = true;
    }
    expect(s.phase).toBe('combat');
    expect(movedOn).toBe(true);
    const gain = (city: string, armour: boolean) =>
      Object.values(s.units)
        .filter((u) => u.side === 'german' && u.mech && plan.goal.get(u.id) === city && (!armour || u.armour))
        .map((u) => board.distance(start[u.id]!.hex, city) - board.distance(u.hex, city));
    // Every unit of both flank groups ends nearer its city, the panzers (who break through) by several hexes.
    for (const city of [Tula!, Kalinin!]) {
      expect(Math.min(...gain(city, false))).toBeGreaterThan(0);
      const pz = gain(city, true);
      expect(pz.length).toBeGreaterThan(0);
      expect(pz.reduce((x, y) => x + y, 0) / pz.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('keeps a garrison in a taken city and sends the nearest stack back to one left empty with Soviets near', () => {
    // Orel taken and held by one infantry division; Tula taken and empty, a Soviet division two hexes off.
    const near = board.neighbours(board.neighbours(Tula!)[0]!).find((h) => board.distance(h, Tula!) === 2)!;
    const cover = board.neighbours(board.neighbours(board.neighbours(Tula!)[3]!)[3]!).find((h) => board.distance(h, Tula!) === 3)!;
    const s = withOnly(
      engine.setup({ seed: 2 }),
      [{ id: '5 Inf', hex: Orel! }, pz('3 Pz', Orel!), { id: '6 Inf', hex: cover }, rd('RD 1', near), rd('RD 2', '3820')],
      { phase: 'movement', order: 'move-fight', step: 0, turn: 3, flipped: [Orel!, Tula!], everGerman: [Orel!, Tula!] },
    );
    const plan = planOf(s);
    expect([...plan.garrison]).toEqual(['5 Inf']);
    expect(plan.goal.get('6 Inf')).toBe(Tula);
    expect(plan.goal.get('3 Pz')).not.toBe(Orel);
    // The bot never moves the garrison: its orders all name other units.
    let t = s;
    for (let n = 0; t.phase === 'movement' && n < 20; n++) {
      const a = botAction(engine, t, 'german')!;
      if (a.type === 'move' || a.type === 'assault') expect(a.units).not.toContain('5 Inf');
      t = engine.apply(t, a).state;
    }
    expect(t.units['5 Inf']!.hex).toBe(Orel);
    expect(board.distance(t.units['6 Inf']!.hex, Tula!)).toBeLessThan(3);
  });
});

describe('Drive on Moscow Soviet reserves', () => {
  /** The Soviet Movement Phase of a built position, the Germans two hexes west of Orel and of Kursk. */
  function sovietMovement(units: Partial<Unit>[], turn: number, flipped: string[] = []): DomState {
    const west = (city: string) => board.neighbours(board.neighbours(city).sort()[0]!).sort()[0]!;
    return withOnly(
      engine.setup({ seed: 3 }),
      [{ id: '5 Inf', hex: west(Orel!) }, { id: '6 Inf', hex: west(board.cities.Kursk!) }, ...units],
      { side: 'soviet', phase: 'movement', order: 'move-fight', step: 0, turn, flipped, everGerman: flipped },
    );
  }

  it('go to the threatened city with the fewest defenders', () => {
    const kursk = board.cities.Kursk!;
    const between = '3346';
    expect(board.distance(between, Orel!)).toBe(board.distance(between, kursk));
    const s = sovietMovement([rd('RD 1', Orel!), rd('RD 2', Orel!), rd('RD 3', Orel!), rd('RD 9', between)], 3);
    const a = botAction(engine, s, 'soviet')!;
    expect(a).toMatchObject({ type: 'move', units: ['RD 9'] });
    if (a.type !== 'move') return;
    expect(board.distance(a.to, kursk)).toBeLessThan(board.distance(between, kursk));
    expect(board.distance(a.to, Orel!)).toBeGreaterThan(board.distance(a.to, kursk));
  });

  it('on GT9 go back into a city the Germans hold and left empty (4.3, 4.5)', () => {
    const from = board.neighbours(board.neighbours(Tula!).sort().at(-1)!).find((h) => board.distance(h, Tula!) === 2)!;
    const s = sovietMovement([rd('RD 9', from)], 9, [Tula!]);
    const a = botAction(engine, s, 'soviet')!;
    expect(a).toEqual({ type: 'move', units: ['RD 9'], to: Tula });
    expect(new Position(board, engine.charts, engine.apply(s, a).state).control(Tula!)).toBe('soviet');
  });
});
