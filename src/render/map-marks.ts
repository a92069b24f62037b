import type { SKRSContext2D } from '@napi-rs/canvas';
import type { BoundaryView, MarkView, SideLook } from '../contracts/scene.js';
import type { HexId } from '../kernel/hex.js';
import type { LoadedMap } from '../maps/game-map.js';
import { traceAreaEdge } from './area-edge.js';
import { fillFigure } from './fonts.js';
import type { HexLayout } from './layout.js';
import { previewWidth } from './preview-width.js';
import { theme } from './theme.js';

/** The dash of a boundary: dash-dot, so it never reads as the front (solid) or a pocket (dashed). */
function boundaryDash(unit: number): number[] {
  return [unit * 3, unit * 0.9, unit * 0.6, unit * 0.9];
}

/**
 * Boundaries: a line on every hexside between a hex of the area and a map hex outside it (the
 * map's edge is not a boundary), over a light halo so it reads on every terrain.
 */
export function drawBoundaries(
  ctx: SKRSContext2D,
  layout: HexLayout,
  map: LoadedMap,
  boundaries: readonly BoundaryView[] | undefined,
  visible: (id: HexId) => boolean,
  width: number,
): void {
  if (!boundaries?.length) return;
  const s = layout.size;
  for (const boundary of boundaries) {
    const inside = new Set(boundary.hexes.filter((id) => map.has(id)));
    ctx.beginPath();
    traceAreaEdge(ctx, layout, map, inside, visible, { onMapOnly: true });
    ctx.lineCap = 'round';
    ctx.strokeStyle = theme.regionHalo;
    ctx.lineWidth = previewWidth(Math.max(3, s * 0.14), 3, width);
    ctx.stroke();
    ctx.setLineDash(boundaryDash(previewWidth(s * 0.2, 4, width)));
    ctx.lineCap = 'butt';
    ctx.strokeStyle = theme.boundary;
    ctx.lineWidth = previewWidth(Math.max(1.8, s * 0.08), 2, width);
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

/** A supply symbol: a disc in the side's colour with an "S", ringed so it reads on either side's wash. */
export function supplyMark(ctx: SKRSContext2D, x: number, y: number, r: number, look: SideLook): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = look.fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.22);
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.lineWidth = Math.max(0.8, r * 0.1);
  ctx.strokeStyle = '#1d1a14';
  ctx.beginPath();
  ctx.arc(x, y, r * 1.12, 0, Math.PI * 2);
  ctx.stroke();
  fillFigure(ctx, 'S', x, y + r * 0.06, Math.max(7, r * 1.3), look.text);
}

/**
 * Printed symbols in their hexes, low on the left so they stay clear of the counters in the
 * middle and of the hex id along the top.
 */
export function drawMarks(
  ctx: SKRSContext2D,
  layout: HexLayout,
  map: LoadedMap,
  marks: readonly MarkView[] | undefined,
  looks: Readonly<Record<MarkView['side'], SideLook>>,
  visible: (id: HexId) => boolean,
  width: number,
): void {
  if (!marks?.length) return;
  const s = layout.size;
  const r = previewWidth(Math.max(5, s * 0.2), 5, width);
  for (const mark of marks) {
    for (const id of mark.hexes) {
      if (!map.has(id) || !visible(id)) continue;
      const c = layout.center(id);
      supplyMark(ctx, c.x - s * 0.5, c.y + s * 0.38, r, looks[mark.side]);
    }
  }
}

/** The boundary's legend sample. */
export function boundaryLegend(ctx: SKRSContext2D, x: number, y: number): void {
  ctx.beginPath();
  ctx.moveTo(x, y + 9);
  ctx.lineTo(x + 26, y + 9);
  ctx.strokeStyle = theme.regionHalo;
  ctx.lineWidth = 4;
  ctx.stroke();
  ctx.setLineDash(boundaryDash(3));
  ctx.strokeStyle = theme.boundary;
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.setLineDash([]);
}
