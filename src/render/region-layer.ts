import type { SKRSContext2D } from '@napi-rs/canvas';
import type { RegionView } from '../contracts/scene.js';
import type { HexId } from '../kernel/hex.js';
import type { LoadedMap } from '../maps/game-map.js';
import { traceAreaEdge } from './area-edge.js';
import type { HexLayout } from './layout.js';
import { previewWidth } from './preview-width.js';
import { theme } from './theme.js';

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
    // Drawn a little inside the area, so it never hides the front line on the same side.
    traceAreaEdge(ctx, layout, map, inside, visible, { inset: 0.86 });
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
