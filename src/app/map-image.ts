import type { LoadedMap } from '../maps/game-map.js';
import { encodeImage, renderMap, type ImageFormat } from '../render/render-map.js';
import type { Scene, View } from '../render/scene.js';
import type { ReplyFile } from './command.js';

/**
 * The format map pictures are sent in. Lossless WebP: measured by `npm run bench`
 * (see README), it encodes faster than PNG at a fraction of the size, and Discord shows it.
 */
export const IMAGE_FORMAT: ImageFormat = 'webp';

export async function mapImage(map: LoadedMap, scene: Scene, view: View, baseName: string, format = IMAGE_FORMAT): Promise<ReplyFile> {
  const canvas = renderMap(map, scene, view);
  return { name: `${baseName}.${format}`, data: await encodeImage(canvas, format), description: `${map.data.title} map` };
}
