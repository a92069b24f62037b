import type { SKRSContext2D } from '@napi-rs/canvas';
import type { HexId } from '../kernel/hex.js';
import type { LoadedMap } from '../maps/game-map.js';
import type { HexLayout } from './layout.js';

/**
 * Adds to the current path every hexside between a visible hex of `inside` and a hex outside
 * it: the edge of an area (a boundary, a reach, a pocket). `onMapOnly`: the map's own edge is
 * not part of it. `inset`: the sides drawn that far from each hex's centre (1 is on the side),
 * so one edge can run beside another on the same hexside.
 */
export function traceAreaEdge(
  ctx: SKRSContext2D,
  layout: HexLayout,
  map: LoadedMap,
  inside: ReadonlySet<HexId>,
  visible: (id: HexId) => boolean,
  { onMapOnly = false, inset }: { onMapOnly?: boolean; inset?: number } = {},
): void {
  for (const id of inside) {
    if (!visible(id)) continue;
    for (const { dir, id: n } of map.grid.neighbours(id)) {
      if (inside.has(n) || (onMapOnly && !map.has(n))) continue;
      const [p, q] = layout.side(id, dir);
      if (inset === undefined) {
        ctx.moveTo(p.x, p.y);
        ctx.lineTo(q.x, q.y);
        continue;
      }
      const c = layout.center(id);
      ctx.moveTo(c.x + (p.x - c.x) * inset, c.y + (p.y - c.y) * inset);
      ctx.lineTo(c.x + (q.x - c.x) * inset, c.y + (q.y - c.y) * inset);
    }
  }
}
