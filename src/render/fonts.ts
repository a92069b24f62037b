import { GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { assetPath } from '../contracts/assets.js';

/** The bundled DejaVu faces, registered once, so text never depends on system fonts. */
export const FONT = 'MapSans';
export const FONT_CONDENSED = 'MapSansCondensed';

let registered = false;

export function registerFonts(): void {
  if (registered) return;
  const dir = (file: string) => assetPath('fonts', file);
  const faces: [string, string][] = [
    ['DejaVuSans.ttf', FONT],
    ['DejaVuSans-Bold.ttf', FONT],
    ['DejaVuSansCondensed.ttf', FONT_CONDENSED],
    ['DejaVuSansCondensed-Bold.ttf', FONT_CONDENSED],
  ];
  for (const [file, alias] of faces) {
    if (!GlobalFonts.registerFromPath(dir(file), alias)) {
      throw new Error(`could not register bundled font ${file}`);
    }
  }
  registered = true;
}

export function font(px: number, opts: { bold?: boolean; condensed?: boolean } = {}): string {
  return `${opts.bold ? 'bold ' : ''}${Math.round(px)}px ${opts.condensed ? FONT_CONDENSED : FONT}`;
}

/** A short bold figure or letter centred on (x, y): the numbers and letters of badges, flags, marks and legend swatches. */
export function fillFigure(ctx: SKRSContext2D, text: string, x: number, y: number, px: number, colour: string): void {
  ctx.fillStyle = colour;
  ctx.font = font(px, { bold: true, condensed: true });
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y);
}
