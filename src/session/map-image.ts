import type { ReplyFile } from '../contracts/reply.js';
import type { Scene, View } from '../contracts/scene.js';
import { type LoadedMap, mapFileOf } from '../maps/game-map.js';
import { encodeImage, type ImageFormat } from '../render/encode-image.js';
import { renderMap, sceneForView } from '../render/render-map.js';
import { renderPicture } from '../render/render-pool.js';

/**
 * The format map pictures are sent in. PNG through libvips: measured by `npm run bench`
 * (docs/performance.md), it costs a fraction of lossless WebP's CPU for about a third more
 * bytes, and pictures are what limits how many orders a process answers per second.
 */
export const IMAGE_FORMAT: ImageFormat = 'png';

/** A map picture as an attachment; drawn on the render pool's threads when the map is a shipped one. */
export async function mapImage(map: LoadedMap, scene: Scene, view: View, baseName: string, format = IMAGE_FORMAT): Promise<ReplyFile> {
  const name = mapFileOf(map);
  // Only what the view draws crosses to the render thread.
  const data = name
    ? await renderPicture({ map: name, scene: sceneForView(map, scene, view), view, format })
    : await encodeImage(renderMap(map, scene, view), format);
  return { name: `${baseName}.${format}`, data, description: `${map.data.title} map` };
}
