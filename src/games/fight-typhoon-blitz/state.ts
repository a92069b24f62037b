/**
 * Fight! Typhoon Blitz's game state and actions: plain JSON, checked by zod at every boundary.
 * The Axis side is "german" in the bot's shared side ids. Chits each side chose are sealed in
 * the state: no status, picture or event shows them until they are drawn (6.1(3)).
 */
import { z } from 'zod';
import { diceSeedSchema, diceStateSchema } from '../../kernel/dice.js';
import { hexIdSchema } from '../../kernel/hex.js';

const hex = hexIdSchema;
export const sideSchema = z.enum(['german', 'soviet']);
export type Side = z.infer<typeof sideSchema>;

export const unitSchema = z.object({
  id: z.string(),
  side: sideSchema,
  /** Counter type (charts unitTypes): Pz, M, DR, Inf, AHQ, PzAHQ, RD, G, T, SM, C, SHQ. */
  type: z.string(),
  /** The army on the counter's set-up band; an HQ's own army. */
  army: z.string(),
  /** Where the unit is: on the map at `hex`, or in a box (4.0). */
  where: z.enum(['map', 'available', 'convert', 'gone']),
  hex: hex.optional(),
  steps: z.union([z.literal(1), z.literal(2)]),
  maxSteps: z.union([z.literal(1), z.literal(2)]),
});
export type Unit = z.infer<typeof unitSchema>;

/**
 * Rule readings where players may disagree (the digest's flags, section 6); the defaults are
 * the readings this module settles on, each cited where the rule is coded.
 */
export const rulesOptionsSchema = z.object({
  /** 1.0(2), A-2: halve the total once (default) or each unit. */
  halving: z.enum(['total', 'each']).default('total'),
  /** 3.2, A-4: ZOC extends across unbridged major rivers. */
  zocAcrossMajorRiver: z.boolean().default(true),
  /** 10.6(3), A-11: an unbridged major river is fatal only as the 2nd hex of a retreat, or always. */
  retreatMajorRiver: z.enum(['second', 'any']).default('second'),
  /** 10.6(4), A-12: one step per EZOC hex entered in retreat, or at most one. */
  retreatEzoc: z.enum(['perHex', 'once']).default('perHex'),
  /** 14.1.3, A-17: snow from turn 8 to the end, or on turn 8 only. */
  snow: z.enum(['from8', 'only8']).default('from8'),
  /** 14.4, A-20: at least (default) or more than the count. */
  victoryCompare: z.enum(['atLeast', 'moreThan']).default('atLeast'),
  /** 14.4, A-20: count major-city hexes (Moscow twice) or cities. */
  victoryCount: z.enum(['hex', 'city']).default('hex'),
  /** 12.3(2) vs 13.0(3), A-16: Axis HQs lost in combat return to the Available Box. */
  axisHqReturns: z.boolean().default(true),
  /** 10.3, A-8: above 10-1 one shift reaches 10-1 (default), or every shift is two ratio points. */
  above10: z.enum(['column', 'minus2']).default('column'),
  /** 10.7(1), A-32: a 2-hex advance needs both hexes clear, or the first only. */
  advance: z.enum(['both', 'first']).default('both'),
  /** 15.2: the optional Guards conversion. */
  guards: z.boolean().default(false),
  /** 10.5, 10.6(6): who takes step losses and picks a retreat among equals: the bot for the owner (default) or the owner. */
  losses: z.enum(['bot', 'owner']).default('bot'),
});
export type RulesOptions = z.infer<typeof rulesOptionsSchema>;

const declared = z.object({ target: hex, units: z.array(z.string()) });

export const phaseSchema = z.enum([
  'select',
  'interrupt',
  'reserve',
  'move',
  'combat',
  'loss',
  'retreat',
  'advance',
  'reinforce',
  'withdraw',
  'over',
]);
export type Phase = z.infer<typeof phaseSchema>;

export const ftbStateSchema = z.object({
  game: z.literal('fight-typhoon-blitz'),
  schema: z.literal(1),
  turn: z.number().int().min(1).max(12),
  phase: phaseSchema,
  /** Whose decision the phase waits for. */
  side: sideSchema,
  dice: diceStateSchema,
  options: rulesOptionsSchema,
  units: z.record(z.string(), unitSchema),
  /** Cities and towns whose control differs from the start (3.4). */
  flipped: z.array(hex),
  /** Sealed choices of this turn (6.1); undefined until the side has chosen. */
  chosen: z.object({ german: z.array(z.string()).optional(), soviet: z.array(z.string()).optional() }),
  /** The cup (6.2), the Guderian chit in hand (6.3) and the used box (7.1(4)). */
  cup: z.array(z.string()),
  hand: z.boolean(),
  used: z.array(z.string()),
  /** A chit drawn and waiting for the Axis decision to interrupt (7.3). */
  drawn: z.string().optional(),
  /** The chit being carried out and what its units have done (7.2, 8.1). */
  chit: z
    .object({
      name: z.string(),
      side: sideSchema,
      hq: z.string().optional(),
      /** Units it activated (8.1); for RESERVE/OKH, how many may be picked (15.1). */
      units: z.array(z.string()),
      pick: z.number().int().optional(),
      /** RESERVE units outside every HQ's range: half MA, normal movement only (15.1(2)). */
      half: z.array(z.string()),
      moved: z.array(z.string()),
      attacked: z.array(z.string()),
      declared: z.array(declared),
      /** Declarations closed, resolving one by one (10.2). */
      resolving: z.boolean(),
      /** Hexes already attacked this segment (10.1) and units that retreated into a hex (10.3(1)). */
      hexesAttacked: z.array(hex),
      retreatedInto: z.array(z.string()),
      /** Reinforcements and Moscow garrison still to place (12.2, 14.3), Guards still to convert (15.2). */
      reinf: z.number().int().min(0),
      garrison: z.number().int().min(0),
      guards: z.number().int().min(0),
    })
    .optional(),
  /**
   * A battle waiting for its owner's choices (losses:owner): steps still to take among the
   * units that fought (10.5), then the defenders still to retreat and how far (10.6).
   */
  battle: z
    .object({
      target: hex,
      attackers: z.array(z.string()),
      loss: z.object({ side: sideSchema, from: z.array(z.string()), steps: z.number().int().min(0) }).optional(),
      retreat: z.object({ units: z.array(z.string()), hexes: z.number().int().min(1).max(2) }).optional(),
    })
    .optional(),
  /** An emptied defender hex the attackers may advance into (10.7). */
  advance: z.object({ target: hex, units: z.array(z.string()), done: z.array(z.string()) }).optional(),
  /** Moscow garrison units not placed, carried to the next SOVIET REINF (14.3). */
  garrisonCarry: z.number().int().min(0),
  /** 14.4(2): the Axis held two Moscow hexes and Tula at the same moment. */
  heldMoscowTula: z.boolean(),
  guderianDismissed: z.boolean(),
  serial: z.number().int().min(0),
  rolled: z.boolean(),
  result: z.object({ winner: sideSchema, reason: z.string() }).optional(),
  bot: sideSchema.optional(),
  /** How the bot side plays (bot.ts or search-bot.ts); absent in games from before the search bot: the heuristic. */
  botLevel: z.enum(['heuristic', 'search']).optional(),
});
export type FtbState = z.infer<typeof ftbStateSchema>;
export type ChitRun = NonNullable<FtbState['chit']>;

const ids = z.array(z.string().min(1).max(20)).max(30);
export const ftbActionSchema = z.discriminatedUnion('type', [
  /** 6.1: a side's sealed choice; `hold` keeps the Guderian chit in hand (6.3). */
  z.object({ type: z.literal('chits'), chits: ids, hold: z.boolean().optional() }),
  /** 7.3: play the Guderian chit on the chit just drawn, or let it run. */
  z.object({ type: z.literal('interrupt'), play: z.boolean() }),
  /** 15.1: the units a RESERVE or OKH chit activates. */
  z.object({ type: z.literal('reserve'), units: ids.min(1) }),
  z.object({ type: z.literal('move'), unit: z.string().min(1), to: hex, strategic: z.boolean().optional() }),
  z.object({ type: z.literal('attack'), target: hex, units: ids.min(1) }),
  z.object({ type: z.literal('resolve'), target: hex }),
  /** 10.5 (losses:owner): the owner takes the next step from this unit. */
  z.object({ type: z.literal('loss'), unit: z.string().min(1) }),
  /** 10.6(6) (losses:owner): the way a defender retreats, among the equally good ones (the hexes after its own). */
  z.object({ type: z.literal('retreat'), unit: z.string().min(1), path: z.array(hex).min(1).max(6) }),
  z.object({ type: z.literal('advance'), unit: z.string().min(1), path: z.array(hex).min(1).max(2) }),
  z.object({ type: z.literal('place'), unit: z.string().min(1), hex }),
  z.object({ type: z.literal('convert'), unit: z.string().min(1) }),
  z.object({ type: z.literal('withdraw'), unit: z.string().min(1) }),
  z.object({ type: z.literal('end') }),
]);
export type FtbAction = z.infer<typeof ftbActionSchema>;

export const ftbOptionsSchema = z.object({
  seed: diceSeedSchema,
  vs: z.enum(['human', 'bot']).optional(),
  side: sideSchema.optional(),
  level: z.enum(['heuristic', 'search']).optional(),
  rules: rulesOptionsSchema.partial().optional(),
});
export type FtbOptions = z.infer<typeof ftbOptionsSchema>;
