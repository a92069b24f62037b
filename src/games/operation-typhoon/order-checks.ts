/**
 * The checks every order of the engine makes before it acts, each refusal citing its rule: the
 * hex on the map, the phase, a battle waiting, a force already moved.
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import type { Play } from './context.js';
import type { RulesIndex } from './rules-index.js';
import type { Battle, TyphoonState } from './state.js';

/**
 * 4.0, 5.4: once play has stopped every order is refused, citing the rule that stopped it
 * (4.5 when Moscow was encircled in the middle of a move, 11.2). A state with a result is over
 * even if its phase was left open.
 */
export function gameOver(state: TyphoonState): RuleError | undefined {
  if (state.phase !== 'over' && !state.result) return undefined;
  const reason = state.result?.reason;
  const rule = (reason && /^(\d+\.\d+):/.exec(reason)?.[1]) || '4.0';
  const winner = state.result ? `${state.result.winner === 'german' ? 'German' : 'Soviet'} victory` : 'play has stopped';
  const why = reason ? reason.replace(/^\d+\.\d+:\s*/, '') : '';
  return new RuleError(rule, `the game is over (${winner}${why ? `: ${why}` : ''}); no further orders are taken`);
}

/** 2.2: every hex has its four-digit number on the map; an order naming another is refused as such. */
export function requireOnMap(index: RulesIndex, hex: HexId): void {
  if (!index.map.has(hex)) throw new RuleError('2.2', `there is no hex ${hex} on the map`);
}

/**
 * 9.11, 9.5: a force moves once a phase, and dropped-off units "end their activities for that
 * phase". Said the same by the orders and the engine.
 */
export function alreadyMoved(units: string[], hex?: HexId): RuleError {
  if (hex)
    return new RuleError('9.11', `every unit in ${hex} has already moved this phase (or was dropped off, 9.5); they move again next turn`);
  const were = units.length === 1 ? 'was' : 'were';
  return new RuleError(
    '9.11',
    `${units.join(', ')} already moved this phase (or ${were} dropped off, 9.5) and may not move again until next turn`,
  );
}

export function requirePhase(play: Play, phase: TyphoonState['phase'], rule: string, message: string): void {
  if (play.s.phase !== phase) throw new RuleError(rule, message);
}

export function noBattle(play: Play): void {
  const refusal = battleWaiting(play.s);
  if (refusal) throw refusal;
}

/** 10.5, 9.0: while a battle waits for the commander's decision no other order is taken. */
export function battleWaiting(s: TyphoonState): RuleError | undefined {
  if (!s.battle) return undefined;
  if (s.battle.pending) return hitsWaiting(s.battle);
  return new RuleError(
    '10.5',
    `a battle in ${s.battle.hex} is waiting: fight another round (/battle round, 1 MP) or retreat to ${s.battle.from} (/battle retreat) first`,
  );
}

/** 10.6: while hits wait to be placed, nothing else happens in the battle. */
export function hitsWaiting(battle: Battle): RuleError {
  const p = battle.pending!;
  return new RuleError(
    '10.6',
    `${p.hits === 1 ? 'a hit waits' : `${p.hits} hits wait`} to be placed on ${p.on === 'german' ? 'German' : 'Soviet'} units in ${battle.hex}: /battle hit unit:<unit>, or /battle hit to let the bot place them`,
  );
}

export function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** Units as players know them ("7 Pz"), an unknown id as given. */
export function unitNames(play: Play, ids: readonly string[]): string {
  return ids
    .map((id) => {
      try {
        return play.index.unit(id).label;
      } catch {
        return id;
      }
    })
    .join(', ');
}
