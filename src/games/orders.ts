import type { z } from 'zod';
import { UserError } from '../contracts/errors.js';
import type { Choice, OptionValue } from '../contracts/reply.js';
import { issuesText } from '../contracts/text.js';
import { hexIdSchema } from '../kernel/hex.js';

/**
 * A game's order vocabulary: how the bot's generic slash commands (/move, /battle, /setup
 * ...) and any commands of the game's own become this game's actions. The commands layer
 * builds each slash command from the orders every installed game declares under its name,
 * so a game adds an order, or a whole command, from its own folder.
 */

/** One slash-command option an order takes. Names are Discord's: lower case, at most 32 characters. */
export interface OrderOption {
  name: string;
  type: 'string' | 'integer' | 'boolean';
  /** At most 100 characters; shown by Discord under the option. */
  description: string;
  /** The order cannot go without it (Discord marks it required when every game using the (sub)command says so). */
  required?: boolean;
  /** Discord asks the order's `suggest` while the player types. */
  autocomplete?: boolean;
  minLength?: number;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
  /** A fixed list (at most 25); Discord then offers only these. */
  choices?: Choice[];
}

export type OrderOptions = Readonly<Record<string, OptionValue>>;

/** Who gives an order, as far as a game needs to know. */
export interface OrderAsker {
  /** Team play: the formations this player commands (the creator holds those nobody took); undefined otherwise. */
  formations?: string[];
}

/** What an order comes to: an action to carry out (or to propose, in vote play), or an answer that changes nothing. */
export type OrderOutcome<A> =
  | {
      act: A;
      /** A line shown above the events, e.g. the odds of the battle just announced. */
      heading?: string;
      /**
       * Ask first: something would be lost (a phase ended with forces unmoved, air support
       * forfeited). The asker sees `text` and a button per choice; `go` carries out `act`.
       * Vote games skip it: the ballot is the question.
       */
      confirm?: { text: string; go: string; instead?: { label: string; act: A }[] };
    }
  | {
      /** Only the asker sees it; nothing changes (odds, a chart). */
      answer: string;
    };

export interface Order<S, A> {
  /** The slash command, e.g. "move", "battle", or a game's own such as "air". */
  command: string;
  /** The subcommand, e.g. "round" of /battle round; absent when the command has none. */
  subcommand?: string;
  /** At most 100 characters: what Discord shows for this (sub)command. */
  description: string;
  options?: OrderOption[];
  /** How to write it, for refusals and /game help: "/move unit:<unit> to:<hex>". */
  usage: string;
  /**
   * The order on the channel's game: `options` are only those this order declares, already
   * checked against their declared types and limits. Refuse with RuleError (a rule) or
   * UserError (bad input); nothing has changed then.
   */
  run?(state: S, options: OrderOptions, who?: OrderAsker): OrderOutcome<A>;
  /** An order that needs no game in the channel (a chart): the answer only the asker sees. */
  look?(options: OrderOptions): string;
  /**
   * Autocomplete for `focused` (at most 25 are shown); `state` is undefined without a game.
   * `limit` (default 25) is how many to return at most: a paged menu asks for every choice.
   */
  suggest?(state: S | undefined, focused: { name: string; value: string }, options: OrderOptions, limit?: number): Choice[];
}

/** Check an order's options with the game's own zod schema; a problem is a refusal naming the option. */
export function orderOptions<T extends z.ZodType>(schema: T, options: OrderOptions): z.infer<T> {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  throw new UserError(`That command's options are not right. ${issuesText(result.error)}`);
}

/** Suggestions filtered by what is typed so far (in the name or the value), at most 25. */
export function offer(choices: readonly Choice[], typed: string, max = 25): Choice[] {
  const t = typed.trim().toLowerCase();
  return choices.filter((c) => !t || c.name.toLowerCase().includes(t) || c.value.toLowerCase().includes(t)).slice(0, max);
}

/** The one legal choice of a kind when the player left it out; otherwise a refusal listing them. */
export function onlyChoice<T>(choices: readonly T[], what: string, show: (c: T) => string, option: string): T {
  if (choices.length === 1) return choices[0]!;
  if (choices.length === 0) throw new UserError(`There is no ${what} to choose now. /game status shows what the game waits for.`);
  throw new UserError(`Say which ${what} (${option}): ${choices.map(show).join(', ')}.`);
}

/** zod for a hex option typed by a player. */
export const hexOption = hexIdSchema;

const unitKey = (x: string) => x.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A unit id as a player types it, any case and spacing ("7pz" for "7 Pz"); `hint` shows how the game's counters are named. */
export function unitByName(ids: readonly string[], text: string, hint: string): string {
  const key = unitKey(text);
  const hit = ids.find((id) => unitKey(id) === key);
  if (!hit) throw new UserError(`No unit "${text}" ${hint}`);
  return hit;
}

/** Units from a comma-separated list, each as unitByName reads it. */
export function unitsByName(ids: readonly string[], text: string, hint: string): string[] {
  const parts = text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new UserError('Name at least one unit, e.g. "7 Pz, 6 Pz".');
  return parts.map((part) => unitByName(ids, part, hint));
}
