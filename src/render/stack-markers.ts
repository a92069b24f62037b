import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { CounterView, StackView } from '../contracts/scene.js';
import type { HexId } from '../kernel/hex.js';
import { font } from './fonts.js';
import type { HexLayout } from './layout.js';
import type { Box } from './placement.js';

/**
 * Stack markers: where a whole map (or a wide close-up) is shown at Discord's preview width,
 * a counter is a few pixels wide and its print unreadable. Each stack is then one chip as
 * large as its hex allows, in its top unit's colours (the formation's, so the side shows),
 * with the stack's total strength in figures as tall as the chip; a bar under the figures
 * shows how many units are in the stack, a gap in it each reduced one.
 */

/** Chip size in hex sizes (centre to corner): as tall as fits between the hexes above and below. */
const CHIP_W = 1.5;
const CHIP_H = 1.6;
/** Two sides in one hex (a battle): two narrower chips side by side. */
const SPLIT_W = 0.96;

/** "7", or "5+?" when some units' strength is hidden, "?" when all are: the sum of each counter's first figure. */
export function stackTotal(counters: readonly CounterView[]): string {
  let sum = 0;
  let known = 0;
  for (const c of counters) {
    const m = /^\d+/.exec(c.strength);
    if (m) {
      sum += Number(m[0]);
      known++;
    }
  }
  if (known === 0) return '?';
  return known < counters.length ? `${sum}+?` : String(sum);
}

/**
 * Chip height for a picture `width` px wide: tall enough for figures about 13 px high in a
 * 550 px preview, and no taller than the hex takes (on a whole map that is the limit).
 */
export function chipHeight(layout: HexLayout, width: number): number {
  return Math.min(layout.size * CHIP_H, (15 * width) / 550);
}

function chips(layout: HexLayout, stack: StackView, width: number): { box: Box; counters: CounterView[] }[] {
  const c = layout.center(stack.hex);
  const s = layout.size;
  const h = chipHeight(layout, width);
  const k = h / (s * CHIP_H);
  if (!stack.opposing?.length) {
    const w = s * CHIP_W * k;
    return [{ box: { x: c.x - w / 2, y: c.y - h / 2, w, h }, counters: stack.counters }];
  }
  const w = s * SPLIT_W * k;
  const gap = Math.max(1, s * 0.04);
  return [
    { box: { x: c.x - gap / 2 - w, y: c.y - h / 2, w, h }, counters: stack.counters },
    { box: { x: c.x + gap / 2, y: c.y - h / 2, w, h }, counters: stack.opposing },
  ].filter((chip) => chip.counters.length > 0);
}

/** What a stack's marker covers. */
export function markerBoxes(layout: HexLayout, stack: StackView, width: number): Box[] {
  return chips(layout, stack, width).map((c) => c.box);
}

/** Every stack's marker, for a picture `width` px wide. */
export function drawStackMarkers(
  ctx: SKRSContext2D,
  layout: HexLayout,
  stacks: readonly StackView[],
  visible: (id: HexId) => boolean,
  width: number,
): void {
  for (const stack of stacks) {
    if ((stack.counters.length === 0 && !stack.opposing?.length) || !visible(stack.hex)) continue;
    for (const { box, counters } of chips(layout, stack, width)) stampChip(ctx, box, counters);
  }
}

const sprites = new Map<string, Canvas>();
const SPRITE_LIMIT = 2000;

/** A chip drawn once per look and size, then stamped at whole pixels (a whole map has a hundred or more). */
function stampChip(ctx: SKRSContext2D, box: Box, counters: readonly CounterView[]): void {
  const top = counters[0]!;
  const units = counters.map((c) => (c.reduced ? 'r' : 'f')).join('');
  const key = `${box.w.toFixed(2)}|${box.h.toFixed(2)}|${top.colour}|${top.text}|${stackTotal(counters)}|${units}`;
  const pad = Math.ceil(Math.max(2, box.h * 0.06));
  let sprite = sprites.get(key);
  if (!sprite) {
    if (sprites.size >= SPRITE_LIMIT) sprites.clear();
    sprite = createCanvas(Math.ceil(box.w) + 2 * pad, Math.ceil(box.h) + 2 * pad);
    const c = sprite.getContext('2d');
    c.textAlign = 'center';
    c.textBaseline = 'alphabetic';
    drawChip(c, { x: pad, y: pad, w: box.w, h: box.h }, counters);
    sprites.set(key, sprite);
  }
  ctx.drawImage(sprite, Math.round(box.x) - pad, Math.round(box.y) - pad);
}

function drawChip(ctx: SKRSContext2D, box: Box, counters: readonly CounterView[]): void {
  const top = counters[0]!;
  const { x, y, w, h } = box;
  const r = Math.min(w, h) * 0.18;
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fillStyle = top.colour;
  ctx.fill();
  ctx.lineWidth = Math.max(1.2, h * 0.07);
  ctx.strokeStyle = '#111111';
  ctx.stroke();
  // The figures: as large as the chip takes, narrowed for three characters or more.
  const text = stackTotal(counters);
  // The unit bar only where it can be seen; on a whole map the figures take the chip.
  const bar = h >= 24 ? h * 0.16 : 0;
  let px = h * (bar ? 0.74 : 0.9);
  ctx.font = font(px, { bold: true, condensed: true });
  const room = w * 0.94;
  const width = ctx.measureText(text).width;
  if (width > room) {
    px *= room / width;
    ctx.font = font(px, { bold: true, condensed: true });
  }
  ctx.fillStyle = top.text;
  // Digits' cap height is about 0.73 of the font size: centred in the chip above the bar.
  ctx.fillText(text, x + w / 2, y + (h - (bar ? bar + h * 0.06 : 0)) / 2 + px * 0.365);
  if (!bar) return;
  // One segment per unit along the foot; a reduced unit's segment hollow.
  const n = Math.min(counters.length, 4);
  const seg = (w * 0.8) / n;
  const by = y + h - bar - h * 0.06;
  for (let i = 0; i < n; i++) {
    const sx = x + w * 0.1 + i * seg + seg * 0.12;
    const sw = seg * 0.76;
    ctx.fillStyle = top.text;
    ctx.strokeStyle = top.text;
    ctx.lineWidth = Math.max(1, bar * 0.3);
    if (counters[i]!.reduced) ctx.strokeRect(sx, by + bar * 0.15, sw, bar * 0.7);
    else ctx.fillRect(sx, by, sw, bar);
  }
}
