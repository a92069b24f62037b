/**
 * The Fight! Typhoon Blitz rules engine: pure, deterministic, every die from the seed in the
 * state. `apply` copies the state and runs one action through the rule modules.
 */
import type { Applied, GameEngine, GameResult } from '../engine.js';
import { RuleError } from '../engine.js';
import { type Board, ftbBoard } from './board.js';
import { type FtbCharts, SHIPPED_CHARTS } from './charts.js';
import { advance, declare, resolve } from './combat.js';
import { Ctx, sideName } from './context.js';
import { moveUnit } from './movement.js';
import { chooseLoss, chooseRetreat } from './owner-choices.js';
import { promptOf } from './prompt.js';
import { setupState } from './setup.js';
import type { FtbAction, FtbOptions, FtbState } from './state.js';
import {
  chooseChits,
  convert,
  endReinforce,
  finishChit,
  interrupt,
  noteMoscowTula,
  pickReserve,
  place,
  selecting,
  withdraw,
} from './turns.js';

export interface FtbEngine extends GameEngine<FtbState, FtbAction, FtbOptions> {
  readonly board: Board;
  readonly charts: FtbCharts;
}

export function ftbEngine(charts: FtbCharts = SHIPPED_CHARTS, board: Board = ftbBoard()): FtbEngine {
  return {
    id: 'fight-typhoon-blitz',
    board,
    charts,
    setup: (options) => setupState(board, charts, options),
    prompt: (s) => promptOf(board, charts, s),
    apply: (s, a) => apply(board, charts, s, a),
    result: (s) => s.result as GameResult | undefined,
  };
}

const PHASE_OF: Record<FtbAction['type'], string[]> = {
  chits: ['select'],
  interrupt: ['interrupt'],
  reserve: ['reserve'],
  move: ['move'],
  attack: ['move', 'combat'],
  resolve: ['move', 'combat'],
  loss: ['loss'],
  retreat: ['retreat'],
  advance: ['advance'],
  place: ['reinforce'],
  convert: ['reinforce'],
  withdraw: ['withdraw'],
  end: ['reserve', 'move', 'combat', 'advance', 'reinforce', 'withdraw'],
};

export function apply(board: Board, charts: FtbCharts, state: FtbState, action: FtbAction): Applied<FtbState> {
  if (state.result) throw new RuleError('14.4', 'the game is over');
  if (!action || typeof action !== 'object' || !PHASE_OF[action.type])
    throw new RuleError('5.0', 'that is not a Fight! Typhoon Blitz order');
  if (!PHASE_OF[action.type].includes(state.phase))
    throw new RuleError('5.0', `"${action.type}" is not an order of the ${state.phase} phase (/game status says what is due)`);
  const c = new Ctx(board, charts, structuredClone(state));
  const s = c.s;
  s.rolled = false;
  switch (action.type) {
    case 'chits':
      chooseChits(c, selecting(c) ?? s.side, action.chits, action.hold ?? false);
      break;
    case 'interrupt':
      interrupt(c, action.play);
      break;
    case 'reserve':
      pickReserve(c, action.units);
      break;
    case 'move':
      moveUnit(c, action.unit, action.to, action.strategic ?? false);
      break;
    case 'attack':
      // 10.2: the movement segment ends when the first attack is declared.
      s.phase = 'combat';
      declare(c, action.target, action.units);
      break;
    case 'resolve':
      s.phase = 'combat';
      resolve(c, action.target);
      // 10.2: declarations are closed once resolving starts, so the chit ends with the last one.
      if (s.phase === 'combat' && s.chit && !s.chit.declared.length) finishChit(c, s.chit.name);
      break;
    case 'loss':
      chooseLoss(c, action.unit);
      break;
    case 'retreat':
      chooseRetreat(c, action.unit, action.path);
      break;
    case 'advance':
      advance(c, action.unit, action.path);
      if (s.advance?.units.every((id) => s.advance!.done.includes(id) || c.unit(id)?.where !== 'map')) end(c);
      break;
    case 'place':
      place(c, action.unit, action.hex);
      break;
    case 'convert':
      convert(c, action.unit);
      break;
    case 'withdraw':
      withdraw(c, action.unit);
      break;
    case 'end':
      end(c);
      break;
  }
  noteMoscowTula(c);
  s.serial += 1;
  return { state: s, events: c.events };
}

function end(c: Ctx): void {
  const s = c.s;
  const chit = s.chit!;
  switch (s.phase) {
    case 'reserve':
      pickReserve(c, []);
      return;
    case 'move':
      s.phase = 'combat';
      c.event('phase', `${chit.name}: combat segment`, { rule: '10.0' });
      return;
    case 'combat':
      if (chit.declared.length)
        throw new RuleError('10.2', `resolve the declared attacks first (${chit.declared.map((d) => d.target).join(', ')})`);
      finishChit(c, chit.name);
      return;
    case 'advance':
      s.advance = undefined;
      s.phase = 'combat';
      if (!chit.declared.length) finishChit(c, chit.name);
      return;
    case 'reinforce':
      endReinforce(c);
      return;
    case 'withdraw':
      if (s.side === 'soviet') {
        s.side = 'german';
        c.event('phase', `${sideName('german')} withdrawals (11.2)`, { rule: '11.2' });
        return;
      }
      finishChit(c, chit.name);
      return;
  }
}
