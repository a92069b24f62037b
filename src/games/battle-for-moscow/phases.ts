/**
 * The sequence of play: eight phases a turn in the exact order of How to Play, seven turns,
 * phases with nothing to do passed over, and the winner decided by Moscow at the end.
 */
import { plural } from '../../contracts/text.js';
import { RuleError } from '../engine.js';
import type { Board } from './board.js';
import { allResolved, isCombatPhase } from './combat.js';
import { LAST_TURN, turnSpec } from './data/turns.js';
import { anyActionBesidesEnd } from './legal.js';
import { isReplacementPhase, replacementsFor } from './replacements.js';
import { RULE } from './rules.js';
import { PHASE_NAMES, PHASES, phaseSide, type TurnPhase } from './state.js';

export function enterPhase(b: Board, phase: TurnPhase): void {
  const s = b.s;
  s.phase = phase;
  b.changed();
  s.moved = [];
  s.displaced = null;
  s.created = [];
  s.combat = isCombatPhase(phase) ? { battles: [], declaring: true, current: null } : null;
  s.replacements = isReplacementPhase(phase) ? replacementsFor(s, phaseSide(phase)!) : 0;
  const mud = turnSpec(s.turn).mud ? ' (mud)' : '';
  const extra = isReplacementPhase(phase) ? `: ${plural(s.replacements, 'replacement')}` : '';
  b.event('phase', `Turn ${s.turn}${mud}: ${PHASE_NAMES[phase]} phase${extra}.`, { rule: RULE.sequence });
  // A phase in which the player can do nothing passes by itself (e.g. turn 1's German replacement phase).
  if (!anyActionBesidesEnd(b)) {
    b.event('phase-skipped', `Nothing to do in the ${PHASE_NAMES[phase]} phase.`, { rule: RULE.sequence });
    endPhase(b);
  }
}

export function endPhaseProblem(b: Board): RuleError | undefined {
  const s = b.s;
  if (s.phase === 'setup') return new RuleError(RULE.setup, 'finish the set-up first (/setup done)');
  if (s.phase === 'over') return new RuleError(RULE.victory, 'the game is over');
  if (s.displaced !== null) {
    return new RuleError(
      RULE.movementRestrictions,
      `${b.name(s.displaced)} shares a hex; there can only be one unit in a hex at the end of the phase`,
    );
  }
  const c = s.combat;
  if (c) {
    if (c.current) return new RuleError(RULE.combat, 'finish the battle being resolved first');
    if (c.battles.some((x) => !x.resolved))
      return new RuleError(RULE.combat, 'resolve every announced battle; once announced, the attacker cannot change his mind');
  }
  return undefined;
}

export function endPhase(b: Board): void {
  const problem = endPhaseProblem(b);
  if (problem) throw problem;
  const s = b.s;
  if (s.replacements > 0)
    b.event('replacements-lost', `${s.replacements} unused replacement${s.replacements === 1 ? ' is' : 's are'} lost.`, {
      rule: RULE.replacements,
    });
  const i = PHASES.indexOf(s.phase as TurnPhase);
  const next = PHASES[i + 1];
  if (next) return enterPhase(b, next);
  if (s.turn >= LAST_TURN) return gameOver(b);
  s.turn += 1;
  enterPhase(b, PHASES[0]);
}

/** After the last battle of a combat phase the phase is over: nothing else happens in it. */
export function endCombatIfDone(b: Board): void {
  if (isCombatPhase(b.s.phase) && allResolved(b)) endPhase(b);
}

/** Winning the Game: whoever holds Moscow (was last in it) at the end of the game wins. */
function gameOver(b: Board): void {
  const s = b.s;
  const owner = s.cities[b.bm.moscow] ?? 'soviet';
  s.phase = 'over';
  s.moved = [];
  s.combat = null;
  s.replacements = 0;
  const who = owner === 'german' ? 'German' : 'Soviet';
  s.result = { winner: owner, reason: `${RULE.victory}: ${who} units were the last in Moscow at the end of turn ${LAST_TURN}` };
  b.event('game-over', `Game over: the ${who} player holds Moscow and wins.`, { rule: RULE.victory, hexes: [b.bm.moscow] });
}
