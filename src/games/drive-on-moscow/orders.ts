/**
 * Drive on Moscow's orders: how the shared commands (/move, /attack, /odds, /battle, /phase,
 * /replace, /rules, /setup place) and its own (/withdraw, /convert) become its actions, with autocomplete.
 * Each group of orders has its module (move-orders.ts, combat-orders.ts, phase-orders.ts).
 */
import { type DomCharts, SHIPPED_CHARTS } from './charts.js';
import { attackOrder, battleOrder, oddsOrder } from './combat-orders.js';
import { moveOrder, setupPlaceOrder } from './move-orders.js';
import type { DomOrder } from './order-words.js';
import { convertOrder, domRulesOrder, phaseEndOrder, phaseOrderOrder, replaceOrder, withdrawOrder } from './phase-orders.js';

export const DOM_COMMANDS: Record<string, string> = {
  withdraw: 'Drive on Moscow: withdraw a German unit from the map (9.3)',
  convert: 'Drive on Moscow: turn a Soviet unit into the Guards unit drawn (9.4)',
};

/** Every order of the game, in the order the commands list them. */
export function domOrders(charts: () => DomCharts = () => SHIPPED_CHARTS): DomOrder[] {
  const odds = oddsOrder(charts);
  return [
    moveOrder(),
    attackOrder(charts, odds),
    odds,
    battleOrder(),
    phaseOrderOrder(),
    phaseEndOrder(),
    setupPlaceOrder(),
    replaceOrder(),
    withdrawOrder(),
    convertOrder(),
    domRulesOrder(charts),
  ];
}
