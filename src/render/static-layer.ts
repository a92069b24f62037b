import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { type DIRECTIONS, type HexId, parseHexId } from '../kernel/hex.js';
import { hexsideHexes } from '../kernel/hexside.js';
import type { LoadedMap } from '../maps/game-map.js';
import type { MapHex } from '../maps/schema.js';
import { registerFonts } from './fonts.js';
import { HexLayout, type Point } from './layout.js';
import { hexIdAnchor, hexIdFont, placeFont, placeNameAnchor, setupMarkCentre } from './placement.js';
import { drawTerrain } from './terrain-textures.js';
import { theme } from './theme.js';

/**
 * The parts of a map picture that never change during a game (terrain, rivers, rails,
 * places, hex ids), drawn once per map and hex size and reused for every image.
 */
export interface StaticLayer {
  layout: HexLayout;
  canvas: Canvas;
}

const cache = new Map<string, StaticLayer>();

/** Hex ids are written on maps whose hexes are at least this large (in pixels, centre to corner). */
export const HEX_ID_MIN_SIZE = 18;

export function staticLayer(map: LoadedMap, hexSize: number): StaticLayer {
  const key = `${map.id}@${hexSize}`;
  let layer = cache.get(key);
  if (!layer) {
    layer = drawStaticLayer(map, hexSize);
    cache.set(key, layer);
  }
  return layer;
}

export function mapLayout(map: LoadedMap, hexSize: number): HexLayout {
  return new HexLayout(map.grid.spec, hexSize, map.data.grid.columns, map.data.grid.rows);
}

function drawStaticLayer(map: LoadedMap, hexSize: number): StaticLayer {
  registerFonts();
  const layout = mapLayout(map, hexSize);
  const canvas = createCanvas(layout.width, layout.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, layout.width, layout.height);
  for (const id of map.ids) drawTerrain(ctx, layout, id, map.hex(id)!);
  drawGrid(ctx, layout, map);
  drawRivers(ctx, layout, map);
  drawRails(ctx, layout, map);
  for (const id of map.ids) drawSetupMark(ctx, layout, id, map.hex(id)!);
  if (hexSize >= HEX_ID_MIN_SIZE) for (const id of map.ids) drawHexId(ctx, layout, id);
  for (const id of map.ids) drawPlace(ctx, layout, id, map.hex(id)!, map);
  return { layout, canvas };
}

function drawGrid(ctx: SKRSContext2D, layout: HexLayout, map: LoadedMap): void {
  ctx.strokeStyle = theme.grid;
  ctx.lineWidth = Math.max(0.6, layout.size * 0.03);
  ctx.beginPath();
  for (const id of map.ids) {
    const pts = layout.corners(id);
    ctx.moveTo(pts[0]!.x, pts[0]!.y);
    for (let i = 1; i < 6; i++) ctx.lineTo(pts[i]!.x, pts[i]!.y);
    ctx.closePath();
  }
  ctx.stroke();
}

function drawRivers(ctx: SKRSContext2D, layout: HexLayout, map: LoadedMap): void {
  ctx.lineCap = 'round';
  for (const major of [false, true]) {
    ctx.strokeStyle = major ? theme.riverMajor : theme.river;
    ctx.lineWidth = Math.max(1.5, layout.size * (major ? 0.16 : 0.1));
    ctx.beginPath();
    for (const river of map.data.rivers) {
      if (!!river.major !== major) continue;
      const [a, b] = hexsideHexes(river.side);
      const dir = map.grid.directionTo(a, b);
      if (!dir) continue;
      const [p, q] = layout.side(a, dir);
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(q.x, q.y);
    }
    ctx.stroke();
  }
  ctx.lineCap = 'butt';
}

/** Where a rail line running off the map edge leaves: just past the edge hex's rim. */
function edgePoint(layout: HexLayout, from: HexId, edge: string): Point {
  const c = layout.center(from);
  const d = layout.size * 1.1;
  if (edge === 'N') return { x: c.x, y: c.y - d };
  if (edge === 'S') return { x: c.x, y: c.y + d };
  if (edge === 'E') return { x: c.x + d, y: c.y };
  return { x: c.x - d, y: c.y };
}

function drawRails(ctx: SKRSContext2D, layout: HexLayout, map: LoadedMap): void {
  const s = layout.size;
  for (const rail of map.data.rails) {
    const pts: Point[] = rail.path.map((step, i) => {
      if (step.length === 4) return layout.center(step);
      const neighbour = rail.path[i === 0 ? 1 : i - 1]!;
      return edgePoint(layout, neighbour, step);
    });
    ctx.strokeStyle = theme.rail;
    ctx.lineWidth = Math.max(1.2, s * 0.06);
    ctx.beginPath();
    for (const [i, p] of pts.entries()) i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y);
    ctx.stroke();
    // Cross ties along each segment.
    ctx.lineWidth = Math.max(1, s * 0.04);
    const tie = s * 0.1;
    const spacing = s * 0.3;
    ctx.beginPath();
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1]!;
      const b = pts[i]!;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      const nx = -(b.y - a.y) / len;
      const ny = (b.x - a.x) / len;
      for (let t = spacing / 2; t < len; t += spacing) {
        const x = a.x + ((b.x - a.x) * t) / len;
        const y = a.y + ((b.y - a.y) * t) / len;
        ctx.moveTo(x - nx * tie, y - ny * tie);
        ctx.lineTo(x + nx * tie, y + ny * tie);
      }
    }
    ctx.stroke();
  }
}

function drawSetupMark(ctx: SKRSContext2D, layout: HexLayout, id: HexId, hex: MapHex): void {
  if (!hex.setup) return;
  const { x, y } = setupMarkCentre(layout, id);
  ctx.save();
  if (hex.setup === 'german') germanSetupMark(ctx, x, y, layout.size * 0.15);
  else sovietSetupMark(ctx, x, y, layout.size * 0.15);
  ctx.restore();
}

/** A German set-up hex: a black cross, as printed on the set-up hexes. */
export function germanSetupMark(ctx: SKRSContext2D, x: number, y: number, r: number): void {
  ctx.fillStyle = '#1d1a14';
  ctx.fillRect(x - r, y - r * 0.35, 2 * r, r * 0.7);
  ctx.fillRect(x - r * 0.35, y - r, r * 0.7, 2 * r);
}

/**
 * A Soviet set-up hex: a small red star in a white ring, so it never reads as Moscow's large
 * filled star (the capital) or a city's square.
 */
export function sovietSetupMark(ctx: SKRSContext2D, x: number, y: number, r: number): void {
  ctx.beginPath();
  ctx.arc(x, y, r * 1.25, 0, Math.PI * 2);
  ctx.fillStyle = '#fffbe9';
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.28);
  ctx.strokeStyle = theme.city;
  ctx.stroke();
  star(ctx, x, y + r * 0.06, r * 0.85, r * 0.36);
  ctx.fillStyle = theme.city;
  ctx.fill();
}

export function star(ctx: SKRSContext2D, x: number, y: number, outer: number, inner: number): void {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const px = x + r * Math.cos(a);
    const py = y + r * Math.sin(a);
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
}

/** The hex id along the top of the hex, on a light halo so rails and fortification lines never cross it out. */
export function drawHexId(ctx: SKRSContext2D, layout: HexLayout, id: HexId): void {
  const a = hexIdAnchor(layout, id);
  ctx.font = hexIdFont(layout.size);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, layout.size * 0.11);
  ctx.strokeStyle = theme.hexIdHalo;
  ctx.strokeText(id, a.x, a.y);
  ctx.fillStyle = theme.hexId;
  ctx.fillText(id, a.x, a.y);
}

function drawPlace(ctx: SKRSContext2D, layout: HexLayout, id: HexId, hex: MapHex, map: LoadedMap): void {
  const place = hex.place;
  if (!place) return;
  const c = layout.center(id);
  const s = layout.size;
  const r = place.kind === 'town' ? s * 0.13 : s * 0.2;
  ctx.save();
  if (place.kind === 'capital') {
    ctx.fillStyle = theme.city;
    star(ctx, c.x, c.y, s * 0.32, s * 0.13);
    ctx.fill();
    ctx.strokeStyle = '#1d1a14';
    ctx.lineWidth = Math.max(1, s * 0.04);
    ctx.stroke();
  } else {
    ctx.fillStyle = place.kind === 'city' ? theme.city : theme.town;
    ctx.strokeStyle = '#fffbe9';
    ctx.lineWidth = Math.max(1, s * 0.04);
    ctx.fillRect(c.x - r, c.y - r, 2 * r, 2 * r);
    ctx.strokeRect(c.x - r, c.y - r, 2 * r, 2 * r);
  }
  ctx.restore();
  // The name goes in the band under the counter, so a unit standing in the place never hides it.
  const anchor = placeNameAnchor(layout, map, id, hex);
  if (anchor) drawPlaceName(ctx, layout, anchor, place.name, place.kind);
}

/** A place name with its light halo, text top at `anchor`. */
export function drawPlaceName(ctx: SKRSContext2D, layout: HexLayout, anchor: Point, name: string, kind: 'town' | 'city' | 'capital'): void {
  ctx.save();
  ctx.font = placeFont(layout.size, kind);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.lineWidth = Math.max(2, layout.size * 0.08);
  ctx.strokeStyle = theme.placeHalo;
  ctx.lineJoin = 'round';
  ctx.strokeText(name, anchor.x, anchor.y);
  ctx.fillStyle = theme.placeText;
  ctx.fillText(name, anchor.x, anchor.y);
  ctx.restore();
}

/** Hexsides of the map as [hex, direction] pairs whose two hexes satisfy `differ`. */
export function boundarySides(
  map: LoadedMap,
  hexes: Iterable<HexId>,
  differ: (a: HexId, b: HexId) => boolean,
): [HexId, (typeof DIRECTIONS)[number]][] {
  const out: [HexId, (typeof DIRECTIONS)[number]][] = [];
  for (const id of hexes) {
    for (const { dir, id: n } of map.grid.neighbours(id)) {
      if (!map.has(n) || !(id < n)) continue;
      if (differ(id, n)) out.push([id, dir]);
    }
  }
  return out;
}

export function columnOf(id: HexId): number {
  return parseHexId(id)!.col;
}
