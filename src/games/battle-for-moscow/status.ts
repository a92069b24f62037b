/**
 * Battle for Moscow's phone-sized status: turn, phase, who acts and Moscow.
 */
import type { SideId } from '../engine.js';
import { LAST_TURN, turnSpec } from './data/turns.js';
import { bfmEngine } from './index.js';
import { type BfmState, PHASE_NAMES, phaseSide } from './state.js';

/** Turn, phase, who acts, and Moscow: three short lines for a phone. */
export function bfmStatus(s: BfmState): string {
  const spec = turnSpec(s.turn);
  const lines = [`Turn ${s.turn}/${LAST_TURN} · ${spec.dates}${spec.mud ? ' (mud)' : ''} · ${PHASE_NAMES[s.phase]}`];
  const acting = phaseSide(s.phase);
  if (s.result) lines.push(`Result: ${s.result.winner === 'german' ? 'German' : 'Soviet'} victory (${s.result.reason})`);
  else if (acting) lines.push(`${acting === 'german' ? 'German' : 'Soviet'} to act${s.bots.includes(acting) ? ' (bot)' : ''}`);
  const held = (x: SideId) => Object.values(s.cities).filter((c) => c === x).length;
  const moscow = s.cities[bfmEngine().bm.moscow] === 'german' ? 'German' : 'Soviet';
  lines.push(`Moscow: ${moscow} · cities German ${held('german')}, Soviet ${held('soviet')}`);
  return lines.join('\n');
}
