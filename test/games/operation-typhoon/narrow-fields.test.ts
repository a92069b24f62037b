import { describe, expect, it } from 'vitest';
import { type AssignmentPlan, assignedGoal } from '../../../src/games/operation-typhoon/autoplay/assignment.js';
import { currentCostField } from '../../../src/games/operation-typhoon/autoplay/fields.js';
import { seekPockets } from '../../../src/games/operation-typhoon/autoplay/index.js';
import { View } from '../../../src/games/operation-typhoon/autoplay/view.js';
import { CHARTS } from '../../../src/games/operation-typhoon/charts/index.js';
import { placeVictoryPoints } from '../../../src/games/operation-typhoon/control.js';
import { createTyphoonEngine, type TyphoonState, typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import { loadMap } from '../../../src/maps/game-map.js';

/**
 * The scripted German's cost fields on today's control are first worked out near their
 * targets and widened when a question needs more (fields.ts), and the matching of forces to
 * targets asks for no more than it needs (assignment.ts). Both only save time: against whole
 * fields built afresh by a separate engine (its own caches), they give the same answers.
 */
const engine = typhoonEngine();
/** A separate engine: its fields are built from nothing and read whole. */
const fresh = createTyphoonEngine({ map: loadMap('operation-typhoon'), charts: CHARTS });

/** Every 10th movement-phase position of turns 2-4 of one pocket-seeking game. */
function positions(seed: number): TyphoonState[] {
  let s = engine.setup({ seed, scenario: 'historical' });
  const out: TyphoonState[] = [];
  for (let i = 0; s.phase !== 'over' && s.turn <= 4; i++) {
    // No force part-way through its move: the matching counts that one with the MP it has left.
    if (i % 10 === 0 && s.turn >= 2 && s.phase === 'movement' && !s.battle && !s.active) out.push(s);
    s = engine.apply(s, seekPockets.decide(engine, s)).state;
  }
  return out;
}

/** The whole field of the fresh engine: MP from every hex in reach, by hex id. */
function wholeField(s: TyphoonState, target: string, mech: boolean): Map<string, number> {
  return new Map(currentCostField(new View(fresh, s), target, mech));
}

describe("cost fields on today's control, worked out near their targets first", () => {
  const states = positions(5);

  it('know the whole field’s cost wherever they claim to, and only farther than their radius do they not', () => {
    let known = 0;
    for (const s of states) {
      const v = new View(engine, s);
      for (const target of ['2816', '2831', '3025']) {
        if (!v.isSoviet(target)) continue;
        const kept = currentCostField(v, target, true);
        const whole = wholeField(s, target, true);
        for (const [i, id] of v.graph.ids.entries()) {
          const cost = kept.known(i);
          const truth = whole.get(id);
          if (cost >= 0) {
            expect(cost).toBe(truth);
            known += 1;
          } else expect(truth === undefined || truth > kept.reach).toBe(true);
        }
      }
    }
    expect(states.length).toBeGreaterThan(5);
    expect(known).toBeGreaterThan(1000);
  });

  it('match forces to targets as the plain greedy matching over every pair does', () => {
    const plans: AssignmentPlan[] = [
      { mech: true, foot: false, townBonus: 0, withinReach: false },
      { mech: true, foot: false, townBonus: 4, withinReach: true, townReach: 9 },
      { mech: true, foot: true, townBonus: 14, withinReach: false, townStrength: 15 },
    ];
    let matched = 0;
    for (const s of states) {
      const v = new View(engine, s);
      for (const plan of plans) {
        const expected = referenceMatching(v, plan);
        for (const f of forcesOf(v, plan)) {
          expect(assignedGoal(v, f.units, plan)?.target).toBe(expected.get(f.units[0]!));
          if (expected.has(f.units[0]!)) matched += 1;
        }
      }
    }
    expect(matched).toBeGreaterThan(100);
  });
});

interface Force {
  units: string[];
  hex: string;
  mech: boolean;
  mp: number;
  strength: number;
}

/** The forces a plan matches: mechanized groups of a stack, foot units one by one (assignment.ts). */
function forcesOf(v: View, plan: AssignmentPlan): Force[] {
  const out: Force[] = [];
  for (const stack of v.movable()) {
    const mech = stack.units.filter((u) => v.isMech(u));
    if (plan.mech && mech.length > 0)
      out.push({ units: mech, hex: stack.hex, mech: true, mp: v.allowance(true), strength: v.strength(mech) });
    if (plan.foot)
      for (const u of stack.units.filter((x) => !v.isMech(x)))
        out.push({ units: [u], hex: stack.hex, mech: false, mp: v.allowance(false), strength: v.strength([u]) });
  }
  return out;
}

/** Every force-target pair costed on whole fields, cheapest first, each force and target taken once. */
function referenceMatching(v: View, plan: AssignmentPlan): Map<string, string> {
  const forces = forcesOf(v, plan);
  const targets = v.index.map.ids.filter((h) => {
    const place = v.index.map.hex(h)!.place;
    return v.isSoviet(h) && (h.startsWith('28') || (place !== undefined && place.kind !== 'capital'));
  });
  const pairs: { unit: string; target: string; cost: number }[] = [];
  for (const target of targets) {
    const place = v.index.map.hex(target)!.place;
    if (place && plan.townBonus === undefined) continue;
    const vp = placeVictoryPoints(place?.kind);
    for (const mech of [true, false]) {
      if (!forces.some((f) => f.mech === mech)) continue;
      const field = wholeField(v.s, target, mech);
      for (const f of forces.filter((x) => x.mech === mech)) {
        const cost = field.get(f.hex);
        if (cost === undefined || (plan.withinReach && cost > f.mp + 2)) continue;
        if (place && (f.strength < (plan.townStrength ?? 0) || (plan.townReach !== undefined && cost > plan.townReach))) continue;
        pairs.push({ unit: f.units[0]!, target, cost: cost - (place ? plan.townBonus! * vp : 0) + (mech ? 0 : 0.5) });
      }
    }
  }
  pairs.sort((a, b) => a.cost - b.cost || a.target.localeCompare(b.target) || a.unit.localeCompare(b.unit));
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const p of pairs) {
    if (taken.has(p.target) || out.has(p.unit)) continue;
    taken.add(p.target);
    out.set(p.unit, p.target);
  }
  return out;
}
