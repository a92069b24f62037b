import { clip, LIMITS } from '../../contracts/limits.js';
import type { Choice } from '../../contracts/reply.js';
import type { SideId } from '../engine.js';
import { offer as offerTyped } from '../orders.js';
import { type BfmState, battleOdds, bfmEngine, describeOdds, phaseSide } from './index.js';
import { boardOf, hexLine, legalOf, quietUnit, unitLine } from './unit-names.js';

/**
 * Autocomplete for Battle for Moscow's orders, fed by the engine's legal actions, so a
 * player is offered exactly what the rules allow now. Unknown units give no suggestions.
 */

function offer(choices: Choice[], typed: string, limit: number = LIMITS.choices): Choice[] {
  return offerTyped(choices, typed, limit).map((c) => ({ name: clip(c.name, LIMITS.choiceNameChars), value: c.value }));
}

/** /move unit: the units that may still move, with how many hexes they can reach. */
export function moverChoices(state: BfmState, typed: string, limit: number = LIMITS.choices): Choice[] {
  const b = boardOf(state);
  const count = new Map<string, number>();
  for (const m of legalOf(state, 'move')) count.set(m.unit, (count.get(m.unit) ?? 0) + 1);
  return offer(
    [...count].map(([unit, n]) => ({ name: `${unitLine(b, unit)} · ${n} hex${n === 1 ? '' : 'es'} open`, value: unit })),
    typed,
    limit,
  );
}

/** /move to: every legal destination of the named unit, nearest first, with its cost. */
export function destinationChoices(state: BfmState, unitTyped: unknown, typed: string, limit: number = LIMITS.choices): Choice[] {
  const unit = quietUnit(state, unitTyped);
  if (!unit) return [];
  const b = boardOf(state);
  const legal = new Set(
    legalOf(state, 'move')
      .filter((m) => m.unit === unit)
      .map((m) => m.to),
  );
  const dests = bfmEngine()
    .destinations(state, unit)
    .filter((d) => legal.has(d.hex))
    .sort((x, y) => x.cost - y.cost || x.hex.localeCompare(y.hex));
  return offer(
    dests.map((d) => {
      const shared = b.unitsAt(d.hex).length > 0 ? ' · shared: one must move on' : '';
      return { name: `${hexLine(b, d.hex)} · ${d.cost} hex${d.cost === 1 ? '' : 'es'}${shared}`, value: d.hex };
    }),
    typed,
    limit,
  );
}

/** Who attacks: the side to act, or the Germans outside the game's turns. */
function attackingSide(state: BfmState): SideId {
  return phaseSide(state.phase) ?? 'german';
}

/** Sets of attackers against one defender: legal announcements now, or (for /odds) any adjacent units. */
function attackerSets(state: BfmState, defender: string, legalOnly: boolean): string[][] {
  if (legalOnly || legalOf(state, 'declare').length > 0) {
    return legalOf(state, 'declare')
      .filter((d) => d.defender === defender)
      .map((d) => d.attackers);
  }
  const b = boardOf(state);
  const hex = b.hexOf(defender);
  if (!hex) return [];
  const around = new Set(b.map.neighbours(hex));
  const free = b.onMap(b.sideOf(defender) === 'german' ? 'soviet' : 'german').filter((u) => around.has(b.hexOf(u)!));
  const sets: string[][] = [];
  for (let mask = 1; mask < 1 << free.length; mask++) sets.push(free.filter((_, i) => mask & (1 << i)));
  return sets;
}

/** /attack and /odds defender: enemy units that can be attacked now, with who could attack them. */
export function defenderChoices(state: BfmState, typed: string, legalOnly: boolean): Choice[] {
  const b = boardOf(state);
  const enemy = attackingSide(state) === 'german' ? 'soviet' : 'german';
  const candidates =
    legalOnly || legalOf(state, 'declare').length > 0 ? [...new Set(legalOf(state, 'declare').map((d) => d.defender))] : b.onMap(enemy);
  const choices: Choice[] = [];
  for (const defender of candidates) {
    const sets = attackerSets(state, defender, legalOnly);
    const widest = sets.reduce<string[]>((w, s) => (s.length > w.length ? s : w), []);
    if (widest.length === 0) continue;
    choices.push({ name: `${unitLine(b, defender)} · by ${widest.map((u) => b.spec(u).label).join(', ')}`, value: defender });
  }
  return offer(choices, typed);
}

/** /attack and /odds attackers: the possible sets against the named defender, best odds first. */
export function attackersChoices(state: BfmState, defenderTyped: unknown, typed: string, legalOnly: boolean): Choice[] {
  const defender = quietUnit(state, defenderTyped);
  if (!defender) return [];
  const b = boardOf(state);
  const ranked = attackerSets(state, defender, legalOnly)
    .map((set) => ({ set, odds: battleOdds(b, defender, set) }))
    .sort((x, y) => (y.odds.column ?? 0) - (x.odds.column ?? 0) || x.set.length - y.set.length);
  return offer(
    ranked.map(({ set, odds }) => ({
      name: `${set.map((u) => b.spec(u).label).join(', ')} · ${describeOdds(odds)}`,
      value: set.join(','),
    })),
    typed,
  );
}

/** /battle resolve defender: the announced battles not yet fought. */
export function unresolvedChoices(state: BfmState, typed: string): Choice[] {
  const b = boardOf(state);
  return offer(
    legalOf(state, 'resolve').map((r) => {
      const battle = state.combat!.battles.find((x) => x.defender === r.defender)!;
      return {
        name: `${unitLine(b, r.defender)} · by ${battle.attackers.map((u) => b.spec(u).label).join(', ')} · ${describeOdds(battleOdds(b, r.defender, battle.attackers))}`,
        value: r.defender,
      };
    }),
    typed,
  );
}

export function lossChoices(state: BfmState, typed: string): Choice[] {
  const b = boardOf(state);
  return offer(
    legalOf(state, 'take-loss').map((a) => ({ name: unitLine(b, a.unit), value: a.unit })),
    typed,
  );
}

export function advanceChoices(state: BfmState, typed: string): Choice[] {
  const b = boardOf(state);
  return offer(
    legalOf(state, 'advance').map((a) => ({ name: unitLine(b, a.unit), value: a.unit })),
    typed,
  );
}

export function retreatChoices(state: BfmState, typed: string): Choice[] {
  const b = boardOf(state);
  return offer(
    legalOf(state, 'retreat').map((a) => ({ name: hexLine(b, a.to), value: a.to })),
    typed,
  );
}

/** /replace unit: units that may be restored in place or brought back. */
export function replaceUnitChoices(state: BfmState, typed: string): Choice[] {
  const b = boardOf(state);
  const seen = new Map<string, Choice>();
  for (const r of legalOf(state, 'replace')) {
    if (seen.has(r.unit)) continue;
    const how = r.hex === undefined ? 'restore to full strength' : 'returns at half strength (name the hex)';
    seen.set(r.unit, { name: `${unitLine(b, r.unit)} · ${how}`, value: r.unit });
  }
  return offer([...seen.values()], typed);
}

/** /replace hex: where the named unit may come back. */
export function replaceHexChoices(state: BfmState, unitTyped: unknown, typed: string): Choice[] {
  const unit = quietUnit(state, unitTyped);
  if (!unit) return [];
  const b = boardOf(state);
  return offer(
    legalOf(state, 'replace')
      .filter((r) => r.unit === unit && r.hex !== undefined)
      .map((r) => ({ name: hexLine(b, r.hex!), value: r.hex! })),
    typed,
  );
}

/** /setup swap: the German units and their set-up hexes. */
export function setupUnitChoices(state: BfmState, typed: string): Choice[] {
  const b = boardOf(state);
  return offer(
    b.onMap('german').map((u) => ({ name: unitLine(b, u), value: u })),
    typed,
  );
}
