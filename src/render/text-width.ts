import type { SKRSContext2D } from '@napi-rs/canvas';

/** Widths already measured, by font and text; a picture's panel wraps the same lines every time. */
const widths = new Map<string, number>();
const MAX_ENTRIES = 4096;

/**
 * The width of `text` in the context's current font. Measuring is a native call per string,
 * and wrapping a panel line measures every prefix of it: remembered, the panel of a busy
 * picture costs a fraction of what it did (docs/performance.md).
 */
export function textWidth(ctx: SKRSContext2D, text: string): number {
  const key = `${ctx.font}\n${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    width = ctx.measureText(text).width;
    if (widths.size >= MAX_ENTRIES) widths.clear();
    widths.set(key, width);
  }
  return width;
}
