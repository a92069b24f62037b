import { describe, expect, it } from 'vitest';
import { typhoonEngine, type TyphoonState } from '../src/games/operation-typhoon/index.js';
import { seekPockets } from '../src/games/operation-typhoon/autoplay/index.js';
import { assignedGoal, type AssignmentPlan } from '../src/games/operation-typhoon/autoplay/assignment.js';
import { currentCostField } from '../src/games/operation-typhoon/autoplay/fields.js';
import { dropBehind, guardStep } from '../src/games/operation-typhoon/autoplay/front-guard.js';
import { View } from '../src/games/operation-typhoon/autoplay/view.js';
import { onGermanFront } from '../src/games/operation-typhoon/control.js';

/**
 * The pieces of the pocket-seeking policy's turns 2-4: one target per force on the column 28
 * line and the towns (4.4), and keeping the front watched while the spearheads cut (4.3).
 */
const engine = typhoonEngine();

/** A position in the movement phase of turn 1, nothing moved yet. */
function movementPosition(seed: number): TyphoonState {
  let s = engine.setup({ seed, scenario: 'historical' });
  while (s.phase === 'setup') s = engine.apply(s, seekPockets.decide(engine, s)).state;
  return s;
}

const mechUnits = (s: TyphoonState) => Object.keys(s.units).filter((id) => engine.index.unit(id).mobility === 'mechanized').sort();

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
      const t = assignedGoal(v, st.units.filter((u) => v.isMech(u)), lineOnly)?.target;
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
    for (const st of far) expect(assignedGoal(v, st.units.filter((u) => v.isMech(u)), inReach)).toBeUndefined();
  });
});

describe('keeping the front watched while cutting (4.3)', () => {
  /** A corridor 2820-2822 cut into Soviet country, a two-unit panzer force at its head about to go on to 2823. */
  function corridor(guardAt?: string): { s: TyphoonState; units: string[] } {
    const base = movementPosition(3);
    const units = mechUnits(base).slice(0, 2);
    const guard = mechUnits(base)[2]!;
    const taken = [...new Set([...base.taken, '2820', '2821', '2822'])].sort();
    const moved = { ...base.units, [units[0]!]: { ...base.units[units[0]!]!, hex: '2822' }, [units[1]!]: { ...base.units[units[1]!]!, hex: '2822' } };
    if (guardAt) moved[guard] = { ...base.units[guard]!, hex: guardAt };
    const s: TyphoonState = { ...base, taken, units: moved, active: { units, hex: '2822', mp: 6, trail: ['2821', '2822'], air: false, mudBound: false } };
    return { s, units };
  }

  it('drops the weaker unit where going on would leave a front hex unwatched (9.5)', () => {
    const { s, units } = corridor();
    const v = new View(engine, s);
    expect(onGermanFront(v.play, '2821')).toBe(true);
    const action = dropBehind(v, '2823');
    expect(action?.type).toBe('drop');
    const dropped = (action as { units: string[] }).units;
    expect(dropped).toHaveLength(1);
    expect(v.strength(dropped)).toBe(Math.min(...units.map((u) => v.strength([u]))));
    // The engine takes it: the unit stays, the force goes on with the other.
    const after = engine.apply(s, action!).state;
    expect(after.active!.units).toHaveLength(1);
    expect(after.units[dropped[0]!]!.hex).toBe('2822');
  });

  it('drops nothing when another force already watches the corridor behind', () => {
    const { s } = corridor('2820');
    expect(dropBehind(new View(engine, s), '2823')).toBeUndefined();
  });

  it('moves a force with nothing to take to where it watches more open front hexes', () => {
    const { s, units } = corridor();
    // The force stands at the rear end of the corridor: going up it watches more of it.
    const atRear: TyphoonState = { ...s, taken: [...s.taken, '2720'].sort(), units: { ...s.units, [units[0]!]: { ...s.units[units[0]!]!, hex: '2720' }, [units[1]!]: { ...s.units[units[1]!]!, hex: '2720' } }, active: { ...s.active!, hex: '2720' } };
    const v = new View(engine, atRear);
    const open = (h: string) => ['2820', '2821', '2822'].filter((f) => engine.index.map.grid.distance(f, h) <= 1 && onGermanFront(v.play, f)).length;
    const action = guardStep(v);
    expect(action?.type).toBe('move');
    const end = (action as { path: string[] }).path.at(-1)!;
    expect(v.isSoviet(end)).toBe(false);
    expect(open(end)).toBeGreaterThan(open('2720'));
  });
});
