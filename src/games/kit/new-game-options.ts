/**
 * The /game new options the two-sided games share: play another player or the bot (vs:), the
 * side the player takes against the bot (side:), how the bot plays (level:) and the rule
 * readings (rules:). Each game passes its name where Discord shows it, so the words stay the
 * game's own; the zod checks and their refusals are the same for all.
 */
import { z } from 'zod';
import type { OrderOption } from '../orders.js';

/** The two sides of every game here. */
export const sideSchema = z.enum(['german', 'soviet']);
/** Another player (the default) or the bot. */
export const vsSchema = z.enum(['human', 'bot']).default('human');
/** How the bot plays: the quick heuristics or the search that looks ahead. */
export const botLevelSchema = z.enum(['heuristic', 'search']);

/** vs:, with the game named in front when it wants its name shown (`Drive on Moscow: against ...`). */
export function vsOption(game?: string): OrderOption {
  return {
    name: 'vs',
    type: 'string',
    description: game ? `${game}: against another player (default) or the bot` : 'Against another player (default) or the bot',
    choices: [
      { name: 'another player', value: 'human' },
      { name: 'the bot', value: 'bot' },
    ],
  };
}

/** side:, with the game named in front when it wants its name shown. */
export function sideOption(game?: string): OrderOption {
  return {
    name: 'side',
    type: 'string',
    description: `${game ? `${game} against` : 'Against'} the bot: the side you play (default german)`,
    choices: [
      { name: 'German', value: 'german' },
      { name: 'Soviet', value: 'soviet' },
    ],
  };
}

/** level: as most games word it; a game whose bot is described otherwise passes its own words. */
export function levelOption(
  description = 'Against the bot: search (default, stronger) or heuristic (quick, readable)',
  searchName = 'search',
): OrderOption {
  return {
    name: 'level',
    type: 'string',
    description,
    choices: [
      { name: searchName, value: 'search' },
      { name: 'heuristic', value: 'heuristic' },
    ],
  };
}

/** rules:, one option for every game that takes readings: the first game's words are the ones Discord shows. */
export const RULES_OPTION: OrderOption = {
  name: 'rules',
  type: 'string',
  description: 'Rule readings: "fog:off" (Drive on Moscow), "snow:only8, halving:each" (Fight! Typhoon Blitz)',
  maxLength: 300,
};

/** The refusal when side: or level: is given for a two-player game. */
export const ONLY_AGAINST_THE_BOT = {
  side: 'side: is the side you play against the bot (add vs:bot)',
  level: 'level: is how the bot plays (add vs:bot)',
} as const;

type AgainstTheBot = { vs: 'human' | 'bot'; side?: unknown; level?: unknown };

/**
 * side: and level: mean something only against the bot: refused with `vs:human`, checked in
 * the order given (the refusals are listed in that order). A game may word a refusal its own way.
 */
export function onlyAgainstTheBot<T extends z.ZodType<AgainstTheBot>>(
  schema: T,
  options: readonly ('side' | 'level')[],
  words: Partial<Record<'side' | 'level', string>> = {},
): T {
  let checked = schema;
  for (const option of options)
    checked = checked.refine((o) => o[option] === undefined || o.vs === 'bot', {
      path: [option],
      message: words[option] ?? ONLY_AGAINST_THE_BOT[option],
    }) as T;
  return checked;
}

/** The shape GameDef takes for newOptionsSchema: each game's own schema, seen as plain options. */
export function asNewOptionsSchema(schema: z.ZodType): z.ZodType<Record<string, unknown>> {
  return schema as unknown as z.ZodType<Record<string, unknown>>;
}
