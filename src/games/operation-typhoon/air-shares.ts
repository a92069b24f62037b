/**
 * 8.2, 8.3: the Luftwaffe's support shared among the formations, when it is split.
 */
import type { Play } from './context.js';
import type { RulesIndex } from './rules-index.js';
import type { TyphoonState } from './state.js';

/** The formations of these units, in chart order. */
export function formationsIn(play: { index: RulesIndex }, units: readonly string[]): string[] {
  const of = new Set(units.map((u) => play.index.unit(u).formation));
  return play.index.charts.formations.map((f) => f.id).filter((f) => of.has(f));
}

/** Team play's shares of the Luftwaffe not assigned yet this phase (9.1), one entry per unit. */
export function airSharesLeft(s: TyphoonState): string[] {
  const used = [...(s.airUsed ?? [])];
  // This turn's units are those still available and those assigned; the split's first entries get them.
  const left = (s.airSplit ?? []).slice(0, s.airAvailable + used.length);
  for (const f of used) {
    const i = left.indexOf(f);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/** The share an assignment to `units` takes: a formation, '' without a split, null when none is left. */
export function airShare(play: Play, units: readonly string[]): string | null {
  if (!play.s.airSplit?.length) return '';
  const left = airSharesLeft(play.s);
  return formationsIn(play, units).find((f) => left.includes(f)) ?? null;
}
