/**
 * Set-up (3.x, 13.2, 13.3): the Soviet pool, a default German deployment that is legal
 * and playable at once, and the checks for moving a unit during set-up.
 */

import { type DiceSeed, newDice } from '../../kernel/dice.js';
import type { HexId } from '../../kernel/hex.js';
import { rowOf } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import { turnSpec } from './charts/index.js';
import { Play } from './context.js';
import { stackingProblem } from './movement.js';
import type { RulesIndex } from './rules-index.js';
import type { BattleWin, Scenario, TyphoonState } from './state.js';

/** 3.2: German hexes in the first three rows west of the initial front line, by distance. Fixed by the map: built once. */
export function setupDepth(index: RulesIndex): ReadonlyMap<HexId, number> {
  let depth = depths.get(index);
  if (!depth) depths.set(index, (depth = buildSetupDepth(index)));
  return depth;
}
const depths = new WeakMap<RulesIndex, ReadonlyMap<HexId, number>>();

function buildSetupDepth(index: RulesIndex): Map<HexId, number> {
  const depth = new Map<HexId, number>();
  let ring = index.map.ids.filter(
    (h) => !index.initiallySoviet.has(h) && index.map.neighbours(h).some((n) => index.initiallySoviet.has(n)),
  );
  for (let d = 1; d <= 3; d++) {
    for (const h of ring) depth.set(h, d);
    const next = new Set<HexId>();
    for (const h of ring) for (const n of index.map.neighbours(h)) if (!index.initiallySoviet.has(n) && !depth.has(n)) next.add(n);
    ring = [...next];
  }
  return depth;
}

/** Why `unit` may not set up in `hex`, or undefined when it may (3.2, 13.3, 7.x). */
export function setupProblem(play: Play, unit: string, hex: HexId): RuleError | undefined {
  const { index } = play;
  if (!index.map.has(hex)) return new RuleError('2.2', `there is no hex ${hex} on the map`);
  if (!setupDepth(index).has(hex)) return new RuleError('3.2', `${hex} is not in the three hex rows west of the front line`);
  const spec = index.unit(unit);
  if (play.s.scenario === 'historical' && index.map.hex(hex)!.sector !== spec.formation) {
    const name = index.charts.formations.find((f) => f.id === spec.formation)?.name ?? spec.formation;
    return new RuleError('3.2', `${spec.label} belongs to ${name} and sets up inside its sector`);
  }
  return stackingProblem(play, [unit], hex);
}

/**
 * The default deployment: each formation's units spread along its own stretch of the front
 * (mechanized units in the front row, infantry behind where room runs out). In the Clenched
 * Fist scenario the mechanized units mass in the middle of the front (13.0, 13.3).
 */
function defaultDeployment(play: Play): void {
  const { index, s } = play;
  const depth = setupDepth(index);
  const byRow = (a: HexId, b: HexId) => rowOf(a) - rowOf(b) || a.localeCompare(b);
  const place = (unit: string, candidates: HexId[]) => {
    for (const limit of [1, 2, 3]) {
      const hex = candidates.find((h) => play.unitsIn(h).length < limit && !stackingProblem(play, [unit], h));
      if (hex) {
        s.units[unit] = { hex, steps: 2 };
        return;
      }
    }
    throw new Error(`no set-up hex for ${unit}`);
  };
  const units = [...index.charts.german].sort((a, b) => (a.mobility === b.mobility ? 0 : a.mobility === 'mechanized' ? -1 : 1));
  if (s.scenario === 'historical') {
    for (const f of index.charts.formations) {
      const hexes = [...depth.keys()].filter((h) => index.map.hex(h)!.sector === f.id);
      const rows = [1, 2, 3].flatMap((d) => spread(hexes.filter((h) => depth.get(h) === d).sort(byRow)));
      for (const u of units.filter((x) => x.formation === f.id)) place(u.id, rows);
    }
    return;
  }
  const front = [...depth.keys()].filter((h) => depth.get(h) === 1).sort(byRow);
  const middle = front.slice(Math.floor(front.length / 3), Math.ceil((2 * front.length) / 3));
  const all = [1, 2, 3].flatMap((d) => spread([...depth.keys()].filter((h) => depth.get(h) === d).sort(byRow)));
  for (const u of units) place(u.id, u.mobility === 'mechanized' ? [...middle, ...all] : all);
}

/** Reorder a line of hexes so that consecutive picks land far apart (even spread along the front). */
function spread(hexes: HexId[]): HexId[] {
  const out: HexId[] = [];
  const n = hexes.length;
  const seen = new Set<number>();
  for (let step = n; step >= 1; step = Math.floor(step / 2)) {
    for (let i = Math.floor(step / 2); i < n; i += step) {
      if (!seen.has(i)) {
        seen.add(i);
        out.push(hexes[i]!);
      }
    }
    if (step === 1) break;
  }
  for (let i = 0; i < n; i++) if (!seen.has(i)) out.push(hexes[i]!);
  return out;
}

const deployments = new WeakMap<RulesIndex, Map<Scenario, TyphoonState['units']>>();

export function initialState(index: RulesIndex, scenario: Scenario, seed: DiceSeed, battleWin: BattleWin = 'set-aside-out'): TyphoonState {
  const s: TyphoonState = {
    game: 'operation-typhoon',
    schema: 1,
    scenario,
    turn: scenario === 'clenched-fist' ? 2 : 1, // 13.2
    phase: 'setup',
    dice: newDice(seed),
    taken: [],
    units: {},
    done: [],
    airAvailable: 0,
    airWith: [],
    active: null,
    battle: null,
    pool: index.charts.soviet
      .filter((c) => !c.reserve)
      .map((c) => c.id)
      .sort(), // 3.1
    destroyed: [],
    pocketTally: 0,
    undoable: false,
    ...(battleWin === 'all-eliminated' ? { battleWin } : {}),
  };
  // The default deployment takes no dice: worked out once per scenario, then copied.
  let byScenario = deployments.get(index);
  if (!byScenario) deployments.set(index, (byScenario = new Map()));
  let units = byScenario.get(scenario);
  if (!units) {
    defaultDeployment(new Play(index, s));
    byScenario.set(scenario, (units = s.units));
  }
  s.units = Object.fromEntries(Object.entries(units).map(([id, u]) => [id, { ...u }]));
  s.airAvailable = turnSpec(index.charts, s.turn).luftwaffeCas;
  return s;
}
