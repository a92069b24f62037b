import { Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import type { ReachView } from '../contracts/scene.js';
import type { HexId } from '../kernel/hex.js';
import type { LoadedMap } from '../maps/game-map.js';
import { traceAreaEdge } from './area-edge.js';
import { font } from './fonts.js';
import { strokeDashedHex } from './hex-path.js';
import type { HexLayout } from './layout.js';
import { previewWidth } from './preview-width.js';
import { theme } from './theme.js';

/**
 * Where a force can go: every reachable hex washed in the reach colour and the area's edge
 * drawn solid, so it reads on any terrain and beside the front line; hexes where the move
 * ends in a battle also get a dashed ring. The cost of each hex is written on a plate at its
 * foot (see drawReachCosts), over the counters.
 */
export function drawReachArea(
  ctx: SKRSContext2D,
  layout: HexLayout,
  map: LoadedMap,
  reach: ReachView | undefined,
  visible: (id: HexId) => boolean,
  /** The picture's width, so the edge reads in a preview. */
  width = 0,
): void {
  if (!reach) return;
  const s = layout.size;
  const inside = new Set(Object.keys(reach.costs).filter((h) => map.has(h)));
  let data = '';
  for (const id of inside) {
    if (!visible(id)) continue;
    const pts = layout.corners(id);
    data += `M${pts.map((p) => `${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join('L')}Z`;
  }
  if (data) {
    ctx.fillStyle = theme.reach;
    ctx.fill(new Path2D(data));
  }
  // The edge of the area (with the start hex inside it).
  inside.add(reach.from);
  ctx.beginPath();
  traceAreaEdge(ctx, layout, map, inside, visible);
  ctx.lineCap = 'round';
  ctx.strokeStyle = theme.pathOutline;
  ctx.lineWidth = previewWidth(Math.max(3, s * 0.15), 3.5, width);
  ctx.stroke();
  ctx.strokeStyle = theme.reachEdge;
  ctx.lineWidth = previewWidth(Math.max(1.5, s * 0.07), 1.6, width);
  ctx.stroke();
  ctx.lineCap = 'butt';
  for (const id of reach.battle ?? []) {
    if (!map.has(id) || !visible(id)) continue;
    strokeDashedHex(ctx, layout, id, 0.8, [s * 0.2, s * 0.12], Math.max(2, s * 0.09), theme.combat);
  }
}

/**
 * Each reachable hex's cost on a plate at its foot: figures about 11 px high at Discord's
 * preview width (`width` is the picture's), never larger than the hex takes.
 */
export function drawReachCosts(
  ctx: SKRSContext2D,
  layout: HexLayout,
  map: LoadedMap,
  reach: ReachView | undefined,
  visible: (id: HexId) => boolean,
  width: number,
): void {
  if (!reach) return;
  const s = layout.size;
  const px = Math.min(s * 0.62, Math.max(s * 0.36, (11 * width) / 550));
  ctx.font = font(px, { bold: true, condensed: true });
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const battle = new Set(reach.battle ?? []);
  for (const [id, cost] of Object.entries(reach.costs)) {
    if (!map.has(id) || !visible(id)) continue;
    const c = layout.center(id);
    const text = String(cost);
    const w = ctx.measureText(text).width + px * 0.4;
    const h = px * 1.05;
    const x = c.x - w / 2;
    const y = c.y + s * 0.86 - h;
    ctx.fillStyle = battle.has(id) ? theme.combat : theme.reachPlate;
    ctx.strokeStyle = theme.pathOutline;
    ctx.lineWidth = Math.max(1, px * 0.08);
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, h * 0.25);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = battle.has(id) ? '#ffffff' : '#1d1a14';
    ctx.fillText(text, c.x, y + h / 2 + 0.5);
  }
}
