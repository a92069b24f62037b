/**
 * Phases and sides in the rulebook's words, for every text a player reads (refusals, events,
 * prompts): "the German panzer movement phase", never the id `german-panzer-movement`.
 */
import type { SideId } from '../engine.js';
import { PHASE_NAMES, type Phase } from './state.js';

/** "the German panzer movement phase", "the set-up", "the end of the game". */
export function thePhase(phase: Phase): string {
  if (phase === 'setup') return 'the set-up';
  if (phase === 'over') return 'the end of the game';
  return `the ${PHASE_NAMES[phase]} phase`;
}

/** "German" or "Soviet". */
export function sideName(side: SideId): string {
  return side === 'german' ? 'German' : 'Soviet';
}
