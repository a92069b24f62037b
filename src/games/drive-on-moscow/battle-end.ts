/**
 * The end of a battle: a mobile assault's force placed (10.19, 10.20), a prepared assault's
 * advance after combat (11.31).
 */
import { RuleError } from '../engine.js';
import type { Ctx } from './context.js';
import { barredFromMarsh, STACK_LIMIT } from './position.js';

/** Victorious PA attackers that may advance (11.31): alive, allowed in the terrain. */
export function advancers(c: Ctx): string[] {
  const b = c.s.battle!;
  return b.units.filter((id) => {
    const u = c.s.units[id];
    return !!u && !(c.board.natural(b.target) === 'marsh' && barredFromMarsh(u)) && !c.board.isReservoir(u.hex, b.target);
  });
}

export function advance(c: Ctx, ids: readonly string[]): void {
  const b = c.s.battle!;
  const allowed = new Set(advancers(c));
  for (const id of ids) if (!allowed.has(id)) throw new RuleError('11.31', `${id} cannot advance into ${b.target}`);
  if (ids.length > STACK_LIMIT) throw new RuleError('6.0', `at most ${STACK_LIMIT} units may stack`);
  for (const id of ids) c.place(c.s.units[id]!, b.target);
  if (ids.length) c.event('advance', `${ids.join(', ')} advance into ${b.target}`, { rule: '11.31', hexes: [b.target] });
  c.s.battle = undefined;
}

/** After the result: MA force placement (10.19, 10.20), PA advance (11.31). */
export function finish(c: Ctx, cleared: boolean): void {
  const b = c.s.battle!;
  if (b.kind === 'MA') {
    const alive = b.units.filter((id) => c.s.units[id]);
    if (cleared) {
      for (const id of alive) c.place(c.s.units[id]!, b.target);
      for (const id of alive) c.s.mp[id] = b.mpAfter!;
      c.s.active = alive;
      c.event('assault-won', `${alive.join(', ')} clear ${b.target} and may move on with ${b.mpAfter} MP`, {
        rule: '10.20',
        hexes: [b.target],
      });
    } else {
      for (const id of alive) c.s.mp[id] = 0;
      c.s.done = [...new Set([...c.s.done, ...alive])];
      c.s.active = [];
      c.event('assault-stalled', `${alive.join(', ') || 'the force'} stay in ${b.launch} for the rest of the phase`, {
        rule: '10.19',
        hexes: [b.launch!],
      });
    }
    c.s.battle = undefined;
    return;
  }
  if (cleared && advancers(c).length > 0) {
    if (c.s.stalin && b.attacker === 'soviet') {
      advance(c, advancers(c).slice(0, STACK_LIMIT)); // 12.1: Stalin's spoiling attacks advance as many as possible
      return;
    }
    c.s.battle = { ...b, stage: 'advance' };
    return;
  }
  c.s.battle = undefined;
}
