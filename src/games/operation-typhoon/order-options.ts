/**
 * The options Operation Typhoon's orders take, checked with zod, and the small readers they share.
 */
import { z } from 'zod';
import { plural } from '../../contracts/text.js';
import { RuleError } from '../engine.js';
import { hexOption, type Order, type OrderOptions, type OrderOutcome } from '../orders.js';
import { airSharesLeft } from './air-shares.js';
import { CHART_IDS } from './chart-text.js';
import { prompt } from './engine-prompt.js';
import type { RulesIndex } from './rules-index.js';
import { allocationModes, type TyphoonAction, type TyphoonState } from './state.js';

export const moveOptions = z.object({
  force: hexOption.optional(),
  to: hexOption.optional(),
  path: z.string().trim().min(4).max(300).optional(),
  units: z.string().trim().min(1).max(200).optional(),
  air: z.enum(['with', 'stays']).optional(),
});
export const airOptions = z.object({ hex: hexOption });
export const dropOptions = z.object({ units: z.string().trim().min(1).max(200) });
export const placeOptions = z.object({ unit: z.string().trim().min(1).max(40), hex: hexOption });
export const chartOptions = z.object({ chart: z.enum(CHART_IDS) });
export const splitOptions = z.object({ formations: z.string().trim().min(1).max(100) });
export const listOptions = z.object({ army: z.string().trim().min(1).max(40).optional() });
export const hitOptions = z.object({ unit: z.string().trim().min(1).max(40).optional() });
export const allocationOptions = z.object({ mode: z.enum(allocationModes) });

/** Formation ids from "PG3, 9A" or their names; "none" (or "-") is an empty list. */
export function formationIds(index: RulesIndex, text: string): string[] {
  if (/^(none|-|first come)$/i.test(text.trim())) return [];
  return text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((part) => {
      const f = index.charts.formations.find((x) => squeezed(x.id) === squeezed(part) || squeezed(x.name) === squeezed(part));
      if (!f) throw new RuleError('1.4', `there is no formation "${part}" (${index.charts.formations.map((x) => x.id).join(', ')})`);
      return f.id;
    });
}

/**
 * 9.1: Luftwaffe units are assigned before any force moves; the first move forfeits those
 * not assigned. Undefined when nothing would be lost.
 */
export function airForfeit(s: TyphoonState, action: TyphoonAction): OrderConfirm | undefined {
  if (action.type !== 'move' || s.phase !== 'movement' || s.active || s.done.length > 0 || s.airAvailable <= 0) return undefined;
  const withAir = s.airWith.some((g) => g.some((u) => s.units[u]?.hex === action.from));
  const shares = airSharesLeft(s);
  const text = `${plural(s.airAvailable, 'Luftwaffe unit')} ${s.airAvailable === 1 ? 'is' : 'are'} not assigned yet${shares.length ? ` (shares: ${shares.join(', ')})` : ''}. Air support is assigned before the first force moves: this move would forfeit ${s.airAvailable === 1 ? 'it' : 'them'} for turn ${s.turn} (9.1).`;
  return {
    text: withAir ? text : `${text} Assign one to this force first, or elsewhere with /air assign hex:XXYY.`,
    go: `Move, forfeit ${plural(s.airAvailable, 'Luftwaffe unit')}`,
    ...(withAir
      ? {}
      : { instead: [{ label: `Luftwaffe to ${action.from} first`, act: { type: 'assign-air', hex: action.from } as TyphoonAction }] }),
  };
}

type OrderConfirm = NonNullable<Extract<OrderOutcome<TyphoonAction>, { act: unknown }>['confirm']>;

/** A string option's value, if given. */
export const textOption = (options: OrderOptions, name: string): string | undefined => {
  const v = options[name];
  return typeof v === 'string' ? v : undefined;
};

export type TyphoonOrder = Order<TyphoonState, TyphoonAction>;

/** The units the next waiting hit may land on (10.6), as the battle prompt offers them. */
export function allocationTargets(index: RulesIndex, state: TyphoonState): { id: string; label: string }[] {
  return prompt(index, state)
    .choices.filter((c) => c.action.type === 'allocate' && c.action.unit)
    .map((c) => ({ id: (c.action as { unit: string }).unit, label: c.label.replace(/^Hit (.*) \((full strength|reduced)\)$/, '$1') }));
}

/** Lower case, letters and digits only: how names are compared. */
export const squeezed = (t: string) => t.toLowerCase().replace(/[^a-z0-9]/g, '');
