import type { SKRSContext2D } from '@napi-rs/canvas';
import type { BattleView, Scene } from '../contracts/scene.js';
import type { HexId } from '../kernel/hex.js';
import type { LoadedMap } from '../maps/game-map.js';
import type { StackBoxes } from './covered-labels.js';
import { fillFigure, font } from './fonts.js';
import type { HexLayout, Point } from './layout.js';
import {
  type Box,
  COUNTER_SIDE,
  controlFlagBox,
  hexIdBox,
  type Obstacle,
  Placer,
  placeLabels,
  stackViewBoxes,
  WEIGHT,
} from './placement.js';
import { theme } from './theme.js';

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
  const placer = new Placer(battleObstacles(ctx, layout, map, scene, battles, boxesOf));
  const inOrder = [...battles].sort((x, y) => x.number - y.number);
  const marks = inOrder.flatMap((b) => placeAttackMarks(layout, map, placer, b));
  ctx.font = tagFont(layout);
  const tags = inOrder.map((b) => placeOddsTag(ctx, layout, placer, b));
  return { marks, tags };
}

/** What is already drawn near the battles: counters, hex ids, place names and control flags. */
function battleObstacles(
  ctx: SKRSContext2D,
  layout: HexLayout,
  map: LoadedMap,
  scene: Scene,
  battles: readonly BattleView[],
  boxesOf: StackBoxes,
): Obstacle[] {
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
  return obstacles;
}

/** One mark for each attacking hex of a battle, on the hexside it attacks across: the middle, then a little to either end. */
function placeAttackMarks(layout: HexLayout, map: LoadedMap, placer: Placer, b: BattleView): AttackMark[] {
  const s = layout.size;
  const d = layout.center(b.defender);
  const marks: AttackMark[] = [];
  for (const from of b.attackers) {
    if (!map.has(from)) continue;
    const a = layout.center(from);
    const len = Math.hypot(d.x - a.x, d.y - a.y) || 1;
    const dir = { x: (d.x - a.x) / len, y: (d.y - a.y) / len };
    const side = { x: -dir.y, y: dir.x };
    const mid = { x: (a.x + d.x) / 2, y: (a.y + d.y) / 2 };
    const spots = [0, 0.28, -0.28, 0.45, -0.45, 0.56, -0.56].map((t) => ({ x: mid.x + side.x * t * s, y: mid.y + side.y * t * s }));
    const boxes = spots.map((p) => attackMarkBox(layout, p));
    const i = placer.place(boxes);
    marks.push({ number: b.number, at: spots[i]!, dir, box: boxes[i]!, current: !!b.current });
  }
  return marks;
}

/** A battle's odds tag: beside the counter at the hex's right and left corners, then at its upper and lower corners. */
function placeOddsTag(ctx: SKRSContext2D, layout: HexLayout, placer: Placer, b: BattleView): OddsTag {
  const s = layout.size;
  const d = layout.center(b.defender);
  const w = ctx.measureText(b.odds).width + s * 0.14;
  const h = Math.max(14, s * 0.34);
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
  return { text: b.odds, box: boxes[i]!, current: !!b.current };
}

/** The announced battles: a numbered arrow from each attacker into its defender's hex, the odds at the defender. */
export function drawBattles(ctx: SKRSContext2D, layout: HexLayout, placed: { marks: AttackMark[]; tags: OddsTag[] }): void {
  for (const m of placed.marks) drawAttackMark(ctx, layout, m);
  ctx.font = tagFont(layout);
  for (const t of placed.tags) drawOddsTag(ctx, layout, t);
}

/** An attack: a short outlined shaft, a head into the defender's hex, and the battle's number in a disc (the one resolved now in the selection colour). */
function drawAttackMark(ctx: SKRSContext2D, layout: HexLayout, m: AttackMark): void {
  const s = layout.size;
  const r = discRadius(layout);
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
  fillFigure(ctx, String(m.number), at.x, at.y + 0.5, r * (m.number > 9 ? 1.05 : 1.3), ink);
}

function drawOddsTag(ctx: SKRSContext2D, layout: HexLayout, t: OddsTag): void {
  const { x, y, w, h } = t.box;
  ctx.fillStyle = t.current ? theme.selected : '#ffffff';
  ctx.strokeStyle = theme.combat;
  ctx.lineWidth = Math.max(1.5, layout.size * 0.05);
  ctx.fillRect(x, y, w, h);
  ctx.strokeRect(x, y, w, h);
  ctx.fillStyle = '#1d1a14';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(t.text, x + w / 2, y + h / 2 + 0.5);
}
