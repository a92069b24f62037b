/**
 * The search bot: Monte Carlo over playing styles. At the start of each phase it searches it
 * plays the game on several times for each style of the heuristic, with the dice drawn afresh
 * for every play-out (the expectation over dice), scores the positions reached, and then
 * plays the phase in the style that scored best. Losses, retreats and advances stay with the
 * heuristic.
 *
 * The Germans search their movement and combat phases among bolder or more careful attacks
 * and more or fewer moves, and play out the phase (the last phase of their turn: the Soviet
 * answer too).
 *
 * The Soviets search each phase of their turn but rail movement: where replacements go, how
 * boldly to counterattack, where to stand and whether to hold every hex next to Moscow
 * (SOVIET_STYLES). They play out the rest of their
 * turn and the German turn up to the end of its combat phase, every style on the same dice
 * (common random numbers: a difference between styles is the style's, not the dice's), and
 * score what decides the game (sovietScore): Moscow, then how exposed it is, the cities, and
 * the strength each side keeps.
 *
 * It is deterministic: play-out dice come from the game's own seed, and the style chosen
 * for a phase is remembered for that phase of that game (keyed by seed, turn, phase and
 * the opponent's position).
 */
import { BoundedMemo } from '../../kernel/bounded-memo.js';
import { copyJson } from '../../kernel/copy-json.js';
import { diceId, forkDice } from '../../kernel/dice.js';
import type { SideId } from '../engine.js';
import { type BfmMap, Board } from './board.js';
import { type BotStyle, botActionOn, DEFAULT_STYLE } from './bot.js';
import { applyChecked } from './engine.js';
import { isMovementPhase } from './movement.js';
import { type BfmAction, type BfmState, otherSide, phaseSide } from './state.js';

export const STYLES: readonly BotStyle[] = [
  DEFAULT_STYLE,
  { attack: -1, moveThreshold: 0.5 },
  { attack: 1, moveThreshold: 0.5 },
  { attack: 0, moveThreshold: 2 },
];

/**
 * The Soviet plans, by phase: where replacements go (the heuristic's, restoring threatened
 * units at the front, or a reserve nearest Moscow); how boldly to counterattack; where to
 * stand (the heuristic's line one hex ahead of the German front, one or two hexes nearer
 * Moscow, fewer moves, or the ring of hexes next to Moscow held whatever threatens it). A
 * style changes nothing before its phase, so each phase weighs only the styles that differ there.
 */
export const SOVIET_STYLES: Readonly<Record<string, readonly BotStyle[]>> = {
  'soviet-replacement': [DEFAULT_STYLE, { ...DEFAULT_STYLE, reserve: true }],
  // The Moscow garrison stays out of every searched battle: in lost games the German assault on
  // Moscow came the turn after the garrison lost a step counterattacking (the arena's seeds 12, 26, 46).
  'soviet-combat': [
    { ...DEFAULT_STYLE, guard: true },
    { attack: -1, moveThreshold: 0.5, guard: true },
    { attack: 1, moveThreshold: 0.5, guard: true },
  ],
  'soviet-movement': [
    DEFAULT_STYLE,
    { attack: 0, moveThreshold: 0.5, line: 1 },
    { attack: 0, moveThreshold: 0.5, line: 2 },
    { attack: 0, moveThreshold: 2 },
    // In lost games the Germans assaulted Moscow from hexes next to it that the line had left
    // empty under their threat (the arena's seeds 21, 26, 64).
    { ...DEFAULT_STYLE, ring: true },
  ],
};

const stylesOf = (side: SideId, phase: string): readonly BotStyle[] =>
  side === 'german' ? STYLES : (SOVIET_STYLES[phase] ?? [DEFAULT_STYLE]);

export interface SearchBudget {
  /** Play-outs per style. */
  playouts: number;
  /** Most actions in one play-out (a safety cap; a phase pair is far shorter). */
  maxActions: number;
}
export const DEFAULT_BUDGET: SearchBudget = { playouts: 3, maxActions: 400 };

/** Styles chosen per game (seed), turn and phase; bounded so a long-running bot does not grow. */
const chosen = new BoundedMemo<string, BotStyle>(10_000);

/** Forget the styles chosen so far (a test proving a second search chooses the same). */
export function forgetStyles(): void {
  chosen.clear();
}

export function searchActionOn(bm: BfmMap, b: Board, budget: SearchBudget = DEFAULT_BUDGET): BfmAction {
  const side = phaseSide(b.s.phase);
  const searched = side === 'german' ? b.s.phase.endsWith('movement') || b.s.phase.endsWith('combat') : b.s.phase in SOVIET_STYLES;
  // Once the battles are announced the style changes nothing (losses, retreats and advances are the heuristic's).
  if (!side || !searched || (b.s.combat && !b.s.combat.declaring)) return botActionOn(b);
  // The phase is identified by game, turn and phase, and by the opponent's units and the
  // cities, which the side's own moves in the phase do not change: another game on the same
  // seed, or another history, searches afresh.
  const enemy = otherSide(side);
  const opponent = b
    .onMap(enemy)
    .map((u) => `${u}@${b.hexOf(u)}${b.s.units[u]!.full ? '+' : ''}`)
    .join(',');
  const key = `${diceId(b.s.dice)}|${b.s.turn}|${b.s.phase}|${opponent}|${JSON.stringify(b.s.cities)}`;
  return botActionOn(
    b,
    chosen.get(key, () => bestStyle(bm, b.s, side, budget)),
  );
}

function bestStyle(bm: BfmMap, start: BfmState, side: SideId, budget: SearchBudget): BotStyle {
  const styles = stylesOf(side, start.phase);
  let best = styles[0]!;
  let bestScore = -Infinity;
  // German movement: a style acts only through its moves, and a play-out that rolls no die
  // (the panzer movement phase) comes out the same whatever its dice: styles that move alike play once.
  const sameMoves = new Map<string, Playout>();
  const movesKey = (style: BotStyle) => `${style.moveThreshold}|${style.line ?? 0}`;
  const germanMovement = side === 'german' && isMovementPhase(start.phase);
  // Soviet: plans that play the searched phase alike (it rolls no die before the battles are
  // resolved) and differ in nothing after it come out the same on common dice: played once.
  const samePlan = new Map<string, number>();
  for (const [i, style] of styles.entries()) {
    const plan = side === 'soviet' && styles.length > 1 ? planKey(bm, start, style, budget.maxActions) : undefined;
    const known = plan === undefined ? undefined : samePlan.get(plan);
    if (known !== undefined) {
      if (known > bestScore) {
        bestScore = known;
        best = style;
      }
      continue;
    }
    let total = 0;
    let first: Playout | undefined = germanMovement ? sameMoves.get(movesKey(style)) : undefined;
    for (let p = 0; p < budget.playouts; p++) {
      // A play-out that rolled no die (a movement phase played to its end) comes out the same on any dice.
      if (first && first.rolls === 0) {
        total += first.score;
        continue;
      }
      // Soviet: the same dice for every style.
      const salt = side === 'soviet' ? 1 + p * 104729 : 1 + i * 7919 + p * 104729;
      const result = playout(bm, start, side, style, salt, budget.maxActions);
      if (!first) {
        first = result;
        if (germanMovement) sameMoves.set(movesKey(style), result);
      }
      total += result.score;
    }
    if (plan !== undefined) samePlan.set(plan, total);
    if (total > bestScore) {
      bestScore = total;
      best = style;
    }
  }
  return best;
}

/** The style's fields that act only in each searched Soviet phase (the rest act in later phases too). */
const ACTS_ONLY_IN: Readonly<Record<string, readonly (keyof BotStyle)[]>> = {
  'soviet-replacement': ['reserve'],
  'soviet-combat': ['attack', 'guard'],
  'soviet-movement': ['attack', 'moveThreshold', 'line', 'reserve', 'guard', 'ring'],
};

/**
 * What a Soviet plan does in the searched phase (the state once the phase is played, or once
 * the battles are announced: no die is rolled before), with the style's fields that still act
 * after it. Two plans with the same key play out alike on the same dice.
 */
function planKey(bm: BfmMap, start: BfmState, style: BotStyle, maxActions: number): string {
  let s = start;
  for (let n = 0; n < maxActions && s.phase === start.phase && s.dice.rolls === start.dice.rolls; n++) {
    if (s.combat && !s.combat.declaring) break;
    s = applyChecked(bm, s, botActionOn(new Board(bm, s), style)).state;
  }
  const later: Record<string, unknown> = { ...style };
  for (const field of ACTS_ONLY_IN[start.phase] ?? []) delete later[field];
  return `${JSON.stringify(later)}|${JSON.stringify(s)}`;
}

/**
 * Play on from `start` on dice drawn from `salt`, `side` in `style` and the opponent with the
 * plain heuristic; the score of the position reached for `side`. The Germans stop at their
 * next phase after this one; the Soviets at their next phase after the German answer.
 */
interface Playout {
  score: number;
  /** Dice rolled on the way. */
  rolls: number;
}

function playout(bm: BfmMap, start: BfmState, side: SideId, style: BotStyle, salt: number, maxActions: number): Playout {
  let s: BfmState = { ...copyJson(start), dice: forkDice(start.dice, salt) };
  const phase = s.phase;
  let leftPhase = false;
  let answered = false;
  for (let n = 0; n < maxActions && s.phase !== 'over'; n++) {
    const mover = phaseSide(s.phase);
    if (s.phase !== phase) leftPhase = true;
    if (mover !== side) answered = true;
    // Back in one of our own phases (for the Soviets: after the German answer): far enough.
    if (mover === side && (side === 'german' ? leftPhase : answered)) break;
    // The Soviets judge their turn by the German combat that answers it: whether Moscow and
    // the line hold, and what each side lost (the German movement after it only repositions).
    if (side === 'soviet' && s.phase === 'german-movement') break;
    const b = new Board(bm, s);
    const ownMove = mover === side && (side === 'german' ? !leftPhase : !answered);
    s = applyChecked(bm, s, ownMove ? botActionOn(b, style) : botActionOn(b)).state;
  }
  const end = new Board(bm, s);
  return { score: side === 'soviet' ? sovietScore(end) : score(end, side), rolls: s.dice.rolls };
}

/**
 * A position for `side`: Moscow above all, then cities, then strength on the map (losses
 * inflicted and suffered), and for the Germans how close they stand to Moscow.
 */
export function score(b: Board, side: SideId): number {
  const moscow = b.bm.moscow;
  const strength = (x: SideId) => b.onMap(x).reduce((t, u) => t + b.strength(u), 0);
  const cities = (x: SideId) => Object.values(b.s.cities).filter((c) => c === x).length;
  const nearest = Math.min(20, ...b.onMap('german').map((u) => b.map.grid.distance(b.hexOf(u)!, moscow)));
  const german =
    (b.s.cities[moscow] === 'german' ? 100 : 0) +
    cities('german') * 6 -
    cities('soviet') * 2 +
    strength('german') -
    strength('soviet') -
    nearest * 1.5;
  return side === 'german' ? german : -german + (b.s.result?.winner === otherSide('german') ? 100 : 0);
}

/**
 * A position for the Soviets, for their search: what decides the game is Moscow at the end of
 * turn 7, so beyond `score` it counts how exposed Moscow is after the German answer: German
 * strength next to it and within two hexes against the garrison, weighing more as the end nears.
 */
export function sovietScore(b: Board): number {
  const moscow = b.bm.moscow;
  if (b.s.result) return b.s.result.winner === 'soviet' ? 1000 : -1000;
  let near = 0;
  for (const u of b.onMap('german')) {
    const d = b.map.grid.distance(b.hexOf(u)!, moscow);
    if (d === 1) near += b.strength(u);
    else if (d === 2) near += b.strength(u) * 0.5;
  }
  const garrison = b.unitsAt(moscow).reduce((t, u) => t + (b.sideOf(u) === 'soviet' ? b.strength(u) : 0), 0);
  const urgency = b.s.turn >= 5 ? 2 : b.s.turn >= 3 ? 1 : 0.5;
  // Moscow lost: the Germans seldom give it back (-100 more on top of `score`'s).
  const lost = b.s.cities[moscow] === 'german' ? 100 : 0;
  return score(b, 'soviet') - lost - urgency * Math.max(0, near - 3 * garrison);
}
