/**
 * Drive on Moscow actions in words, for ballots and the log.
 */
import type { DomAction } from './state.js';

/** An action in words, for ballots and the log. */
export function actionText(a: DomAction): string {
  switch (a.type) {
    case 'move':
      return `Move ${a.units.join(', ')} to ${a.to}`;
    case 'assault':
      return `Mobile assault on ${a.target} by ${a.units.join(', ')}`;
    case 'attack':
      return `Attack ${a.target} with ${a.units.join(', ')}${a.air ? ` and ${a.air} aircraft` : ''}`;
    case 'order':
      return `${a.order === 'move-fight' ? 'Move, then fight' : 'Fight, then move'}${a.offensive ? ' (November Offensive)' : ''}`;
    case 'withdraw':
      return `Withdraw ${a.unit}`;
    case 'replace':
      return `Replace ${a.unit}`;
    case 'enter':
      return `${a.unitType} enters at ${a.hex}`;
    case 'convert':
      return `Convert ${a.unit} to Guards`;
    case 'choose':
      return `Answer: ${a.option}`;
    case 'end':
      return 'End the phase';
    case 'place':
      return `Set up ${a.unit} in ${a.hex}`;
  }
}
