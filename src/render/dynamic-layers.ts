import { type Canvas, createCanvas, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import type { ArrowView, CounterView, Highlights, RegionView, Scene, SideId, SideLook, StackView } from '../contracts/scene.js';
import type { DIRECTIONS, HexId } from '../kernel/hex.js';
import type { LoadedMap } from '../maps/game-map.js';
import { drawCounter } from './counters.js';
import { font } from './fonts.js';
import { type Extent, hatchRegion } from './hatching.js';
import type { HexLayout, Point } from './layout.js';
import {
  type Box,
  badgeRadius,
  COUNTER_SIDE,
  controlFlagBox,
  hexIdBox,
  type Obstacle,
  overlaps,
  Placer,
  placeFont,
  placeLabels,
  stackFrames,
  stackViewBoxes,
  WEIGHT,
} from './placement.js';
import { drawHexId, HEX_ID_MIN_SIZE, hexPath } from './static-layer.js';
import { sideLooks, theme } from './theme.js';

/** Layers that change with the game: control, front line, counters, highlights. */

/** The boxes a stack covers as drawn: its counters, or its marker. */
export type StackBoxes = (layout: HexLayout, stack: StackView) => Box[];

const pathData = new WeakMap<HexLayout, Map<HexId, string>>();

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

type Pair = readonly [HexId, (typeof DIRECTIONS)[number]];
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

/**
 * A line width that shows at least `px` wide in Discord's preview of a picture `width` px
 * wide (on a whole map a hex-sized width is a hairline at 550 px), and never less than `own`.
 */
export function previewWidth(own: number, px: number, width: number): number {
  return Math.max(own, (px * width) / 550);
}

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
  const looks = sideLooks(scene);
  const bySide: Record<SideId, HexId[]> = { soviet: [], german: [] };
  for (const id of shown) {
    const side = control.hexes[id];
    if (side) bySide[side].push(id);
  }
  // Each side's wash, plus hatching for a side that has one, so the sides can differ by
  // texture as well as hue (colour-blind safe).
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
  // The front: every side between hexes of different control, met from the window's hexes.
  const pairs = pairsFrom(map);
  const front: [HexId, HexId, (typeof DIRECTIONS)[number]][] = [];
  for (const a of shown) {
    const x = control.hexes[a];
    if (x === undefined) continue;
    for (const [b, dir] of pairs.get(a) ?? []) {
      const y = control.hexes[b];
      if (y !== undefined && y !== x) front.push([a, b, dir]);
    }
  }
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
  // A front along a hex's top side runs through its id: write the id again over the line.
  if (layout.size >= HEX_ID_MIN_SIZE) {
    const inWindow = new Set(shown);
    for (const [a, b, dir] of front) {
      const below = dir === 'N' ? a : dir === 'S' ? b : undefined;
      if (below !== undefined && inWindow.has(below)) drawHexId(ctx, layout, below);
    }
  }
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
  for (const stack of stacks) {
    if ((stack.counters.length === 0 && !stack.opposing?.length) || !visible(stack.hex)) continue;
    // Below the hex id and above the place name; counters under the top one peek out to the
    // right, as in a real stack, so neither the id above nor the name below is covered. A hex
    // two sides share (a battle) shows both, side by side.
    const frames = stackFrames(layout, stack);
    const groups = stack.opposing?.length ? [stack.counters, stack.opposing] : [stack.counters];
    groups.forEach((counters, g) => {
      const f = frames[g]!;
      if (counters.length === 0) return;
      for (let i = f.depth - 1; i >= 0; i--) {
        const corner = f.corner(i);
        drawCounterSprite(ctx, counters[i]!, corner.x, corner.y, f.side, i === 0);
      }
      if (counters.length > 1) {
        const deepest = f.corner(f.depth - 1);
        drawBadge(ctx, deepest.x + f.side, deepest.y, badgeRadius(layout), counters.length);
      }
    });
  }
}

/** How many counters a stack holds: a white disc at the deepest counter's top right corner. */
function drawBadge(ctx: SKRSContext2D, bx: number, by: number, r: number, count: number): void {
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
  ctx.fillText(String(count), bx, by + 0.5);
}

/** `tagged`: battle hexes that carry an odds tag instead of the battle star. */
export function drawHighlights(
  ctx: SKRSContext2D,
  layout: HexLayout,
  map: LoadedMap,
  h: Highlights | undefined,
  tagged: ReadonlySet<HexId> = new Set(),
  /** What the path's label must not cover: the counters (their names and strengths). */
  avoid: readonly Box[] = [],
): void {
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
    if (tagged.has(id)) continue;
    // A battle fought here: crossed blades in the ring's colour at its lower left, a mark of
    // its own (the star is Moscow's).
    const c = layout.center(id);
    const m = { x: c.x - s * 0.66, y: c.y + s * 0.5 };
    const r = s * 0.2;
    ctx.lineCap = 'round';
    for (const [width, stroke] of [
      [0.16, theme.pathOutline],
      [0.08, theme.combat],
    ] as const) {
      ctx.lineWidth = Math.max(2, s * width);
      ctx.strokeStyle = stroke;
      ctx.beginPath();
      ctx.moveTo(m.x - r, m.y - r);
      ctx.lineTo(m.x + r, m.y + r);
      ctx.moveTo(m.x + r, m.y - r);
      ctx.lineTo(m.x - r, m.y + r);
      ctx.stroke();
    }
    ctx.lineCap = 'butt';
  }
  const path = (h.path ?? []).filter((id) => map.has(id));
  if (path.length >= 2)
    drawArrow(
      ctx,
      layout,
      stopAtCounters(
        path.map((id) => layout.center(id)),
        avoid,
      ),
      h.pathLabel,
      theme.path,
      avoid.length ? (box) => clearOf(box, layout.center(path.at(-1)!), layout.size, avoid) : undefined,
    );
}

/**
 * A move arrow ends at the edge of the stack it brought (its head touching the counter)
 * instead of running over the counter's designation and strength.
 */
function stopAtCounters(pts: Point[], boxes: readonly Box[]): Point[] {
  const end = pts.at(-1)!;
  const prev = pts.at(-2)!;
  const box = boxes.find((b) => end.x >= b.x && end.x <= b.x + b.w && end.y >= b.y && end.y <= b.y + b.h);
  if (!box) return pts;
  // The last point of the segment prev -> end still outside the box.
  const dx = end.x - prev.x;
  const dy = end.y - prev.y;
  let t = 1;
  if (dx > 0) t = Math.min(t, (box.x - prev.x) / dx);
  if (dx < 0) t = Math.min(t, (box.x + box.w - prev.x) / dx);
  if (dy > 0) t = Math.min(t, (box.y - prev.y) / dy);
  if (dy < 0) t = Math.min(t, (box.y + box.h - prev.y) / dy);
  // Too short a stub (the arrow starts inside the box) keeps the arrow as it was.
  if (t <= 0.25) return pts;
  return [...pts.slice(0, -1), { x: prev.x + dx * t, y: prev.y + dy * t }];
}

/**
 * Where a label near an arrow head goes so that it covers no counter: above right of the
 * head (the usual place), then right, below right, above left, left, below left; the usual
 * place when none is clear.
 */
export function clearOf(box: Box, head: Point, s: number, avoid: readonly Box[]): { x: number; y: number } {
  const right = head.x + s * 0.62;
  const left = head.x - s * 0.62 - box.w;
  const tries = [
    { x: box.x, y: box.y },
    { x: right, y: head.y - box.h / 2 },
    { x: right, y: head.y + s * 0.62 },
    { x: left, y: box.y },
    { x: left, y: head.y - box.h / 2 },
    { x: left, y: head.y + s * 0.62 },
    { x: head.x - box.w / 2, y: head.y - s * 0.62 - box.h - s * 0.3 },
    { x: head.x - box.w / 2, y: head.y + s * 0.75 },
  ];
  return tries.find((t) => !avoid.some((a) => overlaps(a, { ...box, ...t }))) ?? tries[0]!;
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

function drawArrow(
  ctx: SKRSContext2D,
  layout: HexLayout,
  pts: Point[],
  label: string | undefined,
  colour: string = theme.path,
  placeLabel?: (box: Box) => number | { x: number; y: number },
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
    const at = placeLabel?.({ x: end.x + s * 0.35, y: end.y - s * 0.95, w, h });
    const x = typeof at === 'object' ? at.x : end.x + s * 0.35;
    const y = typeof at === 'object' ? at.y : (at ?? end.y - s * 0.95);
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
 * Labels the dynamic layers drew over, written again on top. Place names sit under the
 * counters, but a long name, or a small map where names are larger than the band under the
 * counter, can run under a neighbour's counter: such a name is written again on a plate. A
 * battle or selection ring crosses its hex's id along the top and its name along the foot:
 * both are written again over it.
 */
export function drawCoveredLabels(
  ctx: SKRSContext2D,
  layout: HexLayout,
  map: LoadedMap,
  stacks: StackView[],
  ringed: ReadonlySet<HexId>,
  visible: (id: HexId) => boolean,
  boxesOf: StackBoxes = stackViewBoxes,
  /** Stack markers win over names: a name runs under them rather than hide their figures. */
  markers = false,
): void {
  if (layout.size >= HEX_ID_MIN_SIZE) for (const id of ringed) if (map.has(id) && visible(id)) drawHexId(ctx, layout, id);
  const boxes = stacks.filter((st) => st.counters.length > 0 && visible(st.hex)).flatMap((st) => boxesOf(layout, st));
  if (boxes.length === 0 && ringed.size === 0) return;
  for (const label of placeLabels(ctx, layout, map)) {
    if (!label.hexes.some(visible)) continue;
    const covered = boxes.some((b) => overlaps(b, label.box));
    if (markers ? covered || !label.hexes.some((h) => ringed.has(h)) : !label.hexes.some((h) => ringed.has(h)) && !covered) continue;
    const pad = Math.max(2, layout.size * 0.06);
    const plate = { x: label.box.x - pad, y: label.box.y - pad * 0.6, w: label.box.w + 2 * pad, h: label.box.h + pad * 1.2 };
    ctx.fillStyle = theme.placeHalo;
    ctx.strokeStyle = label.kind === 'town' ? theme.town : theme.city;
    ctx.lineWidth = 1;
    ctx.fillRect(plate.x, plate.y, plate.w, plate.h);
    ctx.strokeRect(plate.x, plate.y, plate.w, plate.h);
    ctx.font = placeFont(layout.size, label.kind);
    ctx.fillStyle = theme.placeText;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillText(label.name, label.anchor.x, label.anchor.y);
  }
}

/** One attack mark: a short arrow across the hexside into the defender's hex, the battle's number in a disc on it. */
export interface AttackMark {
  number: number;
  /** Centre of the disc. */
  at: Point;
  /** Unit vector from the attacker to the defender. */
  dir: Point;
  box: Box;
  current: boolean;
}

/** The odds at the defender's hex. */
export interface OddsTag {
  text: string;
  box: Box;
  current: boolean;
}

/**
 * The part of an attack mark that must stay clear: its numbered disc. The head points into the
 * defender's hex and may touch the defender's counter; that is what it shows.
 */
function attackMarkBox(layout: HexLayout, at: Point): Box {
  const r = discRadius(layout);
  return { x: at.x - r, y: at.y - r, w: 2 * r, h: 2 * r };
}

function discRadius(layout: HexLayout): number {
  return Math.max(8, layout.size * 0.2);
}

function tagFont(layout: HexLayout): string {
  return font(Math.max(11, layout.size * 0.27), { bold: true, condensed: true });
}

/**
 * Where the marks of the announced battles go: each attack's numbered arrow on its hexside
 * (slid along it when the middle is taken) and each defender's odds tag at a free corner of
 * its hex, both clear of counters, hex ids, place names and control flags where there is room.
 */
export function layoutBattles(
  ctx: SKRSContext2D,
  layout: HexLayout,
  map: LoadedMap,
  scene: Scene,
  visible: (id: HexId) => boolean,
  boxesOf: StackBoxes = stackViewBoxes,
): { marks: AttackMark[]; tags: OddsTag[] } {
  const battles = (scene.battles ?? []).filter((b) => map.has(b.defender) && visible(b.defender));
  if (battles.length === 0) return { marks: [], tags: [] };
  const s = layout.size;
  // What is already drawn near the battles.
  const near = new Set<HexId>();
  for (const b of battles)
    for (const h of [b.defender, ...b.attackers]) {
      near.add(h);
      for (const n of map.neighbours(h)) near.add(n);
    }
  const obstacles: Obstacle[] = [];
  for (const st of scene.stacks ?? [])
    if (st.counters.length && near.has(st.hex)) for (const box of boxesOf(layout, st)) obstacles.push({ box, weight: WEIGHT.counter });
  for (const id of near) obstacles.push({ box: hexIdBox(ctx, layout, id), weight: WEIGHT.text });
  for (const label of placeLabels(ctx, layout, map))
    if (label.hexes.some((h) => near.has(h))) obstacles.push({ box: label.box, weight: WEIGHT.text });
  if (scene.control?.style === 'marker')
    for (const id of Object.keys(scene.control.hexes))
      if (near.has(id)) obstacles.push({ box: controlFlagBox(layout, id), weight: WEIGHT.flag });
  const placer = new Placer(obstacles);

  const marks: AttackMark[] = [];
  for (const b of [...battles].sort((x, y) => x.number - y.number)) {
    const d = layout.center(b.defender);
    for (const from of b.attackers) {
      if (!map.has(from)) continue;
      const a = layout.center(from);
      const len = Math.hypot(d.x - a.x, d.y - a.y) || 1;
      const dir = { x: (d.x - a.x) / len, y: (d.y - a.y) / len };
      const side = { x: -dir.y, y: dir.x };
      const mid = { x: (a.x + d.x) / 2, y: (a.y + d.y) / 2 };
      // Along the hexside: the middle, then a little to either end.
      const spots = [0, 0.28, -0.28, 0.45, -0.45, 0.56, -0.56].map((t) => ({ x: mid.x + side.x * t * s, y: mid.y + side.y * t * s }));
      const boxes = spots.map((p) => attackMarkBox(layout, p));
      const i = placer.place(boxes);
      marks.push({ number: b.number, at: spots[i]!, dir, box: boxes[i]!, current: !!b.current });
    }
  }
  const tags: OddsTag[] = [];
  ctx.font = tagFont(layout);
  for (const b of [...battles].sort((x, y) => x.number - y.number)) {
    const d = layout.center(b.defender);
    const w = ctx.measureText(b.odds).width + s * 0.14;
    const h = Math.max(14, s * 0.34);
    // Beside the counter at the hex's right and left corners, then at its upper and lower corners.
    const right = d.x + s * (COUNTER_SIDE / 2 + 0.04);
    const left = d.x - s * (COUNTER_SIDE / 2 + 0.04) - w;
    const boxes: Box[] = [
      { x: right, y: d.y - h / 2, w, h },
      { x: left, y: d.y - h / 2, w, h },
      { x: d.x + s * 0.72 - w / 2, y: d.y - s * 0.66 - h / 2, w, h },
      { x: d.x - s * 0.72 - w / 2, y: d.y - s * 0.66 - h / 2, w, h },
      { x: right, y: d.y + s * 0.45 - h / 2, w, h },
      { x: left, y: d.y + s * 0.45 - h / 2, w, h },
    ];
    const i = placer.place(boxes);
    tags.push({ text: b.odds, box: boxes[i]!, current: !!b.current });
  }
  return { marks, tags };
}

/** The announced battles: a numbered arrow from each attacker into its defender's hex, the odds at the defender. */
export function drawBattles(ctx: SKRSContext2D, layout: HexLayout, placed: { marks: AttackMark[]; tags: OddsTag[] }): void {
  const s = layout.size;
  const r = discRadius(layout);
  for (const m of placed.marks) {
    const fill = m.current ? theme.selected : theme.combat;
    const ink = m.current ? '#1d1a14' : '#ffffff';
    const { at, dir } = m;
    const tail = { x: at.x - dir.x * (r + s * 0.08), y: at.y - dir.y * (r + s * 0.08) };
    const tip = { x: at.x + dir.x * (r + s * 0.26), y: at.y + dir.y * (r + s * 0.26) };
    const base = { x: at.x + dir.x * (r - s * 0.02), y: at.y + dir.y * (r - s * 0.02) };
    const half = s * 0.17;
    ctx.lineCap = 'round';
    for (const [width, stroke] of [
      [0.22, theme.pathOutline],
      [0.12, fill],
    ] as const) {
      ctx.strokeStyle = stroke;
      ctx.lineWidth = Math.max(2, s * width);
      ctx.beginPath();
      ctx.moveTo(tail.x, tail.y);
      ctx.lineTo(at.x, at.y);
      ctx.stroke();
    }
    ctx.lineCap = 'butt';
    ctx.beginPath();
    ctx.moveTo(tip.x, tip.y);
    ctx.lineTo(base.x - dir.y * half, base.y + dir.x * half);
    ctx.lineTo(base.x + dir.y * half, base.y - dir.x * half);
    ctx.closePath();
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.lineWidth = Math.max(1, s * 0.04);
    ctx.strokeStyle = theme.pathOutline;
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(at.x, at.y, r, 0, Math.PI * 2);
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.lineWidth = Math.max(1.2, s * 0.045);
    ctx.strokeStyle = theme.pathOutline;
    ctx.stroke();
    ctx.fillStyle = ink;
    ctx.font = font(r * (m.number > 9 ? 1.05 : 1.3), { bold: true, condensed: true });
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(m.number), at.x, at.y + 0.5);
  }
  ctx.font = tagFont(layout);
  for (const t of placed.tags) {
    const { x, y, w, h } = t.box;
    ctx.fillStyle = t.current ? theme.selected : '#ffffff';
    ctx.strokeStyle = theme.combat;
    ctx.lineWidth = Math.max(1.5, s * 0.05);
    ctx.fillRect(x, y, w, h);
    ctx.strokeRect(x, y, w, h);
    ctx.fillStyle = '#1d1a14';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(t.text, x + w / 2, y + h / 2 + 0.5);
  }
}

/**
 * Outlined areas (pockets): a dashed line along every hexside between a hex of the area and
 * one outside it, over a light halo so it reads on every terrain, beside the front line.
 */
export function drawRegions(
  ctx: SKRSContext2D,
  layout: HexLayout,
  map: LoadedMap,
  regions: readonly RegionView[] | undefined,
  visible: (id: HexId) => boolean,
  /** The picture's width, so a pocket's outline reads in a preview. */
  width = 0,
): void {
  if (!regions?.length) return;
  const s = layout.size;
  for (const region of regions) {
    const inside = new Set(region.hexes.filter((id) => map.has(id)));
    ctx.beginPath();
    for (const id of inside) {
      if (!visible(id)) continue;
      for (const { dir, id: n } of map.grid.neighbours(id)) {
        if (inside.has(n)) continue;
        const [p, q] = layout.side(id, dir);
        // Drawn a little inside the area, so it never hides the front line on the same side.
        const c = layout.center(id);
        const k = 0.86;
        ctx.moveTo(c.x + (p.x - c.x) * k, c.y + (p.y - c.y) * k);
        ctx.lineTo(c.x + (q.x - c.x) * k, c.y + (q.y - c.y) * k);
      }
    }
    ctx.lineCap = 'round';
    ctx.strokeStyle = theme.regionHalo;
    ctx.lineWidth = previewWidth(Math.max(3, s * 0.16), 3, width);
    ctx.stroke();
    const dash = previewWidth(s * 0.22, 5, width);
    ctx.setLineDash([dash, dash * 0.64]);
    ctx.strokeStyle = theme.region;
    ctx.lineWidth = previewWidth(Math.max(2, s * 0.09), 1.8, width);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.lineCap = 'butt';
  }
}
