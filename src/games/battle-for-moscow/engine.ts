/**
 * The Battle for Moscow rules engine: `setup`, `prompt`, `apply`, `result`, plus
 * `legalActions`. Pure: the state is plain JSON, dice come from the seed stored in it, and an
 * illegal action is refused with the rule it breaks while the given state stays as it was.
 */
import { issuesText, plural } from '../../contracts/text.js';
import type { LoadedMap } from '../../maps/game-map.js';
import { type ActionChoice, type Applied, type GameEngine, type GameResult, type Prompt, RuleError } from '../engine.js';
import { BfmMap, Board } from './board.js';
import { advance, allResolved, declare, isCombatPhase, resolve, retreat, takeLoss } from './combat.js';
import { turnSpec } from './data/turns.js';
import { anyActionBesidesEnd, legalActionsOn } from './legal.js';
import { checkMove, type Destination, destinations, isMovementPhase } from './movement.js';
import { endPhase, enterPhase } from './phases.js';
import { isReplacementPhase, replace } from './replacements.js';
import { RULE } from './rules.js';
import { initialState, resetSetup, swap } from './setup.js';
import { type BfmAction, type BfmOptions, type BfmState, bfmActionSchema, cloneState, PHASE_NAMES, phaseSide } from './state.js';

export interface BfmEngine extends GameEngine<BfmState, BfmAction, BfmOptions> {
  readonly bm: BfmMap;
  legalActions(state: BfmState): BfmAction[];
  /** Where one unit may move now, with the cost and route of each destination. */
  destinations(state: BfmState, unit: string): Destination[];
  board(state: BfmState): Board;
}

export function createBfmEngine(map: LoadedMap): BfmEngine {
  const bm = new BfmMap(map);
  const board = (state: BfmState) => new Board(bm, state);
  return {
    id: 'battle-for-moscow',
    bm,
    board,
    setup: (options) => initialState(bm, options),
    prompt: (state) => prompt(board(state)),
    apply: (state, action) => apply(bm, state, action),
    applyChecked: (state, action) => applyChecked(bm, state, action),
    result: (state) => state.result as GameResult | undefined,
    legalActions: (state) => legalActionsOn(board(state)),
    destinations: (state, unit) => (state.units[unit] ? [...destinations(board(state), unit).values()] : []),
  };
}

export function apply(bm: BfmMap, state: BfmState, input: BfmAction): Applied<BfmState> {
  const parsed = bfmActionSchema.safeParse(input);
  if (!parsed.success) throw new RuleError(RULE.sequence, `not a Battle for Moscow action: ${issuesText(parsed.error, 'action', 2)}`);
  return applyChecked(bm, state, parsed.data);
}

/**
 * `apply` for an action already known to be well formed (a bot's choice among the legal
 * actions, in its play-outs): the rules still check it, only the input parsing is skipped.
 */
export function applyChecked(bm: BfmMap, state: BfmState, action: BfmAction): Applied<BfmState> {
  if (state.phase === 'over') throw new RuleError(RULE.victory, 'the game is over');
  const b = new Board(bm, cloneState(state));
  HANDLERS[action.type](b, action as never);
  settle(b);
  return { state: b.s, events: b.events };
}

type Handler<T extends BfmAction['type']> = (b: Board, action: Extract<BfmAction, { type: T }>) => void;

const HANDLERS: { [T in BfmAction['type']]: Handler<T> } = {
  'setup-swap': (b, a) => swap(b, a.a, a.b),
  'setup-reset': (b) => resetSetup(b),
  'setup-done': (b) => {
    if (b.s.phase !== 'setup') throw new RuleError(RULE.setup, 'the set-up is already finished');
    b.event('setup', 'Set-up complete; the game begins.', { rule: RULE.setup });
    // Starting the Game: turn 1 has no German replacement phase (the phase passes with nothing to do).
    enterPhase(b, 'german-replacement');
  },
  replace: (b, a) => replace(b, a.unit, a.hex),
  move: (b, a) => {
    const dest = checkMove(b, a.unit, a.to);
    const from = b.hexOf(a.unit)!;
    const other = b.unitsAt(a.to)[0];
    b.s.moved.push(a.unit);
    b.s.displaced = other ?? null;
    b.place(a.unit, a.to);
    const mud = turnSpec(b.s.turn).mud && b.s.phase !== 'soviet-rail-movement';
    const cost = mud ? '1 hex (mud)' : `${dest.cost} hex${dest.cost === 1 ? '' : 'es'}`;
    b.event('moved', `${b.name(a.unit)} moves ${from} to ${a.to} (${cost}${b.s.phase === 'soviet-rail-movement' ? ' by rail' : ''}).`, {
      rule: b.s.phase === 'soviet-rail-movement' ? RULE.rail : RULE.movement,
      hexes: dest.path,
    });
    if (other)
      b.event('stacked', `${b.name(other)} must move on: only one unit may be in a hex at the end of the phase.`, {
        rule: RULE.movementRestrictions,
        hexes: [a.to],
      });
  },
  declare: (b, a) => declare(b, a.defender, a.attackers),
  resolve: (b, a) => resolve(b, a.defender),
  'take-loss': (b, a) => takeLoss(b, a.unit),
  retreat: (b, a) => retreat(b, a.to),
  advance: (b, a) => advance(b, a.unit),
  hold: (b) => advance(b, null),
  'end-phase': (b) => endPhase(b),
};

/** A phase with nothing left to do ends by itself: every unit has moved, every replacement is used, every battle fought. */
function settle(b: Board): void {
  const { phase } = b.s;
  if (isCombatPhase(phase)) {
    if (allResolved(b)) endPhase(b);
  } else if ((isMovementPhase(phase) || isReplacementPhase(phase)) && b.s.displaced === null && !anyActionBesidesEnd(b)) {
    endPhase(b);
  }
}

export function prompt(b: Board): Prompt<BfmAction> {
  const s = b.s;
  if (s.phase === 'over') {
    return { text: s.result ? `Game over: ${s.result.reason}.` : 'Game over.', choices: [] };
  }
  const side = phaseSide(s.phase)!;
  const who = side === 'german' ? 'German' : 'Soviet';
  const actions = legalActionsOn(b);
  // Moves, battles and set-up trades are too many for buttons; they are typed or picked per unit.
  const small = actions.filter((a) => a.type !== 'move' && a.type !== 'declare' && a.type !== 'setup-swap');
  const choices: ActionChoice<BfmAction>[] = small.map((action) => ({ action, label: label(b, action) }));
  return { side, text: `${who} player: ${describe(b)}`, choices };
}

function describe(b: Board): string {
  const s = b.s;
  const mud = turnSpec(s.turn).mud ? ' (mud)' : '';
  const head = `turn ${s.turn}${mud}, ${PHASE_NAMES[s.phase]}`;
  if (s.phase === 'setup') return `${head}: trade the places of German units, or finish the set-up`;
  if (isReplacementPhase(s.phase)) return `${head}: ${plural(s.replacements, 'replacement')} left`;
  if (isMovementPhase(s.phase)) {
    if (s.displaced) return `${head}: ${b.name(s.displaced)} must move on (one unit per hex)`;
    return `${head}: move units or end the phase`;
  }
  const c = s.combat;
  if (c?.current) {
    const step = c.current.step;
    if (step === 'attacker-loss')
      return `${head}: ${c.current.result} - choose the attacking unit that takes a loss${c.current.result === 'EX' ? ` (${c.current.owed} strength still owed)` : ''}`;
    if (step === 'retreat') return `${head}: ${c.current.result} - choose where the defender retreats`;
    return `${head}: one attacking unit may advance into ${c.current.hex}`;
  }
  if (c?.declaring) return `${head}: announce battles, then resolve them`;
  return `${head}: resolve the announced battles`;
}

export function label(b: Board, a: BfmAction): string {
  switch (a.type) {
    case 'move':
      return `${b.name(a.unit)} ${b.hexOf(a.unit) ?? ''} → ${a.to}`;
    case 'declare':
      return `${a.attackers.map((u) => b.name(u)).join(', ')} attack ${b.name(a.defender)}`;
    case 'setup-swap':
      return `${b.name(a.a)} and ${b.name(a.b)} trade places`;
    case 'setup-reset':
      return 'Reset the set-up';
    case 'replace':
      return a.hex ? `${b.name(a.unit)} returns in ${a.hex}` : `Restore ${b.name(a.unit)}`;
    case 'resolve': {
      // The number the map shows on the battle's arrows.
      const n = (b.s.combat?.battles.findIndex((x) => x.defender === a.defender) ?? -1) + 1;
      return n > 0 ? `Resolve battle ${n}: ${b.name(a.defender)}` : `Resolve the attack on ${b.name(a.defender)}`;
    }
    case 'take-loss':
      return `${b.name(a.unit)} takes the loss`;
    case 'retreat':
      return `Retreat to ${a.to}`;
    case 'advance':
      return `${b.name(a.unit)} advances`;
    case 'hold':
      return 'No advance';
    case 'end-phase':
      return 'End the phase';
    case 'setup-done':
      return 'Finish set-up';
  }
}
