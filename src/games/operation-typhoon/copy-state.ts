/**
 * A private copy of a game state for the engine to change: every order starts from one, so
 * the caller's state is never touched. Written out field by field because a generic deep
 * copy was a fifth of a whole auto-played game's time; test/games/operation-typhoon/copy-state.test.ts
 * freezes states deeply and plays whole games through the engine to prove nothing shared
 * is ever written. Two things are shared rather than copied. The taken hexes: control only
 * ever turns German (3.5), and a capture replaces the list (Play.takeHexes) rather than
 * changing it, so every search keyed on the list (the Soviet hexes of a position) is kept from
 * one order to the next. The German units: most orders change none of them and a move only
 * those moving, so the rules change a unit through Play.unitToChange, which copies the map and
 * that unit on the first write.
 */
import type { Battle, TyphoonState } from './state.js';

export function copyState(s: TyphoonState): TyphoonState {
  return {
    ...s,
    dice: { ...s.dice },
    taken: s.taken,
    units: s.units,
    done: [...s.done],
    airWith: s.airWith.map((stack) => [...stack]),
    active: s.active && { ...s.active, units: [...s.active.units], trail: [...s.active.trail] },
    battle: s.battle && copyBattle(s.battle),
    pool: [...s.pool],
    destroyed: [...s.destroyed],
    ...(s.ready ? { ready: [...s.ready] } : {}),
    ...(s.airSplit ? { airSplit: [...s.airSplit] } : {}),
    ...(s.airUsed ? { airUsed: [...s.airUsed] } : {}),
    ...(s.held ? { held: { hex: s.held.hex, soviet: s.held.soviet.map((u) => ({ ...u })) } } : {}),
    ...(s.result ? { result: { ...s.result } } : {}),
    ...(s.breakouts
      ? {
          breakouts: {
            ...s.breakouts,
            pockets: s.breakouts.pockets.map((p) => [...p]),
            force: { ...s.breakouts.force, units: [...s.breakouts.force.units], trail: [...s.breakouts.force.trail] },
          },
        }
      : {}),
  };
}

function copyBattle(b: Battle): Battle {
  return {
    ...b,
    soviet: b.soviet.map((u) => ({ ...u })),
    germanOut: [...b.germanOut],
    ...(b.pocket ? { pocket: [...b.pocket] } : {}),
    ...(b.germans ? { germans: [...b.germans] } : {}),
    ...(b.fired ? { fired: [...b.fired] } : {}),
    ...(b.pending ? { pending: { ...b.pending } } : {}),
  };
}
