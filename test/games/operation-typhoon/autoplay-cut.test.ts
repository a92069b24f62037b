import { describe, expect, it } from 'vitest';
import { type AssignmentPlan, assignedGoal } from '../../../src/games/operation-typhoon/autoplay/assignment.js';
import { currentCostField } from '../../../src/games/operation-typhoon/autoplay/fields.js';
import { seekPockets } from '../../../src/games/operation-typhoon/autoplay/index.js';
import { decideWith, type Planner } from '../../../src/games/operation-typhoon/autoplay/tactics.js';
import { View } from '../../../src/games/operation-typhoon/autoplay/view.js';
import { type TyphoonState, typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import { armourBeforeMoscow } from '../../helpers/typhoon-positions.js';

/**
 * The pieces of the pocket-seeking policy's turns 2-4: one target per force on the column 28
 * line and the towns (4.4), towns for strong forces within reach, and the drive on Orel.
 */
const engine = typhoonEngine();

/** A position in the movement phase of turn 1, nothing moved yet. */
function movementPosition(seed: number): TyphoonState {
  let s = engine.setup({ seed, scenario: 'historical' });
  while (s.phase === 'setup') s = engine.apply(s, seekPockets.decide(engine, s)).state;
  return s;
}

describe('one target per force (4.4)', () => {
  const plan: AssignmentPlan = { mech: true, foot: true, townBonus: 14, withinReach: false };

  it('gives no two forces the same target, and every target is a Soviet hex of column 28 or a Soviet town', () => {
    const s = movementPosition(5);
    const v = new View(engine, s);
    const targets: string[] = [];
    for (const stack of v.movable()) {
      const mech = stack.units.filter((u) => v.isMech(u));
      const groups = [...(mech.length ? [mech] : []), ...stack.units.filter((u) => !v.isMech(u)).map((u) => [u])];
      for (const g of groups) {
        const goal = assignedGoal(v, g, plan);
        if (goal) targets.push(goal.target);
      }
    }
    expect(targets.length).toBeGreaterThan(20);
    expect(new Set(targets).size).toBe(targets.length);
    for (const t of targets) {
      expect(v.isSoviet(t)).toBe(true);
      expect(t.startsWith('28') || !!engine.index.map.hex(t)!.place).toBe(true);
    }
  });

  it('sends the force nearest any target to it, and leaves towns out when the plan says so', () => {
    const s = movementPosition(5);
    const v = new View(engine, s);
    const lineOnly: AssignmentPlan = { mech: true, foot: false, townBonus: undefined, withinReach: false };
    const stacks = v.movable().filter((st) => st.units.some((u) => v.isMech(u)));
    let best: { units: string[]; target: string; cost: number } | undefined;
    for (const st of stacks) {
      const mech = st.units.filter((u) => v.isMech(u));
      for (let r = 1; r <= 50; r++) {
        const t = `28${String(r).padStart(2, '0')}`;
        const cost = currentCostField(v, t, true).get(st.hex);
        if (cost !== undefined && (!best || cost < best.cost)) best = { units: mech, target: t, cost };
      }
    }
    expect(best).toBeDefined();
    const goal = assignedGoal(v, best!.units, lineOnly)!;
    expect(currentCostField(v, goal.target, true).get(stacks.find((st) => st.units.includes(best!.units[0]!))!.hex)).toBe(best!.cost);
    for (const st of stacks) {
      const t = assignedGoal(
        v,
        st.units.filter((u) => v.isMech(u)),
        lineOnly,
      )?.target;
      if (t) expect(t.startsWith('28')).toBe(true);
    }
  });

  it('with only targets in reach, gives none to a force too far from every one', () => {
    const s = movementPosition(5);
    const v = new View(engine, s);
    const inReach: AssignmentPlan = { mech: true, foot: false, townBonus: undefined, withinReach: true };
    // On turn 1 at 18 MP nothing on column 28 is within a panzer group's reach from its start line.
    const far = v.movable().filter((st) => st.units.some((u) => v.isMech(u)) && Number(st.hex.slice(0, 2)) < 14);
    expect(far.length).toBeGreaterThan(0);
    for (const st of far)
      expect(
        assignedGoal(
          v,
          st.units.filter((u) => v.isMech(u)),
          inReach,
        ),
      ).toBeUndefined();
  });
});

describe('towns worth their VP, for forces that can take them (4.4)', () => {
  /** Every Soviet town and city out-values any hex of the line: who gets which shows the rules of the plan. */
  const townsFirst = (extra: Partial<AssignmentPlan> = {}): AssignmentPlan => ({
    mech: true,
    foot: false,
    townBonus: 100,
    withinReach: false,
    ...extra,
  });
  const mechForces = (v: View) =>
    v
      .movable()
      .map((st) => ({ hex: st.hex, units: st.units.filter((u) => v.isMech(u)) }))
      .filter((f) => f.units.length > 0);
  const placeOf = (h: string) => engine.index.map.hex(h)!.place;

  it('counts a city twice a town: the nearest force-city pair is matched first', () => {
    const s = movementPosition(5);
    const v = new View(engine, s);
    const cities = engine.index.map.ids.filter((h) => placeOf(h)?.kind === 'city' && v.isSoviet(h));
    let best: { units: string[]; target: string; cost: number } | undefined;
    for (const f of mechForces(v)) {
      for (const c of cities) {
        const cost = currentCostField(v, c, true).get(f.hex);
        if (cost !== undefined && (!best || cost < best.cost || (cost === best.cost && c < best.target)))
          best = { units: f.units, target: c, cost };
      }
    }
    expect(best).toBeDefined();
    expect(assignedGoal(v, best!.units, townsFirst())!.target).toBe(best!.target);
  });

  it("sends no force weaker than the plan's minimum to a town", () => {
    const s = movementPosition(5);
    const v = new View(engine, s);
    const forces = mechForces(v);
    const weak = forces.filter((f) => v.strength(f.units) < 15);
    expect(weak.length).toBeGreaterThan(0);
    // Without the minimum, towns out-value everything and the weak forces get towns too.
    expect(weak.some((f) => !!placeOf(assignedGoal(v, f.units, townsFirst())?.target ?? '0000'))).toBe(true);
    const strongOnly = townsFirst({ townStrength: 15 });
    for (const f of weak) {
      const t = assignedGoal(v, f.units, strongOnly)?.target;
      if (t) expect(placeOf(t)).toBeUndefined();
    }
    expect(forces.some((f) => v.strength(f.units) >= 15 && !!placeOf(assignedGoal(v, f.units, strongOnly)?.target ?? '0000'))).toBe(true);
  });

  it("leaves out towns farther than the plan's reach", () => {
    const s = movementPosition(5);
    const v = new View(engine, s);
    const near = townsFirst({ townReach: 30 });
    let towns = 0;
    for (const f of mechForces(v)) {
      const t = assignedGoal(v, f.units, near)?.target;
      if (!t || !placeOf(t)) continue;
      towns += 1;
      expect(currentCostField(v, t, true).get(f.hex)!).toBeLessThanOrEqual(30);
    }
    expect(towns).toBeGreaterThan(0);
  });
});

describe('XXIV Motorized Corps on Orel (4.4)', () => {
  it('drives its stack toward Orel on turn 1 instead of the Bryansk ring', () => {
    let s = movementPosition(5);
    const orel = '3535';
    const start = s.units['3pz']!.hex;
    for (let n = 0; n < 400 && s.turn === 1; n++) {
      const a = seekPockets.decide(engine, s);
      const moving = a.type === 'move' && (a.units ?? s.active?.units ?? []).includes('3pz');
      s = engine.apply(s, a).state;
      if (moving) break;
    }
    const grid = engine.index.map.grid;
    expect(grid.distance(s.units['3pz']!.hex, orel)).toBeLessThan(grid.distance(start, orel));
    expect(engine.index.map.hex(orel)!.place!.name).toBe('Orel');
  });
});

/** The start of turn 3's movement in seed `seed`, played by the pocket-seeking German. */
function turnThree(seed: number): TyphoonState {
  let s = movementPosition(seed);
  while (!(s.turn === 3 && s.phase === 'movement' && s.done.length === 0 && !s.active) && s.phase !== 'over')
    s = engine.apply(s, seekPockets.decide(engine, s)).state;
  return s;
}

describe('panzer divisions fill the turn 3 front last (4.3)', () => {
  /** A planner that only watches the front: the infantry may, the panzers only as `fillLast` allows. */
  const watcher = (fillLast?: Planner['fillLast']): Planner => ({
    goal: () => null,
    fillGaps: () => true,
    mayFill: (v, unit) => !v.isMech(unit),
    ...(fillLast ? { fillLast } : {}),
  });
  const movedUnits = (s: TyphoonState, a: ReturnType<typeof decideWith>) => (a.type === 'move' ? (a.units ?? s.active?.units ?? []) : []);

  it('sends infantry to a gap while any can watch it, and a panzer division only when none can', () => {
    const s = turnThree(2);
    expect(s.phase).toBe('movement');
    const v = new View(engine, s);
    expect(v.frontGaps().length).toBeGreaterThan(0);
    const first = decideWith(
      watcher(() => true),
      engine,
      s,
    );
    expect(first.type).toBe('move');
    expect(movedUnits(s, first).every((u) => !v.isMech(u))).toBe(true);

    // The same position with the infantry gone: without fillLast nobody fills the gaps, with it a panzer division does.
    const armourOnly = structuredClone(s);
    armourOnly.units = Object.fromEntries(Object.entries(s.units).filter(([id]) => v.isMech(id)));
    expect(decideWith(watcher(), engine, armourOnly)).toEqual({ type: 'end-phase' });
    const filled = decideWith(
      watcher(() => true),
      engine,
      armourOnly,
    );
    expect(filled.type).toBe('move');
    const units = movedUnits(armourOnly, filled);
    expect(units).toHaveLength(1);
    expect(v.isMech(units[0]!)).toBe(true);
  });
});

describe('the Luftwaffe where the battles decide (9.1)', () => {
  it('flies on turn 4 with a stack sent to a town or city, which it enters that turn (4.4)', () => {
    for (const seed of [5, 6]) {
      let s = engine.setup({ seed, scenario: 'historical' });
      let withAir: string[] = [];
      const places: string[] = [];
      while (s.phase !== 'over' && s.turn <= 4) {
        const a = seekPockets.decide(engine, s);
        if (s.turn === 4 && a.type === 'assign-air') withAir = Object.keys(s.units).filter((id) => s.units[id]!.hex === a.hex);
        const moving = a.type === 'move' ? (a.units ?? s.active?.units ?? []) : [];
        const next = engine.apply(s, a).state;
        const entered = a.type === 'move' ? a.path.at(-1)! : undefined;
        // A force entering a Soviet place stops there for its battle (8.0).
        if (entered && s.turn === 4 && moving.some((u) => withAir.includes(u)) && engine.index.map.hex(entered)!.place)
          places.push(entered);
        s = next;
      }
      expect(withAir.length).toBeGreaterThan(0);
      expect(places.length).toBeGreaterThan(0);
    }
  });

  it('flies on turns 6-8 with the armour before Moscow, not the strongest stack far off', () => {
    const { s, before } = armourBeforeMoscow(engine, movementPosition(3));
    s.turn = 7;
    expect(seekPockets.decide(engine, s)).toEqual({ type: 'assign-air', hex: before });
  });
});
