import type { SKRSContext2D } from '@napi-rs/canvas';
import type { CounterView, UnitSymbol } from '../contracts/scene.js';
import { fillFigure, font } from './fonts.js';
import { LABEL_SCALE } from './placement.js';
import { textWidth } from './text-width.js';

/**
 * One counter drawn as on the printed sheet: the formation's colours, the designation on
 * top, a NATO-style type symbol, the combat value below, and a corner mark when reduced.
 */
export function drawCounter(ctx: SKRSContext2D, c: CounterView, x: number, y: number, side: number, top: boolean): void {
  ctx.save();
  ctx.fillStyle = c.colour;
  ctx.strokeStyle = '#111111';
  ctx.lineWidth = Math.max(1, side * 0.03);
  ctx.shadowColor = 'rgba(0,0,0,0.35)';
  ctx.shadowBlur = top ? side * 0.08 : 0;
  ctx.shadowOffsetX = top ? side * 0.03 : 0;
  ctx.shadowOffsetY = top ? side * 0.04 : 0;
  ctx.fillRect(x, y, side, side);
  ctx.shadowColor = 'transparent';
  ctx.strokeRect(x, y, side, side);
  if (!top) {
    ctx.restore();
    return;
  }
  const cx = x + side / 2;
  ctx.fillStyle = c.text;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  // The designation on top, or the size mark when a counter has no designation.
  const top_ = c.label || c.size || '';
  ctx.font = font(side * LABEL_SCALE, { bold: true, condensed: true });
  ctx.fillText(fitLabel(ctx, top_, side * 0.94), cx, y + side * 0.03);

  const bw = side * 0.6;
  const bh = side * 0.28;
  drawSymbol(ctx, c, cx - bw / 2, y + side * 0.31, bw, bh);

  ctx.fillStyle = c.text;
  ctx.textBaseline = 'alphabetic';
  ctx.font = font(side * 0.34, { bold: true });
  ctx.fillText(c.strength, cx, y + side * 0.94);
  if (c.reduced) {
    // A contrasting corner triangle marks the reduced (flipped) side.
    ctx.beginPath();
    ctx.moveTo(x + side, y + side * 0.62);
    ctx.lineTo(x + side, y + side);
    ctx.lineTo(x + side * 0.62, y + side);
    ctx.closePath();
    ctx.fillStyle = c.text;
    ctx.fill();
  }
  ctx.restore();
}

function fitLabel(ctx: SKRSContext2D, text: string, width: number): string {
  if (textWidth(ctx, text) <= width) return text;
  let t = text;
  while (t.length > 1 && textWidth(ctx, `${t}…`) > width) t = t.slice(0, -1);
  return `${t}…`;
}

/** Where a symbol is drawn: its box on the counter, and the counter's ink colour. */
interface SymbolBox {
  x: number;
  y: number;
  w: number;
  h: number;
  ink: string;
}

type SymbolMark = (ctx: SKRSContext2D, b: SymbolBox) => void;

/** Infantry's cross, corner to corner. */
const cross: SymbolMark = (ctx, { x, y, w, h }) => {
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + w, y + h);
  ctx.moveTo(x + w, y);
  ctx.lineTo(x, y + h);
  ctx.stroke();
};

/** Armour's oval. */
const oval: SymbolMark = (ctx, { x, y, w, h }) => {
  ctx.beginPath();
  ctx.ellipse(x + w / 2, y + h / 2, w * 0.34, h * 0.3, 0, 0, Math.PI * 2);
  ctx.stroke();
};

/** Cavalry's slash, lower left to upper right. */
const slash: SymbolMark = (ctx, { x, y, w, h }) => {
  ctx.beginPath();
  ctx.moveTo(x, y + h);
  ctx.lineTo(x + w, y);
  ctx.stroke();
};

/** The G of a guards unit, over the cross. */
const guardsLetter: SymbolMark = (ctx, { x, y, w, h, ink }) => {
  fillFigure(ctx, 'G', x + w / 2, y + h * 0.2, h * 0.55, ink);
};

/** An airborne unit's canopy: two arcs at the foot. */
const canopy: SymbolMark = (ctx, { x, y, w, h }) => {
  ctx.beginPath();
  ctx.arc(x + w * 0.38, y + h * 0.78, w * 0.12, Math.PI, 0);
  ctx.arc(x + w * 0.62, y + h * 0.78, w * 0.12, Math.PI, 0);
  ctx.stroke();
};

/** Artillery's dot. */
const dot: SymbolMark = (ctx, { x, y, w, h, ink }) => {
  ctx.beginPath();
  ctx.arc(x + w / 2, y + h / 2, h * 0.2, 0, Math.PI * 2);
  ctx.fillStyle = ink;
  ctx.fill();
};

/** An air unit's propeller: two blades about a hub. */
const propeller: SymbolMark = (ctx, { x, y, w, h, ink }) => {
  ctx.fillStyle = ink;
  ctx.beginPath();
  ctx.ellipse(x + w * 0.35, y + h / 2, w * 0.15, h * 0.16, 0, 0, Math.PI * 2);
  ctx.ellipse(x + w * 0.65, y + h / 2, w * 0.15, h * 0.16, 0, 0, Math.PI * 2);
  ctx.fill();
};

/** Each unit type's marks inside the symbol box, drawn in order. */
const SYMBOL_MARKS: Record<UnitSymbol, readonly SymbolMark[]> = {
  infantry: [cross],
  rifle: [cross],
  guards: [cross, guardsLetter],
  panzer: [oval],
  motorized: [cross, oval],
  cavalry: [slash],
  airborne: [cross, canopy],
  brigade: [slash, oval],
  artillery: [dot],
  air: [propeller],
};

/** The unit-type symbol: its box, and the marks of the counter's type inside it. */
function drawSymbol(ctx: SKRSContext2D, c: CounterView, x: number, y: number, w: number, h: number): void {
  ctx.lineWidth = Math.max(1, w * 0.06);
  ctx.strokeStyle = c.text;
  ctx.strokeRect(x, y, w, h);
  for (const mark of SYMBOL_MARKS[c.symbol] ?? []) mark(ctx, { x, y, w, h, ink: c.text });
}
