/**
 * The search level of the Drive on Moscow bot: it looks ahead with the rules engine. At the
 * start of each of its movement and combat phases (and, German, of each player turn: the phase
 * order of 5.2) it plays the game on once per style of the heuristic (bot.ts: the operational
 * plan's objectives, the panzers all for Moscow, or each stack for the city nearest it;
 * bolder or more careful attacks; thinner or thicker city garrisons, Moscow counted nearer
 * the enemy; move/fight or fight/move), each play-out on the same fresh dice (common random
 * numbers: a difference between styles is the style's, not the dice's), scores the positions
 * reached (`germanScore`), and plays the phase in the style that scored best.
 * Orders, reinforcements, conversions, losses, retreats and advances stay with the heuristic.
 *
 * A play-out runs the searched phase in the style and the rest of the side's player turn in
 * the heuristic's; the score then weighs what the turn won (cities, steps), how near the
 * Germans stand to what they still need, and how hard they can hit it next turn against the
 * defenders in it. The other side's answer is not played out: a game takes about 45
 * searches, and a play-out through the answer would triple their cost.
 *
 * It is deterministic: play-out dice come from the game's own dice, and the style chosen for
 * a phase is remembered for that phase (keyed by game, turn, side, phase and where the side's
 * units began the phase); when the memory is lost (another process) the phase is searched
 * again from the position it has reached.
 */
import { BoundedMemo } from '../../kernel/bounded-memo.js';
import { diceId, forkDice } from '../../kernel/dice.js';
import type { HexId } from '../../kernel/hex.js';
import type { Applied } from '../engine.js';
import { botStep } from './bot.js';
import { DEFAULT_STYLE, type DomStyle } from './bot-style.js';
import type { DomEngine } from './engine.js';
import { factorsOf, Position } from './position.js';
import type { DomAction, DomState, Side } from './state.js';

/** The styles weighed in each searched phase; the first, kept on ties, is the heuristic's own (for the phase order: move/fight). */
export const SEARCH_STYLES: Readonly<Partial<Record<`${Side}-${'order' | 'movement' | 'combat'}`, readonly DomStyle[]>>> = {
  // 5.2: fight/move gives every German prepared assault of the turn 1R, at the cost of moving after the battles.
  'german-order': [
    { ...DEFAULT_STYLE, order: 'move-fight' },
    { ...DEFAULT_STYLE, order: 'fight-move' },
  ],
  'german-movement': [
    DEFAULT_STYLE,
    { ...DEFAULT_STYLE, goal: 'moscow' },
    { ...DEFAULT_STYLE, goal: 'nearest' },
    { ...DEFAULT_STYLE, assault: 0.4 },
  ],
  'german-combat': [
    DEFAULT_STYLE,
    { ...DEFAULT_STYLE, attack: { ...DEFAULT_STYLE.attack, german: 0.3 } },
    { ...DEFAULT_STYLE, attack: { ...DEFAULT_STYLE.attack, german: 0.65 } },
  ],
  'soviet-movement': [
    DEFAULT_STYLE,
    { ...DEFAULT_STYLE, garrison: 2 },
    { ...DEFAULT_STYLE, garrison: 0.5 },
    { ...DEFAULT_STYLE, moscow: 12 },
  ],
  'soviet-combat': [
    DEFAULT_STYLE,
    { ...DEFAULT_STYLE, attack: { ...DEFAULT_STYLE.attack, soviet: 0.4 } },
    { ...DEFAULT_STYLE, attack: { ...DEFAULT_STYLE.attack, soviet: 0.85 } },
  ],
};

export interface SearchBudget {
  /** Play-outs per style (each on its own dice, the same dice for every style). */
  playouts: number;
  /** Most orders in one play-out (a safety cap: a player turn takes about 80). */
  maxActions: number;
}
export const DEFAULT_BUDGET: SearchBudget = { playouts: 1, maxActions: 400 };

const chosen = new BoundedMemo<string, DomStyle>(10_000);

/** Forget the styles chosen so far (a test proving a fresh search chooses the same). */
export function forgetStyles(): void {
  chosen.clear();
}

/** How many phases have been searched since the styles were last forgotten. */
export function searchedPhases(): number {
  return chosen.size;
}

/** The search bot's action for `side`, with what applying it gave when it was tried. */
export function searchStep(
  engine: DomEngine,
  s: DomState,
  side: Side,
  budget: SearchBudget = DEFAULT_BUDGET,
): { action: DomAction; applied?: Applied<DomState> } | undefined {
  return botStep(engine, s, side, styleFor(engine, s, side, budget));
}

export function searchAction(engine: DomEngine, s: DomState, side: Side, budget: SearchBudget = DEFAULT_BUDGET): DomAction | undefined {
  return searchStep(engine, s, side, budget)?.action;
}

/** The style for the phase under way: searched once per phase, the heuristic's outside the searched phases. */
export function styleFor(engine: DomEngine, s: DomState, side: Side, budget: SearchBudget = DEFAULT_BUDGET): DomStyle {
  if (s.result || s.side !== side || (s.phase !== 'order' && s.phase !== 'movement' && s.phase !== 'combat')) return DEFAULT_STYLE;
  const styles = SEARCH_STYLES[`${side}-${s.phase}`];
  if (!styles) return DEFAULT_STYLE;
  const key = `${diceId(s.dice)}|${s.turn}|${side}|${s.phase}|${s.step}|${JSON.stringify(s.startHex)}`;
  return chosen.get(key, () => bestStyle(engine, s, side, styles, budget));
}

function bestStyle(engine: DomEngine, start: DomState, side: Side, styles: readonly DomStyle[], budget: SearchBudget): DomStyle {
  const scores = styleScores(engine, start, side, styles, budget);
  // Strictly better only: ties keep the earlier style (the heuristic's first).
  let best = 0;
  for (let i = 1; i < styles.length; i++) if (scores[i]! > scores[best]!) best = i;
  return styles[best]!;
}

/** What each style's play-outs from `start` score for `side` (summed over the budget's play-outs). */
export function styleScores(
  engine: DomEngine,
  start: DomState,
  side: Side,
  styles: readonly DomStyle[],
  budget: SearchBudget = DEFAULT_BUDGET,
): number[] {
  return styles.map((style) => {
    let total = 0;
    for (let i = 0; i < budget.playouts; i++) {
      // Salted by turn, phase and play-out: the same dice for every style of this search.
      const salt =
        1 +
        start.turn * 7919 +
        (start.side === 'german' ? 0 : 3) +
        (start.phase === 'combat' ? 1 : start.phase === 'order' ? 2 : 0) +
        i * 104729;
      const end = playout(engine, start, side, style, salt, budget.maxActions);
      total += side === 'german' ? germanScore(engine, end) : -germanScore(engine, end);
    }
    return total;
  });
}

/**
 * From `start` on dice drawn from `salt`: the searched phase in `style`, then the heuristic
 * (both sides' battle choices included) up to the end of the side's player turn or the game.
 */
function playout(engine: DomEngine, start: DomState, side: Side, style: DomStyle, salt: number, maxActions: number): DomState {
  let s: DomState = { ...start, dice: forkDice(start.dice, salt) };
  const phase = start.phase;
  const step = start.step;
  for (let n = 0; n < maxActions && !s.result && s.side === side; n++) {
    const mover = engine.prompt(s).side ?? s.side;
    const searched = mover === side && s.phase === phase && s.step === step;
    const st = botStep(engine, s, mover, searched ? style : DEFAULT_STYLE);
    if (!st) break;
    if (st.applied) s = st.applied.state;
    else
      try {
        s = engine.apply(s, st.action).state;
      } catch {
        break; // the heuristic found nothing legal (its fallback, ending the phase, is refused): judge the position here
      }
  }
  return s;
}

/**
 * A position for the Germans (the Soviets' is its negative). The game's end decides above
 * all (4.1-4.5); short of it, each of the five cities held (4.3) and how near the Germans
 * stand to those they lack and to Moscow (4.1), then strength on the map: German steps count
 * double, as the Soviets get a stream of reinforcements (9.1) and the Germans none but
 * replacements (12.2).
 */
export function germanScore(engine: DomEngine, s: DomState): number {
  if (s.result) return s.result.winner === 'german' ? 1000 : -1000;
  const board = engine.board;
  const p = new Position(board, engine.charts, s);
  const germans: HexId[] = [];
  let steps = 0;
  for (const u of Object.values(s.units)) {
    if (u.side === 'german') {
      germans.push(u.hex);
      steps += 2 * u.steps + 0.1 * (factorsOf(u)?.[0] ?? 0);
    } else steps -= u.steps;
  }
  const nearest = (h: HexId) => Math.min(20, ...germans.map((g) => board.distance(g, h)));
  let score = steps;
  for (const h of Object.values(board.cities)) {
    if (p.control(h) === 'german') score += 25;
    else score += -2 * nearest(h) + CITY_THREAT * threat(s, board, h);
  }
  score -= 3 * Math.min(...board.moscow.map(nearest));
  for (const h of board.moscow) if (p.control(h) !== 'german') score += MOSCOW_THREAT * threat(s, board, h);
  return score;
}

/** What one point of threat (below) is worth on a city the Germans lack, and on a Moscow hex (4.1 ends the game). */
const CITY_THREAT = 2;
const MOSCOW_THREAT = 4;
/** A Soviet unit not yet seen in battle (2.13), counted at about the mean of the faces. */
const UNTRIED_DEFENCE = 2;

/**
 * How hard the Germans can hit an objective they lack next turn: the attack of the German
 * units next to it, and at half weight of those two hexes off (a panzer division counts its
 * defence factor, as it attacks into a city with it, 11.17), against the defence of the
 * Soviets in it, capped at 6. It is what lets the Soviet search see a city or Moscow left
 * thin (the Germans do not move in its play-outs) and the German one a city left open.
 */
function threat(s: DomState, board: DomEngine['board'], hex: HexId): number {
  let attack = 0;
  let defence = 0;
  for (const u of Object.values(s.units)) {
    if (u.side === 'soviet') {
      if (u.hex === hex) defence += u.untried ? UNTRIED_DEFENCE : (factorsOf(u)?.[1] ?? 0);
      continue;
    }
    const d = board.distance(u.hex, hex);
    if (d > 2) continue;
    const f = factorsOf(u);
    attack += ((u.armour ? f?.[1] : f?.[0]) ?? 0) * (d <= 1 ? 1 : 0.5);
  }
  return Math.min(6, attack / Math.max(1, defence));
}
