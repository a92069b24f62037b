import type { MapName } from '../maps/game-map.js';

/** The games the bot knows, by the id players type. */
export const GAMES = [
  { id: 'operation-typhoon', name: 'Operation Typhoon', map: 'operation-typhoon' },
  { id: 'battle-for-moscow', name: 'Battle for Moscow', map: 'battle-for-moscow' },
] as const satisfies readonly { id: string; name: string; map: MapName }[];

export type GameId = (typeof GAMES)[number]['id'];
export const GAME_IDS = GAMES.map((g) => g.id) as [GameId, ...GameId[]];
export const DEFAULT_GAME: GameId = 'operation-typhoon';

export function gameName(id: GameId): string {
  return GAMES.find((g) => g.id === id)!.name;
}
