import type { z } from 'zod';
import type { MenuOption } from '../contracts/reply.js';
import type { Scene, SideId } from '../contracts/scene.js';
import type { DiceSeed } from '../kernel/dice.js';
import type { HexId } from '../kernel/hex.js';
import type { GameEngine, GameEvent } from './engine.js';
import type { Order, OrderOption } from './orders.js';

/** Whether the last action may be taken back, and why not when it may not. */
export type UndoCheck = { allowed: true } | { allowed: false; reason: string };

/**
 * A choice made in secret: the side to act picks several options of a private menu, and
 * nobody else sees them (command chits chosen for the cup, say). In vote play each member
 * of the side picks privately and the picks are combined; the public sees only how many chose.
 */
export interface SealedChoice<A = unknown> {
  /** The side whose choice it is. */
  side: string;
  /** The button that opens the menu ("Choose chits…") and the menu's heading. */
  button: string;
  title: string;
  placeholder: string;
  /** At most 25; each value at most 100 characters. */
  options: MenuOption[];
  /** How many options one pick takes. */
  min: number;
  max: number;
  /** The action these picks make (the engine still checks it). */
  action(values: readonly string[]): A;
  /** The picks an action makes when it is this choice (a typed order, a bot's suggestion); undefined otherwise. */
  picks(action: A): string[] | undefined;
  /**
   * Vote play: the side's one choice from its members' picks. `ranked` holds every option with
   * its votes, most first (ties already broken by the game's tie-break setting); `ballots` is
   * how many members chose.
   */
  combine(ranked: readonly { value: string; votes: number }[], ballots: number): A;
}

// biome-ignore-start lint/suspicious/noExplicitAny: a registry holds games of every state and action type; each game checks its own with zod.
/** The rules: who the game is, its engine, what it takes and what it keeps. */
export interface GameRules<S = any, A = any, O = any> {
  /** The id players type, e.g. "operation-typhoon". */
  id: string;
  name: string;
  /** One line for /game help and the game picker. */
  summary?: string;
  engine: GameEngine<S, A, O>;
  /** Checks untrusted actions (typed options, imported logs) before the engine sees them. */
  actionSchema: z.ZodType<A>;
  /** Checks a stored state on load, so a damaged one is set aside instead of reaching the engine. */
  stateSchema?: z.ZodType<unknown>;
  /**
   * Brings a stored state of an earlier shape to today's, before `stateSchema` checks it (a
   * game stored by an older version of the bot goes on instead of being set aside). Returns
   * the state unchanged when it is already current. Replays start from `setup`, so only
   * stored states need it.
   */
  migrateState?(state: unknown): unknown;
  /**
   * Checks /game new options (without the seed, which the session adds), e.g. an engine's
   * options schema with `.omit({ seed: true })`.
   */
  newOptionsSchema: z.ZodType<Record<string, unknown>>;
  /** Options of /game new this game adds (vs:, side:, level: ...); checked by newOptionsSchema. */
  newGameOptions?: OrderOption[];
  /** Scenario ids for /game new scenario:..., when the game has several. */
  scenarios?: { id: string; name: string }[];
  /** Engine options from checked /game new options and the session's seed; default `{ ...options, seed }`. */
  setupOptions?(options: Record<string, unknown>, seed: DiceSeed): O;
  /**
   * The state with new dice from `seed` (`newDice(seed)` in place of the old), all else kept.
   * An imported game's seed is public, so the session draws it new dice from a fresh secret
   * this way; a game without it can be imported only once it is over.
   */
  reseed?(state: S, seed: DiceSeed): S;
  /** Whether the last action may be undone (the session also never undoes past a die roll). */
  undo?(state: S): UndoCheck;
  /**
   * Why a running game may not be exported now, when its log holds a choice still secret from
   * a player (an export carries every order); undefined when it may.
   */
  exportRefusal?(state: S): string | undefined;
}

/** The charts a definition plays with, and the same game on other charts. */
export interface GameCharts<S = any, A = any, O = any> {
  /**
   * Which charts this definition plays with: a version of the shipped charts, or the hash of
   * an owner's override file. Stored with every game, so a replay uses the same charts.
   */
  charts: string;
  /** The same game on other charts it knows (games stored with them); undefined when it has none such. */
  withCharts?(charts: string): GameDef<S, A, O> | undefined;
  /**
   * The definition to play with on this machine, from the environment the entry point passes
   * (an owner's chart override file, say). Read once at start-up, never at import.
   */
  configure?(env: Readonly<Record<string, string | undefined>>): GameDef<S, A, O>;
}

/** Orders: how the generic commands become this game's actions, and what players are told. */
export interface GameOrders<S = any, A = any> {
  /** The game's orders: how each slash command it uses becomes its action (see orders.ts). */
  orders: Order<S, A>[];
  /** Descriptions (at most 100 characters) of the commands this game brings that no other uses, e.g. { air: "Luftwaffe ..." }. */
  commands?: Record<string, string>;
  /** Formations (armies, panzer groups) players can be given in team play (Operation Typhoon 1.4). */
  formations?: { id: string; name: string }[];
  /** A few lines that fit a phone screen: turn, phase, score, whose move. */
  status(state: S): string;
  /**
   * Where the force in `hex` can move now: each hex it can reach and the cheapest cost, with
   * the force in words ("XLVI Pz Corps, 12 MP"). Throws RuleError when nothing there may move.
   */
  reach?(state: S, hex: HexId): { costs: Record<HexId, number>; battle: HexId[]; force: string };
  /** The hexes of a formation's units, for a close-up of one army (/game map center:PG3). */
  hexesOf?(state: S, formation: string): HexId[];
  /** The formations an action commands; none for orders that concern the whole side (ending a phase). */
  formationsOf?(state: S, action: A): string[];
  /** A proposal as voters see it, without rolling a die: one line, and events to draw (a path arrow). */
  describeProposal?(state: S, action: A): { text: string; events: GameEvent[] };
  /**
   * Guided walks through the game for `/game help topic:<id>` (a first turn, say): each a
   * title and a text of at most 2,000 characters naming the commands to type.
   */
  guides?: readonly { id: string; title: string; text: string }[];
  /** The secret choice due now, offered as a private menu; undefined when none is. */
  sealedChoice?(state: S): SealedChoice<A> | undefined;
  /** A quick decision (fight on or retreat) that gets a short ballot with a default in vote play. */
  quickDecision?(state: S): boolean;
}

/** Pictures: the map and what to draw on it. */
export interface GamePictures<S = any> {
  /** Absolute path of the map's JSON file (the renderer's worker threads load it by this path). */
  mapFile: string;
  /**
   * What to draw; `events` are the ones just applied, for highlights. `seen`: the sides whose
   * stacks this picture shows in full, when the game keeps a fog of war (see `fog`); absent,
   * every side. Games without fog ignore it.
   */
  scene(state: S, events?: GameEvent[], seen?: readonly SideId[]): Scene;
  /**
   * Fog of war (Drive on Moscow 11.6): when the game hides the contents of enemy stacks now,
   * the side its bot plays (if any), so the session knows whose stacks everyone may see;
   * undefined when every counter is public (no fog, or the game is over).
   */
  fog?(state: S): { bot?: SideId } | undefined;
  /** What the printed map shows besides its terrain (drawn on the map before any game too). */
  printed?(): Pick<Scene, 'sides' | 'boundaries' | 'marks'>;
  /** Hexes to centre the zoomed image on after these events; default: the events' own hexes. */
  zoomHexes?(events: GameEvent[], state: S): HexId[];
}

/** The bot: its next action for the side it plays. */
export interface GameBots<S = any, A = any> {
  /**
   * The bot's next action when the decision belongs to a side the bot plays, or undefined
   * when a human must act (or the game is over). The session plays these after every
   * accepted human action and at the start, and logs them as the bot's.
   */
  autoPlay?(state: S): A | undefined;
  /**
   * Whether autoPlay would act in this state, answered without choosing the action (which may
   * be a slow search): the session then runs the bot on a worker thread only when it acts.
   * Without it the session asks autoPlay itself.
   */
  botActs?(state: S): boolean;
}

/**
 * Everything the session layer and the generic /game commands need to know about one game,
 * by concern: its rules, charts, orders, pictures and bot. Each game module registers one;
 * the rest of the bot never names a game.
 */
export interface GameDef<S = any, A = any, O = any>
  extends GameRules<S, A, O>,
    GameCharts<S, A, O>,
    GameOrders<S, A>,
    GamePictures<S>,
    GameBots<S, A> {}
// biome-ignore-end lint/suspicious/noExplicitAny: see above
