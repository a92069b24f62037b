/**
 * Operation Typhoon's game state and actions: plain JSON, so a game is stored, sent and
 * replayed as it is. Everything that can change during play lives here; the map and the
 * charts are fixed data handed to the engine.
 */

import { z } from 'zod';
import { type DiceState, diceSeedSchema } from '../../kernel/dice.js';
import type { HexId } from '../../kernel/hex.js';
import { hexIdSchema } from '../../kernel/hex.js';

export type Scenario = 'historical' | 'clenched-fist';

export type Phase =
  /** Before play: the commander may adjust the default set-up (3.2, 13.3). */
  | 'setup'
  /** I. German Movement & Combat Phase (5.2). */
  | 'movement'
  /** Play has stopped (4.0). */
  | 'over';

export interface GermanUnitState {
  hex: HexId;
  steps: 1 | 2;
}

/** A Soviet unit drawn into a battle: which counter and how many steps it has left. */
export interface SovietInBattle {
  id: string;
  steps: 0 | 1 | 2;
  /** Out of this battle for good: fired its only round (artillery, CAS, brigades) or eliminated. */
  out?: boolean;
}

/** The German force moving now (9.0: one force at a time). */
export interface ActiveForce {
  units: string[];
  hex: HexId;
  mp: number;
  /** Hexes entered so far this move, start first (for the map arrow). */
  trail: HexId[];
  /** The Luftwaffe unit flying with this force (9.1: at most one). */
  air: boolean;
  /** 12.1: started turn 5 on or north of row 40, so it may not enter Soviet hexes. */
  mudBound: boolean;
}

export interface Battle {
  kind: 'regular' | 'breakout';
  hex: HexId;
  /** The hex the German force entered from: where it retreats (10.5) and losers return (10.9). */
  from: HexId;
  /** 10.3: the force crossed a river hexside to enter (regular) or the Soviets did (breakout). */
  riverCrossed: boolean;
  round: number;
  soviet: SovietInBattle[];
  /** German units knocked out of this battle, returned when it ends (10.10). */
  germanOut: string[];
  /** Breakouts only: the pocket being broken out of (11.2). */
  pocket?: HexId[];
  /** Breakouts only: the German units in the breakout hex, who defend (11.2). */
  germans?: string[];
  /** Breakouts only: the Luftwaffe unit of the force that cut the pocket off fires (9.1, 11.2 step 5). */
  air?: boolean;
  /** A round paused for the commander's allocation (10.6): the fire step it stopped in... */
  step?: number;
  /** ...and the units that have fired in that step. */
  fired?: string[];
  /** 10.6, manual allocation: hits of one unit's fire that the commander has yet to place. */
  pending?: PendingHits;
}

/** Hits rolled by one firing unit, waiting for the commander to say which units take them (10.6). */
export interface PendingHits {
  /** The unit that fired (German unit id or Soviet counter id). */
  firer: string;
  /** Whose units take the hits. */
  on: 'german' | 'soviet';
  hits: number;
  /** The rule of the fire step, for the report (10.4, 11.2). */
  rule: string;
}

/**
 * The German force that cut off pockets (11.2), followed from breakout to breakout: where it
 * stands now, the hexes it moved through (the last is `at`), and its Luftwaffe unit (9.1).
 */
export interface CuttingForce {
  units: string[];
  at: HexId;
  trail: HexId[];
  air: boolean;
}

/** The breakouts one capture set off (11.2), kept while one of them waits for an allocation (10.6). */
export interface Breakouts {
  captured: HexId;
  /** Pockets still to break out, the one being fought first. */
  pockets: HexId[][];
  force: CuttingForce;
  /** The capture came from a move (not another round), so a force left without MP stops after it (9.2). */
  fromMove: boolean;
}

export interface TyphoonState {
  game: 'operation-typhoon';
  schema: 1;
  scenario: Scenario;
  turn: number;
  phase: Phase;
  dice: DiceState;
  /**
   * Soviet hexes of the printed map now German controlled, sorted (3.4, 3.5: never flips back).
   * A capture replaces the list (Play.takeHexes), never changes it in place: positions share
   * it, and the Soviet hexes of each list are worked out once (hex-graph.ts).
   */
  taken: HexId[];
  units: Record<string, GermanUnitState>;
  /** Units that have finished moving this phase, or were dropped off (9.5, 9.11). */
  done: string[];
  /** Luftwaffe units not yet assigned this phase (9.1). */
  airAvailable: number;
  /** Units of stacks that have a Luftwaffe unit assigned and have not moved yet (9.1). */
  airWith: string[][];
  active: ActiveForce | null;
  battle: Battle | null;
  /** The Soviet force pool (3.1, 8.3): counters available to generation. */
  pool: string[];
  /** Guards and airborne units eliminated for good (8.3). */
  destroyed: string[];
  /** Pocket hexes tallied on turns 1 and 2 (4.2). */
  pocketTally: number;
  /**
   * Team play (1.4): formations whose commanders said they are done this phase; the phase
   * ends when every formation is. Absent in solo play.
   */
  ready?: string[];
  /**
   * Team play (1.4, 9.1): the formation each Luftwaffe unit of a turn goes to, as the
   * commander-in-chief split them (one entry per unit); absent: whoever assigns first.
   */
  airSplit?: string[];
  /** Formations that have assigned their share of `airSplit` this phase. */
  airUsed?: string[];
  /**
   * The Soviet defenders who just held a hex (10.7), kept until the next order so the picture
   * of a failed attack shows them; they are back in the pool already (10.9).
   */
  held?: { hex: HexId; soviet: { id: string; steps: 0 | 1 | 2 }[] };
  /** The last action can be taken back: it rolled no die and revealed nothing. */
  undoable: boolean;
  result?: { winner: 'german' | 'soviet'; reason: string };
  /**
   * 10.7 read as written, a game option: set-aside brigades and artillery still count as
   * surviving defenders, so a battle is won only when they too are gone. Absent: the
   * documented reading (docs/games/operation-typhoon.md, "Reading of ambiguous rules").
   */
  battleWin?: 'all-eliminated';
  /** 10.6: the commander places every hit (a game option, changeable); absent: the bot does. */
  allocation?: 'manual';
  /** Breakouts still to fight after the capture that cut their pockets off (11.2). */
  breakouts?: Breakouts;
}

/** Who places hits (10.6): the bot, as the commander would to spare the Germans and silence the Soviets, or the commander. */
export const allocationModes = ['auto', 'manual'] as const;
export type AllocationMode = (typeof allocationModes)[number];

/** How a battle is won (10.7): the documented reading, or the rule's words taken literally. */
export const battleWinReadings = ['set-aside-out', 'all-eliminated'] as const;
export type BattleWin = (typeof battleWinReadings)[number];

const hexId = hexIdSchema;
const unitList = z.array(z.string().min(1).max(40)).min(1).max(12);

export const typhoonActionSchema = z.discriminatedUnion('type', [
  /** 3.2: move one unit to another set-up hex before play. */
  z.object({ type: z.literal('setup-place'), unit: z.string().min(1).max(40), hex: hexId }),
  z.object({ type: z.literal('setup-done') }),
  /** 3.2: every unit back to the default (historical) deployment. */
  z.object({ type: z.literal('setup-reset') }),
  /** 9.1: put a Luftwaffe unit on the stack in a hex. */
  z.object({ type: z.literal('assign-air'), hex: hexId }),
  /**
   * 9.0-9.6: move a force hex by hex. `from` names a stack that has not moved (a new force,
   * `units` picks some of it) or the active force's hex (it continues).
   */
  z.object({
    type: z.literal('move'),
    from: hexId,
    units: unitList.optional(),
    path: z.array(hexId).min(1).max(60),
    /** 9.1: part of a stack with a Luftwaffe unit moves; the unit goes with it (default) or stays with the rest. */
    air: z.enum(['with', 'stays']).optional(),
  }),
  /** 9.5: leave units of the moving force behind in its hex. */
  z.object({ type: z.literal('drop'), units: unitList }),
  /** The moving force stops; its units are done for the phase. */
  z.object({ type: z.literal('end-force') }),
  /** 10.5: another combat round (1 MP) or retreat. */
  z.object({ type: z.literal('another-round') }),
  z.object({ type: z.literal('retreat') }),
  /** Team play: these formations are done for the phase; the last one ready ends it (5.2). */
  z.object({ type: z.literal('ready'), formations: z.array(z.string().min(1).max(20)).min(1).max(20) }),
  /** Team play: how the Luftwaffe units of each turn are shared among formations (9.1); empty: first come. */
  z.object({ type: z.literal('air-split'), formations: z.array(z.string().min(1).max(20)).max(4) }),
  /** 10.6: one hit of the fire waiting for allocation on this unit; without `unit`, the bot places the rest of that fire. */
  z.object({ type: z.literal('allocate'), unit: z.string().min(1).max(40).optional() }),
  /** 10.6: who places hits from now on. */
  z.object({ type: z.literal('allocation'), mode: z.enum(allocationModes) }),
  /** 5.2: end Phase I; the victory check and regroup follow. */
  z.object({ type: z.literal('end-phase') }),
  /** 5.4: the commander concedes. */
  z.object({ type: z.literal('concede') }),
]);

export type TyphoonAction = z.infer<typeof typhoonActionSchema>;

export const typhoonOptionsSchema = z.object({
  scenario: z.enum(['historical', 'clenched-fist']).default('historical'),
  battleWin: z.enum(battleWinReadings).default('set-aside-out'),
  allocation: z.enum(allocationModes).default('auto'),
  /** A 256-bit secret (64 hex digits) or a fixed 32-bit number (see src/kernel/dice.ts). */
  seed: diceSeedSchema,
});
export type TyphoonOptions = z.input<typeof typhoonOptionsSchema>;
