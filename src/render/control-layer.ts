import { Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import type { Scene, SideId, SideLook } from '../contracts/scene.js';
import type { DIRECTIONS, HexId } from '../kernel/hex.js';
import type { LoadedMap } from '../maps/game-map.js';
import { fillFigure } from './fonts.js';
import { type Extent, hatchRegion } from './hatching.js';
import type { HexLayout } from './layout.js';
import { controlFlagBox } from './placement.js';
import { previewWidth } from './preview-width.js';
import { drawHexId, HEX_ID_MIN_SIZE } from './static-layer.js';
import { sideLooks, theme } from './theme.js';

type Direction = (typeof DIRECTIONS)[number];
/** A side between two hexes of different control: the lower-numbered hex, the other, and the side's direction from the first. */
type FrontSide = [HexId, HexId, Direction];

/**
 * Area control (Operation Typhoon): each side's hexes washed in its colour (and hatched, for
 * a side that has hatching), and the front line along every side between the two.
 */
export function drawControl(
  ctx: SKRSContext2D,
  layout: HexLayout,
  map: LoadedMap,
  scene: Scene,
  /** The map hexes in the picture's window: a close-up walks these, not the whole map. */
  shown: readonly HexId[],
  /** The picture's width, so the front line reads in a preview. */
  width = 0,
  /** The picture's window in the map's coordinates: hatching is cut to it. */
  seen?: Extent,
): void {
  const control = scene.control;
  // Marker control is drawn by drawControlFlags, over the battle and selection rings.
  if (!control || control.style === 'marker') return;
  shadeControl(ctx, layout, control.hexes, sideLooks(scene), shown, seen);
  const front = frontSides(map, control.hexes, shown);
  drawFrontLine(ctx, layout, front, width);
  rewriteIdsOnFront(ctx, layout, front, shown);
}

/**
 * Each side's wash, plus hatching for a side that has one, so the sides can differ by
 * texture as well as hue (colour-blind safe).
 */
function shadeControl(
  ctx: SKRSContext2D,
  layout: HexLayout,
  hexes: Record<HexId, SideId>,
  looks: Record<SideId, SideLook>,
  shown: readonly HexId[],
  seen: Extent | undefined,
): void {
  const bySide: Record<SideId, HexId[]> = { soviet: [], german: [] };
  for (const id of shown) {
    const side = hexes[id];
    if (side) bySide[side].push(id);
  }
  // One path per side, filled once: a full map has thousands of hexes, and one fill per hex
  // made control shading the slowest part of a picture (see docs/performance.md).
  // The path is built as SVG path data in one string: one native call instead of seven per hex.
  for (const side of ['soviet', 'german'] as const satisfies readonly SideId[]) {
    const ids = bySide[side];
    if (!ids.length) continue;
    const region = new Path2D(ids.map((id) => hexPathData(layout, id)).join(''));
    const look = looks[side];
    ctx.fillStyle = look.wash;
    ctx.fill(region);
    if (look.hatch) hatchRegion(ctx, region, look.hatch, hexesBox(layout, ids), seen);
  }
}

/** The front: every side between hexes of different control, met from the window's hexes. */
function frontSides(map: LoadedMap, hexes: Record<HexId, SideId>, shown: readonly HexId[]): FrontSide[] {
  const pairs = pairsFrom(map);
  const front: FrontSide[] = [];
  for (const a of shown) {
    const x = hexes[a];
    if (x === undefined) continue;
    for (const [b, dir] of pairs.get(a) ?? []) {
      const y = hexes[b];
      if (y !== undefined && y !== x) front.push([a, b, dir]);
    }
  }
  return front;
}

/** The front line: a dark outline, then the line itself, wide enough to read in a preview. */
function drawFrontLine(ctx: SKRSContext2D, layout: HexLayout, front: readonly FrontSide[], width: number): void {
  for (const [share, px, colour] of [
    [0.26, 3.2, theme.frontOutline],
    [0.15, 1.8, theme.front],
  ] as const) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = previewWidth(Math.max(2, layout.size * share), px, width);
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (const [id, , dir] of front) {
      const [p, q] = layout.side(id, dir);
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(q.x, q.y);
    }
    ctx.stroke();
  }
  ctx.lineCap = 'butt';
}

/** A front along a hex's top side runs through its id: write the id again over the line. */
function rewriteIdsOnFront(ctx: SKRSContext2D, layout: HexLayout, front: readonly FrontSide[], shown: readonly HexId[]): void {
  if (layout.size < HEX_ID_MIN_SIZE) return;
  const inWindow = new Set(shown);
  for (const [a, b, dir] of front) {
    const below = dir === 'N' ? a : dir === 'S' ? b : undefined;
    if (below !== undefined && inWindow.has(below)) drawHexId(ctx, layout, below);
  }
}

/** The box holding the given hexes whole. */
function hexesBox(layout: HexLayout, ids: readonly HexId[]): { x0: number; y0: number; x1: number; y1: number } {
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const id of ids) {
    const c = layout.center(id);
    box.x0 = Math.min(box.x0, c.x - layout.size);
    box.y0 = Math.min(box.y0, c.y - layout.size);
    box.x1 = Math.max(box.x1, c.x + layout.size);
    box.y1 = Math.max(box.y1, c.y + layout.size);
  }
  return box;
}

const pathData = new WeakMap<HexLayout, Map<HexId, string>>();

/** One hex outline as SVG path data, cached per layout. */
function hexPathData(layout: HexLayout, id: HexId): string {
  let cache = pathData.get(layout);
  if (!cache) pathData.set(layout, (cache = new Map()));
  let d = cache.get(id);
  if (!d) {
    const pts = layout.corners(id);
    d = `M${pts.map((p) => `${p.x.toFixed(2)} ${p.y.toFixed(2)}`).join('L')}Z`;
    cache.set(id, d);
  }
  return d;
}

type Pair = readonly [HexId, Direction];
const pairsByMap = new WeakMap<LoadedMap, Map<HexId, readonly Pair[]>>();

/** Each map hex's higher-numbered map neighbours, with the side's direction, so every pair is met once; cached per map. */
function pairsFrom(map: LoadedMap): Map<HexId, readonly Pair[]> {
  let pairs = pairsByMap.get(map);
  if (!pairs) {
    pairs = new Map();
    for (const id of map.ids)
      pairs.set(
        id,
        map.grid
          .neighbours(id)
          .filter(({ id: n }) => map.has(n) && id < n)
          .map(({ dir, id: n }) => [n, dir] as const),
      );
    pairsByMap.set(map, pairs);
  }
  return pairs;
}

/** Marker control (Battle for Moscow's cities): a flag with the side's letter at each key hex's left corner. */
export function drawControlFlags(
  ctx: SKRSContext2D,
  layout: HexLayout,
  map: LoadedMap,
  scene: Scene,
  visible: (id: HexId) => boolean,
): void {
  const control = scene.control;
  if (control?.style !== 'marker') return;
  const looks = sideLooks(scene);
  for (const [id, side] of Object.entries(control.hexes)) if (map.has(id) && visible(id)) drawControlFlag(ctx, layout, id, looks[side]);
}

function drawControlFlag(ctx: SKRSContext2D, layout: HexLayout, id: HexId, look: SideLook): void {
  const { x, y, w, h } = controlFlagBox(layout, id);
  ctx.fillStyle = look.fill;
  ctx.strokeStyle = '#1d1a14';
  ctx.lineWidth = 1;
  ctx.fillRect(x, y, w, h);
  ctx.strokeRect(x, y, w, h);
  fillFigure(ctx, look.letter, x + w / 2, y + h / 2 + 0.5, h * 0.85, look.text);
}
