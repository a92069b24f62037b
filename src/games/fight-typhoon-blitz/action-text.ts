/**
 * Fight! Typhoon Blitz actions in words, for ballots and the log.
 */
import type { FtbAction } from './state.js';

/** An action in words, for ballots and the log; a chit choice stays sealed. */
export function actionText(a: FtbAction): string {
  switch (a.type) {
    case 'chits':
      return `Choose ${a.chits.length} chits (sealed)`;
    case 'interrupt':
      return a.play ? 'Guderian interrupts' : 'Let the drawn chit run';
    case 'reserve':
      return `Activate ${a.units.join(', ')}`;
    case 'move':
      return `Move ${a.unit} to ${a.to}${a.strategic ? ' (strategic)' : ''}`;
    case 'attack':
      return `Attack ${a.target} with ${a.units.join(', ')}`;
    case 'resolve':
      return `Resolve the attack on ${a.target}`;
    case 'loss':
      return `Take the next step from ${a.unit}`;
    case 'retreat':
      return `${a.unit} retreats to ${a.path.join(', ')}`;
    case 'advance':
      return `${a.unit} advances to ${a.path.join(', ')}`;
    case 'place':
      return `${a.unit} enters at ${a.hex}`;
    case 'convert':
      return `Convert ${a.unit} to Guards`;
    case 'withdraw':
      return `Withdraw ${a.unit}`;
    case 'end':
      return 'End';
  }
}
