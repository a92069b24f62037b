import { describe, expect, it } from 'vitest';
import { battleChoices } from '../../../src/games/drive-on-moscow/battle-choices.js';
import { chartsWithOverride, SHIPPED_CHARTS } from '../../../src/games/drive-on-moscow/charts.js';
import { domEngine } from '../../../src/games/drive-on-moscow/engine.js';
import { shiftsFor } from '../../../src/games/drive-on-moscow/odds.js';
import { Position } from '../../../src/games/drive-on-moscow/position.js';
import { oddsPreview } from '../../../src/games/drive-on-moscow/preview.js';
import type { DomState, Unit } from '../../../src/games/drive-on-moscow/state.js';
import { pz, rd, withOnly } from '../../helpers/dom-positions.js';

/** Every CRT cell one result, so a battle's outcome does not depend on the die. */
const only = (r: 'AS' | 'AL1' | 'DR' | 'DE') =>
  domEngine(chartsWithOverride({ crt: { ...SHIPPED_CHARTS.crt, rows: Array.from({ length: 6 }, () => Array(7).fill(r)) } }));
const engine = domEngine();
const board = engine.board;

/** A German turn-2 Combat Phase, move-then-fight, no aircraft. */
const COMBAT: Partial<DomState> = { phase: 'combat', order: 'move-fight', step: 1, turn: 2, air: { german: 0, soviet: 0, battles: 0 } };

function scenario(units: Partial<Unit>[], extra: Partial<DomState> = {}): DomState {
  return withOnly(engine.setup({ seed: 3, losses: 'player' }), units, { ...COMBAT, ...extra });
}
const open = (h: string) => board.natural(h) !== 'marsh' && !board.isCity(h) && !board.isFort(h);
/** A clear, open hex with all six neighbours on the map and not marsh. */
const centre = board.map.ids.find(
  (h) =>
    board.natural(h) === 'clear' &&
    open(h) &&
    board.neighbours(h).length === 6 &&
    board.neighbours(h).every((n) => open(n) && !board.isRiver(h, n) && !board.isReservoir(h, n)) &&
    Number(h.slice(0, 2)) > 30,
)!;
const ring = board.neighbours(centre);

describe('Drive on Moscow shifts', () => {
  it('T15 5.2, 5.3: a German fight/move PA on GT1 gets 1R in all, not 2R; an MA on GT1 gets 1R', () => {
    const s = scenario([pz('7 Pz', ring[0]!), rd('RD 1', centre)], { turn: 1, order: 'fight-move' });
    const p = new Position(board, SHIPPED_CHARTS, s);
    const o = {
      attacker: 'german' as const,
      target: centre,
      attackers: [s.units['7 Pz']!],
      defenders: [s.units['RD 1']!],
      air: { attacker: 0, defender: 0 },
    };
    expect(shiftsFor(s, p, { ...o, kind: 'PA' }).reduce((n, x) => n + x.by, 0)).toBe(1);
    expect(shiftsFor(s, p, { ...o, kind: 'MA', launch: ring[0]! }).reduce((n, x) => n + x.by, 0)).toBe(1);
  });
  it('D30 12.3: no offensive declared, a GT8 fight/move German PA nets 0; a Soviet attack gets 1R', () => {
    const s = scenario([pz('7 Pz', ring[0]!), rd('RD 1', centre)], { turn: 8, order: 'fight-move', offensive: { forfeited: true } });
    const p = new Position(board, SHIPPED_CHARTS, s);
    const o = { target: centre, air: { attacker: 0, defender: 0 } };
    expect(
      shiftsFor(s, p, { ...o, kind: 'PA', attacker: 'german', attackers: [s.units['7 Pz']!], defenders: [s.units['RD 1']!] }).reduce(
        (n, x) => n + x.by,
        0,
      ),
    ).toBe(0);
    const sov = { ...s, order: 'move-fight' as const };
    expect(
      shiftsFor(sov, p, {
        ...o,
        target: ring[0]!,
        kind: 'PA',
        attacker: 'soviet',
        attackers: [s.units['RD 1']!],
        defenders: [s.units['7 Pz']!],
      }).reduce((n, x) => n + x.by, 0),
    ).toBe(1);
  });
  it('12.3 and ambiguity 8: no declaration at the start of GT7 forfeits it from GT7 on', () => {
    const s = engine.setup({ seed: 3 });
    const r = engine.apply({ ...s, turn: 7 }, { type: 'order', order: 'move-fight' });
    expect(r.state.offensive.forfeited).toBe(true);
    expect(() => engine.apply({ ...s, turn: 8 }, { type: 'order', order: 'move-fight', offensive: true })).toThrow(/12\.0/);
  });
  it('D3 11.20: a concentric PA from opposite hexes gets 1R; never into a city', () => {
    const s = scenario([{ id: 'A', hex: ring[0]! }, { id: 'B', hex: ring[3]! }, rd('RD 1', centre)]);
    const p = new Position(board, SHIPPED_CHARTS, s);
    const sh = shiftsFor(s, p, {
      kind: 'PA',
      attacker: 'german',
      target: centre,
      attackers: [s.units.A!, s.units.B!],
      defenders: [s.units['RD 1']!],
      air: { attacker: 0, defender: 0 },
    });
    expect(sh.map((x) => x.rule)).toContain('11.20');
  });
});

describe('Drive on Moscow results', () => {
  it('D17 11.26: a Soviet stack with every neighbour blocked takes DE instead of DR; GZOC blocks retreats', () => {
    // Attackers all around except one hex, which the German ZOC covers.
    const units: Partial<Unit>[] = ring.slice(0, 5).map((h, i) => ({ id: `I${i}`, hex: h }));
    const s = scenario([...units, rd('RD 1', centre, [1, 20])]);
    const r = only('DR').apply(s, { type: 'attack', target: centre, units: ['I0', 'I1', 'I2', 'I3', 'I4'] });
    expect(r.events.some((e) => /no legal retreat: DE/.test(e.text))).toBe(true);
    expect(r.state.units['RD 1']).toBeUndefined();
  });
  it('11.25: a Soviet stack retreats toward its supply and the attackers may advance (11.31)', () => {
    const s = scenario([{ id: 'I0', hex: ring[5]! }, rd('RD 1', centre)]);
    let r = only('DR').apply(s, { type: 'attack', target: centre, units: ['I0'] });
    const to = r.state.units['RD 1']!.hex;
    expect(to).not.toBe(centre);
    expect(board.distance(to, centre)).toBe(1);
    expect(r.state.battle?.stage).toBe('advance');
    r = engine.apply(r.state, { type: 'choose', option: 'all' });
    expect(r.state.units.I0!.hex).toBe(centre);
  });
  it('D14 11.27: a unit that retreated into a hex attacked again counts for nothing and dies; 11.3 no second attack on the same units', () => {
    // RD 1 retreated into the hex earlier this Combat Phase (it is marked as having defended).
    const s = scenario([{ id: 'I0', hex: ring[0]! }, rd('RD 1', centre, [9, 9]), rd('RD 2', centre, [1, 10])], { defended: ['RD 1'] });
    const r = only('DR').apply(s, { type: 'attack', target: centre, units: ['I0'] });
    expect(r.events.find((e) => e.kind === 'battle')!.text).toMatch(/4:10 = 1:3/);
    expect(r.state.units['RD 1']).toBeUndefined();
    expect(r.state.units['RD 2']!.hex).not.toBe(centre);
    const again = scenario([{ id: 'I0', hex: ring[0]! }, rd('RD 1', centre)], { defended: ['RD 1'] });
    expect(() => engine.apply(again, { type: 'attack', target: centre, units: ['I0'] })).toThrow(/11\.3/);
  });
  it('D10 11.28: a German DR into a city becomes AS or Bloodbath, German choice; Bloodbath costs equal steps', () => {
    const tula = board.cities.Tula!;
    const around = board.neighbours(tula).filter((h) => board.natural(h) !== 'marsh' && !board.isRiver(h, tula));
    const s = scenario([
      { id: 'I0', hex: around[0]!, full: [12, 8] },
      { id: 'I1', hex: around[0]!, full: [12, 8] },
      rd('RD 1', tula),
      rd('RD 2', tula),
      { id: 'GRD 1', hex: tula, side: 'soviet', type: 'GRD', guards: true, steps: 2, maxSteps: 2, full: [5, 6], reduced: [3, 3] },
    ]);
    const e = only('DR');
    const r = e.apply(s, { type: 'attack', target: tula, units: ['I0', 'I1'] });
    expect(r.state.battle?.stage).toBe('bloodbath');
    const bb = e.apply(r.state, { type: 'choose', option: 'bloodbath' });
    expect(bb.state.units['RD 1']).toBeUndefined();
    expect(bb.state.units['RD 2']).toBeUndefined();
    expect(bb.state.units['GRD 1']!.steps).toBe(1);
    // 11.28: the German player eliminates the steps "from among his involved units": he names them, or lets the bot.
    expect(bb.state.battle).toMatchObject({ stage: 'losses', losses: { left: 3, cause: 'Bloodbath' } });
    expect(battleChoices(bb.state)!).toMatchObject({ side: 'german', text: expect.stringMatching(/loses 3 steps.*11\.28/) });
    expect(battleChoices(bb.state)!.options.map((o) => o.option)).toEqual(['lose', 'lose:I0', 'lose:I1']);
    const b = e.apply(bb.state, { type: 'choose', option: 'lose' });
    expect(b.state.battle).toBeUndefined();
    const stepsLeft = (b.state.units.I0?.steps ?? 0) + (b.state.units.I1?.steps ?? 0);
    expect(stepsLeft).toBe(4 - 3);
    // Named one at a time: both steps of I0 (gone), then one of I1.
    let named = e.apply(bb.state, { type: 'choose', option: 'lose:I0' }).state;
    expect(named.battle?.losses?.left).toBe(2);
    named = e.apply(named, { type: 'choose', option: 'lose:I0' }).state;
    expect(named.units.I0).toBeUndefined();
    expect(() => e.apply(named, { type: 'choose', option: 'lose:I0' })).toThrow(/11\.28: I0 is not in the attacking force/);
    expect(() => e.apply(named, { type: 'choose', option: 'AS' })).toThrow(/11\.28/);
    named = e.apply(named, { type: 'choose', option: 'lose:I1' }).state;
    expect(named.battle).toBeUndefined();
    expect(named.units.I1!.steps).toBe(1);
    const as = e.apply(r.state, { type: 'choose', option: 'AS' });
    expect(Object.keys(as.state.units).sort()).toEqual(Object.keys(s.units).sort());
  });
  it('D11 11.17, 11.28: a Soviet PA into a city turns DR into AL1', () => {
    const smolensk = board.cities.Smolensk!;
    const from = board.neighbours(smolensk).find((h) => board.natural(h) !== 'marsh' && !board.isRiver(h, smolensk))!;
    const s = scenario([{ id: '5 Inf', hex: smolensk }, rd('RD 1', from, [8, 4]), rd('RD 2', from, [8, 4])], { side: 'soviet' });
    const r = only('DR').apply(s, { type: 'attack', target: smolensk, units: ['RD 1', 'RD 2'] });
    expect(r.events.some((e) => /becomes AL1/.test(e.text))).toBe(true);
    // 11.24: "the attacker is always completely free to absorb his step loss from among any of his involved units".
    expect(r.state.battle).toMatchObject({ stage: 'losses', losses: { left: 1, cause: 'AL1' } });
    expect(battleChoices(r.state)).toMatchObject({
      side: 'soviet',
      options: [{ option: 'lose' }, { option: 'lose:RD 1' }, { option: 'lose:RD 2' }],
    });
    const named = engine.apply(r.state, { type: 'choose', option: 'lose:RD 2' }).state;
    expect(named.battle).toBeUndefined();
    expect(Object.keys(named.units).sort()).toEqual(['5 Inf', 'RD 1']);
    expect(named.units['5 Inf']!.hex).toBe(smolensk);
    const byBot = engine.apply(r.state, { type: 'choose', option: 'lose' }).state;
    expect(Object.keys(byBot.units).length).toBe(2);
    expect(() => engine.apply(r.state, { type: 'choose', option: 'lose:5 Inf' })).toThrow(/11\.24: 5 Inf is not in the attacking force/);
  });
  it('losses:bot (the default, and every game stored before the option): AL1 and Bloodbath steps fall at once on the cheapest', () => {
    const smolensk = board.cities.Smolensk!;
    const from = board.neighbours(smolensk).find((h) => board.natural(h) !== 'marsh' && !board.isRiver(h, smolensk))!;
    const s = withOnly(engine.setup({ seed: 3 }), [{ id: '5 Inf', hex: smolensk }, rd('RD 1', from, [8, 4]), rd('RD 2', from, [8, 4])], {
      ...COMBAT,
      side: 'soviet',
    });
    expect(s.choices).toBeUndefined();
    const r = only('AL1').apply(s, { type: 'attack', target: smolensk, units: ['RD 1', 'RD 2'] });
    expect(r.state.battle).toBeUndefined();
    expect(Object.keys(r.state.units).length).toBe(2);
  });
  it("11.25: a retreat with two hexes equally close to supply is the owner's choice (losses:player)", () => {
    // The first open hex, Soviet-held, where a German PA's DR finds two equally good retreat hexes.
    const e = only('DR');
    const base = engine.setup({ seed: 3, losses: 'player' });
    let found: { state: DomState; target: string; from: string } | undefined;
    for (const target of board.map.ids) {
      if (found) break;
      if (!open(target) || board.neighbours(target).length < 6 || Number(target.slice(0, 2)) < 30) continue;
      const from = board.neighbours(target).find((h) => open(h) && !board.isRiver(h, target) && !board.isReservoir(h, target));
      if (!from) continue;
      const s = withOnly(structuredClone(base), [pz('7 Pz', from, { full: [8, 5] }), rd('RD 1', target)], { ...COMBAT });
      const r = e.apply(s, { type: 'attack', target, units: ['7 Pz'] });
      if (r.state.battle?.stage === 'retreat') found = { state: r.state, target, from };
    }
    expect(found).toBeDefined();
    const { state, target } = found!;
    const ties = state.battle!.retreatTo!;
    expect(ties.length).toBeGreaterThan(1);
    const bc = battleChoices(state)!;
    expect(bc.side).toBe('soviet');
    expect(bc.text).toMatch(/equally close to supply.*11\.25/);
    expect(bc.options.map((o) => o.option)).toEqual(['retreat', ...ties.map((h) => `retreat:${h}`)]);
    const second = e.apply(state, { type: 'choose', option: `retreat:${ties[1]}` });
    expect(second.state.units['RD 1']!.hex).toBe(ties[1]);
    expect(second.state.battle?.stage).toBe('advance');
    expect(e.apply(state, { type: 'choose', option: 'retreat' }).state.units['RD 1']!.hex).toBe(ties[0]);
    const far = board.neighbours(target).find((h) => !ties.includes(h))!;
    expect(() => e.apply(state, { type: 'choose', option: `retreat:${far}` })).toThrow(/11\.25: .* is not one of the hexes equally close/);
    expect(() => e.apply(state, { type: 'choose', option: 'lose' })).toThrow(/11\.25/);
    // Without the option the bot takes the first of them at once, as before.
    const plain = withOnly(
      structuredClone({ ...base, choices: undefined }),
      [pz('7 Pz', found!.from, { full: [8, 5] }), rd('RD 1', target)],
      {
        ...COMBAT,
      },
    );
    const atOnce = e.apply(plain, { type: 'attack', target, units: ['7 Pz'] });
    expect(atOnce.state.units['RD 1']!.hex).toBe(ties[0]);
  });
  it('11.24: an AL1 on a force of one unit takes its step at once, with nothing to choose', () => {
    const smolensk = board.cities.Smolensk!;
    const from = board.neighbours(smolensk).find((h) => board.natural(h) !== 'marsh' && !board.isRiver(h, smolensk))!;
    const s = scenario([{ id: '5 Inf', hex: smolensk }, rd('RD 1', from, [8, 4])], { side: 'soviet' });
    const r = only('AL1').apply(s, { type: 'attack', target: smolensk, units: ['RD 1'] });
    expect(r.state.battle).toBeUndefined();
    expect(r.state.units['RD 1']).toBeUndefined();
  });
  it('D12 11.28: a German stack that gets DR from a Soviet PA may lose one step and hold', () => {
    const g = centre;
    const s = scenario([{ id: '5 Inf', hex: g }, { id: '6 Inf', hex: g }, rd('RD 1', ring[0]!, [20, 4])], { side: 'soviet' });
    const r = only('DR').apply(s, { type: 'attack', target: g, units: ['RD 1'] });
    expect(r.state.battle?.stage).toBe('german-dr');
    const held = engine.apply(r.state, { type: 'choose', option: 'lose1' });
    expect(held.state.units['5 Inf']!.hex).toBe(g);
    expect(held.state.units['5 Inf']!.steps + held.state.units['6 Inf']!.steps).toBe(3);
    // The owner may name the unit that loses it; a unit not in the hex is refused.
    const named = engine.apply(r.state, { type: 'choose', option: 'lose1:6 Inf' });
    expect(named.state.units['6 Inf']!.steps).toBe(1);
    expect(named.state.units['5 Inf']!.steps).toBe(2);
    expect(battleChoices(r.state)!.options.map((o) => o.option)).toEqual(['retreat', 'lose1', 'lose1:5 Inf', 'lose1:6 Inf']);
    expect(() => engine.apply(r.state, { type: 'choose', option: 'lose1:RD 1' })).toThrow(/11\.28: RD 1 is not in/);
  });
  it('D16 10.22: a Soviet stack driven out by a mobile assault retreats straight away from it; the force may move on (10.20)', () => {
    const s = scenario([pz('7 Pz', ring[0]!), rd('RD 1', centre)], { phase: 'movement', step: 0 });
    const r = only('DR').apply(s, { type: 'assault', units: ['7 Pz'], target: centre, from: ring[0]! });
    expect(r.state.units['RD 1']!.hex).toBe(ring[3]);
    expect(r.state.units['7 Pz']!.hex).toBe(centre);
    expect(r.state.mp['7 Pz']).toBe(r.state.mp['7 Pz']);
    expect(r.state.active).toEqual(['7 Pz']);
  });
  it('10.19: a stalled mobile assault goes back to the launch hex and stops for the phase', () => {
    const s = scenario([pz('7 Pz', ring[0]!), rd('RD 1', centre)], { phase: 'movement', step: 0 });
    const r = only('AS').apply(s, { type: 'assault', units: ['7 Pz'], target: centre });
    expect(r.state.units['7 Pz']!.hex).toBe(ring[0]);
    expect(r.state.done).toContain('7 Pz');
  });
  it('D6 10.14: PG alone may not make a mobile assault', () => {
    const s = scenario([{ id: '3 Mot', hex: ring[0]!, type: 'pg', mech: true, full: [4, 6], reduced: [2, 3] }, rd('RD 1', centre)], {
      phase: 'movement',
      step: 0,
    });
    expect(() => engine.apply(s, { type: 'assault', units: ['3 Mot'], target: centre })).toThrow(/10\.14/);
  });
  it('11.19: the defender commits aircraft before the roll; each counter once a turn', () => {
    const s = scenario([{ id: '5 Inf', hex: ring[0]! }, rd('RD 1', centre)], { air: { german: 0, soviet: 1, battles: 0 } });
    const r = engine.apply(s, { type: 'attack', target: centre, units: ['5 Inf'] });
    expect(r.state.battle?.stage).toBe('air');
    expect(engine.prompt(r.state).side).toBe('soviet');
    const a = engine.apply(r.state, { type: 'choose', option: '1' });
    expect(a.state.air.soviet).toBe(0);
    expect(a.events.find((e) => e.kind === 'battle')!.text).toMatch(/1L 1 aircraft with the defender/);
  });
  it('/odds: the exact chances sum to one and weigh every hidden face', () => {
    const s = scenario([
      { id: '5 Inf', hex: ring[0]! },
      { id: 'RD 9', hex: centre, side: 'soviet', type: 'RD', steps: 1, maxSteps: 1, untried: true, full: undefined, reduced: undefined },
    ]);
    const o = oddsPreview(board, s, centre, ['5 Inf']);
    expect(Object.values(o.chances).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // 4 against a hidden RD: 1-1 (12/132) is 4:1, so DE comes at least 3/6 of that.
    expect(o.chances.DE).toBeGreaterThan(((12 / 132) * 3) / 6 - 1e-12);
  });
});

describe('Drive on Moscow supply, reinforcements, Guards and victory', () => {
  it('8.6: a Soviet unit cut off is eliminated in the Terminal Supply Phase', () => {
    const s = scenario([...ring.map((h, i) => ({ id: `I${i}`, hex: h })), rd('RD 1', centre)], {
      side: 'soviet',
      phase: 'conversion',
      turn: 9,
      guardsDrawn: undefined,
      cup: [],
    });
    const r = engine.apply(s, { type: 'end' });
    expect(r.state.units['RD 1']).toBeUndefined();
  });
  it('D26 9.4: a drawn GTB with no TB in map-edge supply is eliminated', () => {
    let s = scenario([rd('RD 1', '4520')], { side: 'soviet', phase: 'combat', step: 1, order: 'move-fight', cup: ['GTB'] });
    s = engine.apply(s, { type: 'end' }).state;
    expect(s.cup).toEqual([]);
    expect(s.guardsDrawn).toBeUndefined();
  });
  it('9.4: a drawn GRD converts an RD in supply, at full strength, and may not be delayed', () => {
    let s = scenario([rd('RD 1', '4520')], { side: 'soviet', phase: 'combat', step: 1, order: 'move-fight', cup: ['GRD'] });
    s = engine.apply(s, { type: 'end' }).state;
    expect(s.guardsDrawn).toBe('GRD');
    expect(() => engine.apply(s, { type: 'end' })).toThrow(/9\.4/);
    s = engine.apply(s, { type: 'convert', unit: 'RD 1' }).state;
    const g = Object.values(s.units).find((u) => u.type === 'GRD')!;
    expect(g).toMatchObject({ hex: '4520', steps: 2, guards: true });
  });
  it('D24 9.1: a town with a German unit next to it is no entry hex', () => {
    const klin = board.map.findPlace('Klin')[0]!;
    let s = scenario([{ id: '5 Inf', hex: board.neighbours(klin)[0]! }], { side: 'soviet', phase: 'order' });
    s = engine.apply(s, { type: 'order', order: 'move-fight' }).state;
    expect(() => engine.apply(s, { type: 'enter', unitType: 'RD', hex: klin })).toThrow(/9\.1/);
    expect(() => engine.apply(s, { type: 'enter', unitType: 'RD', hex: board.sources[0]! })).not.toThrow();
  });
  it('9.3, 4.4: a withdrawal due may not be declined; with no eligible unit the Soviets win', () => {
    let s = scenario(
      [
        { id: '5 Inf', hex: '0310' },
        { id: '112 Inf', hex: '0311', full: [3, 7], reduced: [1, 3] },
      ],
      { phase: 'order', turn: 5, side: 'german' },
    );
    s = engine.apply(s, { type: 'order', order: 'move-fight' }).state;
    expect(() => engine.apply(s, { type: 'end' })).toThrow(/9\.3/);
    expect(() => engine.apply(s, { type: 'withdraw', unit: '112 Inf' })).toThrow(/9\.3/);
    s = engine.apply(s, { type: 'withdraw', unit: '5 Inf' }).state;
    expect(s.withdrawn).toEqual(['5 Inf']);
    let t = scenario([pz('7 Pz', '0310', { size: 'KG', type: 'panzer' })], { phase: 'order', turn: 7, side: 'german' });
    t = engine.apply(t, { type: 'order', order: 'move-fight' }).state;
    t = engine.apply(t, { type: 'end' }).state;
    expect(t.result).toMatchObject({ winner: 'soviet' });
    expect(t.result!.reason).toMatch(/withdrawal/);
  });
  it('D27 4.2: both Moscow hexes cut off from every source: German victory', () => {
    const around = new Set<string>();
    for (const m of board.moscow) for (const n of board.neighbours(m)) if (!board.moscow.includes(n)) around.add(n);
    const s = scenario([...[...around].map((h, i) => ({ id: `I${i}`, hex: h }))], { phase: 'movement', step: 0 });
    // Moving any unit re-checks: the ring of German units cuts Moscow off.
    const mover = Object.values(s.units)[0]!;
    const to = board.neighbours(mover.hex).find((h) => !around.has(h) && !board.moscow.includes(h) && board.natural(h) !== 'marsh')!;
    const r = engine.apply(s, { type: 'move', units: [mover.id], to, path: [mover.hex, to] });
    expect(r.state.result?.reason ?? '').toMatch(/4\.2/);
  });
  it('D29 4.3, 4.5: at the end of GT9 all five cities win for the Germans, four do not', () => {
    const cities = Object.values(board.cities);
    const base = { side: 'soviet' as const, phase: 'conversion' as const, turn: 9, cup: [] };
    const all = scenario([], { ...base, flipped: cities.filter((h) => board.initial(h) === 'soviet') });
    expect(engine.apply(all, { type: 'end' }).state.result).toMatchObject({ winner: 'german' });
    const four = scenario([], { ...base, flipped: cities.filter((h) => board.initial(h) === 'soviet').slice(1) });
    expect(engine.apply(four, { type: 'end' }).state.result).toMatchObject({ winner: 'soviet' });
  });
});

describe('Drive on Moscow derived tests, more (digest 15.2)', () => {
  it('D2 11.9, 11.21: raw 6:1 with 1L is 5:1 and rolls; 1:4 with 1R is 1:3; 1:2 with 1R is 1:1; 2:1 with 2L is 1:2', async () => {
    const { rawPosition, positionLabel, automatic } = await import('../../../src/games/drive-on-moscow/odds.js');
    expect(positionLabel(rawPosition(6, 1) - 1)).toBe('5:1');
    expect(automatic(rawPosition(6, 1) - 1)).toBeUndefined();
    expect(positionLabel(rawPosition(1, 4) + 1)).toBe('1:3');
    expect(positionLabel(rawPosition(1, 2) + 1)).toBe('1:1');
    expect(positionLabel(rawPosition(2, 1) - 2)).toBe('1:2');
  });
  it('D5 10.15, 10.16: a mobile assault costs the hex plus 2 MP, one more across a river', () => {
    const s = scenario([pz('7 Pz', ring[0]!), rd('RD 1', centre)], { phase: 'movement', step: 0 });
    const r = only('DE').apply(s, { type: 'assault', units: ['7 Pz'], target: centre, from: ring[0]! });
    expect(r.state.mp['7 Pz']).toBe(6 - 3); // GT2 mech MF 6
    const side = board.map.data.rivers.find((x) => {
      const [a, b] = x.side.split('/') as [string, string];
      return (
        board.natural(a) === 'clear' && board.natural(b) === 'clear' && !board.isReservoir(a, b) && !board.isCity(b) && !board.isFort(b)
      );
    })!;
    const [a, b] = side.side.split('/') as [string, string];
    const t = scenario([pz('7 Pz', a), rd('RD 1', b)], { phase: 'movement', step: 0 });
    const r2 = only('DE').apply(t, { type: 'assault', units: ['7 Pz'], target: b, from: a });
    expect(r2.state.mp['7 Pz']).toBe(6 - 4);
    expect(r2.events.find((e) => e.kind === 'battle')!.text).toMatch(/1L every attacker across a river \(10\.16\)/);
  });
  it('D7 10.16, 11.13: no mobile assault into marsh, no panzer PA into marsh; infantry may', () => {
    const marsh = board.map.ids.find(
      (h) =>
        board.natural(h) === 'marsh' &&
        !board.map.hex(h)!.water &&
        board.neighbours(h).some((n) => board.natural(n) === 'clear' && !board.isReservoir(n, h)),
    )!;
    const from = board.neighbours(marsh).find((n) => board.natural(n) === 'clear' && !board.isReservoir(n, marsh))!;
    const ma = scenario([pz('7 Pz', from), rd('RD 1', marsh)], { phase: 'movement', step: 0 });
    expect(() => engine.apply(ma, { type: 'assault', units: ['7 Pz'], target: marsh })).toThrow(/10\.16/);
    const pa = scenario([pz('7 Pz', from), { id: '5 Inf', hex: from }, rd('RD 1', marsh)]);
    expect(() => engine.apply(pa, { type: 'attack', target: marsh, units: ['7 Pz'] })).toThrow(/11\.13/);
    expect(() => only('AS').apply(pa, { type: 'attack', target: marsh, units: ['5 Inf'] })).not.toThrow();
  });
  it('D19 7.1: a German unit exerts no ZOC across a reservoir hexside', () => {
    const side = [...board.map.data.rivers].find((r) => r.name === 'Moscow Sea (reservoir)')!;
    const [a, b] = side.side.split('/') as [string, string];
    const s = scenario([{ id: '5 Inf', hex: a }]);
    const zoc = new Position(board, SHIPPED_CHARTS, s).germanZoc();
    expect(zoc.has(b)).toBe(false);
    expect(
      board
        .neighbours(a)
        .filter((n) => !board.isReservoir(a, n))
        .every((n) => zoc.has(n)),
    ).toBe(true);
  });
  it('D22 8.5: a German unit out of supply at the start of its move cannot move', () => {
    const s = scenario([...ring.map((h, i) => rd(`RD ${i}`, h)), { id: '5 Inf', hex: centre }], { phase: 'movement', step: 0 });
    expect(() => engine.apply(s, { type: 'move', units: ['5 Inf'], to: ring[0]! })).toThrow(/8\.5/);
  });
});
