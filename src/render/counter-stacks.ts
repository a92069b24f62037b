import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { CounterView, StackView } from '../contracts/scene.js';
import type { HexId } from '../kernel/hex.js';
import { drawCounter } from './counters.js';
import { fillFigure } from './fonts.js';
import type { HexLayout } from './layout.js';
import { badgeRadius, stackFrames } from './placement.js';

/** Stacks drawn as counters: each stack's counters, the top one whole, and a badge with how many it holds. */
export function drawStacks(ctx: SKRSContext2D, layout: HexLayout, stacks: StackView[], visible: (id: HexId) => boolean): void {
  for (const stack of stacks) {
    if ((stack.counters.length === 0 && !stack.opposing?.length) || !visible(stack.hex)) continue;
    // Below the hex id and above the place name; counters under the top one peek out to the
    // right, as in a real stack, so neither the id above nor the name below is covered. A hex
    // two sides share (a battle) shows both, side by side.
    const frames = stackFrames(layout, stack);
    const groups = stack.opposing?.length ? [stack.counters, stack.opposing] : [stack.counters];
    groups.forEach((counters, g) => {
      const f = frames[g]!;
      if (counters.length === 0) return;
      for (let i = f.depth - 1; i >= 0; i--) {
        const corner = f.corner(i);
        drawCounterSprite(ctx, counters[i]!, corner.x, corner.y, f.side, i === 0);
      }
      if (counters.length > 1) {
        const deepest = f.corner(f.depth - 1);
        drawBadge(ctx, deepest.x + f.side, deepest.y, badgeRadius(layout), counters.length);
      }
    });
  }
}

const sprites = new Map<string, Canvas>();
const SPRITE_LIMIT = 4000;

/**
 * A counter drawn once per look and size, then stamped: a full map shows hundreds of
 * counters but only a few dozen different ones. Stamped at whole pixels, so they stay crisp.
 */
function drawCounterSprite(ctx: SKRSContext2D, counter: CounterView, x: number, y: number, side: number, top: boolean): void {
  const key = `${side}|${top ? 1 : 0}|${counter.label}|${counter.colour}|${counter.text}|${counter.symbol}|${counter.strength}|${counter.reduced ? 1 : 0}|${counter.size ?? ''}`;
  const pad = Math.ceil(side * 0.25);
  let sprite = sprites.get(key);
  if (!sprite) {
    if (sprites.size >= SPRITE_LIMIT) sprites.clear();
    sprite = createCanvas(Math.ceil(side) + 2 * pad, Math.ceil(side) + 2 * pad);
    drawCounter(sprite.getContext('2d'), counter, pad, pad, side, top);
    sprites.set(key, sprite);
  }
  ctx.drawImage(sprite, Math.round(x) - pad, Math.round(y) - pad);
}

/** How many counters a stack holds: a white disc at the deepest counter's top right corner. */
function drawBadge(ctx: SKRSContext2D, bx: number, by: number, r: number, count: number): void {
  ctx.beginPath();
  ctx.arc(bx, by, r, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.18);
  ctx.strokeStyle = '#1d1a14';
  ctx.stroke();
  fillFigure(ctx, String(count), bx, by + 0.5, r * 1.25, '#1d1a14');
}
