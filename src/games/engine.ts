/**
 * The contract every game's rules engine keeps (Operation Typhoon, Battle for Moscow, later
 * others). Engines are pure: plain JSON state in, plain JSON state out; dice come from the
 * seeded generator stored in the state; no clock, no I/O, no discord.js, canvas or Keyv.
 * The session layer, the console, the Discord adapter, the bots and the fuzzers all talk to
 * a game only through this shape.
 */
import { UserError } from '../contracts/errors.js';
import type { SideId } from '../contracts/scene.js';
import type { HexId } from '../kernel/hex.js';

export type { SideId } from '../contracts/scene.js';

/**
 * An action refused by the rules: nothing changed. `rule` is the section, e.g. "7.3". A
 * player reads it as is, so it is a UserError like any other refusal.
 */
export class RuleError extends UserError {
  constructor(
    readonly rule: string,
    message: string,
  ) {
    super(`${rule}: ${message}`);
    this.name = 'RuleError';
  }
}

/** One die as players see it: what was rolled, what it needed, what it did. */
export interface DieReport {
  /** Who rolled and why, e.g. "10 Pz fires (CDR 7)" or "force generation". */
  purpose: string;
  roll: number;
  /** Every die when a unit rolls several (one per factor of its CDR); `roll` is the first. */
  rolls?: number[];
  /** The modifier added to each die, when one applies. */
  modifier?: number;
  /** Roll after modifiers, when modifiers apply. */
  modified?: number;
  /** Outcome in words: "hit", "2 hits", "miss", "2 RD + 1 B". */
  result: string;
}

/** Something that happened, in the order it happened; the log players read. */
export interface GameEvent {
  /** Machine-readable kind, e.g. "moved", "force-generated", "fire", "hex-taken", "pocket". */
  kind: string;
  /** One sentence for players. */
  text: string;
  /** Rule section this follows, when useful ("8.1"). */
  rule?: string;
  dice?: DieReport[];
  /** Hexes the event concerns, for zooming the map to the action. */
  hexes?: HexId[];
}

/** A legal next step with a label a button or menu can show. */
export interface ActionChoice<A> {
  action: A;
  label: string;
  /**
   * Ask before carrying it out, in these words (say what would be lost: "48 stacks can still
   * move"). A vote game's ballot asks instead, and needs a majority for it.
   */
  confirm?: string;
  /** Ends the phase or turn: kept off the first two buttons, where fight-or-retreat choices sit. */
  endsTurn?: boolean;
  /**
   * Given again under its own result, it goes on with the same view (another round of one
   * battle): the bot then edits that message instead of posting another.
   */
  continues?: boolean;
}

/** What the game is waiting for, and from whom. */
export interface Prompt<A> {
  /** Side whose decision it is, or undefined when the game is over. */
  side?: SideId;
  /** The formation (army or panzer group) whose decision it is, when one is (team play). */
  formation?: string;
  /** One line: "Panzer Group 4: 3 forces left to move; /move or end the phase". */
  text: string;
  /**
   * Small decisions listed in full (another round or retreat, end phase). Movement paths are
   * not enumerated here; `apply` checks them and engines offer helpers for destinations.
   */
  choices: ActionChoice<A>[];
}

export interface Applied<S> {
  state: S;
  events: GameEvent[];
}

export interface GameResult {
  winner: SideId;
  /** Why, citing the rule: "4.5: German forces hold a Moscow hex". */
  reason: string;
}

export interface GameEngine<S, A, Options> {
  readonly id: string;
  setup(options: Options): S;
  prompt(state: S): Prompt<A>;
  /** Throws RuleError when the action is illegal; the input state is never modified. */
  apply(state: S, action: A): Applied<S>;
  /**
   * `apply` for an action the game's actionSchema has already read (the session's one parse
   * of an order): an engine that parses its input in `apply` skips that here; every rule is still checked.
   */
  applyChecked?(state: S, action: A): Applied<S>;
  result(state: S): GameResult | undefined;
}
