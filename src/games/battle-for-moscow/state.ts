/**
 * Battle for Moscow's game state, actions and options: plain JSON, so a game is stored, sent
 * and replayed as it is. The map and the charts are fixed data; everything that changes in
 * play lives here.
 */

import { z } from 'zod';
import { type DiceState, diceSeedSchema } from '../../kernel/dice.js';
import type { HexId } from '../../kernel/hex.js';
import { hexIdSchema } from '../../kernel/hex.js';
import type { SideId } from '../engine.js';
import type { CrtResult, OddsColumn } from './data/crt.js';

/** How to Play: eight phases a turn, four German then four Soviet; plus set-up and the end. */
export const PHASES = [
  'german-replacement',
  'german-panzer-movement',
  'german-combat',
  'german-movement',
  'soviet-replacement',
  'soviet-rail-movement',
  'soviet-combat',
  'soviet-movement',
] as const;
export type TurnPhase = (typeof PHASES)[number];
export type Phase = 'setup' | TurnPhase | 'over';

export const PHASE_NAMES: Record<Phase, string> = {
  setup: 'Set-up',
  'german-replacement': 'German replacement',
  'german-panzer-movement': 'German panzer movement',
  'german-combat': 'German combat',
  'german-movement': 'German movement',
  'soviet-replacement': 'Soviet replacement',
  'soviet-rail-movement': 'Soviet rail movement',
  'soviet-combat': 'Soviet combat',
  'soviet-movement': 'Soviet movement',
  over: 'Game over',
};

export function phaseSide(phase: Phase): SideId | undefined {
  if (phase === 'setup') return 'german';
  if (phase === 'over') return undefined;
  return phase.startsWith('german') ? 'german' : 'soviet';
}

export function otherSide(side: SideId): SideId {
  return side === 'german' ? 'soviet' : 'german';
}

export interface UnitState {
  /** Where the unit is; null while eliminated (or not yet on the map): it may come back as a replacement. */
  hex: HexId | null;
  /** Showing its full-strength counter. */
  full: boolean;
}

export interface Battle {
  defender: string;
  attackers: string[];
  resolved: boolean;
}

/** The battle being resolved and the decision it waits for (all are the attacking player's). */
export interface CurrentBattle {
  index: number;
  die: number;
  odds: OddsColumn;
  result: CrtResult;
  /** The hex the defender stood in (where an attacker may advance). */
  hex: HexId;
  step: /** AL or EX: the attacker picks the next unit to take a loss. */
    | 'attacker-loss'
    /** DR, DRL, EX: the attacker picks where the defender retreats. */
    | 'retreat'
    /** The defender's hex is empty: one attacker may move in. */
    | 'advance';
  /** Strength the attacker still has to lose (EX), or 1 step for AL. */
  owed: number;
  /** Retreat hexes to choose from (the shortest legal retreats). */
  retreatOptions: HexId[];
}

export interface CombatState {
  battles: Battle[];
  /** Battles may still be announced (no battle has been resolved yet). */
  declaring: boolean;
  current: CurrentBattle | null;
}

export interface BfmState {
  game: 'battle-for-moscow';
  schema: 1;
  turn: number;
  phase: Phase;
  dice: DiceState;
  units: Record<string, UnitState>;
  /** Who owns each city (Moscow included): the side whose unit was last in it. */
  cities: Record<HexId, SideId>;
  /** Units that have moved this phase. */
  moved: string[];
  /** A unit that ended its move on this one: it must move on next (one unit per hex at the end of the phase). */
  displaced: string | null;
  /** Replacements left this phase. */
  replacements: number;
  /** Units brought back this phase (cannot be flipped to full strength in the same phase). */
  created: string[];
  combat: CombatState | null;
  /** `botLevel`: how the bot side plays (absent in games from before the search bot: the heuristic). */
  options: { sovietReplacements: number; germanReplacementTurns: 'every' | 'even'; botLevel?: BotLevel };
  /** Sides the bot plays. */
  bots: SideId[];
  result?: { winner: SideId; reason: string };
}

const hexId = hexIdSchema;
const unitId = z.string().min(1).max(12);

export const bfmActionSchema = z.discriminatedUnion('type', [
  /** Starting the Game: the German player trades the places of two of his units before play. */
  z.object({ type: z.literal('setup-swap'), a: unitId, b: unitId }),
  z.object({ type: z.literal('setup-reset') }),
  z.object({ type: z.literal('setup-done') }),
  /** Replacements: flip a half-strength unit (no hex) or bring an eliminated one back in `hex`. */
  z.object({ type: z.literal('replace'), unit: unitId, hex: hexId.optional() }),
  /** Movement: one unit to a hex within its allowance. */
  z.object({ type: z.literal('move'), unit: unitId, to: hexId }),
  /** Combat: announce one battle. */
  z.object({ type: z.literal('declare'), defender: unitId, attackers: z.array(unitId).min(1).max(6) }),
  /** Combat: resolve one announced battle (ends announcing). */
  z.object({ type: z.literal('resolve'), defender: unitId }),
  /** CRT AL/EX: this attacking unit takes a loss. */
  z.object({ type: z.literal('take-loss'), unit: unitId }),
  /** CRT DR: the attacker retreats the defender to this hex. */
  z.object({ type: z.literal('retreat'), to: hexId }),
  /** Combat step 6: this attacker moves into the emptied hex. */
  z.object({ type: z.literal('advance'), unit: unitId }),
  /** Combat step 6: no attacker advances. */
  z.object({ type: z.literal('hold') }),
  z.object({ type: z.literal('end-phase') }),
]);
export type BfmAction = z.infer<typeof bfmActionSchema>;

const sideSchema = z.enum(['german', 'soviet']);

export const botLevels = ['heuristic', 'search'] as const;
export type BotLevel = (typeof botLevels)[number];

export const bfmOptionsSchema = z.object({
  /** A 256-bit secret (64 hex digits) or a fixed 32-bit number (see src/kernel/dice.ts). */
  seed: diceSeedSchema,
  /** Sides the bot plays (none, one or both). */
  bots: z.array(sideSchema).max(2).default([]),
  /** Replacements: Game Balance lets the Soviets get four or three instead of five. */
  sovietReplacements: z.union([z.literal(5), z.literal(4), z.literal(3)]).default(5),
  /** Replacements: Game Balance may give the Germans theirs on turns 2, 4 and 6 only. */
  germanReplacementTurns: z.enum(['every', 'even']).default('every'),
  /** The bot side: the readable heuristic, or the search bot that plays styles of it out (default). */
  botLevel: z.enum(botLevels).default('search'),
});
export type BfmOptions = z.input<typeof bfmOptionsSchema>;

/** A deep copy for `apply` to work on (the caller's state is never touched). */
export function cloneState(s: BfmState): BfmState {
  const units: Record<string, UnitState> = {};
  for (const [id, u] of Object.entries(s.units)) units[id] = { hex: u.hex, full: u.full };
  const c = s.combat;
  return {
    ...s,
    dice: { ...s.dice },
    units,
    cities: { ...s.cities },
    moved: [...s.moved],
    created: [...s.created],
    combat: c && {
      battles: c.battles.map((x) => ({ defender: x.defender, attackers: [...x.attackers], resolved: x.resolved })),
      declaring: c.declaring,
      current: c.current && { ...c.current, retreatOptions: [...c.current.retreatOptions] },
    },
    options: { ...s.options },
    bots: [...s.bots],
    ...(s.result ? { result: { ...s.result } } : {}),
  };
}
