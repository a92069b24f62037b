/**
 * Small parts most definitions take as they are: new dice for an imported game, the close-up
 * on the hexes of the action, and an engine built on first use.
 */
import { type DiceSeed, type DiceState, newDice } from '../../kernel/dice.js';
import type { HexId } from '../../kernel/hex.js';
import type { GameEvent } from '../engine.js';

/** An imported game's seed is public: the session gives it dice from a fresh secret, all else kept. */
export function reseedDice<S extends { dice: DiceState }>(state: S, seed: DiceSeed): S {
  return { ...state, dice: newDice(seed) };
}

/**
 * The close-up after these events: the hexes of the events of these kinds (moves, battles, not
 * phase changes), else where the game's attention is (`otherwise`).
 */
export function zoomOnEvents<S>(kinds: Iterable<string>, otherwise: (state: S) => HexId[]): (events: GameEvent[], state: S) => HexId[] {
  const onMap = new Set(kinds);
  return (events, s) => {
    const hexes = events.filter((e) => onMap.has(e.kind)).flatMap((e) => e.hexes ?? []);
    return hexes.length ? hexes : otherwise(s);
  };
}

/** Built on the first call and kept: an engine indexes its map and charts once, and only when a game is played. */
export function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** The refusal to undo once a game is over. */
export const GAME_OVER = { allowed: false, reason: 'the game is over' } as const;
