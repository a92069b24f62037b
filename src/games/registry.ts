import type { z } from 'zod';
import type { HexId } from '../kernel/hex.js';
import type { MapName } from '../maps/game-map.js';
import type { Scene } from '../render/scene.js';
import type { GameEngine, GameEvent } from './engine.js';

/** Whether the last action may be taken back, and why not when it may not. */
export type UndoCheck = { allowed: true } | { allowed: false; reason: string };

/**
 * Everything the session layer and the generic /game commands need to know about one game.
 * Each game module registers one; the rest of the bot never names a game.
 */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds games of every state and action type; each game checks its own with zod.
export interface GameDef<S = any, A = any, O = any> {
  /** The id players type, e.g. "operation-typhoon". */
  id: string;
  name: string;
  /** One line for /game help and the game picker. */
  summary?: string;
  /** The map file, for loadMap. */
  map: MapName;
  engine: GameEngine<S, A, O>;
  /** Checks untrusted actions (typed options, imported logs) before the engine sees them. */
  actionSchema: z.ZodType<A>;
  /** Checks a stored state on load, so a damaged one is set aside instead of reaching the engine. */
  stateSchema?: z.ZodType<unknown>;
  /**
   * Checks /game new options (without the seed, which the session adds), e.g. an engine's
   * options schema with `.omit({ seed: true })`.
   */
  newOptionsSchema: z.ZodType<Record<string, unknown>>;
  /** Scenario ids for /game new scenario:..., when the game has several. */
  scenarios?: { id: string; name: string }[];
  /** Engine options from checked /game new options and the session's seed; default `{ ...options, seed }`. */
  setupOptions?(options: Record<string, unknown>, seed: number): O;
  /** What to draw; `events` are the ones just applied, for highlights. */
  scene(state: S, events?: GameEvent[]): Scene;
  /** A few lines that fit a phone screen: turn, phase, score, whose move. */
  status(state: S): string;
  /** Hexes to centre the zoomed image on after these events; default: the events' own hexes. */
  zoomHexes?(events: GameEvent[], state: S): HexId[];
  /** Whether the last action may be undone (the session also never undoes past a die roll). */
  undo?(state: S): UndoCheck;
  /**
   * The bot's next action when the decision belongs to a side the bot plays, or undefined
   * when a human must act (or the game is over). The session plays these after every
   * accepted human action and at the start, and logs them as the bot's.
   */
  autoPlay?(state: S): A | undefined;
  /** Formations (armies, panzer groups) players can be given in team play (Operation Typhoon 1.4). */
  formations?: { id: string; name: string }[];
  /** The formations an action commands; none for orders that concern the whole side (ending a phase). */
  formationsOf?(state: S, action: A): string[];
  /** A proposal as voters see it, without rolling a die: one line, and events to draw (a path arrow). */
  describeProposal?(state: S, action: A): { text: string; events: GameEvent[] };
  /** A quick decision (fight on or retreat) that gets a short ballot with a default in vote play. */
  quickDecision?(state: S): boolean;
}

const games = new Map<string, GameDef>();

/** Add a game; registering the same definition twice is harmless, a different one with the same id is a bug. */
export function registerGame<S, A, O>(def: GameDef<S, A, O>): void {
  const existing = games.get(def.id);
  if (existing && existing !== def) throw new Error(`A different game is already registered as "${def.id}".`);
  games.set(def.id, def);
}

export function gameDef(id: string): GameDef | undefined {
  return games.get(id);
}

export function allGames(): GameDef[] {
  return [...games.values()];
}
