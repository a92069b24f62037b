/**
 * 10.2, 10.3: the terrain a battle is fought in and the columns it moves each side's fire.
 */
import type { HexId } from '../../kernel/hex.js';
import { type NaturalTerrain, type PlaceKind, type TerrainEffect, turnSpec } from './charts/index.js';
import type { Play } from './context.js';
import type { Battle } from './state.js';

export type FireColumn = keyof TerrainEffect['fire'];

/**
 * 10.2: the terrain that counts in a battle hex is the one most advantageous to the
 * defender. Reading: the chart's German columns are the attacker's and its Soviet columns the
 * defender's; the best terrain for the defender is the one that cuts attacking fire most,
 * then helps defending fire most. In a breakout the roles swap (see `fireModifier`).
 */
export function battleTerrain(play: Play, hex: HexId): NaturalTerrain | PlaceKind {
  const h = play.map.hex(hex)!;
  const natural: NaturalTerrain = h.terrain === 'forest' || h.terrain === 'marsh' ? h.terrain : 'clear';
  const candidates: (NaturalTerrain | PlaceKind)[] = [natural];
  if (h.place) candidates.push(h.place.kind);
  const chart = play.charts.terrain.terrain;
  const score = (t: NaturalTerrain | PlaceKind) => {
    const f = chart[t].fire;
    return [-(f.germanMechanized + f.germanNonMechanized), f.sovietGround + f.sovietArtillery] as const;
  };
  return candidates.reduce((best, t) => {
    const [a1, b1] = score(best);
    const [a2, b2] = score(t);
    return a2 > a1 || (a2 === a1 && b2 > b1) ? t : best;
  });
}

/**
 * The die modifier for one firing unit. Regular battle: Germans attack, Soviets defend.
 * Breakout (11.2): the Soviets attack out of the pocket and fire on the attacker's column
 * (non-mechanized), the Germans defend and fire on the defender's ground column.
 */
export function fireModifier(play: Play, battle: Battle, column: FireColumn, defenderFiring: boolean): { total: number; parts: string[] } {
  const terrain = battleTerrain(play, battle.hex);
  const effect = play.charts.terrain.terrain[terrain].fire[column];
  const parts: string[] = [];
  let total = 0;
  if (effect) {
    total += effect;
    parts.push(`${effect > 0 ? '+' : ''}${effect} ${terrain}`);
  }
  if (defenderFiring && battle.round === 1 && battle.riverCrossed) {
    const r = play.charts.terrain.river.defenderFirstRound; // 10.3
    total += r;
    parts.push(`+${r} river`);
  }
  if (!defenderFiring && battle.kind === 'regular' && battle.round === 1) {
    const bonus = turnSpec(play.charts, play.s.turn).firstRoundGermanBonus; // 12.3
    if (bonus) {
      total += bonus;
      parts.push(`+${bonus} turn ${play.s.turn}`);
    }
  }
  return { total, parts };
}
