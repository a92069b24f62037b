/**
 * The Drive on Moscow rules engine: pure, deterministic, every die from the seed in the
 * state. `apply` copies the state, runs one action through the rule modules and checks
 * sudden death afterwards (4.1, 4.2, 4.4).
 */
import { copyJson } from '../../kernel/copy-json.js';
import type { Applied, GameEngine, GameResult, Prompt } from '../engine.js';
import { RuleError } from '../engine.js';
import { battleChoices } from './battle-choices.js';
import { announceAssault, announceAttack, chooseInBattle } from './battles.js';
import { type Board, domBoard } from './board.js';
import { type DomCharts, SHIPPED_CHARTS } from './charts.js';
import { Ctx } from './context.js';
import { endSetup, place, setupEndBlocker } from './free-setup.js';
import { findPath, GUDERIAN_MF, movingGroup, trtFactor } from './movement.js';
import { enter } from './reinforcements.js';
import { replace, withdraw } from './replacements.js';
import { setupState } from './setup.js';
import type { DomAction, DomOptions, DomState } from './state.js';
import { convert, declareOrder, endBlocker, endPhase } from './turns.js';
import { suddenDeath } from './victory.js';

export interface DomEngine extends GameEngine<DomState, DomAction, DomOptions> {
  readonly board: Board;
  readonly charts: DomCharts;
}

export function domEngine(charts: DomCharts = SHIPPED_CHARTS, board: Board = domBoard()): DomEngine {
  return {
    id: 'drive-on-moscow',
    board,
    charts,
    setup: (options) => setupState(board, charts, options),
    prompt: (s) => prompt(board, charts, s),
    apply: (s, a) => apply(board, charts, s, a),
    result: (s) => s.result as GameResult | undefined,
  };
}

export function apply(board: Board, charts: DomCharts, state: DomState, action: DomAction): Applied<DomState> {
  if (state.result) throw new RuleError('4.0', 'the game is over');
  const c = new Ctx(board, charts, copyJson(state));
  c.s.rolled = false;
  const s = c.s;
  if (s.battle && action.type !== 'choose') throw new RuleError('11.22', 'the battle under way waits for a choice first');
  if (s.phase === 'setup') return applySetup(c, action);
  if (action.type === 'place') throw new RuleError('3.0', 'units are placed only during set-up (game option setup:free)');
  switch (action.type) {
    case 'order':
      declareOrder(c, action.order, action.offensive);
      break;
    case 'withdraw':
      withdraw(c, action.unit);
      break;
    case 'replace':
      replace(c, action.unit);
      break;
    case 'enter':
      enter(c, action.unitType, action.hex);
      break;
    case 'move':
      move(c, action.units, action.to, action.path);
      break;
    case 'assault':
      announceAssault(c, action.units, action.target, action.from);
      break;
    case 'attack':
      announceAttack(c, action.target, action.units, action.air ?? 0);
      break;
    case 'choose':
      if (!s.battle) throw new RuleError('11.22', 'nothing waits for a choice');
      chooseInBattle(c, action.option);
      break;
    case 'convert':
      convert(c, action.unit);
      break;
    case 'end':
      endPhase(c);
      break;
  }
  suddenDeath(c);
  c.s.serial += 1;
  return { state: c.s, events: c.events };
}

/** Free set-up (3.1-3.6): placements and the end of each side's set-up; nothing else, no dice. */
function applySetup(c: Ctx, action: DomAction): Applied<DomState> {
  if (action.type === 'place') place(c, action.unit, action.hex);
  else if (action.type === 'end') endSetup(c);
  else throw new RuleError('3.0', 'set-up comes first: /setup place unit:<unit> hex:<hex>, then /phase end');
  c.s.serial += 1;
  return { state: c.s, events: c.events };
}

/** 10.0-10.6: one stack's move along the given or the cheapest path. */
function move(c: Ctx, ids: readonly string[], to: string, path?: readonly string[]): void {
  const s = c.s;
  const p = c.pos();
  const g = movingGroup(s, p, ids);
  const f = findPath(p, g, to, path);
  if (f.path.length < 2) throw new RuleError('10.1', 'the stack is already there');
  for (const h of f.path.slice(1)) c.enter(h, g.side);
  for (const u of g.units) c.s.units[u.id] = { ...c.s.units[u.id]!, hex: to };
  c.changed();
  const left = g.budget - f.cost;
  // 10.5: the stack moving before this one may not move again.
  const ids2 = new Set(ids);
  s.done = [...new Set([...s.done, ...s.active.filter((id) => !ids2.has(id))])];
  s.active = [...ids];
  for (const u of g.units) {
    if (f.north) {
      // 5.3: entering the north sheet ends the Guderian Effect.
      s.mp[u.id] = Math.max(0, Math.min(left, g.northBudget - f.cost));
      s.guderian = s.guderian.filter((x) => x !== u.id);
    } else {
      s.mp[u.id] = left;
      // 5.3: a unit that has spent more than the TRT factor must stay on the south sheet all turn.
      if (s.guderian.includes(u.id) && GUDERIAN_MF - left > trtFactor(s, p, u) && !s.southOnly.includes(u.id))
        s.southOnly = [...s.southOnly, u.id];
    }
  }
  c.event('moved', `${ids.join(', ')} ${f.path[0]} → ${to} (${f.cost} MP, ${left} left)`, { rule: '10.1', hexes: f.path });
}

function prompt(board: Board, charts: DomCharts, s: DomState): Prompt<DomAction> {
  if (s.result) return { text: `Game over: ${s.result.reason}`, choices: [] };
  const bc = battleChoices(s);
  if (bc)
    return {
      side: bc.side,
      text: bc.text,
      choices: bc.options.map((o) => ({ action: { type: 'choose', option: o.option }, label: o.label })),
    };
  const who = s.side === 'german' ? 'German' : 'Soviet';
  if (s.phase === 'setup') {
    const blocked = setupEndBlocker(board, s);
    const zone =
      s.side === 'german'
        ? 'west of the initial front line (3.6)'
        : 'Reserve Front east of the boundary, one a hex (3.2); Forward Zone up to the front line (3.3)';
    return {
      side: s.side,
      text: `${who} set-up: /setup place unit:<unit> hex:<hex> (${zone}), then /phase end${blocked ? ` (${blocked.message})` : ''}`,
      choices: blocked ? [] : [{ action: { type: 'end' }, label: 'End the set-up' }],
    };
  }
  if (s.phase === 'order') {
    const choices: Prompt<DomAction>['choices'] = [
      { action: { type: 'order', order: 'move-fight' }, label: 'Move, then fight' },
      { action: { type: 'order', order: 'fight-move' }, label: 'Fight, then move' },
    ];
    if (s.side === 'german' && s.turn >= 4 && s.turn <= 7 && s.offensive.declared === undefined) {
      choices.push({ action: { type: 'order', order: 'move-fight', offensive: true }, label: 'Declare the November Offensive' });
    }
    return { side: s.side, text: `${who} player turn ${s.turn}: declare the phase order (5.2)`, choices };
  }
  const c = new Ctx(board, charts, s);
  const blocked = endBlocker(c);
  const end = blocked ? [] : [{ action: { type: 'end' } as DomAction, label: 'End the phase' }];
  const text: Record<string, string> = {
    replacement: `German Replacement & Withdrawal Phase: ${s.withdrawals.infantry + s.withdrawals.cavalry} withdrawals due, ${s.replacements.mech + s.replacements.nonmech} replacement steps`,
    reinforcement: `Soviet Reinforcement Phase: ${Object.entries(s.arriving)
      .map(([t, n]) => `${n} ${t}`)
      .join(', ')} to enter (/replace type hex)`,
    movement: `${who} Movement Phase: /move${s.side === 'german' ? ', /attack mode:mobile' : ''}`,
    combat: `${who} Combat Phase: /attack${s.stalin && s.side === 'soviet' ? ` (Stalin: ${s.stalin.attackers.length}/${s.stalin.minimum} units)` : ''}`,
    conversion: `Soviet Guards Conversion: turn a ${s.guardsDrawn === 'GRD' ? 'RD' : s.guardsDrawn === 'GCD' ? 'CD' : 'TB'} into the ${s.guardsDrawn}`,
  };
  return { side: s.side, text: `${text[s.phase] ?? s.phase}${blocked ? ` (${blocked.message})` : ''}`, choices: end };
}
