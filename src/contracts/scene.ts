import type { HexId } from '../kernel/hex.js';

/**
 * What a game wants drawn over its map: the contract between the games, which translate
 * their state into a scene, and the renderer, which knows nothing of rules. Neither owns it.
 */

/** The two sides of every game here; each game names and colours them in its scene. */
export type SideId = 'german' | 'soviet';

/** How a side looks and is called on the map: control shading, city markers, legend words. */
export interface SideLook {
  /** "German", as the legend says it ("German-held"). */
  name: string;
  /** One letter on a city marker. */
  letter: string;
  /** Marker fill and its text colour. */
  fill: string;
  text: string;
  /** Translucent wash over the side's hexes (area control). */
  wash: string;
  /** Hatching over the side's hexes, when it has one (area control). */
  hatch?: string;
}

export type UnitSymbol =
  | 'infantry'
  | 'panzer'
  | 'motorized'
  | 'cavalry'
  | 'rifle'
  | 'guards'
  | 'airborne'
  | 'brigade'
  | 'artillery'
  | 'air';

export interface CounterView {
  /** Unit designation printed on the counter, e.g. "XLVI" or "10 Pz". */
  label: string;
  /** Side colour and text colour, e.g. an army's colours from its rulebook. */
  colour: string;
  text: string;
  symbol: UnitSymbol;
  /** Printed combat value (strength, or dice rolled). */
  strength: string;
  /** Showing its reduced side. */
  reduced?: boolean;
  /** Organisational size mark, e.g. "XX". */
  size?: string;
  /**
   * Face down to this picture's viewers (fog of war): only that a counter is there shows, in
   * a neutral colour that tells nothing of its type. Never the top counter of a stack.
   */
  hidden?: boolean;
}

export interface StackView {
  hex: HexId;
  /** Top counter first. */
  counters: CounterView[];
  /**
   * The other side's counters in the same hex (a battle in progress, or defenders who held):
   * both stacks are drawn side by side, smaller, so neither hides the other.
   */
  opposing?: CounterView[];
}

export type ControlStyle =
  /** Whole-area control (Operation Typhoon): shading plus the front line along hexsides. */
  | 'area'
  /** Control of key hexes only (Battle for Moscow cities): a small flag. */
  | 'marker';

export interface PanelView {
  title: string;
  /** Short lines such as "Turn 3 of 8 - Oct III", "Phase: German movement". */
  lines: string[];
  /** Key-value figures such as VP or pocket hexes. */
  score?: [string, string][];
}

export interface Highlights {
  /** A movement path to draw as an arrow, start first. */
  path?: HexId[];
  /** Label at the arrow head, e.g. "6 MP". */
  pathLabel?: string;
  /** Hexes where a battle is pending or was fought. */
  combat?: HexId[];
  /** Hexes to ring for attention (the hex a /hex lookup asked about). */
  selected?: HexId[];
}

/**
 * A labelled arrow drawn over everything else: the proposals on a vote ballot, say, several
 * at once. Distinct arrows differ by colour and by their label, so hue alone never decides.
 */
export interface ArrowView {
  /** Hexes from the start, at least two. */
  path: HexId[];
  /** Short text at the head, e.g. "#2 · 6 MP". */
  label?: string;
  /** Hexes along the way to ring with a dashed outline, e.g. enemy hexes a move would enter. */
  marked?: HexId[];
  /** Index into the arrow colours (theme.arrows); default 0. */
  colour?: number;
}

/**
 * A battle announced and not yet over: drawn as a numbered arrow across the hexside from each
 * attacking hex to the defender's, and a tag with the odds at the defender's hex.
 */
export interface BattleView {
  /** The defender's hex. */
  defender: HexId;
  /** The hexes the attack comes from (each next to the defender). */
  attackers: HexId[];
  /** Its place in the order the battles are resolved, from 1; shown on each arrow. */
  number: number;
  /** The odds column as the table is read, e.g. "3:1", or "<1:1" for an attack without effect. */
  odds: string;
  /** The battle being resolved now. */
  current?: boolean;
}

/** An area outlined on the map (see Scene.regions). */
export interface RegionView {
  hexes: HexId[];
  /** Legend words, e.g. "Pocket cut off". */
  label: string;
}

/** A line along the edge of an area, e.g. a set-up boundary printed on the map. */
export interface BoundaryView {
  /** The hexes on one side of the line; it runs between them and the map hexes outside. */
  hexes: HexId[];
  /** Legend words. */
  label: string;
}

/** A symbol the map prints in some hexes because the rules use it, e.g. a supply source. */
export interface MarkView {
  kind: 'supply';
  /** Whose symbol it is (its colour). */
  side: SideId;
  hexes: HexId[];
  /** Legend words. */
  label: string;
}

/**
 * Where a force can go from its hex: every hex it can reach with what it has left, and the
 * cheapest cost to get there, shaded with the cost written in.
 */
export interface ReachView {
  from: HexId;
  /** Cost (movement points) of the cheapest way to each reachable hex. */
  costs: Record<HexId, number>;
  /** Reachable hexes where the move ends in a battle (an enemy hex entered). */
  battle?: HexId[];
}

export interface Scene {
  /** Names and colours of the sides; the renderer's neutral defaults when absent. */
  sides?: Record<SideId, SideLook>;
  control?: { style: ControlStyle; hexes: Record<HexId, SideId> };
  stacks?: StackView[];
  highlights?: Highlights;
  /** Extra arrows (see ArrowView), drawn after the highlights. */
  arrows?: ArrowView[];
  /** Legend lines for the arrows and their marked hexes, e.g. "Proposed move (#N)". */
  arrowLegend?: { arrow: string; marked?: string };
  panel?: PanelView;
  /** Battles announced and not yet over, each numbered in the order they are resolved. */
  battles?: BattleView[];
  /**
   * Areas outlined along their edge with a dashed line, each with its legend words: a pocket
   * just cut off, or one that taking a hex would cut off.
   */
  regions?: RegionView[];
  /** Lines printed on the map between areas (see BoundaryView). */
  boundaries?: BoundaryView[];
  /** Printed symbols the rules use (see MarkView). */
  marks?: MarkView[];
  /**
   * Hexes a close-up must hold besides those of the action just taken, e.g. every battle
   * announced in the phase, so that none is cut off.
   */
  focus?: HexId[];
  /** Hexes a force can reach, with their cost (see ReachView). */
  reach?: ReachView;
}

export type View =
  | { kind: 'full' }
  /** A window around a hex; `radius` is how many hexes to show each way. */
  | { kind: 'zoom'; center: HexId; radius?: number };
