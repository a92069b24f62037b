import type { Scene, View } from '../contracts/scene.js';
import type { MapName } from '../maps/game-map.js';
import { loadMap } from '../maps/game-map.js';
import { encodeImage, type ImageFormat } from './encode-image.js';
import { renderMap } from './render-map.js';

/** Everything needed to draw a map picture, as plain data that can cross to a worker thread. */
export interface RenderJob {
  map: MapName;
  scene: Scene;
  view: View;
  format: ImageFormat;
}

/** Draw and encode one picture (in whichever thread runs it). */
export async function runRenderJob(job: RenderJob): Promise<Buffer> {
  return encodeImage(renderMap(loadMap(job.map), job.scene, job.view), job.format);
}
