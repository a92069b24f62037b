import { type Canvas, createCanvas, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import type { ArrowView, CounterView, Highlights, Scene, SideId, SideLook, StackView } from '../contracts/scene.js';
import type { DIRECTIONS, HexId } from '../kernel/hex.js';
import type { LoadedMap } from '../maps/game-map.js';
import { drawCounter } from './counters.js';
import { font } from './fonts.js';
import type { HexLayout, Point } from './layout.js';
import { hexPath, star } from './static-layer.js';
import { sideLooks, theme } from './theme.js';

/** Layers that change with the game: control, front line, counters, highlights. */

const hatchPatterns = new Map<string, ReturnType<SKRSContext2D['createPattern']>>();

/** Diagonal hatching in a colour, one pattern per colour. */
function hatch(ctx: SKRSContext2D, colour: string) {
  let pattern = hatchPatterns.get(colour);
  if (!pattern) {
    const tile = createCanvas(8, 8);
    const t = tile.getContext('2d');
    t.strokeStyle = colour;
    t.lineWidth = 1.2;
    t.beginPath();
    t.moveTo(-2, 10);
    t.lineTo(10, -2);
    t.moveTo(-2, 2);
    t.lineTo(2, -2);
    t.moveTo(6, 10);
    t.lineTo(10, 6);
    t.stroke();
    pattern = ctx.createPattern(tile, 'repeat');
    hatchPatterns.set(colour, pattern);
  }
  return pattern;
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

const pairsByMap = new WeakMap<LoadedMap, [HexId, HexId, (typeof DIRECTIONS)[number]][]>();

/** Every pair of neighbouring map hexes once (lower id first), with the side's direction; cached per map. */
function adjacentPairs(map: LoadedMap): [HexId, HexId, (typeof DIRECTIONS)[number]][] {
  let pairs = pairsByMap.get(map);
  if (!pairs) {
    pairs = [];
    for (const id of map.ids) for (const { dir, id: n } of map.grid.neighbours(id)) if (map.has(n) && id < n) pairs.push([id, n, dir]);
    pairsByMap.set(map, pairs);
  }
  return pairs;
}

export function drawControl(ctx: SKRSContext2D, layout: HexLayout, map: LoadedMap, scene: Scene, visible: (id: HexId) => boolean): void {
  const control = scene.control;
  if (!control) return;
  const entries = Object.entries(control.hexes).filter(([id]) => map.has(id) && visible(id));
  const looks = sideLooks(scene);
  if (control.style === 'marker') {
    for (const [id, side] of entries) drawControlFlag(ctx, layout, id, looks[side]);
    return;
  }
  // Each side's wash, plus hatching for a side that has one, so the sides can differ by
  // texture as well as hue (colour-blind safe).
  // One path per side, filled once: a full map has thousands of hexes, and one fill per hex
  // made control shading the slowest part of a picture (see docs/performance.md).
  // The path is built as SVG path data in one string: one native call instead of seven per hex.
  for (const side of ['soviet', 'german'] as const satisfies readonly SideId[]) {
    const data = entries
      .filter(([, s]) => s === side)
      .map(([id]) => hexPathData(layout, id))
      .join('');
    if (!data) continue;
    const region = new Path2D(data);
    const look = looks[side];
    ctx.fillStyle = look.wash;
    ctx.fill(region);
    if (look.hatch) {
      ctx.fillStyle = hatch(ctx, look.hatch)!;
      ctx.fill(region);
    }
  }
  const sides = adjacentPairs(map).filter(([a, b]) => {
    const x = control.hexes[a];
    const y = control.hexes[b];
    return x !== undefined && y !== undefined && x !== y && visible(a);
  });
  for (const [width, colour] of [
    [0.26, theme.frontOutline],
    [0.15, theme.front],
  ] as const) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(2, layout.size * width);
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (const [id, , dir] of sides) {
      const [p, q] = layout.side(id, dir);
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(q.x, q.y);
    }
    ctx.stroke();
  }
  ctx.lineCap = 'butt';
}

function drawControlFlag(ctx: SKRSContext2D, layout: HexLayout, id: HexId, look: SideLook): void {
  const c = layout.center(id);
  const s = layout.size;
  const w = s * 0.42;
  const h = s * 0.3;
  const x = c.x - s * 0.8;
  const y = c.y - s * 0.55;
  ctx.fillStyle = look.fill;
  ctx.strokeStyle = '#1d1a14';
  ctx.lineWidth = 1;
  ctx.fillRect(x, y, w, h);
  ctx.strokeRect(x, y, w, h);
  ctx.fillStyle = look.text;
  ctx.font = font(h * 0.85, { bold: true, condensed: true });
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(look.letter, x + w / 2, y + h / 2 + 0.5);
}

const sprites = new Map<string, Canvas>();
const SPRITE_LIMIT = 4000;

/**
 * A counter drawn once per look and size, then stamped: a full map shows hundreds of
 * counters but only a few dozen different ones. Stamped at whole pixels, so they stay crisp.
 */
function drawCounterSprite(ctx: SKRSContext2D, counter: CounterView, x: number, y: number, side: number, top: boolean): void {
  const key = `${side}|${top ? 1 : 0}|${counter.label}|${counter.colour}|${counter.text}|${counter.symbol}|${counter.strength}|${counter.reduced ? 1 : 0}|${counter.size ?? ''}`;
  const pad = Math.ceil(side * 0.25);
  let sprite = sprites.get(key);
  if (!sprite) {
    if (sprites.size >= SPRITE_LIMIT) sprites.clear();
    sprite = createCanvas(Math.ceil(side) + 2 * pad, Math.ceil(side) + 2 * pad);
    drawCounter(sprite.getContext('2d'), counter, pad, pad, side, top);
    sprites.set(key, sprite);
  }
  ctx.drawImage(sprite, Math.round(x) - pad, Math.round(y) - pad);
}

export function drawStacks(ctx: SKRSContext2D, layout: HexLayout, stacks: StackView[], visible: (id: HexId) => boolean): void {
  const side = layout.size * 1.2;
  for (const stack of stacks) {
    if (stack.counters.length === 0 || !visible(stack.hex)) continue;
    const center = layout.center(stack.hex);
    // Sit a little low in the hex so the printed hex id above stays readable.
    const c = { x: center.x, y: center.y + layout.size * 0.1 };
    const depth = Math.min(stack.counters.length, 3);
    const step = Math.max(2, side * 0.06);
    // Counters under the top one peek out up and to the right, as a real stack does.
    for (let i = depth - 1; i >= 0; i--) {
      const counter = stack.counters[i]!;
      drawCounterSprite(ctx, counter, c.x - side / 2 + i * step, c.y - side / 2 - i * step, side, i === 0);
    }
    if (stack.counters.length > 1) {
      const bx = c.x + side / 2 + (depth - 1) * step;
      const by = c.y - side / 2 - (depth - 1) * step;
      const r = Math.max(7, side * 0.17);
      ctx.beginPath();
      ctx.arc(bx, by, r, 0, Math.PI * 2);
      ctx.fillStyle = '#ffffff';
      ctx.fill();
      ctx.lineWidth = Math.max(1, r * 0.18);
      ctx.strokeStyle = '#1d1a14';
      ctx.stroke();
      ctx.fillStyle = '#1d1a14';
      ctx.font = font(r * 1.25, { bold: true, condensed: true });
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(stack.counters.length), bx, by + 0.5);
    }
  }
}

export function drawHighlights(ctx: SKRSContext2D, layout: HexLayout, map: LoadedMap, h: Highlights | undefined): void {
  if (!h) return;
  const s = layout.size;
  for (const id of h.selected ?? []) {
    if (!map.has(id)) continue;
    hexPath(ctx, layout, id, 0.93);
    ctx.setLineDash([s * 0.22, s * 0.12]);
    ctx.lineWidth = Math.max(2, s * 0.12);
    ctx.strokeStyle = theme.selected;
    ctx.stroke();
    ctx.setLineDash([]);
  }
  for (const id of h.combat ?? []) {
    if (!map.has(id)) continue;
    hexPath(ctx, layout, id, 0.92);
    ctx.lineWidth = Math.max(2.5, s * 0.13);
    ctx.strokeStyle = theme.combat;
    ctx.stroke();
    const c = layout.center(id);
    star(ctx, c.x - s * 0.62, c.y + s * 0.5, s * 0.22, s * 0.1);
    ctx.fillStyle = theme.combat;
    ctx.fill();
  }
  const path = (h.path ?? []).filter((id) => map.has(id));
  if (path.length >= 2)
    drawArrow(
      ctx,
      layout,
      path.map((id) => layout.center(id)),
      h.pathLabel,
    );
}

/**
 * Extra labelled arrows (vote proposals): each in its own colour, shifted a little when
 * several are drawn so shared hexes do not hide one under another; hexes they mark get a
 * dashed ring in the arrow's colour.
 */
export function drawArrows(ctx: SKRSContext2D, layout: HexLayout, map: LoadedMap, arrows: readonly ArrowView[] | undefined): void {
  if (!arrows?.length) return;
  const s = layout.size;
  const palette = theme.arrows;
  arrows.forEach((arrow, i) => {
    const colour = palette[(arrow.colour ?? 0) % palette.length]!;
    for (const id of arrow.marked ?? []) {
      if (!map.has(id)) continue;
      hexPath(ctx, layout, id, 0.8 - 0.06 * (i % 3));
      ctx.setLineDash([s * 0.2, s * 0.12]);
      for (const [width, stroke] of [
        [0.16, theme.pathOutline],
        [0.09, colour],
      ] as const) {
        ctx.lineWidth = Math.max(2, s * width);
        ctx.strokeStyle = stroke;
        ctx.stroke();
      }
      ctx.setLineDash([]);
    }
  });
  const placed: Box[] = [];
  arrows.forEach((arrow, i) => {
    const path = arrow.path.filter((id) => map.has(id));
    if (path.length < 2) return;
    // Alternate sides of the hex centres: 0, +1, -1, +2 ... steps of a sixth of a hex.
    const shift = arrows.length > 1 ? (i % 2 === 0 ? -1 : 1) * Math.ceil(i / 2) * s * 0.17 : 0;
    const pts = path.map((id) => {
      const c = layout.center(id);
      return { x: c.x + shift, y: c.y + shift * 0.6 };
    });
    const colour = theme.arrows[(arrow.colour ?? 0) % theme.arrows.length]!;
    drawArrow(ctx, layout, pts, arrow.label, colour, (box) => {
      // Labels of arrows ending near each other stack instead of covering one another.
      let y = box.y;
      for (let tries = 0; tries < 8 && placed.some((p) => overlaps(p, { ...box, y })); tries++) y += box.h + 2;
      placed.push({ ...box, y });
      return y;
    });
  });
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function drawArrow(
  ctx: SKRSContext2D,
  layout: HexLayout,
  pts: Point[],
  label: string | undefined,
  colour: string = theme.path,
  placeLabel?: (box: Box) => number,
): void {
  const s = layout.size;
  const end = pts[pts.length - 1]!;
  const prev = pts[pts.length - 2]!;
  const angle = Math.atan2(end.y - prev.y, end.x - prev.x);
  const head = s * 0.45;
  // Stop the shaft short of the head so its round cap does not poke through the tip.
  const shaftEnd = { x: end.x - Math.cos(angle) * head * 0.8, y: end.y - Math.sin(angle) * head * 0.8 };
  const shaft = [...pts.slice(0, -1), shaftEnd];
  for (const [width, stroke] of [
    [0.24, theme.pathOutline],
    [0.14, colour],
  ] as const) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = Math.max(2, s * width);
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (const [i, p] of shaft.entries()) i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y);
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.moveTo(end.x, end.y);
  ctx.lineTo(end.x - head * Math.cos(angle - 0.45), end.y - head * Math.sin(angle - 0.45));
  ctx.lineTo(end.x - head * Math.cos(angle + 0.45), end.y - head * Math.sin(angle + 0.45));
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = Math.max(1, s * 0.05);
  ctx.strokeStyle = theme.pathOutline;
  ctx.stroke();
  if (label) {
    ctx.font = font(Math.max(11, s * 0.34), { bold: true });
    const w = ctx.measureText(label).width + s * 0.3;
    const h = Math.max(14, s * 0.48);
    const x = end.x + s * 0.35;
    const y = placeLabel ? placeLabel({ x, y: end.y - s * 0.95, w, h }) : end.y - s * 0.95;
    ctx.fillStyle = colour;
    ctx.strokeStyle = theme.pathOutline;
    ctx.lineWidth = 1.5;
    ctx.fillRect(x, y, w, h);
    ctx.strokeRect(x, y, w, h);
    ctx.fillStyle = '#1d1a14';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(label, x + s * 0.15, y + h / 2 + 0.5);
  }
}

/**
 * A counter hides the printed town name under it; repeat the name on a tag at the foot of
 * the hex so both stay legible.
 */
export function drawOccupiedPlaceNames(
  ctx: SKRSContext2D,
  layout: HexLayout,
  map: LoadedMap,
  stacks: StackView[],
  visible: (id: HexId) => boolean,
): void {
  const s = layout.size;
  for (const stack of stacks) {
    const place = map.hex(stack.hex)?.place;
    if (!place || stack.counters.length === 0 || !visible(stack.hex)) continue;
    const c = layout.center(stack.hex);
    ctx.font = font(Math.max(9, s * 0.27), { bold: place.kind !== 'town', condensed: true });
    const w = ctx.measureText(place.name).width + s * 0.2;
    const h = Math.max(11, s * 0.34);
    const y = c.y + s * 0.72;
    ctx.fillStyle = theme.placeHalo;
    ctx.strokeStyle = place.kind === 'town' ? theme.town : theme.city;
    ctx.lineWidth = 1;
    ctx.fillRect(c.x - w / 2, y, w, h);
    ctx.strokeRect(c.x - w / 2, y, w, h);
    ctx.fillStyle = theme.placeText;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(place.name, c.x, y + h / 2 + 0.5);
  }
}
