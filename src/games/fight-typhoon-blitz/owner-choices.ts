/**
 * losses:owner: a battle whose owners choose the steps they lose (10.5) and the way they retreat
 * (10.6(6)), paused for each choice.
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import type { Ctx } from './context.js';
import { takeLosses } from './losses.js';
import { retreatAlong, retreatChoices } from './retreat.js';
import type { Unit } from './state.js';
import { finishChit } from './turns.js';

/**
 * losses:owner: the battle goes on with its owners' choices (10.5, 10.6): each step is taken
 * where its owner says when more than one unit could take it, each defender retreats the way
 * he picks when several are equally good; the phase pauses (loss, retreat) for each such
 * choice. Once all is done: the advance into an emptied hex (10.7), else back to combat, and
 * (`finish`) the chit ends when no attack is left.
 */
export function proceedBattle(c: Ctx, finish: boolean): void {
  const s = c.s;
  const b = s.battle!;
  const chit = s.chit!;
  for (;;) {
    if (b.loss && b.loss.steps > 0) {
      const live = b.loss.from.filter((id) => c.unit(id)?.where === 'map');
      if (live.length > 1) {
        s.phase = 'loss';
        s.side = b.loss.side;
        return;
      }
      if (live.length === 1) c.event('loss', takeLosses(c, live, 1, true).join('; '), { rule: '10.5', hexes: [b.target] });
      b.loss = live.length ? { ...b.loss, steps: b.loss.steps - 1 } : undefined;
      continue;
    }
    b.loss = undefined;
    const next = retreating(c);
    if (next) {
      const choices = retreatChoices(c, next, b.retreat!.hexes);
      if (choices.length > 1) {
        s.phase = 'retreat';
        s.side = next.side;
        return;
      }
      b.retreat!.units = b.retreat!.units.filter((id) => id !== next.id);
      c.event('retreat', retreatAlong(c, next, choices[0]!).join('; '), { rule: '10.6', hexes: [b.target, ...choices[0]!.path] });
      continue;
    }
    break;
  }
  s.battle = undefined;
  s.phase = 'combat';
  s.side = chit.side;
  if (c.at(b.target).length === 0) {
    const left = b.attackers.filter((id) => c.unit(id)?.where === 'map');
    if (left.length) {
      s.advance = { target: b.target, units: left, done: [] };
      s.phase = 'advance';
      return;
    }
  }
  if (finish && !chit.declared.length) finishChit(c, chit.name);
}

/** The defender that retreats next: the first still in the battle hex. */
export function retreating(c: Ctx): Unit | undefined {
  const b = c.s.battle;
  const id = b?.retreat?.units.find((x) => c.unit(x)?.where === 'map' && c.unit(x)?.hex === b.target);
  return id ? c.unit(id) : undefined;
}

/** losses:owner, 10.5: the owner takes the next step from `id`, one of his units in the battle. */
export function chooseLoss(c: Ctx, id: string): void {
  const b = c.s.battle;
  if (c.s.phase !== 'loss' || !b?.loss) throw new RuleError('10.5', 'no step loss waits for a choice');
  const live = b.loss.from.filter((x) => c.unit(x)?.where === 'map');
  if (!live.includes(id)) throw new RuleError('10.5', `${id} is not one of the units that fought at ${b.target}: ${live.join(', ')}`);
  c.event('loss', takeLosses(c, [id], 1, true).join('; '), { rule: '10.5', hexes: [b.target] });
  b.loss = { ...b.loss, steps: b.loss.steps - 1 };
  proceedBattle(c, true);
}

/** losses:owner, 10.6(6): the defender due to retreat goes along `path`, one of the equally good retreats. */
export function chooseRetreat(c: Ctx, id: string, path: readonly HexId[]): void {
  const b = c.s.battle;
  const u = retreating(c);
  if (c.s.phase !== 'retreat' || !b?.retreat || !u) throw new RuleError('10.6', 'no retreat waits for a choice');
  if (u.id !== id) throw new RuleError('10.6', `${u.id} retreats next`);
  const choices = retreatChoices(c, u, b.retreat.hexes);
  const pick = choices.find((p) => p.path.slice(1).join() === path.join());
  if (!pick)
    throw new RuleError(
      '10.6(6)',
      `that is not one of the shortest retreats toward a line of communication: ${choices.map((p) => p.path.slice(1).join('-')).join(' or ')}`,
    );
  b.retreat = { ...b.retreat, units: b.retreat.units.filter((x) => x !== id) };
  c.event('retreat', retreatAlong(c, u, pick).join('; '), { rule: '10.6', hexes: [b.target, ...pick.path] });
  proceedBattle(c, true);
}
