import type { SKRSContext2D } from '@napi-rs/canvas';
import type { ArrowView } from '../contracts/scene.js';
import type { LoadedMap } from '../maps/game-map.js';
import { font } from './fonts.js';
import { hexPath } from './hex-path.js';
import type { HexLayout, Point } from './layout.js';
import { type Box, overlaps } from './placement.js';
import { theme } from './theme.js';

/** Where an arrow's label goes, given its usual box: a y (same x), or a whole corner. */
export type LabelPlacer = (box: Box) => number | { x: number; y: number };

/**
 * Extra labelled arrows (vote proposals): each in its own colour, shifted a little when
 * several are drawn so shared hexes do not hide one under another; hexes they mark get a
 * dashed ring in the arrow's colour.
 */
export function drawArrows(ctx: SKRSContext2D, layout: HexLayout, map: LoadedMap, arrows: readonly ArrowView[] | undefined): void {
  if (!arrows?.length) return;
  for (const [i, arrow] of arrows.entries()) drawMarkedHexes(ctx, layout, map, arrow, i);
  const placed: Box[] = [];
  arrows.forEach((arrow, i) => {
    const path = arrow.path.filter((id) => map.has(id));
    if (path.length < 2) return;
    const s = layout.size;
    // Alternate sides of the hex centres: 0, +1, -1, +2 ... steps of a sixth of a hex.
    const shift = arrows.length > 1 ? (i % 2 === 0 ? -1 : 1) * Math.ceil(i / 2) * s * 0.17 : 0;
    const pts = path.map((id) => {
      const c = layout.center(id);
      return { x: c.x + shift, y: c.y + shift * 0.6 };
    });
    drawArrow(ctx, layout, pts, arrow.label, arrowColour(arrow), (box) => {
      // Labels of arrows ending near each other stack instead of covering one another.
      let y = box.y;
      for (let tries = 0; tries < 8 && placed.some((p) => overlaps(p, { ...box, y })); tries++) y += box.h + 2;
      placed.push({ ...box, y });
      return y;
    });
  });
}

function arrowColour(arrow: ArrowView): string {
  return theme.arrows[(arrow.colour ?? 0) % theme.arrows.length]!;
}

/** The dashed rings of the hexes an arrow marks, a little smaller for each arrow so rings on one hex stay apart. */
function drawMarkedHexes(ctx: SKRSContext2D, layout: HexLayout, map: LoadedMap, arrow: ArrowView, i: number): void {
  const s = layout.size;
  const colour = arrowColour(arrow);
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
}

/** An outlined arrow through `pts`, its head at the last, and its label near the head. */
export function drawArrow(
  ctx: SKRSContext2D,
  layout: HexLayout,
  pts: Point[],
  label: string | undefined,
  colour: string = theme.path,
  placeLabel?: LabelPlacer,
): void {
  const s = layout.size;
  const end = pts[pts.length - 1]!;
  const prev = pts[pts.length - 2]!;
  const angle = Math.atan2(end.y - prev.y, end.x - prev.x);
  const head = s * 0.45;
  // Stop the shaft short of the head so its round cap does not poke through the tip.
  const shaftEnd = { x: end.x - Math.cos(angle) * head * 0.8, y: end.y - Math.sin(angle) * head * 0.8 };
  drawShaft(ctx, s, [...pts.slice(0, -1), shaftEnd], colour);
  drawHead(ctx, s, end, angle, head, colour);
  if (label) drawArrowLabel(ctx, s, end, label, colour, placeLabel);
}

function drawShaft(ctx: SKRSContext2D, s: number, shaft: readonly Point[], colour: string): void {
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
}

function drawHead(ctx: SKRSContext2D, s: number, end: Point, angle: number, head: number, colour: string): void {
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
}

/** The label on a plate of the arrow's colour, above right of the head unless `placeLabel` moves it. */
function drawArrowLabel(ctx: SKRSContext2D, s: number, end: Point, label: string, colour: string, placeLabel?: LabelPlacer): void {
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

/**
 * A move arrow ends at the edge of the stack it brought (its head touching the counter)
 * instead of running over the counter's designation and strength.
 */
export function stopAtCounters(pts: Point[], boxes: readonly Box[]): Point[] {
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
