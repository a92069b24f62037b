import { type Canvas, createCanvas } from '@napi-rs/canvas';
import type { View } from '../src/../src/contracts/scene.js';
import { loadMap, type MapName } from '../src/maps/game-map.js';
import { encodeImage, type ImageFormat } from '../src/render/encode-image.js';
import { fullMapHexSize, renderMap, ZOOM_HEX_SIZE } from '../src/render/render-map.js';
import { staticLayer } from '../src/render/static-layer.js';
import { busiestHex, sampleScene } from './sample-scene.js';
import { median, timeOnce } from './timing.js';

export interface ViewFigures {
  map: MapName;
  view: 'full' | 'zoom';
  width: number;
  height: number;
  /** Drawing the picture from the cached static layer, rasterized (no encoding). */
  drawMs: number;
  encodeMs: Record<ImageFormat, number>;
  /** Draw plus encode: what a player waits for. */
  totalMs: Record<ImageFormat, number>;
  bytes: Record<ImageFormat, number>;
  /** Encoding a blank canvas of the same size. */
  blankEncodeMs: Record<ImageFormat, number>;
  /** Total divided by the time to encode the finished image (the encode floor). */
  ratioToFloor: Record<ImageFormat, number>;
}

const FORMATS: ImageFormat[] = ['png', 'webp'];

async function encodeMedian(canvas: Canvas, format: ImageFormat, runs: number): Promise<{ ms: number; bytes: number }> {
  let bytes = 0;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { ms, value } = await timeOnce(() => encodeImage(canvas, format));
    bytes = value.length;
    times.push(ms);
  }
  return { ms: median(times), bytes };
}

export async function benchView(name: MapName, kind: 'full' | 'zoom', runs: number): Promise<ViewFigures> {
  const map = loadMap(name);
  const scene = sampleScene(map);
  const view: View = kind === 'full' ? { kind } : { kind, center: busiestHex(scene, map) };
  renderMap(map, scene, view); // warm the static layer cache
  const drawTimes: number[] = [];
  let canvas!: Canvas;
  for (let i = 0; i < runs; i++) {
    // Skia records the drawing and rasterizes it when the pixels are first needed: reading them
    // here puts the rasterizing in the draw (and a copy of the pixels, about 1.5 ms), where the
    // encode figures below, of a canvas already rasterized, leave it out.
    const t = await timeOnce(() => {
      const c = renderMap(map, scene, view);
      c.data();
      return c;
    });
    drawTimes.push(t.ms);
    canvas = t.value;
  }
  const blank = createCanvas(canvas.width, canvas.height);
  blank.getContext('2d').fillStyle = '#ffffff';
  blank.getContext('2d').fillRect(0, 0, canvas.width, canvas.height);
  const drawMs = median(drawTimes);
  const out = { encodeMs: {}, totalMs: {}, bytes: {}, blankEncodeMs: {}, ratioToFloor: {} } as Pick<
    ViewFigures,
    'encodeMs' | 'totalMs' | 'bytes' | 'blankEncodeMs' | 'ratioToFloor'
  >;
  for (const f of FORMATS) {
    const enc = await encodeMedian(canvas, f, runs);
    const blankEnc = await encodeMedian(blank, f, runs);
    out.encodeMs[f] = enc.ms;
    out.bytes[f] = enc.bytes;
    out.totalMs[f] = drawMs + enc.ms;
    out.blankEncodeMs[f] = blankEnc.ms;
    out.ratioToFloor[f] = (drawMs + enc.ms) / enc.ms;
  }
  return { map: name, view: kind, width: canvas.width, height: canvas.height, drawMs, ...out };
}

/** One-off cost of drawing a map's static layers (cached afterwards). */
export async function benchStaticLayer(name: MapName): Promise<{ map: MapName; fullMs: number; zoomMs: number }> {
  const map = loadMap(name);
  const full = await timeOnce(() => staticLayer(map, fullMapHexSize(map)));
  const zoom = await timeOnce(() => staticLayer(map, ZOOM_HEX_SIZE));
  return { map: name, fullMs: full.ms, zoomMs: zoom.ms };
}
