/**
 * A game state from a described position: which units stand where, at which strength, in
 * which turn and phase. For rule examples, puzzles and tests; the result is an ordinary state
 * the engine plays on from there.
 */

import { z } from 'zod';
import { diceSeedSchema, newDice } from '../../kernel/dice.js';
import { hexIdSchema } from '../../kernel/hex.js';
import type { BfmMap } from './board.js';
import { LAST_TURN } from './data/turns.js';
import { isUnitId, UNITS } from './data/units.js';
import { type BfmState, bfmOptionsSchema, PHASES, type UnitState } from './state.js';

export const positionSchema = z.object({
  turn: z.number().int().min(1).max(LAST_TURN),
  phase: z.enum(PHASES),
  /** Units on the map (others are off it); `full` defaults to false (half strength). */
  units: z.record(
    z.string().refine(isUnitId, 'not a Battle for Moscow unit'),
    z.object({ hex: hexIdSchema, full: z.boolean().default(false) }),
  ),
  /** City owners that differ from the start of the game. */
  cities: z.record(hexIdSchema, z.enum(['german', 'soviet'])).default({}),
  seed: diceSeedSchema.default(1),
  replacements: z.number().int().min(0).max(5).default(0),
  options: bfmOptionsSchema
    .omit({ seed: true, bots: true })
    .default({ sovietReplacements: 5, germanReplacementTurns: 'every', botLevel: 'search' }),
});
export type Position = z.input<typeof positionSchema>;

export function positionState(bm: BfmMap, position: Position): BfmState {
  const p = positionSchema.parse(position);
  const units: Record<string, UnitState> = {};
  const used = new Set<string>();
  for (const u of UNITS) {
    const placed = p.units[u.id];
    if (placed) {
      if (!bm.map.has(placed.hex)) throw new RangeError(`${placed.hex} is not on the map`);
      if (used.has(placed.hex)) throw new RangeError(`two units in ${placed.hex}`);
      used.add(placed.hex);
    }
    units[u.id] = placed ? { hex: placed.hex, full: placed.full } : { hex: null, full: false };
  }
  const cities: BfmState['cities'] = {};
  // Starting the Game: cities start Soviet except those under a German set-up unit.
  const germanStarts = new Set(UNITS.filter((u) => u.side === 'german').map((u) => u.start));
  for (const c of bm.cities) cities[c] = p.cities[c] ?? (germanStarts.has(c) ? 'german' : 'soviet');
  const combat = p.phase.endsWith('combat') ? { battles: [], declaring: true, current: null } : null;
  return {
    game: 'battle-for-moscow',
    schema: 1,
    turn: p.turn,
    phase: p.phase,
    dice: newDice(p.seed),
    units,
    cities,
    moved: [],
    displaced: null,
    replacements: p.replacements,
    created: [],
    combat,
    options: { sovietReplacements: p.options.sovietReplacements ?? 5, germanReplacementTurns: p.options.germanReplacementTurns ?? 'every' },
    bots: [],
  };
}
