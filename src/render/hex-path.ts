import type { SKRSContext2D } from '@napi-rs/canvas';
import type { HexId } from '../kernel/hex.js';
import type { HexLayout } from './layout.js';

/** The hex's outline as the current path, `scale` times its size about its centre (to fill, stroke or clip). */
export function hexPath(ctx: SKRSContext2D, layout: HexLayout, id: HexId, scale = 1): void {
  const pts = layout.corners(id, scale);
  ctx.beginPath();
  ctx.moveTo(pts[0]!.x, pts[0]!.y);
  for (let i = 1; i < 6; i++) ctx.lineTo(pts[i]!.x, pts[i]!.y);
  ctx.closePath();
}

/** A dashed ring inside the hex, `scale` of its size: a selected hex, a battle a move would start. */
export function strokeDashedHex(
  ctx: SKRSContext2D,
  layout: HexLayout,
  id: HexId,
  scale: number,
  dash: readonly [number, number],
  width: number,
  colour: string,
): void {
  hexPath(ctx, layout, id, scale);
  ctx.setLineDash([...dash]);
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.setLineDash([]);
}
