import type { SKRSContext2D } from '@napi-rs/canvas';
import { BoundedMemo } from '../kernel/bounded-memo.js';

/** Widths already measured, by font and text; a picture's panel wraps the same lines every time. */
const widths = new BoundedMemo<string, number>(4096);

/**
 * The width of `text` in the context's current font. Measuring is a native call per string,
 * and wrapping a panel line measures every prefix of it: remembered, the panel of a busy
 * picture costs a fraction of what it did (docs/performance.md).
 */
export function textWidth(ctx: SKRSContext2D, text: string): number {
  return widths.get(`${ctx.font}\n${text}`, () => ctx.measureText(text).width);
}
