import type { SKRSContext2D } from '@napi-rs/canvas';
import type { HexId } from '../kernel/hex.js';
import type { MapHex } from '../maps/schema.js';
import { hexPath } from './hex-path.js';
import type { HexLayout } from './layout.js';
import { theme } from './theme.js';

/** A small pseudo-random jitter fixed by the hex id, so textures look hand-drawn yet stable. */
function jitter(id: HexId, i: number): number {
  let h = 2166136261;
  for (const ch of `${id}:${i}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return ((h >>> 0) % 1000) / 1000 - 0.5;
}

/** A hex's terrain: its colour, and the printed texture of forest, marsh or fortification. */
export function drawTerrain(ctx: SKRSContext2D, layout: HexLayout, id: HexId, hex: MapHex): void {
  hexPath(ctx, layout, id);
  ctx.fillStyle = hex.water ? theme.water : theme.terrain[hex.terrain];
  ctx.fill();
  if (hex.water) return;
  if (hex.terrain === 'forest') drawForest(ctx, layout, id);
  else if (hex.terrain === 'marsh') drawMarsh(ctx, layout, id);
  else if (hex.terrain === 'fortification') drawFortification(ctx, layout, id);
}

function drawForest(ctx: SKRSContext2D, layout: HexLayout, id: HexId): void {
  const s = layout.size;
  const c = layout.center(id);
  // Tree marks: small triangles scattered in a fixed pattern.
  ctx.fillStyle = theme.forestMark;
  const spots: [number, number][] = [
    [-0.45, -0.35],
    [0.1, -0.5],
    [0.5, -0.15],
    [-0.55, 0.25],
    [0.0, 0.1],
    [0.4, 0.45],
    [-0.15, 0.55],
  ];
  spots.forEach(([dx, dy], i) => {
    const x = c.x + s * (dx + 0.08 * jitter(id, i));
    const y = c.y + s * (dy + 0.08 * jitter(id, i + 9));
    const t = s * 0.13;
    ctx.beginPath();
    ctx.moveTo(x, y - t * 1.3);
    ctx.lineTo(x + t, y + t * 0.7);
    ctx.lineTo(x - t, y + t * 0.7);
    ctx.closePath();
    ctx.fill();
  });
}

function drawMarsh(ctx: SKRSContext2D, layout: HexLayout, id: HexId): void {
  const s = layout.size;
  const c = layout.center(id);
  // Marsh tufts: short horizontal strokes with reeds.
  ctx.strokeStyle = theme.marshMark;
  ctx.lineWidth = Math.max(1, s * 0.05);
  const rows: [number, number][] = [
    [-0.3, -0.45],
    [0.25, -0.2],
    [-0.4, 0.15],
    [0.3, 0.4],
    [-0.05, 0.55],
    [-0.1, -0.05],
  ];
  rows.forEach(([dx, dy], i) => {
    const x = c.x + s * (dx + 0.06 * jitter(id, i));
    const y = c.y + s * dy;
    const w = s * 0.22;
    ctx.beginPath();
    ctx.moveTo(x - w, y);
    ctx.lineTo(x + w, y);
    ctx.moveTo(x, y);
    ctx.lineTo(x, y - w * 0.6);
    ctx.moveTo(x - w * 0.4, y);
    ctx.lineTo(x - w * 0.6, y - w * 0.45);
    ctx.moveTo(x + w * 0.4, y);
    ctx.lineTo(x + w * 0.6, y - w * 0.45);
    ctx.stroke();
  });
}

function drawFortification(ctx: SKRSContext2D, layout: HexLayout, id: HexId): void {
  const s = layout.size;
  const c = layout.center(id);
  // Fortified line: a toothed band inside the hex rim, as printed maps draw defence lines.
  ctx.save();
  hexPath(ctx, layout, id);
  ctx.clip();
  ctx.strokeStyle = theme.fortMark;
  ctx.lineWidth = Math.max(1.2, s * 0.05);
  const pts = layout.corners(id, 0.8);
  ctx.beginPath();
  for (const [i, p] of pts.entries()) i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y);
  ctx.closePath();
  ctx.stroke();
  ctx.lineWidth = Math.max(1, s * 0.04);
  for (let i = 0; i < 6; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % 6]!;
    for (let k = 1; k <= 3; k++) {
      const t = k / 4;
      const x = a.x + (b.x - a.x) * t;
      const y = a.y + (b.y - a.y) * t;
      const dx = c.x - x;
      const dy = c.y - y;
      const len = Math.hypot(dx, dy);
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x + (dx / len) * s * 0.12, y + (dy / len) * s * 0.12);
      ctx.stroke();
    }
  }
  ctx.restore();
}
