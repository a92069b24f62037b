/**
 * 9.1 in the last turns: the Luftwaffe flies with the armour nearest Moscow, the stack that
 * attacks first (mechanized forces move nearest their goal first, tactics.ts), the strongest
 * of equals. The default, the strongest stack anywhere, sent it on turns 7-8 to full-strength
 * stacks still far off, while the reduced ones before Moscow attacked without it (10.10: no
 * regroup after turn 5). Measured with the fist on seeds 1-100: turn 7-8 attacks on Moscow
 * won 5 of 5 with the Luftwaffe and 2 of 103 without.
 */

import type { HexId } from '../../../kernel/hex.js';
import type { View } from './view.js';

export function moscowAssault(v: View): HexId | undefined {
  let best: { hex: HexId; away: number; strength: number } | undefined;
  for (const stack of v.movable()) {
    const mech = stack.units.filter((u) => v.isMech(u));
    if (mech.length === 0) continue;
    const away = v.dist(stack.hex, v.nearestMoscow(stack.hex));
    const strength = v.strength(mech);
    if (
      !best ||
      away < best.away ||
      (away === best.away && (strength > best.strength || (strength === best.strength && stack.hex < best.hex)))
    )
      best = { hex: stack.hex, away, strength };
  }
  return best?.hex;
}
