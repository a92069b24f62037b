/**
 * Combat odds: total attack against defence, fractions dropped, capped at 6:1, shifted down
 * for terrain and rivers, with no effect below 1:1 (Combat, steps 2-3, Maximum and Minimum
 * Odds, Terrain Effects, Mud).
 */
import type { HexId } from '../../kernel/hex.js';
import type { Board } from './board.js';
import { CRT, type CrtResult, MAX_ODDS, type OddsColumn } from './data/crt.js';
import { RIVER_SHIFT, TERRAIN } from './data/terrain.js';
import { MUD_ATTACK_DIVISOR, turnSpec } from './data/turns.js';
import { RULE } from './rules.js';

export interface OddsShift {
  reason: string;
  levels: number;
  rule: string;
}

export interface OddsReport {
  /** Printed attack strength of the attackers. */
  attack: number;
  /** Attack strength the odds use: halved in mud (fractions kept until the division). */
  effectiveAttack: number;
  defence: number;
  /** floor(attack / defence): the odds level before the cap (0 means below 1:1). */
  ratio: number;
  /** After the 6:1 cap (step 2). */
  capped: number;
  shifts: OddsShift[];
  /** The CRT column after shifts, or null: below 1:1 the attack has no effect. */
  column: OddsColumn | null;
}

export function describeOdds(o: OddsReport): string {
  const col = o.column === null ? 'below 1:1, no effect' : `${o.column}:1`;
  const shifts = o.shifts.map((s) => `-${s.levels} ${s.reason}`).join(', ');
  return `${o.effectiveAttack} to ${o.defence}${o.ratio >= 1 ? ` (${Math.min(o.ratio, MAX_ODDS)}:1)` : ''}${shifts ? `, ${shifts}` : ''}: ${col}`;
}

/** The odds of a battle of these units as they stand now (they need not be adjacent). */
export function battleOdds(b: Board, defender: string, attackers: readonly string[]): OddsReport {
  const attack = attackers.reduce((t, a) => t + b.strength(a), 0);
  // Mud: attack strengths are halved; 17 halves to 8 1/2 and against 4 makes 2:1.
  const mud = turnSpec(b.s.turn).mud;
  const effectiveAttack = mud ? attack / MUD_ATTACK_DIVISOR.divisor : attack;
  const defence = b.strength(defender);
  // Step 2: divide, dropping all fractions (15 attacking 4 is 3:1).
  const ratio = Math.floor(effectiveAttack / defence);
  // Maximum and Minimum Odds: above 6:1 becomes 6:1 in step 2, before terrain.
  const capped = Math.min(ratio, MAX_ODDS);
  const shifts = terrainShifts(b, b.hexOf(defender)!, defender, attackers);
  const final = capped - shifts.reduce((t, s) => t + s.levels, 0);
  // Below 1:1 after step 3 the attack has no effect on either side.
  return { attack, effectiveAttack, defence, ratio, capped, shifts, column: final >= 1 ? (final as OddsColumn) : null };
}

/** Combat: Terrain Effects. Forest, Moscow, or a Soviet defender in a fortification; all attackers across a river. */
export function terrainShifts(b: Board, hex: HexId, defender: string, attackers: readonly string[]): OddsShift[] {
  const shifts: OddsShift[] = [];
  const terrain = b.bm.terrain(hex);
  const effect = TERRAIN[terrain]!;
  if (effect.defenceShift > 0 && (effect.shiftFor === 'both' || b.sideOf(defender) === 'soviet')) {
    shifts.push({ reason: terrain === 'moscow' ? 'Moscow' : terrain, levels: effect.defenceShift, rule: RULE.terrain });
  }
  const across =
    attackers.length > 0 &&
    attackers.every((a) => {
      const from = b.hexOf(a);
      return from !== null && b.map.isRiver(from, hex);
    });
  if (across) shifts.push({ reason: 'river', levels: RIVER_SHIFT.shift, rule: RULE.terrain });
  return shifts;
}

export interface CombatPreview {
  odds: OddsReport;
  /** Exact chance of each CRT result in sixths (one die); NE is certain below 1:1. */
  sixths: Record<CrtResult, number>;
  probabilities: Record<CrtResult, number>;
}

/** The final odds column and the exact chance of each result for a proposed battle. */
export function previewOdds(odds: OddsReport): CombatPreview {
  const sixths: Record<CrtResult, number> = { NE: 0, DR: 0, DRL: 0, AL: 0, DE: 0, EX: 0 };
  if (odds.column === null) sixths.NE = 6;
  else for (const row of CRT) sixths[row[odds.column - 1]!] += 1;
  const probabilities = Object.fromEntries(Object.entries(sixths).map(([k, n]) => [k, n / 6])) as Record<CrtResult, number>;
  return { odds, sixths, probabilities };
}
