import type { Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';

// One libvips thread per picture: each render worker already has a core of its own. Nothing to
// cache either: every picture is encoded once from raw pixels.
sharp.concurrency(1);
sharp.cache(false);

export type ImageFormat = 'png' | 'webp';

/**
 * zlib level of the PNG: by measurement (npm run bench) the cheapest to encode of levels 1-4
 * for its size, several times cheaper in CPU than lossless WebP for a third more bytes.
 */
const PNG_LEVEL = 3;

/**
 * Encode a finished picture, losslessly. PNG goes through libvips from the canvas's raw pixels
 * as RGB (every picture is opaque: renderMap paints the whole canvas); WebP through Skia at
 * quality 100, which is its lossless mode.
 */
export async function encodeImage(canvas: Canvas, format: ImageFormat): Promise<Buffer> {
  if (format === 'webp') return canvas.encode('webp', 100);
  const { width, height } = canvas;
  return sharp(canvas.data(), { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: PNG_LEVEL })
    .toBuffer();
}
