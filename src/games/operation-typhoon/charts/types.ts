/**
 * The shape of Operation Typhoon's charts and counter mix. The printed charts are not public,
 * so every value the bot ships is a sourced reconstruction (see docs/typhoon-charts.md).
 */

export type FormationId = '9A' | 'PG3' | '4A' | 'PG4' | '2A' | 'PG2';
export type Mobility = 'mechanized' | 'non-mechanized';
export type NaturalTerrain = 'clear' | 'forest' | 'marsh';
/** capital = a Moscow hex */
export type PlaceKind = 'town' | 'city' | 'capital';
export type Hits = 0 | 1 | 2;
export interface Sourced {
  source: string;
}

export interface GermanUnitSpec extends Sourced {
  /** unique slug, e.g. "10pz", "gd", "lehr", "das-reich" */
  id: string;
  /** counter text, e.g. "10 Pz", "GD", "SS-R" */
  label: string;
  formation: FormationId;
  type: 'panzer' | 'motorized' | 'infantry' | 'cavalry';
  /** panzer/motorized are mechanized (2.7) */
  mobility: Mobility;
  size: 'division' | 'brigade' | 'regiment';
  /** 7.1, 7.2 */
  stacking: 1 | 0.5;
  cdr: { full: number; reduced: number };
}

export type SovietKind = 'rifle' | 'guards' | 'airborne' | 'brigade' | 'heavy-howitzer' | 'heavy-mortar' | 'cas';
export interface SovietCounterSpec extends Sourced {
  /** unique, e.g. "rd-01", "gd-1", "ac-4", "b-03", "hh-1", "hm-1", "cas-1", "rd-r01" */
  id: string;
  /** "RD", "1 Gd", "4 AC", "B", "HH", "HM", "CAS" */
  label: string;
  kind: SovietKind;
  steps: 1 | 2;
  /** reduced present iff steps === 2 */
  cdr: { full: number; reduced?: number };
  /** one of the ten rifle divisions set aside to replace guards/airborne (3.1, 8.3) */
  reserve?: boolean;
}

export interface TurnSpec extends Sourced {
  /** 1..8 */
  turn: number;
  /** e.g. "Oct I" */
  label: string;
  /** e.g. "30 Sep - 6 Oct 1941" */
  dates: string;
  weeks: 1 | 2;
  /** 9.1 */
  luftwaffeCas: 0 | 1 | 2;
  /** German Movement Points Table (9.3) */
  mp: { mechanized: number; nonMechanized: number };
  /** 8.1: 0, +1 turns 3-4, +2 turns 5-8 */
  forceModifier: number;
  /** 5.2, 10.10: turns 1-5 */
  regroup: boolean;
  /** 4.2, 4.3 (errata 2.2), 4.4 */
  victoryCheck?: 'pocket' | 'front-integrity' | 'vp';
  /** 7.3, 12.2: true on turns 1-4 */
  interArmyStacking: boolean;
  /** 12.3: +1 on turn 6 only */
  firstRoundGermanBonus: number;
}

export interface TerrainEffect extends Sourced {
  /** MP to enter (9.4); undefined for town/city/capital = pay the hex's natural terrain. */
  mp?: { mechanized: number; nonMechanized: number };
  /** Combat die roll modifiers (10.2), added to each die of that firing side for a battle in this hex. */
  fire: { germanMechanized: number; germanNonMechanized: number; sovietGround: number; sovietArtillery: number };
}
export interface TerrainChart {
  terrain: Record<NaturalTerrain | PlaceKind, TerrainEffect>;
  /** 9.4, 10.3 */
  river: Sourced & { mp: { mechanized: number; nonMechanized: number }; defenderFirstRound: number };
}

/** 10.1: modified roll -> hits */
export interface CrtRow {
  roll: number;
  german: Hits;
  soviet: Hits;
}
/** contiguous rolls; the engine clamps to the first/last row */
export interface CombatResultsTable extends Sourced {
  rows: CrtRow[];
}

/** open = the "Clear, Forest, or Marsh hex" line (8.1); a Moscow hex uses 'city' */
export type ForceLineId = 'open' | 'town' | 'city';
export interface SovietForce {
  RD?: number;
  GD?: number;
  AC?: number;
  B?: number;
  A?: number;
  CAS?: number;
}
export interface ForceLine {
  label: string;
  /** rolls 1..12; null = "--" (no Soviet force) */
  rows: { roll: number; force: SovietForce | null }[];
}
export interface ForceGenerationTable extends Sourced {
  lines: Record<ForceLineId, ForceLine>;
  /** +3 (8.1) */
  moscowModifier: number;
  /** +1 (13.5) */
  clenchedFistModifier: number;
}

export interface BreakoutBand {
  minHexes: number;
  maxHexes?: number;
  /** by die 1..6 */
  units: [number, number, number, number, number, number];
}
export interface BreakoutTable extends Sourced {
  bands: BreakoutBand[];
}

export interface TyphoonCharts {
  formations: { id: FormationId; name: string }[];
  german: GermanUnitSpec[];
  soviet: SovietCounterSpec[];
  /** index 0 = turn 1 */
  turns: TurnSpec[];
  terrain: TerrainChart;
  crt: CombatResultsTable;
  forceGeneration: ForceGenerationTable;
  breakout: BreakoutTable;
  /** marker counters, so that units + markers total about 280 (2.1) */
  markers: number;
  /** what the marker counters are (2.11); when given, the counts add up to `markers` */
  markerMix?: MarkerSpec[];
}

/** One kind of marker counter (2.11), e.g. the front line markers of 3.4. */
export interface MarkerSpec extends Sourced {
  id: string;
  label: string;
  count: number;
}
