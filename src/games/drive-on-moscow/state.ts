/**
 * Drive on Moscow's game state and actions: plain JSON, checked by zod at every boundary.
 * Units carry their printed factors (from the charts the game started with); an untried
 * Soviet unit has none until its first battle draws its veteran face (2.13).
 */
import { z } from 'zod';
import { diceSeedSchema, diceStateSchema } from '../../kernel/dice.js';
import { hexIdSchema } from '../../kernel/hex.js';

const hex = hexIdSchema;
const side = z.enum(['german', 'soviet']);
export type Side = z.infer<typeof side>;
const factors = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
export type Factors = z.infer<typeof factors>;

export const unitSchema = z.object({
  id: z.string(),
  side,
  /** German: panzer, pg, cavalry, infantry; Soviet: the counter type (RD, RB, CD, TB, MRB, MRD, GRD, GCD, GTB). */
  type: z.string(),
  /** Mechanized class (2.8); cavalry is mech except for marsh (10.8). */
  mech: z.boolean(),
  cavalry: z.boolean(),
  /** A panzer division or panzer KG (10.14, 11.17) or a Soviet tank unit. */
  armour: z.boolean(),
  size: z.enum(['XX', 'X', 'III', 'KG']),
  hex,
  steps: z.union([z.literal(1), z.literal(2)]),
  maxSteps: z.union([z.literal(1), z.literal(2)]),
  full: factors.optional(),
  reduced: factors.optional(),
  untried: z.boolean().optional(),
  guards: z.boolean().optional(),
  /** A KG (11.30) or the L brigade / GD regiment: no replacements (12.2). */
  noReplacement: z.boolean().optional(),
});
export type Unit = z.infer<typeof unitSchema>;

const battleSchema = z.object({
  kind: z.enum(['PA', 'MA']),
  attacker: side,
  target: hex,
  units: z.array(z.string()),
  /** MA: the launch hex and the path to it, and the MP the force keeps if it clears the hex. */
  launch: hex.optional(),
  path: z.array(hex).optional(),
  mpAfter: z.number().optional(),
  air: z.object({ attacker: z.number().int().min(0), defender: z.number().int().min(0) }),
  stage: z.enum(['air', 'bloodbath', 'german-dr', 'losses', 'retreat', 'advance']),
  /** 11.25: hexes equally close to supply that each take the whole retreating force; the owner picks one. */
  retreatTo: z.array(hex).optional(),
  /** 11.24, 11.28: steps the attacker still has to take from its force, and why; `cleared`: the hex is empty. */
  losses: z.object({ left: z.number().int().min(1), cause: z.enum(['AL1', 'Bloodbath']), cleared: z.boolean() }).optional(),
  result: z.enum(['AS', 'AL1', 'DR', 'DE']).optional(),
  odds: z.string().optional(),
  /** The defenders counted in the odds (11.27: units retreated in later do not count). */
  defenders: z.array(z.string()).optional(),
});
export type Battle = z.infer<typeof battleSchema>;

/** `setup`: free set-up (3.1-3.6), only with the game option setup:free. */
export const phaseSchema = z.enum(['setup', 'order', 'replacement', 'reinforcement', 'movement', 'combat', 'conversion', 'over']);
export type Phase = z.infer<typeof phaseSchema>;

export const domStateSchema = z.object({
  game: z.literal('drive-on-moscow'),
  schema: z.literal(1),
  turn: z.number().int().min(1).max(9),
  side,
  phase: phaseSchema,
  /** The phase order each side declared this player turn (5.2). */
  order: z.enum(['move-fight', 'fight-move']).optional(),
  /** 0: the first of the two phases of the declared order, 1: the second. */
  step: z.number().int().min(0).max(1),
  dice: diceStateSchema,
  units: z.record(z.string(), unitSchema),
  dead: z.array(z.string()),
  withdrawn: z.array(z.string()),
  /** Hexes whose control differs from the start (3.7). */
  flipped: z.array(hex),
  /** Towns and cities that have ever been German-controlled (8.4, 9.1). */
  everGerman: z.array(hex),
  /** Remaining veteran faces per Soviet type: counts by face index (2.13, 3.5). */
  faces: z.record(z.string(), z.array(z.number().int().min(0))),
  /** Soviet counters not yet in play, by type (3.1). */
  piles: z.record(z.string(), z.number().int().min(0)),
  cup: z.array(z.string()),
  kgLeft: z.number().int().min(0),
  /** Per phase: unit ids and what they did. */
  startHex: z.record(z.string(), hex),
  mp: z.record(z.string(), z.number()),
  active: z.array(z.string()),
  done: z.array(z.string()),
  assaulted: z.array(z.string()),
  attacked: z.array(z.string()),
  defended: z.array(z.string()),
  /** GT1 Guderian Effect (5.3): German mech units set up on the south sheet that have not touched the north sheet. */
  guderian: z.array(z.string()),
  /** Units that spent more than the TRT MF on GT1 thanks to 5.3 and so may not attack the north sheet. */
  southOnly: z.array(z.string()),
  offensive: z.object({ declared: z.number().int().optional(), forfeited: z.boolean() }),
  stalin: z.object({ minimum: z.number().int(), attackers: z.array(z.string()) }).optional(),
  air: z.object({ german: z.number().int().min(0), soviet: z.number().int().min(0), battles: z.number().int().min(0) }),
  /** Soviet reinforcements still to enter this phase, by type (9.1). */
  arriving: z.record(z.string(), z.number().int().min(0)),
  /** Towns and cities in map-edge supply at the start of the Soviet player turn (9.1). */
  entryTowns: z.array(hex),
  guardsDrawn: z.string().optional(),
  withdrawals: z.object({ infantry: z.number().int().min(0), cavalry: z.number().int().min(0) }),
  replacements: z.object({ mech: z.number().int().min(0), nonmech: z.number().int().min(0) }),
  battle: battleSchema.optional(),
  serial: z.number().int().min(0),
  /** The last action rolled a die or drew a hidden value: no undo (session rule). */
  rolled: z.boolean(),
  result: z.object({ winner: side, reason: z.string() }).optional(),
  /** The side the bot plays, if any. */
  bot: side.optional(),
  /** How the bot plays: `search` looks ahead with the engine (search-bot.ts); absent, the heuristic (bot.ts). */
  botLevel: z.literal('search').optional(),
  /**
   * 11.24, 11.25, 11.28: the players name the units that take AL1 and Bloodbath steps and pick
   * among equally good retreat hexes (`losses:player`); absent, the bot decides for both sides.
   */
  choices: z.literal('player').optional(),
  /**
   * 11.6 Fog of war: pictures show only the top unit of an enemy stack (scene.ts). Read by the
   * pictures and the autocomplete only, never by the rules; absent in games started before it
   * or with rules:"fog:off", whose map stays open as they were played.
   */
  fog: z.literal(true).optional(),
});
export type DomState = z.infer<typeof domStateSchema>;

/** Units named by one order, at most `max` as a rule sets it. */
const ids = (max: number) => z.array(z.string().min(1)).min(1).max(max);
/** 6.0: five units a hex; a stack moves (10.4) and mobile-assaults (10.15) from one hex. */
const STACK = 5;
/** 11.2: a prepared assault may come from all six surrounding hexes, each holding at most a stack (6.0). */
const SURROUNDING = 6 * STACK;
export const domActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('order'), order: z.enum(['move-fight', 'fight-move']), offensive: z.boolean().optional() }),
  z.object({ type: z.literal('withdraw'), unit: z.string().min(1) }),
  z.object({ type: z.literal('replace'), unit: z.string().min(1) }),
  z.object({ type: z.literal('enter'), unitType: z.string().min(1), hex }),
  z.object({ type: z.literal('move'), units: ids(STACK), to: hex, path: z.array(hex).max(40).optional() }),
  z.object({ type: z.literal('assault'), units: ids(STACK), target: hex, from: hex.optional() }),
  z.object({ type: z.literal('attack'), target: hex, units: ids(SURROUNDING), air: z.number().int().min(0).max(3).optional() }),
  z.object({ type: z.literal('choose'), option: z.string().min(1).max(40) }),
  z.object({ type: z.literal('convert'), unit: z.string().min(1) }),
  z.object({ type: z.literal('end') }),
  /** Free set-up (3.2, 3.3, 3.6): move one of the setting-up side's units to another hex. */
  z.object({ type: z.literal('place'), unit: z.string().min(1), hex }),
]);
export type DomAction = z.infer<typeof domActionSchema>;

export const domOptionsSchema = z.object({
  seed: diceSeedSchema,
  vs: z.enum(['human', 'bot']).optional(),
  side: side.optional(),
  level: z.enum(['heuristic', 'search']).optional(),
  losses: z.enum(['bot', 'player']).optional(),
  setup: z.enum(['auto', 'free']).optional(),
  /** 11.6: keep the fog of war in the pictures (see DomState.fog). */
  fog: z.boolean().optional(),
});
export type DomOptions = z.infer<typeof domOptionsSchema>;
