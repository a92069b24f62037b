/**
 * The frame every map generator's preview draws in (not the product renderer): a white canvas
 * that holds the whole grid at a scale in pixels per km, the projection from map km to pixels,
 * and the PNG written at the end. Each preview draws what is its game's own on top.
 */
import { writeFileSync } from 'node:fs';
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { LoadedMap } from '../../src/maps/game-map.js';
import { type GridKm, HEX_RADIUS_KM, hexCentreKm, hexCornersKm } from '../generate-typhoon-map/projection.js';

export interface PreviewCanvas {
  canvas: Canvas;
  g: SKRSContext2D;
  width: number;
  height: number;
  /** Map km to canvas pixels. */
  px(p: GridKm): { x: number; y: number };
  /** A hex id's column and row. */
  cr(id: string): { col: number; row: number };
  /** A hex's centre in pixels. */
  centre(id: string): { x: number; y: number };
  /** A hex's outline as the current path, to fill or stroke. */
  hexPath(id: string): void;
}

/** A canvas for the whole map at `pxPerKm`, with a margin round the grid and room for a legend below. */
export function previewCanvas(map: LoadedMap, pxPerKm: number): PreviewCanvas {
  const [c0, c1] = map.data.grid.columns;
  const [r0, r1] = map.data.grid.rows;
  const origin = { x: hexCentreKm(c0, r0).x - HEX_RADIUS_KM - 5, y: hexCentreKm(c0, r0).y - HEX_RADIUS_KM - 5 };
  const far = hexCentreKm(c1, r1);
  const width = Math.ceil((far.x - origin.x + HEX_RADIUS_KM + 5) * pxPerKm);
  const height = Math.ceil((far.y - origin.y + HEX_RADIUS_KM + 10) * pxPerKm);
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  const px = (p: GridKm) => ({ x: (p.x - origin.x) * pxPerKm, y: (p.y - origin.y) * pxPerKm });
  const cr = (id: string) => ({ col: Number(id.slice(0, 2)), row: Number(id.slice(2)) });
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, height);
  return {
    canvas,
    g,
    width,
    height,
    px,
    cr,
    centre: (id) => px(hexCentreKm(cr(id).col, cr(id).row)),
    hexPath: (id) => {
      const corners = hexCornersKm(cr(id).col, cr(id).row).map(px);
      g.beginPath();
      for (const [i, p] of corners.entries()) i ? g.lineTo(p.x, p.y) : g.moveTo(p.x, p.y);
      g.closePath();
    },
  };
}

/** Writes the picture and says where, with its size. */
export async function savePreview(preview: PreviewCanvas, out: string): Promise<void> {
  writeFileSync(out, await preview.canvas.encode('png'));
  console.log(`wrote ${out} (${preview.width}x${preview.height})`);
}
