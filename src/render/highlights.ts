import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Highlights } from '../contracts/scene.js';
import type { HexId } from '../kernel/hex.js';
import type { LoadedMap } from '../maps/game-map.js';
import { clearOf, drawArrow, stopAtCounters } from './arrows.js';
import { hexPath, strokeDashedHex } from './hex-path.js';
import type { HexLayout } from './layout.js';
import type { Box } from './placement.js';
import { theme } from './theme.js';

/**
 * What the picture is about: dashed rings on selected hexes, rings (and crossed blades) on
 * battle hexes, and the move just made as an arrow. `tagged`: battle hexes that carry an odds
 * tag instead of the blades.
 */
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
  drawSelectedRings(ctx, layout, map, h.selected ?? []);
  drawCombatRings(ctx, layout, map, h.combat ?? [], tagged);
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

function drawSelectedRings(ctx: SKRSContext2D, layout: HexLayout, map: LoadedMap, ids: readonly HexId[]): void {
  const s = layout.size;
  for (const id of ids) {
    if (!map.has(id)) continue;
    strokeDashedHex(ctx, layout, id, 0.93, [s * 0.22, s * 0.12], Math.max(2, s * 0.12), theme.selected);
  }
}

function drawCombatRings(ctx: SKRSContext2D, layout: HexLayout, map: LoadedMap, ids: readonly HexId[], tagged: ReadonlySet<HexId>): void {
  const s = layout.size;
  for (const id of ids) {
    if (!map.has(id)) continue;
    hexPath(ctx, layout, id, 0.92);
    ctx.lineWidth = Math.max(2.5, s * 0.13);
    ctx.strokeStyle = theme.combat;
    ctx.stroke();
    if (!tagged.has(id)) drawCrossedBlades(ctx, layout, id);
  }
}

/** A battle fought here: crossed blades in the ring's colour at its lower left, a mark of its own (the star is Moscow's). */
function drawCrossedBlades(ctx: SKRSContext2D, layout: HexLayout, id: HexId): void {
  const s = layout.size;
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
