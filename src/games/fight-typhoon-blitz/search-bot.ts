/**
 * The search bot: when one of its chits reaches its combat segment with enemy units next to
 * its units, it plays the rest of the chit out with the rules engine in each of a few attack
 * styles of the heuristic (SEARCH_STYLES: bolder or more careful odds), on dice forked from
 * the game's (never the game's own, so it cannot foresee a roll), every style on the same dice,
 * scores the position each reaches (`axisScore`) and fights the chit in the best style.
 * Moves, the chit choice, Guderian's interrupt, reinforcements and the owner's choices in
 * battle are the heuristic's (bot.ts).
 *
 * The evaluation, from the Axis side (the Soviet takes its negative): the victory conditions
 * of 14.4 first (a result 1000; Moscow hexes and Tula 15 each, having held them together 40,
 * each major city with a line 8), then the strength on the map of each side ((attack +
 * defence) / 2 a unit), half of it for units out of their line (the next SUPPLY chit takes a
 * step from them, 11.1), and how near the Axis stands to Moscow (1 a hex) and Tula (1/2).
 *
 * Deterministic: the play-out dice come from the game's seed, and the style chosen for a chit
 * is remembered for that chit of that game.
 */
import { BoundedMemo } from '../../kernel/bounded-memo.js';
import { type DiceState, diceId, forkDice } from '../../kernel/dice.js';
import type { HexId } from '../../kernel/hex.js';
import type { Board } from './board.js';
import { botAction, DEFAULT_STYLE, type FtbStyle } from './bot.js';
import type { FtbCharts } from './charts.js';
import { Ctx, other } from './context.js';
import { apply } from './engine.js';
import type { FtbAction, FtbState, Side, Unit } from './state.js';
import { locHexes } from './supply.js';
import { axisCities } from './turns.js';

/**
 * The attack styles each side weighs (bot.ts attackColumn plus `attack`); the first is the
 * heuristic's own. The Axis: 1.5-1 and up, or any 1-1 (the same in mud, frost and snow,
 * where the heuristic already takes 1-1; a more careful Axis style was tried
 * and dropped: judged one chit ahead, a push that only drives the Soviet back looks worth
 * less than the step it risks, and the Axis that chose it stalled, 0 wins in 3 arena games);
 * the Soviet: 3-1 and up (2-1 in snow), 1.5-1 and up (1-1 in snow), or no attack below 10-1.
 */
export const SEARCH_STYLES: Readonly<Record<Side, readonly FtbStyle[]>> = {
  german: [DEFAULT_STYLE, { ...DEFAULT_STYLE, attack: -1 }],
  soviet: [DEFAULT_STYLE, { ...DEFAULT_STYLE, attack: -2 }, { ...DEFAULT_STYLE, attack: 9 }],
};

export interface SearchBudget {
  /** Play-outs per style (each on its own dice, the same for every style). */
  playouts: number;
  /** Most actions in one play-out (a safety cap: a chit is far shorter). */
  maxActions: number;
}
export const DEFAULT_BUDGET: SearchBudget = { playouts: 2, maxActions: 200 };

const chosen = new BoundedMemo<string, FtbStyle>(10_000);

let searches = 0;

/** Forget the styles chosen so far (a test proving a second search chooses the same). */
export function forgetStyles(): void {
  chosen.clear();
}

/** How many chits this process has searched (tests and the arena tell a search from a cached answer). */
export function searchCount(): number {
  return searches;
}

const strength = (c: Ctx, u: Unit) => {
  const [a, d] = c.values(u);
  return (a + d) / 2;
};

/** The position from the Axis side (see the module comment). */
export function axisScore(board: Board, charts: FtbCharts, s: FtbState): number {
  if (s.result) return s.result.winner === 'german' ? 1000 : -1000;
  const c = new Ctx(board, charts, s);
  const key = (h: HexId) => (c.control(h) === 'german' ? 15 : 0);
  let v = board.moscow.reduce((t, h) => t + key(h), 0) + key(board.tula) + (s.heldMoscowTula ? 40 : 0) + 8 * axisCities(c).length;
  for (const side of ['german', 'soviet'] as const) {
    const loc = locHexes(c, side);
    const sign = side === 'german' ? 1 : -1;
    for (const u of c.onMap(side)) v += sign * (loc.has(u.hex!) ? 1 : 0.5) * strength(c, u);
  }
  const axis = c.onMap('german').map((u) => u.hex!);
  const near = (goal: HexId) => Math.min(20, ...axis.map((h) => board.distance(h, goal)));
  return v - Math.min(...board.moscow.map(near)) - 0.5 * near(board.tula);
}

/** Whether this decision opens the combat segment of a chit with an enemy hex next to its units. */
function searched(c: Ctx): boolean {
  const chit = c.s.chit;
  if (c.s.phase !== 'combat' || !chit || chit.resolving || chit.declared.length || chit.side !== c.s.side) return false;
  const enemy = other(chit.side);
  return chit.units.some((id) => {
    const u = c.unit(id);
    return u?.where === 'map' && !c.isHq(u) && c.board.neighbours(u.hex!).some((n) => c.sideAt(n) === enemy);
  });
}

/** The search bot's next action (the heuristic's wherever the search does not reach). */
export function searchAction(board: Board, charts: FtbCharts, s: FtbState, budget: SearchBudget = DEFAULT_BUDGET): FtbAction | undefined {
  if (s.result) return undefined;
  const chit = s.chit;
  if (!chit || !['combat', 'advance', 'loss', 'retreat'].includes(s.phase) || s.side !== chit.side) return botAction(board, charts, s);
  // One chit of one game: its turn, how many chits were used before it, and its name.
  const key = `${diceId(s.dice as DiceState)}|${s.turn}|${s.used.length}|${chit.name}`;
  const style = chosen.get(key, () => {
    if (!searched(new Ctx(board, charts, s))) return undefined;
    searches += 1;
    return bestStyle(board, charts, s, chit.side, budget);
  });
  return botAction(board, charts, s, style);
}

function bestStyle(board: Board, charts: FtbCharts, start: FtbState, side: Side, budget: SearchBudget): FtbStyle {
  const styles = SEARCH_STYLES[side];
  let best = styles[0]!;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const style of styles) {
    let total = 0;
    // Every style on the same dice (common random numbers): a difference is the style's, not the dice's.
    for (let p = 0; p < budget.playouts; p++)
      total += axisScore(
        board,
        charts,
        play(board, charts, { ...start, dice: forkDice(start.dice as DiceState, 1 + p * 104729) }, style, budget.maxActions),
      );
    const v = side === 'german' ? total : -total;
    // Ties go to the heuristic's own style (listed first).
    if (v > bestScore) {
      bestScore = v;
      best = style;
    }
  }
  return best;
}

/**
 * The chit under way in `start`, played on in `style` (the other side's choices the
 * heuristic's) until it ends; the position reached.
 */
function play(board: Board, charts: FtbCharts, start: FtbState, style: FtbStyle, maxActions: number): FtbState {
  let s = start;
  const side = start.chit!.side;
  const used = start.used.length;
  for (let n = 0; n < maxActions && !s.result && s.used.length === used && s.turn === start.turn; n++) {
    const mine = s.chit?.side === side && s.side === side;
    const a = botAction(board, charts, s, mine ? style : DEFAULT_STYLE);
    if (!a) break;
    s = apply(board, charts, s, a).state;
  }
  return s;
}
