/**
 * How boldly the heuristic bot plays: the weights and odds it goes by.
 */
import type { Side } from './state.js';

/**
 * How boldly the heuristic plays; the search bot (search-bot.ts) picks one per phase.
 * DEFAULT_STYLE is the heuristic level's own play.
 */
export interface DomStyle {
  /** German mobile assaults: the least chance of clearing the hex (DR or DE) the panzers go in at. */
  assault: number;
  /** Prepared assaults: the least chance of DR or DE (less half the chance of AL1), by side. */
  attack: Record<Side, number>;
  /**
   * Where German stacks head: `plan`, the objective the operational plan gives them (plan.ts);
   * `nearest` city they do not hold; `moscow`: the mechanized for Moscow whatever is nearer
   * (the sudden-death win, 4.1).
   */
  goal: 'nearest' | 'moscow' | 'plan';
  /** Soviet reserves: how many hexes of German distance one more defender in a city is worth. */
  garrison: number;
  /** Soviet reserves: how many hexes nearer the Germans Moscow counts (its loss ends the game, 4.1). */
  moscow: number;
  /**
   * The phase order declared at the start of the player turn (5.2); `auto`: the heuristic's
   * rule of thumb (`fightsFirst`).
   */
  order: 'move-fight' | 'fight-move' | 'auto';
}
export const DEFAULT_STYLE: DomStyle = {
  assault: 0.6,
  attack: { german: 0.45, soviet: 0.6 },
  goal: 'plan',
  garrison: 1,
  moscow: 6,
  order: 'auto',
};
