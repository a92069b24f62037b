/**
 * Soviet force generation (8.0-8.3): the defenders of a Soviet hex appear when a German
 * force enters it, drawn from the pool by a die roll on the hex's terrain line.
 */
import type { HexId } from '../../kernel/hex.js';
import { forceLineFor, type SovietForce, type SovietKind, turnSpec } from './charts/index.js';
import type { Play } from './context.js';

export interface Generated {
  roll: number;
  modified: number;
  force: SovietForce | null;
  units: string[];
  /** Substitutions made because the pool had run out (8.2, 8.3). */
  notes: string[];
}

/** 8.1: the modifiers to the generation die for this hex. */
export function generationModifier(play: Play, hex: HexId): { total: number; parts: string[] } {
  const fg = play.charts.forceGeneration;
  const parts: string[] = [];
  let total = 0;
  const turnMod = turnSpec(play.charts, play.s.turn).forceModifier;
  if (turnMod) {
    total += turnMod;
    parts.push(`+${turnMod} turn ${play.s.turn}`);
  }
  if (play.index.moscow.includes(hex)) {
    total += fg.moscowModifier;
    parts.push(`+${fg.moscowModifier} Moscow`);
  }
  if (play.s.scenario === 'clenched-fist') {
    total += fg.clenchedFistModifier; // 13.5
    parts.push(`+${fg.clenchedFistModifier} Clenched Fist`);
  }
  return { total, parts };
}

/**
 * 11.2 step 3, 13.5: the modifier to the breakout die (the Soviet Breakout Force Generation
 * Table's roll). 13.5: "whenever you roll to determine a Soviet force, whether for regular or
 * pocket breakout combat, always add one to that result before consulting the appropriate
 * table". The 8.1 modifiers belong to the defending force table only (8.5), so in the
 * historical game the breakout die is read as rolled.
 */
export function breakoutModifier(play: Play): { total: number; parts: string[] } {
  if (play.s.scenario !== 'clenched-fist') return { total: 0, parts: [] };
  const m = play.charts.forceGeneration.clenchedFistModifier; // 13.5
  return { total: m, parts: [`+${m} Clenched Fist`] };
}

function clampRoll(rows: { roll: number }[], value: number): number {
  const lo = Math.min(...rows.map((r) => r.roll));
  const hi = Math.max(...rows.map((r) => r.roll));
  return Math.max(lo, Math.min(hi, value));
}

/** 8.1: roll on the line of the hex's terrain most favourable to the Soviets. */
export function generateDefenders(play: Play, hex: HexId): Generated {
  const place = play.map.hex(hex)!.place?.kind;
  const line = play.charts.forceGeneration.lines[forceLineFor(place)];
  const roll = play.die();
  const modified = clampRoll(line.rows, roll + generationModifier(play, hex).total);
  const force = line.rows.find((r) => r.roll === modified)?.force ?? null;
  const notes: string[] = [];
  const units = force ? drawForce(play, force, notes) : [];
  return { roll, modified, force, units, notes };
}

const ORDER: [keyof SovietForce, SovietKind[]][] = [
  ['GD', ['guards']],
  ['AC', ['airborne']],
  ['RD', ['rifle']],
  ['B', ['brigade']],
  ['A', ['heavy-howitzer', 'heavy-mortar']],
  ['CAS', ['cas']],
];

/** 8.2: take the listed units from the pool; guards and airborne fall back to rifle divisions (8.2, 8.3). */
function drawForce(play: Play, force: SovietForce, notes: string[]): string[] {
  const drawn: string[] = [];
  const available = (kinds: SovietKind[]) =>
    play.s.pool.filter((id) => !drawn.includes(id) && kinds.includes(play.index.sovietUnit(id).kind));
  let extraRifles = 0;
  for (const [key, kinds] of ORDER) {
    let want = (force[key] ?? 0) + (key === 'RD' ? extraRifles : 0);
    while (want > 0) {
      const free = available(kinds);
      if (free.length === 0) {
        if (key === 'GD' || key === 'AC') {
          extraRifles += 1;
          notes.push(`no ${key === 'GD' ? 'guards division' : 'airborne corps'} left: a rifle division instead (8.2)`);
        } else {
          notes.push(`the pool has no more ${key} units`);
        }
        want -= 1;
        continue;
      }
      // Artillery is drawn blind (8.2); other units of a kind are interchangeable, so take the first.
      const id = key === 'A' ? free[play.pick(free.length)]! : free[0]!;
      drawn.push(id);
      want -= 1;
    }
  }
  play.s.pool = play.s.pool.filter((id) => !drawn.includes(id));
  return drawn;
}

export function describeForce(force: SovietForce | null): string {
  if (!force) return '--';
  const parts = (Object.keys(force) as (keyof SovietForce)[]).filter((k) => (force[k] ?? 0) > 0).map((k) => `${force[k]} ${k}`);
  return parts.length ? parts.join(' + ') : '--';
}
