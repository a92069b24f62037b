/**
 * Victory (4.0): sudden death after every action, and the final count at the end of GT9.
 */
import type { Ctx } from './context.js';

/** 4.3, 4.5: at the end of GT9 the Germans win with all five cities, else the Soviets. */
export function finalVictory(c: Ctx): void {
  const p = c.pos();
  const held = Object.entries(c.board.cities).filter(([, h]) => p.control(h) === 'german');
  if (held.length === Object.keys(c.board.cities).length)
    c.win('german', 'the Germans hold Kalinin, Kursk, Orel, Smolensk and Tula at the end of GT9 (4.3)');
  else
    c.win(
      'soviet',
      `the Germans hold ${held.length} of the five cities at the end of GT9 (missing ${Object.keys(c.board.cities)
        .filter((n) => !held.some(([m]) => m === n))
        .join(', ')}) (4.5)`,
    );
}

/** Sudden death (4.1, 4.2, 4.4), checked after every action (digest ambiguity 2). */
export function suddenDeath(c: Ctx): void {
  if (c.s.result) return;
  const p = c.pos();
  if (c.board.moscow.some((h) => p.control(h) === 'german')) return c.win('german', 'a Moscow hex is under German control (4.1)');
  if (c.board.moscow.every((h) => !p.sovietLineFrom(h)))
    return c.win('german', 'both Moscow hexes are cut off from every Soviet map-edge supply source (4.2)');
  for (const h of c.board.westPlaces) {
    if (p.control(h) === 'soviet')
      return c.win('soviet', `the Soviets control ${c.board.placeName(h)} (${h}), west of the initial front line (4.4)`);
  }
}
