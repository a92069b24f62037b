import type { SKRSContext2D } from '@napi-rs/canvas';
import type { HexId } from '../kernel/hex.js';
import type { LoadedMap } from '../maps/game-map.js';
import type { MapHex } from '../maps/schema.js';
import { font } from './fonts.js';
import type { HexLayout, Point } from './layout.js';

/**
 * Where everything sits in a hex, so that nothing a player reads hides another: the hex id
 * along the top, the counter below it, the place name in a band under the counter, the
 * control flag at the left corner, the set-up mark at the right corner. Every figure is in
 * hex sizes (centre to corner), measured from the hex centre, y down. The drawing code and
 * the tests both read the boxes from here.
 *
 *         ┌── 0509 ──┐        hex id: top -0.82 (text top), glyphs to about -0.58
 *        /┌─────────┐\
 *    [S] ││ counter │ [+]   counter: 1.15 wide, -0.535 to 0.615; flag left, set-up mark right
 *        \└─────────┘/
 *         └ Bryansk ┘        place name: 0.635 to 0.925 (reaches just past the hex's foot)
 */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Counter side, in hex sizes. */
export const COUNTER_SIDE = 1.15;
/** A counter's designation, in counter sides (its font size). */
export const LABEL_SCALE = 0.25;
/** The counter's centre sits this far below the hex centre, clear of the hex id above it. */
export const COUNTER_DROP = 0.04;
/** Counters under the top one peek out to the right by this much of the counter side each, at most two. */
export const STACK_STEP = 0.06;
/** Top of the hex id text. */
const HEX_ID_TOP = -0.82;
/** Top of the place-name band. */
export const NAME_TOP = 0.635;

export function hexIdFont(size: number): string {
  return font(Math.max(8, size * 0.26), { condensed: true });
}

export function hexIdAnchor(layout: HexLayout, id: HexId): Point {
  const c = layout.center(id);
  return { x: c.x, y: c.y + layout.size * HEX_ID_TOP };
}

/** The box of a text's glyphs written with its top at `top`, centred on `x`. */
function textBox(ctx: SKRSContext2D, text: string, x: number, top: number): Box {
  ctx.textBaseline = 'top';
  const m = ctx.measureText(text);
  const y = top - m.actualBoundingBoxAscent;
  return { x: x - m.width / 2, y, w: m.width, h: top + m.actualBoundingBoxDescent - y };
}

const idBoxes = new WeakMap<HexLayout, Map<HexId, Box>>();

/** The box of a hex id's digits (cached per layout: ids never move). */
export function hexIdBox(ctx: SKRSContext2D, layout: HexLayout, id: HexId): Box {
  let boxes = idBoxes.get(layout);
  if (!boxes) idBoxes.set(layout, (boxes = new Map()));
  let box = boxes.get(id);
  if (!box) {
    const a = hexIdAnchor(layout, id);
    ctx.font = hexIdFont(layout.size);
    box = textBox(ctx, id, a.x, a.y);
    boxes.set(id, box);
  }
  return box;
}

export function counterSide(layout: HexLayout): number {
  return layout.size * COUNTER_SIDE;
}

/** Top-left corner of counter `i` of a stack (0 the top counter) in a hex. */
export function counterCorner(layout: HexLayout, hex: HexId, i: number): Point {
  const c = layout.center(hex);
  const side = counterSide(layout);
  return { x: c.x - side / 2 + i * Math.max(2, side * STACK_STEP), y: c.y + layout.size * COUNTER_DROP - side / 2 };
}

/** Every counter of a stack of `depth` (only three are drawn), the top one and those peeking out to its right. */
export function stackBox(layout: HexLayout, hex: HexId, depth: number): Box {
  const side = counterSide(layout);
  const tl = counterCorner(layout, hex, 0);
  const br = counterCorner(layout, hex, Math.min(depth, 3) - 1);
  return { x: tl.x, y: tl.y, w: br.x + side - tl.x, h: side };
}

/** Where a stack of two or more shows how many counters it holds: a disc at the top right corner of the deepest. */
export function badgeCentre(layout: HexLayout, hex: HexId, depth: number): Point {
  const deepest = counterCorner(layout, hex, Math.min(depth, 3) - 1);
  return { x: deepest.x + counterSide(layout), y: deepest.y };
}

/** What a stack covers: its counters, and the count badge of a stack of two or more. */
export function stackBoxes(layout: HexLayout, hex: HexId, depth: number): Box[] {
  const boxes = [stackBox(layout, hex, depth)];
  if (depth > 1) {
    const c = badgeCentre(layout, hex, depth);
    const r = badgeRadius(layout);
    boxes.push({ x: c.x - r, y: c.y - r, w: 2 * r, h: 2 * r });
  }
  return boxes;
}

export function badgeRadius(layout: HexLayout): number {
  return Math.max(7, counterSide(layout) * 0.17);
}

export function placeFont(size: number, kind: 'town' | 'city' | 'capital'): string {
  return font(Math.max(9, size * (kind === 'town' ? 0.25 : 0.26)), { bold: kind !== 'town', condensed: true });
}

/**
 * Where a place's name is written: centred under the marker in the band below the counter,
 * once per group of neighbouring hexes of the same name (Moscow spans two), under the lower.
 * Undefined for the hexes whose group writes it elsewhere.
 */
export function placeNameAnchor(layout: HexLayout, map: LoadedMap, id: HexId, hex: MapHex): Point | undefined {
  const place = hex.place;
  if (!place) return undefined;
  const twin = map.neighbours(id).find((n) => map.hex(n)?.place?.name === place.name);
  if (twin !== undefined && twin < id) return undefined;
  const c = layout.center(id);
  let anchor = c;
  if (twin !== undefined) {
    const t = layout.center(twin);
    anchor = { x: (c.x + t.x) / 2, y: Math.max(c.y, t.y) };
  }
  return { x: anchor.x, y: anchor.y + layout.size * NAME_TOP };
}

/** The box a place name's glyphs take (text top at the anchor), without its halo. */
export function placeNameBox(ctx: SKRSContext2D, layout: HexLayout, anchor: Point, name: string, kind: 'town' | 'city' | 'capital'): Box {
  ctx.font = placeFont(layout.size, kind);
  return textBox(ctx, name, anchor.x, anchor.y);
}

export interface PlaceLabel {
  /** The hexes of the place (Moscow spans two); the name is written once. */
  hexes: HexId[];
  name: string;
  kind: 'town' | 'city' | 'capital';
  anchor: Point;
  box: Box;
}

const labelsByLayout = new WeakMap<HexLayout, PlaceLabel[]>();

/** Every place name of the map at this size, where it is written; cached per layout. */
export function placeLabels(ctx: SKRSContext2D, layout: HexLayout, map: LoadedMap): PlaceLabel[] {
  let labels = labelsByLayout.get(layout);
  if (labels) return labels;
  labels = [];
  for (const id of map.ids) {
    const hex = map.hex(id)!;
    const anchor = placeNameAnchor(layout, map, id, hex);
    if (!anchor || !hex.place) continue;
    const { name, kind } = hex.place;
    const hexes = [id, ...map.neighbours(id).filter((n) => map.hex(n)?.place?.name === name)];
    labels.push({ hexes, name, kind, anchor, box: placeNameBox(ctx, layout, anchor, name, kind) });
  }
  labelsByLayout.set(layout, labels);
  return labels;
}

/** The city control flag: at the hex's left corner, beside the counter. */
export function controlFlagBox(layout: HexLayout, id: HexId): Box {
  const c = layout.center(id);
  const s = layout.size;
  const w = s * 0.36;
  const h = s * 0.28;
  return { x: c.x - s * 0.965, y: c.y - h / 2, w, h };
}

/** The set-up mark: at the hex's right corner, beside the counter. */
export function setupMarkCentre(layout: HexLayout, id: HexId): Point {
  const c = layout.center(id);
  return { x: c.x + layout.size * 0.79, y: c.y };
}

/** Something a mark should not hide, and how much hiding it costs per unit of area. */
export interface Obstacle {
  box: Box;
  weight: number;
}

/** Covering a digit of a hex id or a letter of a name costs more than covering a counter's blank corner. */
export const WEIGHT = { counter: 1, flag: 2, text: 3 } as const;

/**
 * A small placer for marks that must not hide what is already there: each mark has a few
 * candidate boxes; it takes the first that overlaps nothing, or the one that hides least,
 * and becomes an obstacle itself.
 */
export class Placer {
  private readonly taken: Box[] = [];

  constructor(private readonly obstacles: Obstacle[]) {}

  place(candidates: Box[]): number {
    let best = 0;
    let bestScore = Infinity;
    for (const [i, box] of candidates.entries()) {
      let score = 0;
      for (const o of this.obstacles) score += o.weight * overlapArea(box, o.box);
      for (const o of this.taken) score += 4 * overlapArea(box, o);
      if (score < bestScore - 1e-6) {
        best = i;
        bestScore = score;
      }
      if (score === 0) break;
    }
    this.taken.push(candidates[best]!);
    return best;
  }
}

/** A hex shared by two sides: each stack at this share of the usual counter size, side by side. */
export const SPLIT_SCALE = 0.74;

/**
 * Where a stack's counters go: the usual place, or in a hex shared with `opposing` counters,
 * the left half for the stack and the right half for the others, each smaller.
 */
export function stackFrames(
  layout: HexLayout,
  stack: { hex: HexId; counters: unknown[]; opposing?: unknown[] },
): { corner: (i: number) => Point; side: number; depth: number }[] {
  const full = counterSide(layout);
  if (!stack.opposing?.length) {
    return [{ corner: (i) => counterCorner(layout, stack.hex, i), side: full, depth: Math.min(stack.counters.length, 3) }];
  }
  const side = full * SPLIT_SCALE;
  const c = layout.center(stack.hex);
  const gap = Math.max(1, layout.size * 0.03);
  const y = c.y + layout.size * COUNTER_DROP - side / 2;
  const step = Math.max(2, side * STACK_STEP);
  const depthA = Math.min(stack.counters.length, 2);
  const depthB = Math.min(stack.opposing.length, 2);
  return [
    { corner: (i) => ({ x: c.x - gap - side - (depthA - 1) * step + i * step, y }), side, depth: depthA },
    { corner: (i) => ({ x: c.x + gap + i * step, y }), side, depth: depthB },
  ];
}

/** What a stack covers, split or not: its counters and count badges. */
export function stackViewBoxes(layout: HexLayout, stack: { hex: HexId; counters: unknown[]; opposing?: unknown[] }): Box[] {
  if (!stack.opposing?.length) return stackBoxes(layout, stack.hex, stack.counters.length);
  const r = badgeRadius(layout);
  return stackFrames(layout, stack).flatMap((f) => {
    const tl = f.corner(0);
    const br = f.corner(f.depth - 1);
    return [
      { x: tl.x, y: tl.y, w: br.x + f.side - tl.x, h: f.side },
      { x: br.x + f.side - r, y: br.y - r, w: 2 * r, h: 2 * r },
    ];
  });
}
