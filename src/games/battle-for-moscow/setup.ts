/**
 * Starting the Game: Soviet units at half strength on the hammer-and-sickle hexes, German
 * units at full strength on the crosses (the German player arranges them), four Soviet units
 * left over, every city Soviet but those that start under a German unit.
 */
import { newDice } from '../../kernel/dice.js';
import type { HexId } from '../../kernel/hex.js';
import { RuleError, type SideId } from '../engine.js';
import type { BfmMap, Board } from './board.js';
import { UNITS } from './data/units.js';
import { RULE } from './rules.js';
import { type BfmOptions, type BfmState, bfmOptionsSchema, type UnitState } from './state.js';

export function initialState(bm: BfmMap, options: BfmOptions): BfmState {
  const o = bfmOptionsSchema.parse(options);
  const units: Record<string, UnitState> = {};
  for (const u of UNITS) {
    units[u.id] = u.start === 'pool' ? { hex: null, full: false } : { hex: u.start, full: u.side === 'german' };
  }
  const germanHexes = new Set(UNITS.filter((u) => u.side === 'german').map((u) => u.start));
  const cities: Record<HexId, SideId> = {};
  for (const c of bm.cities) cities[c] = germanHexes.has(c) ? 'german' : 'soviet';
  return {
    game: 'battle-for-moscow',
    schema: 1,
    turn: 1,
    phase: 'setup',
    dice: newDice(o.seed),
    units,
    cities,
    moved: [],
    displaced: null,
    replacements: 0,
    created: [],
    combat: null,
    options: { sovietReplacements: o.sovietReplacements, germanReplacementTurns: o.germanReplacementTurns, botLevel: o.botLevel },
    bots: [...new Set(o.bots)].sort(),
  };
}

export function swapProblem(b: Board, a: string, c: string): RuleError | undefined {
  if (b.s.phase !== 'setup') return new RuleError(RULE.setup, 'units are arranged only before play starts');
  for (const u of [a, c]) {
    if (!b.s.units[u]) return new RuleError(RULE.setup, `there is no unit "${u}"`);
    if (b.sideOf(u) !== 'german')
      return new RuleError(RULE.setup, `${b.name(u)} is Soviet; all Soviet units are alike, so only German units are arranged`);
  }
  if (a === c) return new RuleError(RULE.setup, 'name two different units to trade places');
  return undefined;
}

/** The German player trades the crosses of two units (the set-up stays one unit per cross). */
export function swap(b: Board, a: string, c: string): void {
  const problem = swapProblem(b, a, c);
  if (problem) throw problem;
  const ha = b.hexOf(a)!;
  const hc = b.hexOf(c)!;
  b.place(a, hc);
  b.place(c, ha);
  b.event('setup', `${b.name(a)} and ${b.name(c)} trade places (${hc}, ${ha}).`, { rule: RULE.setup, hexes: [ha, hc] });
}

/** Every German unit back on its printed set-up hex. */
export function resetSetup(b: Board): void {
  if (b.s.phase !== 'setup') throw new RuleError(RULE.setup, 'units are arranged only before play starts');
  for (const u of UNITS) if (u.side === 'german' && u.start !== 'pool') b.place(u.id, u.start);
  b.event('setup', 'Every German unit is back on its printed set-up hex.', { rule: RULE.setup });
}
