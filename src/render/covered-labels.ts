import type { SKRSContext2D } from '@napi-rs/canvas';
import type { StackView } from '../contracts/scene.js';
import type { HexId } from '../kernel/hex.js';
import type { LoadedMap } from '../maps/game-map.js';
import type { HexLayout } from './layout.js';
import { type Box, overlaps, placeFont, placeLabels, stackViewBoxes } from './placement.js';
import { drawHexId, HEX_ID_MIN_SIZE } from './static-layer.js';
import { theme } from './theme.js';

/** The boxes a stack covers as drawn: its counters, or its marker. */
export type StackBoxes = (layout: HexLayout, stack: StackView) => Box[];

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
    const ringedHere = label.hexes.some((h) => ringed.has(h));
    if (markers ? covered || !ringedHere : !ringedHere && !covered) continue;
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
