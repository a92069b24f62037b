import type { GameEvent } from '../engine.js';
import { Play } from './context.js';
import { unmovedWarning } from './engine-prompt.js';
import { mobilityOf, stepCost } from './movement.js';
import { pocketPreview } from './pocket-preview.js';
import type { RulesIndex } from './rules-index.js';
import type { TyphoonAction, TyphoonState } from './state.js';

/**
 * Team and vote play for Operation Typhoon: which formations an order commands (1.4: the
 * armies and panzer groups can be split among players), and how a proposed order looks
 * before it is carried out (no die is rolled: the path, its MP cost, the Soviet hexes entered).
 */
export function formationsOf(index: RulesIndex, s: TyphoonState, action: TyphoonAction): string[] {
  const of = (units: readonly string[]) => [...new Set(units.filter((u) => s.units[u]).map((u) => index.unit(u).formation))];
  const unmovedAt = (hex: string) =>
    Object.entries(s.units)
      .filter(([id, u]) => u.hex === hex && !s.done.includes(id))
      .map(([id]) => id);
  switch (action.type) {
    case 'setup-place':
      return s.units[action.unit] ? of([action.unit]) : [];
    case 'move': {
      if (s.active && s.active.hex === action.from && !action.units) return of(s.active.units);
      // 9.0: a new force ends the one moving now, so that force's commander must agree: team
      // play never lets one commander's order end another's moving force.
      const moving = s.active ? of(s.active.units) : [];
      return [...new Set([...of(action.units ?? unmovedAt(action.from)), ...moving])];
    }
    case 'ready':
      return [...action.formations];
    case 'end-phase':
      // 5.2: ending the turn for everyone is for whoever commands every formation; in team play
      // each commander says /phase end for their own (the 'ready' order).
      return of(Object.keys(s.units));
    case 'assign-air':
      return of(unmovedAt(action.hex));
    case 'drop':
    case 'end-force':
    case 'another-round':
    case 'retreat':
      return of(s.active?.units ?? []);
    case 'allocate':
      // 10.6: the commander of the units in the fight (a breakout's defenders, else the moving force).
      return of(s.battle?.kind === 'breakout' ? (s.battle.germans ?? []) : (s.active?.units ?? []));
    default:
      return [];
  }
}

export function describeProposal(index: RulesIndex, s: TyphoonState, action: TyphoonAction): { text: string; events: GameEvent[] } {
  if (action.type === 'end-phase') {
    const lost = unmovedWarning(index, s);
    return { text: `End turn ${s.turn} (5.2)${lost ? `: ${lost}` : ''}`, events: [] };
  }
  if (action.type === 'allocate' && action.unit) {
    const unit = action.unit;
    const label = s.units[unit] ? index.unit(unit).label : (index.charts.soviet.find((c) => c.id === unit)?.label ?? unit);
    return { text: `Next hit on ${label} (10.6)`, events: [] };
  }
  if (action.type !== 'move') return { text: plainText(action), events: [] };
  const play = new Play(index, s);
  const units =
    s.active && s.active.hex === action.from && !action.units
      ? s.active.units
      : (action.units ??
        Object.entries(s.units)
          .filter(([id, u]) => u.hex === action.from && !s.done.includes(id))
          .map(([id]) => id));
  const mobility = mobilityOf(index, units);
  let cost = 0;
  let at = action.from;
  for (const next of action.path) {
    cost += index.map.has(next) && index.map.neighbours(at).includes(next) ? stepCost(index, mobility, at, next) : NaN;
    at = next;
  }
  const soviet = action.path.filter((h) => index.map.has(h) && play.isSoviet(h));
  const labels = units.filter((u) => s.units[u]).map((u) => index.unit(u).label);
  // 9.1: the first move of the phase forfeits the Luftwaffe units not assigned.
  const forfeits = !s.active && s.done.length === 0 && s.airAvailable > 0 ? `; forfeits ${s.airAvailable} unassigned Luftwaffe (9.1)` : '';
  const last = action.path.at(-1)!;
  const pocket = soviet.includes(last) ? pocketPreview(index, s, last) : undefined;
  const cuts = pocket
    ? `; ${pocket.moscow ? 'taking it cuts off Moscow (4.5)' : `taking it closes a pocket of ${pocket.sizes[0]} (11.1)`}`
    : '';
  const text = `${labels.join(', ') || 'the force'} ${action.from} → ${action.path.join(' → ')}: ${Number.isNaN(cost) ? 'not a connected path' : `${cost} MP`}${soviet.length ? `; enters Soviet ${soviet.join(', ')} (a force-generation roll, 8.0)` : ''}${cuts}${forfeits}`;
  return { text, events: [{ kind: 'moved', text, hexes: [action.from, ...action.path] }] };
}

function plainText(action: TyphoonAction): string {
  switch (action.type) {
    case 'assign-air':
      return `Luftwaffe support for the force in ${action.hex} (9.1)`;
    case 'another-round':
      return 'Fight another round (1 MP, 10.5)';
    case 'retreat':
      return 'Retreat (10.5)';
    case 'end-force':
      return 'Stop the moving force';
    case 'end-phase':
      return 'End the turn (5.2)';
    case 'drop':
      return `Leave ${action.units.join(', ')} behind (9.5)`;
    case 'ready':
      return `${action.formations.join(', ')} done for the turn`;
    case 'air-split':
      return action.formations.length ? `Luftwaffe split: ${action.formations.join(', ')} (9.1)` : 'Luftwaffe: first come (9.1)';
    case 'setup-place':
      return `Set up ${action.unit} in ${action.hex}`;
    case 'setup-done':
      return 'Start the game';
    case 'setup-reset':
      return 'Reset the set-up to the default deployment';
    case 'concede':
      return 'Concede (5.4)';
    case 'allocate':
      return action.unit ? `Next hit on ${action.unit} (10.6)` : 'The bot places the hits (10.6)';
    case 'allocation':
      return action.mode === 'manual' ? 'The commander places hits from now on (10.6)' : 'The bot places hits from now on (10.6)';
    default:
      return action.type;
  }
}
