import { type Canvas, createCanvas, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { BoundedMemo } from '../kernel/bounded-memo.js';

/** Spacing of the diagonals, in pixels: they run along x + y = 8k in map coordinates. */
const STEP = 8;
/** Hatch pictures come in sizes rounded up to this, so a few serve every view. */
const GRAIN = 128;
const pictures = new BoundedMemo<string, Canvas>(8);
/** Scratch canvases by size, each overwritten whole by the next hatching of its size. */
const scratches = new BoundedMemo<string, Canvas>(4);

/** A picture of the diagonals alone, at least `width` x `height`, drawn once per colour and size. */
function hatchPicture(colour: string, width: number, height: number): Canvas {
  const w = Math.ceil(width / GRAIN) * GRAIN;
  const h = Math.ceil(height / GRAIN) * GRAIN;
  return pictures.get(`${colour}|${w}|${h}`, () => {
    const picture = createCanvas(w, h);
    const ctx = picture.getContext('2d');
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.2;
    ctx.beginPath();
    for (let c = 0; c <= w + h; c += STEP) {
      ctx.moveTo(c - h - STEP, h + STEP);
      ctx.lineTo(c + STEP, -STEP);
    }
    ctx.stroke();
    return picture;
  });
}

/** A rectangle in a context's coordinates. */
export interface Extent {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Diagonal hatching over `region` (within `box`, in the context's coordinates): a ready picture
 * of the diagonals, cut to the region on a scratch canvas and laid on. Filling the region with
 * a pattern, stroking the lines each time or clipping to the region cost several times more:
 * hatching was the largest part of a close-up's drawing (docs/performance.md). Only the part
 * inside `seen` (about the picture's window) is cut and laid on: a close-up's control reaches
 * two hexes past its edges, and the scratch work goes as its area. Every offset is a whole
 * pixel, so each pixel in the window is the same as when the whole region is cut.
 */
export function hatchRegion(ctx: SKRSContext2D, region: Path2D, colour: string, box: Extent, seen?: Extent): void {
  // Start on the grid of the diagonals, so the hatching lines up from one picture to the next.
  const x = Math.floor(box.x0 / STEP) * STEP;
  const y = Math.floor(box.y0 / STEP) * STEP;
  const picture = hatchPicture(colour, box.x1 - x, box.y1 - y);
  // The part of the picture inside the window, in the picture's whole pixels.
  const sx = seen ? Math.max(0, Math.floor(seen.x0) - x) : 0;
  const sy = seen ? Math.max(0, Math.floor(seen.y0) - y) : 0;
  const w = (seen ? Math.min(picture.width, Math.ceil(seen.x1) - x) : picture.width) - sx;
  const h = (seen ? Math.min(picture.height, Math.ceil(seen.y1) - y) : picture.height) - sy;
  if (w <= 0 || h <= 0) return;
  const mask = scratches.get(`${w}|${h}`, () => createCanvas(w, h));
  const m = mask.getContext('2d');
  m.setTransform(1, 0, 0, 1, 0, 0);
  // 'copy' replaces every pixel, so what the last hatching left needs no clearing.
  m.globalCompositeOperation = 'copy';
  m.drawImage(picture, sx, sy, w, h, 0, 0, w, h);
  m.globalCompositeOperation = 'destination-in';
  // The region moved into the scratch's pixels, not the scratch's transform: Skia skips a
  // 'destination-in' fill (and so clears the whole scratch) when the untransformed path's
  // bounds miss the scratch, which left far-off regions unhatched.
  const local = new Path2D();
  local.addPath(region, { a: 1, b: 0, c: 0, d: 1, e: -(x + sx), f: -(y + sy) });
  m.fill(local);
  ctx.drawImage(mask, x + sx, y + sy);
}
