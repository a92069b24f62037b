/**
 * "Seek pockets": the plan Army Group Centre followed. Turns 1-2, the panzer groups close
 * pincers (3rd and 4th east of Vyazma, 2nd with 2nd Army east of Bryansk) while the armies
 * facing the pockets hold still (every hex they took would be a hex less in the 4.2 tally).
 * Turn 3 the pincers reach out again and the infantry spreads to watch the front (4.3).
 * Turn 4 everyone clears the country west of column 29 and takes towns (4.4); from turn 5,
 * all on Moscow (4.5).
 */
import type { HexId } from '../../../kernel/hex.js';
import { deploymentStep, type StackPlan } from './deployment.js';
import type { Goal, Policy } from './policy.js';
import { decideWith, type Planner } from './tactics.js';
import { hexAt, rowOf, View } from './view.js';

/** A stretch of the plan: head for `target` until `inside` has fallen (the pocket is closed). */
interface Op {
  target: HexId;
  inside: HexId;
}
const op = (tc: number, tr: number, ic: number, ir: number): Op => ({ target: hexAt(tc, tr), inside: hexAt(ic, ir) });

/** Turns 1-2: the two great pincers, then a second, wider ring if time allows. */
const VYAZMA = op(26, 16, 20, 19);
const VYAZMA_WIDE = op(29, 15, 26, 20);
const BRYANSK = op(26, 32, 22, 34);
const BRYANSK_WIDE = op(29, 34, 26, 37);
/** Turn 3 on: hooks to the map edges along column 29, and the centre closed behind them. */
const NORTH_HOOK = [op(29, 12, 24, 8), op(29, 1, 24, 6)];
const SOUTH_HOOK = [op(29, 38, 25, 42), op(29, 50, 25, 46)];
const CENTRE_LINE = op(29, 24, 26, 24);

type Role = 'pg3' | 'pg4' | 'pg2' | '2a' | 'hold';

function role(v: View, unit: string): Role {
  const f = v.formation(unit);
  if (f === 'PG3') return 'pg3';
  if (f === 'PG4') return 'pg4';
  if (f === 'PG2') return 'pg2';
  if (f === '2A') return '2a';
  return 'hold';
}

function opsFor(turn: number, r: Role, mech: boolean): Op[] {
  if (turn <= 2) {
    if (r === 'pg3' || r === 'pg4') return mech ? [VYAZMA, VYAZMA_WIDE] : [VYAZMA];
    if (r === 'pg2' || r === '2a') return mech ? [BRYANSK, BRYANSK_WIDE] : [BRYANSK];
    return [];
  }
  if (!mech) return [];
  if (r === 'pg3') return [VYAZMA, VYAZMA_WIDE, ...NORTH_HOOK];
  if (r === 'pg4') return [VYAZMA, VYAZMA_WIDE, CENTRE_LINE];
  if (r === 'pg2') return [BRYANSK, BRYANSK_WIDE, ...SOUTH_HOOK];
  return [];
}

/** Turn 4: foot soldiers push east to column 29 in their own row (4.4), nearest town first. */
function eastward(v: View, hex: HexId): Goal | null {
  const target = hexAt(29, rowOf(hex));
  for (let c = Number(hex.slice(0, 2)) + 1; c <= 28; c++) {
    if (v.isSoviet(hexAt(c, rowOf(hex)))) return { target, doneWhen: [target] };
  }
  return null;
}

const moscow = (v: View, hex: HexId): Goal => {
  const target = [...v.index.moscow].sort((a, b) => v.dist(hex, a) - v.dist(hex, b) || a.localeCompare(b))[0]!;
  return { target, doneWhen: [target] };
};

const planner: Planner = {
  goal(v, units, hex) {
    const turn = v.s.turn;
    if (turn >= 5) return moscow(v, hex);
    const mech = v.isMech(units[0]!);
    const next = opsFor(turn, role(v, units[0]!), mech).find((o) => v.isSoviet(o.inside) || v.isSoviet(o.target));
    if (next) return { target: next.target, doneWhen: [next.inside] };
    if (turn === 4) return mech ? moscow(v, hex) : eastward(v, hex);
    return null;
  },
  spreadFoot: (v) => v.s.turn === 3,
  fillGaps: (v) => v.s.turn === 3,
};

/** Spearhead stacks of three, set up facing their first objective. */
function stackPlans(v: View): StackPlan[] {
  const plans: StackPlan[] = [];
  const byFormation = (f: string, mech: boolean) =>
    v.index.charts.german.filter((u) => u.formation === f && (u.mobility === 'mechanized') === mech).map((u) => u.id);
  const threes = (units: string[], toward: HexId) => {
    for (let i = 0; i < units.length; i += 3) plans.push({ units: units.slice(i, i + 3), toward });
  };
  threes(byFormation('PG3', true), VYAZMA.target);
  threes(byFormation('PG4', true), VYAZMA.target);
  threes(byFormation('PG2', true), BRYANSK.target);
  threes(byFormation('2A', false), BRYANSK.target);
  return plans;
}

export const seekPockets: Policy = {
  name: 'seek-pockets',
  decide(engine, state) {
    if (state.phase === 'setup' && state.scenario === 'historical') {
      const v = new View(engine, state);
      return deploymentStep(v, stackPlans(v));
    }
    return decideWith(planner, engine, state);
  },
};

