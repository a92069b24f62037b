/**
 * 10.8 (and 11.3, 11.4): what becomes of Soviet units after a battle.
 */
import type { Hits } from './charts/index.js';
import type { Play } from './context.js';
import type { Battle } from './state.js';

/** 10.8 (and 11.3, 11.4): Soviet units go back to the pool; lost guards and airborne are replaced by reserve rifle divisions. */
export function returnSoviets(play: Play, battle: Battle): void {
  for (const u of battle.soviet) {
    const spec = play.index.sovietUnit(u.id);
    if (u.steps === 0 && (spec.kind === 'guards' || spec.kind === 'airborne')) {
      play.s.destroyed.push(u.id); // 8.3
      const reserve = play.charts.soviet.find((c) => c.reserve && !play.s.pool.includes(c.id) && !inPlay(play, c.id));
      if (reserve) play.s.pool.push(reserve.id);
      play.event('destroyed', `${spec.label} is destroyed for good; a rifle division joins the pool in its place.`, { rule: '8.3' });
    } else {
      play.s.pool.push(u.id);
    }
  }
  play.s.pool.sort();
}

function inPlay(play: Play, id: string): boolean {
  return play.s.destroyed.includes(id) || (play.s.battle?.soviet.some((u) => u.id === id) ?? false);
}

export type { Hits };
