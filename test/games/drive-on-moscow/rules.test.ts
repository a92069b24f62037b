import { describe, expect, it } from 'vitest';
import { reveal } from '../../../src/games/drive-on-moscow/battles.js';
import { chartsWithOverride, SHIPPED_CHARTS } from '../../../src/games/drive-on-moscow/charts.js';
import { Ctx } from '../../../src/games/drive-on-moscow/context.js';
import { domEngine } from '../../../src/games/drive-on-moscow/engine.js';
import { movingGroup, stepCost, trtFactor } from '../../../src/games/drive-on-moscow/movement.js';
import { attackFactor, automatic, concentric, positionLabel, rawPosition } from '../../../src/games/drive-on-moscow/odds.js';
import { Position } from '../../../src/games/drive-on-moscow/position.js';
import { type DomAction, type DomState, domStateSchema, type Unit } from '../../../src/games/drive-on-moscow/state.js';
import { RuleError } from '../../../src/games/engine.js';
import { pz, rd, withOnly } from '../../helpers/dom-positions.js';

const engine = domEngine();
const board = engine.board;
const fresh = () => engine.setup({ seed: 11 });

/** A state with only the given units, in the given phase. */
function scenario(units: Partial<Unit>[], extra: Partial<DomState> = {}): DomState {
  return withOnly(fresh(), units, { phase: 'movement', order: 'move-fight', step: 0, ...extra });
}
const apply = (s: DomState, a: DomAction) => engine.apply(s, a);
const refuses = (s: DomState, a: DomAction, rule: string) => {
  const before = JSON.stringify(s);
  expect(() => apply(s, a)).toThrow(RuleError);
  try {
    apply(s, a);
  } catch (e) {
    expect((e as RuleError).rule).toBe(rule);
  }
  expect(JSON.stringify(s)).toBe(before);
};

describe('Drive on Moscow worked examples (digest 15.1)', () => {
  it('T1 2.10: GT1 mech MF 10, non-mech 6', () => {
    const s = scenario([pz('7 Pz', '1112'), { id: '5 Inf', hex: '1113' }]);
    const p = new Position(board, SHIPPED_CHARTS, s);
    expect(trtFactor(s, p, s.units['7 Pz']!)).toBe(10);
    expect(trtFactor(s, p, s.units['5 Inf']!)).toBe(6);
  });

  it('T2 5.3: a GT1 German mech unit set up on the south sheet has 14 MF on the south sheet, 10 on the north', () => {
    const s = scenario([pz('3 Pz', '1952')], { guderian: ['3 Pz'] });
    const g = movingGroup(s, new Position(board, SHIPPED_CHARTS, s), ['3 Pz']);
    expect(g.budget).toBe(14);
    expect(g.northBudget).toBe(10);
    const north = scenario([pz('7 Pz', '1112')], { guderian: [] });
    expect(movingGroup(north, new Position(board, SHIPPED_CHARTS, north), ['7 Pz']).budget).toBe(10);
  });

  it('T3 3.1: GT1 Soviet reinforcements are 7 RD, 2 RB, 2 CD, 1 TB, all untried', () => {
    let s = fresh();
    s = apply(s, { type: 'order', order: 'move-fight' }).state;
    s = apply(s, { type: 'end' }).state;
    s = apply(s, { type: 'end' }).state;
    expect(s.side).toBe('soviet');
    s = apply(s, { type: 'order', order: 'move-fight' }).state;
    expect(s.phase).toBe('reinforcement');
    expect(s.arriving).toEqual({ RD: 7, RB: 2, CD: 2, TB: 1 });
    const hex = board.sources[4]!;
    s = apply(s, { type: 'enter', unitType: 'TB', hex }).state;
    const tb = Object.values(s.units).find((u) => u.type === 'TB' && u.hex === hex)!;
    expect(tb.untried).toBe(true);
    expect(tb.full).toBeUndefined();
  });

  it('T4 10.12: a clear hex entered across a river costs 2 MP', () => {
    const side = board.map.data.rivers.find((r) => {
      const [a, b] = r.side.split('/') as [string, string];
      return board.natural(b) === 'clear' && !board.isReservoir(a, b);
    })!;
    const [a, b] = side.side.split('/') as [string, string];
    const s = scenario([{ id: '5 Inf', hex: a }]);
    const p = new Position(board, SHIPPED_CHARTS, s);
    expect(stepCost(p, movingGroup(s, p, ['5 Inf']), a, b, new Set())).toBe(2);
  });

  it('T5, T6 11.7, 11.8: 26 against 7 is 3:1; 5 against 11 is 1:3', () => {
    expect(positionLabel(rawPosition(26, 7))).toBe('3:1');
    expect(positionLabel(rawPosition(5, 11))).toBe('1:3');
  });

  it('T7 11.21: 1:1 with a roll of 5 is AS', () => {
    expect(SHIPPED_CHARTS.crt.rows[4]![2]).toBe('AS');
  });

  it('T8, T9 11.21, 11.9: 20:1 with 2L is 18:1, an automatic DE; below 1:3 automatic AL1', () => {
    const p = rawPosition(20, 1) - 2;
    expect(positionLabel(p)).toBe('18:1');
    expect(automatic(p)).toBe('DE');
    expect(automatic(rawPosition(6, 1))).toBe('DE');
    expect(automatic(rawPosition(1, 4))).toBe('AL1');
    expect(automatic(rawPosition(5, 1))).toBeUndefined();
  });

  it('T11 12.1: declared on GT5 (TRT 3/3), German mech has 1 MF and non-mech 2, and may not attack', () => {
    const s = scenario([pz('7 Pz', '1112'), { id: '5 Inf', hex: '1113' }], { turn: 5, offensive: { declared: 5, forfeited: false } });
    const p = new Position(board, SHIPPED_CHARTS, s);
    expect(trtFactor(s, p, s.units['7 Pz']!)).toBe(1);
    expect(trtFactor(s, p, s.units['5 Inf']!)).toBe(2);
    const combat = { ...s, phase: 'combat' as const };
    refuses(combat, { type: 'attack', target: '1212', units: ['7 Pz'] }, '12.1');
  });

  it('T12, T13 12.2: declared on GT6, executed on GT7 with MF 8/5, +1 aircraft and three and three replacement steps', () => {
    let s = scenario([pz('7 Pz', '1112', { steps: 1 }), { id: '5 Inf', hex: '1113', steps: 1 }], {
      turn: 7,
      phase: 'order',
      offensive: { declared: 6, forfeited: false },
    });
    const p = new Position(board, SHIPPED_CHARTS, s);
    expect(trtFactor(s, p, s.units['7 Pz']!)).toBe(8);
    expect(trtFactor(s, p, s.units['5 Inf']!)).toBe(5);
    s = apply(s, { type: 'order', order: 'move-fight' }).state;
    expect(s.phase).toBe('replacement');
    expect(s.replacements).toEqual({ mech: 3, nonmech: 3 });
    s = apply(s, { type: 'replace', unit: '7 Pz' }).state;
    expect(s.units['7 Pz']!.steps).toBe(2);
  });

  it('T14 12.1: Stalin demands 3 x d attacking units in the declaration turn', () => {
    let s = fresh();
    s = { ...s, turn: 4 };
    s = apply(s, { type: 'order', order: 'move-fight', offensive: true }).state;
    s = apply(s, { type: 'end' }).state;
    s = apply(s, { type: 'end' }).state;
    expect(s.side).toBe('soviet');
    expect(s.stalin!.minimum % 3).toBe(0);
    expect(s.stalin!.minimum).toBeGreaterThanOrEqual(3);
    expect(s.stalin!.minimum).toBeLessThanOrEqual(18);
  });

  it("12.1: the Soviet player must take the phase order that best lets him meet Stalin's demand", () => {
    // One rifle division next to a German division, two more a few hexes back that can close in.
    const g = '3020';
    const [near, n2] = board.neighbours(g).filter((h) => board.natural(h) !== 'marsh' && !board.isReservoir(g, h));
    const back = board.map.ids.filter((h) => board.distance(h, g) === 3 && board.natural(h) === 'clear').slice(0, 2);
    expect(back).toHaveLength(2);
    const at = (units: Partial<Unit>[], minimum: number) =>
      withOnly(fresh(), units, { side: 'soviet', phase: 'order', turn: 4, stalin: { minimum, attackers: [] } });
    const demand = at([{ id: '5 Inf', hex: g }, rd('RD 1', near!), rd('RD 2', back[0]!), rd('RD 3', back[1]!)], 6);
    refuses(demand, { type: 'order', order: 'fight-move' }, '12.1');
    expect(() => apply(demand, { type: 'order', order: 'fight-move' })).toThrow(/1 can attack before moving and 3 after moving/);
    expect(apply(demand, { type: 'order', order: 'move-fight' }).state.order).toBe('move-fight');
    // Met before moving (two next to the German, two demanded), or no better by moving: either order.
    const met = at([{ id: '5 Inf', hex: g }, rd('RD 1', near!), rd('RD 2', n2!)], 2);
    expect(apply(met, { type: 'order', order: 'fight-move' }).state.order).toBe('fight-move');
    const noBetter = at([{ id: '5 Inf', hex: g }, rd('RD 1', near!)], 6);
    expect(apply(noBetter, { type: 'order', order: 'fight-move' }).state.order).toBe('fight-move');
  });
});

describe('Drive on Moscow attacks by untried units and Stalin’s demand', () => {
  it('2.13, 8.5: untried units alone may attack (revealed in the battle); 12.1: a tank unit next to marsh only need not', () => {
    const g = '3020';
    const [near, n2] = board.neighbours(g).filter((h) => board.natural(h) !== 'marsh' && !board.isReservoir(g, h));
    const untried = (id: string, hex: string): Partial<Unit> => ({ ...rd(id, hex), full: undefined, untried: true });
    const s = withOnly(fresh(), [{ id: '5 Inf', hex: g }, untried('RD 1', near!), untried('RD 2', n2!)], {
      side: 'soviet',
      phase: 'combat',
      order: 'move-fight',
      step: 1,
    });
    let after = apply(s, { type: 'attack', target: g, units: ['RD 1', 'RD 2'] }).state;
    expect(after.attacked).toEqual(['RD 1', 'RD 2']);
    if (after.battle?.stage === 'air') after = apply(after, { type: 'choose', option: 'none' }).state;
    // Resolved: each attacker drew its veteran face (or fell in the battle).
    for (const id of ['RD 1', 'RD 2']) expect(after.units[id]?.untried ?? false).toBe(false);
    expect(after.dead.length + Object.values(after.units).filter((u) => u.full).length).toBeGreaterThan(1);
    // Stalin: the only Soviet unit left next to a German is a tank brigade facing marsh (11.13).
    const marsh = board.map.ids.find((h) => board.natural(h) === 'marsh' && board.neighbours(h).some((n) => board.natural(n) === 'clear'))!;
    const beside = board.neighbours(marsh).find((n) => board.natural(n) === 'clear' && !board.isReservoir(marsh, n))!;
    const tank: Partial<Unit> = {
      id: 'TB 1',
      hex: beside,
      side: 'soviet',
      type: 'TB',
      mech: true,
      armour: true,
      size: 'X',
      steps: 1,
      maxSteps: 1,
      full: [3, 2],
    };
    const stalin = withOnly(fresh(), [{ id: '5 Inf', hex: marsh }, tank], {
      side: 'soviet',
      phase: 'combat',
      order: 'move-fight',
      step: 1,
      stalin: { minimum: 3, attackers: [] },
    });
    refuses(stalin, { type: 'attack', target: marsh, units: ['TB 1'] }, '11.13');
    expect(apply(stalin, { type: 'end' }).state.phase).not.toBe('combat');
  });
});

describe('Drive on Moscow derived tests (digest 15.2)', () => {
  it('D1 11.7, 11.8', () => {
    expect(positionLabel(rawPosition(10, 10))).toBe('1:1');
    expect(positionLabel(rawPosition(9, 10))).toBe('1:2');
    expect(positionLabel(rawPosition(21, 10))).toBe('2:1');
    expect(automatic(rawPosition(1, 4))).toBe('AL1');
  });
  it('D3 11.20: concentric directions', () => {
    expect(concentric([0, 3])).toBe(true);
    expect(concentric([0, 2, 4])).toBe(true);
    expect(concentric([0, 1, 2])).toBe(false);
    expect(concentric([0, 1])).toBe(false);
    expect(concentric([0, 1, 3])).toBe(true);
  });
  it('D8 11.17: a panzer division attacks a city with its defense factor', () => {
    const tula = board.cities.Tula!;
    const s = scenario([pz('7 Pz', board.neighbours(tula)[0]!)]);
    const p = new Position(board, SHIPPED_CHARTS, s);
    expect(attackFactor(p, s.units['7 Pz']!, tula, true)).toBe(5);
    expect(attackFactor(p, s.units['7 Pz']!, board.neighbours(tula)[1]!, true)).toBe(8);
    expect(attackFactor(p, s.units['7 Pz']!, board.neighbours(tula)[1]!, false)).toBe(0);
  });
  it('D9 11.29: DE on an RD, a full and a reduced GRD eliminates the RD and the reduced GRD and reduces the full one', () => {
    const target = '2030';
    const from = board.neighbours(target).find((h) => board.natural(h) !== 'marsh')!;
    const guard = (id: string, steps: 1 | 2): Partial<Unit> => ({
      id,
      hex: target,
      side: 'soviet',
      type: 'GRD',
      guards: true,
      steps,
      maxSteps: 2,
      full: [5, 6],
      reduced: [3, 3],
    });
    const s = scenario(
      [
        pz('1 Pz', from),
        pz('2 Pz', from),
        pz('3 Pz', from),
        pz('4 Pz', from),
        pz('5 Pz', from),
        rd('RD 1', target, [1, 1]),
        guard('GRD 1', 2),
        guard('GRD 2', 1),
      ],
      { phase: 'combat', turn: 2, air: { german: 0, soviet: 0, battles: 0 } },
    );
    // 40 against 10 = 4:1; roll until a DE comes (seeded); check the effect of whatever came.
    const r = apply(s, { type: 'attack', target, units: ['1 Pz', '2 Pz', '3 Pz', '4 Pz', '5 Pz'] });
    const battle = r.events.find((e) => e.kind === 'battle')!.text;
    if (battle.endsWith('DE')) {
      expect(r.state.units['RD 1']).toBeUndefined();
      expect(r.state.units['GRD 2']).toBeUndefined();
      expect(r.state.units['GRD 1']!.steps).toBe(1);
      expect(r.state.battle).toBeUndefined(); // the hex is still held: no advance
    }
    expect(battle).toMatch(/40:10 = 4:1/);
  });
  it('D13 11.30: an eliminated reduced panzer division leaves a panzer KG 2-1', () => {
    const s = scenario([pz('7 Pz', '1112', { steps: 1 })]);
    const c = new Ctx(board, SHIPPED_CHARTS, structuredClone(s));
    c.loseStep('7 Pz', 'test');
    expect(c.s.units['KG 7 Pz']).toMatchObject({ full: [2, 1], hex: '1112', steps: 1, armour: true });
    expect(c.s.kgLeft).toBe(9);
    const none = new Ctx(board, SHIPPED_CHARTS, { ...structuredClone(s), kgLeft: 0 });
    none.loseStep('7 Pz', 'test');
    expect(Object.keys(none.s.units)).toEqual([]);
  });
  it("2.13: an untried unit draws its veteran face from its type's remaining faces", () => {
    const s = scenario([
      { id: 'RD 9', hex: '3030', side: 'soviet', type: 'RD', steps: 1, maxSteps: 1, untried: true, full: undefined, reduced: undefined },
    ]);
    const c = new Ctx(board, SHIPPED_CHARTS, structuredClone(s));
    reveal(c, c.s.units['RD 9']!);
    const u = c.s.units['RD 9']!;
    expect(u.untried).toBeUndefined();
    expect(SHIPPED_CHARTS.soviet.types.RD.faces.map(([f]) => f.join('-'))).toContain(u.full!.join('-'));
    expect(c.s.faces.RD!.reduce((a, b) => a + b, 0)).toBe(s.faces.RD!.reduce((a, b) => a + b, 0) - 1);
    expect(c.s.dice.rolls).toBe(s.dice.rolls + 1);
  });
  it('D18 7.2: a Soviet unit stops in the first GZOC hex and may not step from one GZOC hex into another', () => {
    const g = '3030';
    const ring = board.neighbours(g);
    const start = board.neighbours(ring[0]!).find((h) => h !== g && !ring.includes(h) && board.distance(h, g) === 2)!;
    const s = scenario([{ id: '5 Inf', hex: g }, rd('RD 1', start)], { side: 'soviet', turn: 2 });
    const r = apply(s, { type: 'move', units: ['RD 1'], to: ring[0]! });
    expect(r.state.units['RD 1']!.hex).toBe(ring[0]);
    const zocStart = scenario([{ id: '5 Inf', hex: g }, rd('RD 1', ring[0]!)], { side: 'soviet', turn: 2 });
    refuses(zocStart, { type: 'move', units: ['RD 1'], to: ring[1]!, path: [ring[0]!, ring[1]!] }, '7.2');
  });
  it('D20 8.3: a Soviet supply line may start in but not pass an empty GZOC hex; a Soviet unit there opens it', () => {
    const s = scenario([{ id: '5 Inf', hex: '3030' }]);
    const p = new Position(board, SHIPPED_CHARTS, s);
    const zoc = p.germanZoc();
    expect(zoc.has('3029')).toBe(true);
    expect(p.supplyPassable('soviet', '3029')).toBe(false);
    const s2 = scenario([{ id: '5 Inf', hex: '3030' }, rd('RD 1', '3029')]);
    expect(new Position(board, SHIPPED_CHARTS, s2).supplyPassable('soviet', '3029')).toBe(true);
  });
  it('D21 8.2, 8.4: a Soviet unit in a never German-held city is supplied; once German-held, not by the city', () => {
    const tula = board.cities.Tula!;
    const s = scenario([rd('RD 1', tula)]);
    expect(new Position(board, SHIPPED_CHARTS, s).citySupplied(tula)).toBe(true);
    const held = scenario([rd('RD 1', tula)], { everGerman: [tula] });
    expect(new Position(board, SHIPPED_CHARTS, held).citySupplied(tula)).toBe(false);
  });
  it('D27 4.1: a German unit entering an empty Moscow hex wins at once', () => {
    const m = board.moscow[0]!;
    const from = board.neighbours(m).find((h) => !board.moscow.includes(h) && board.natural(h) !== 'marsh' && !board.isReservoir(h, m))!;
    const s = scenario([{ id: '5 Inf', hex: from }], { turn: 2 });
    const r = apply(s, { type: 'move', units: ['5 Inf'], to: m });
    expect(r.state.result).toMatchObject({ winner: 'german' });
    expect(r.state.result!.reason).toMatch(/4\.1/);
  });
  it('D28 4.4: a Soviet unit entering a town west of the initial front line wins at once', () => {
    const roslavl = board.map.findPlace('Roslavl')[0]!;
    const from = board.neighbours(roslavl)[0]!;
    const s = scenario([rd('RD 1', from)], { side: 'soviet', turn: 2 });
    const r = apply(s, { type: 'move', units: ['RD 1'], to: roslavl });
    expect(r.state.result).toMatchObject({ winner: 'soviet' });
  });
  it('D31 6.0: a sixth unit may not enter or pass a hex of five', () => {
    const full = '1113';
    const five = [1, 2, 3, 4, 5].map((i) => ({ id: `${i} Inf`, hex: full }));
    const s = scenario([...five, { id: '6 Inf', hex: '1112' }]);
    refuses(s, { type: 'move', units: ['6 Inf'], to: full, path: ['1112', full] }, '6.1');
  });
  it('3.3, 3.2: the default set-up puts a rifle division in every front-line hex and the Reserve Front one unit a hex', () => {
    const s = fresh();
    for (const h of board.frontHexes) expect(Object.values(s.units).some((u) => u.hex === h && u.type === 'RD')).toBe(true);
    const counts = new Map<string, number>();
    for (const u of Object.values(s.units)) counts.set(u.hex, (counts.get(u.hex) ?? 0) + 1);
    for (const [, n] of counts) expect(n).toBeLessThanOrEqual(5);
    for (const u of Object.values(s.units)) {
      if (u.side === 'soviet' && board.reserve.has(u.hex)) expect(counts.get(u.hex)).toBe(1);
      if (u.side === 'german') expect(board.initial(u.hex)).toBe('german');
    }
    expect(Object.values(s.units).filter((u) => u.side === 'soviet').length).toBe(134 + 6);
  });
  it("charts: the text's constraints hold and an override that breaks them is refused", () => {
    expect(SHIPPED_CHARTS.turns[0]!.mf).toEqual([10, 6]);
    expect(SHIPPED_CHARTS.turns[4]!.mf).toEqual([3, 3]);
    expect(SHIPPED_CHARTS.turns[6]!.mf).toEqual([6, 4]);
    expect(() => chartsWithOverride({ turns: SHIPPED_CHARTS.turns.map((t) => ({ ...t, air: [1, 1] })) })).toThrow(/11\.19/);
  });
});

describe('Drive on Moscow play', () => {
  it('random play keeps the invariants and replays byte for byte', () => {
    for (const seed of [1, 2]) {
      let s = engine.setup({ seed });
      const log: DomAction[] = [];
      let n = 0;
      let rng = seed * 7919;
      const rand = (k: number) => {
        rng = (rng * 1103515245 + 12345) % 2147483648;
        return rng % k;
      };
      while (!s.result && n < 400) {
        n++;
        const pr = engine.prompt(s);
        const units = Object.values(s.units).filter((u) => u.side === s.side);
        const u = units[rand(units.length)]!;
        const tries: DomAction[] = [...pr.choices.map((c) => c.action)];
        if (s.phase === 'movement')
          tries.unshift({ type: 'move', units: [u.id], to: board.neighbours(u.hex)[rand(6) % board.neighbours(u.hex).length]! });
        if (s.phase === 'combat') {
          const t = board.neighbours(u.hex).find((h) => Object.values(s.units).some((x) => x.hex === h && x.side !== s.side));
          if (t) tries.unshift({ type: 'attack', target: t, units: [u.id] });
        }
        if (s.phase === 'reinforcement')
          tries.unshift({ type: 'enter', unitType: Object.keys(s.arriving)[0] ?? 'RD', hex: board.sources[rand(6)]! });
        if (s.phase === 'replacement')
          tries.unshift({ type: 'withdraw', unit: units.find((x) => x.type === 'infantry' || x.type === 'cavalry')?.id ?? '' });
        if (s.phase === 'conversion')
          tries.unshift({ type: 'convert', unit: units.find((x) => x.type === 'RD' || x.type === 'CD' || x.type === 'TB')?.id ?? '' });
        let applied = false;
        for (const a of tries) {
          const before = JSON.stringify(s);
          try {
            s = engine.apply(s, a).state;
            log.push(a);
            applied = true;
            break;
          } catch (e) {
            expect(e).toBeInstanceOf(RuleError);
            expect(JSON.stringify(s)).toBe(before);
          }
        }
        if (!applied) break;
        domStateSchema.parse(s);
        const counts = new Map<string, number>();
        for (const x of Object.values(s.units)) counts.set(`${x.hex}${x.side}`, (counts.get(`${x.hex}${x.side}`) ?? 0) + 1);
        for (const [, k] of counts) expect(k).toBeLessThanOrEqual(5);
        for (const x of Object.values(s.units))
          expect(Object.values(s.units).some((y) => y.hex === x.hex && y.side !== x.side)).toBe(false);
      }
      expect(log.length).toBeGreaterThan(20);
      let r = engine.setup({ seed });
      for (const a of log) r = engine.apply(r, a).state;
      expect(JSON.stringify(r)).toBe(JSON.stringify(s));
    }
  });
});
