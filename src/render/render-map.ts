import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Scene, View } from '../contracts/scene.js';
import { type HexId, parseHexId } from '../kernel/hex.js';
import type { LoadedMap } from '../maps/game-map.js';
import {
  drawArrows,
  drawBattles,
  drawControl,
  drawControlFlags,
  drawCoveredLabels,
  drawHighlights,
  drawRegions,
  drawStacks,
  layoutBattles,
  type StackBoxes,
} from './dynamic-layers.js';
import { registerFonts } from './fonts.js';
import type { HexLayout } from './layout.js';
import { drawBoundaries, drawMarks } from './map-marks.js';
import { drawPanel, panelHeight } from './panel.js';
import { COUNTER_SIDE, LABEL_SCALE, stackViewBoxes } from './placement.js';
import { drawReachArea, drawReachCosts } from './reach-layer.js';
import { drawStackMarkers, markerBoxes } from './stack-markers.js';
import { mapLayout, staticLayer } from './static-layer.js';
import { sideLooks } from './theme.js';

/** Hex size of zoomed views: counters and hex ids stay legible in Discord's inline preview. */
export const ZOOM_HEX_SIZE = 46;
export const DEFAULT_ZOOM_RADIUS = 4;
/** The full map aims at about this many pixels on its longer side. */
const FULL_MAP_TARGET = 1000;

export function fullMapHexSize(map: LoadedMap): number {
  const cols = map.data.grid.columns[1] - map.data.grid.columns[0] + 1;
  const rows = map.data.grid.rows[1] - map.data.grid.rows[0] + 1;
  const s = Math.min(FULL_MAP_TARGET / (1.5 * (cols - 1) + 2), FULL_MAP_TARGET / (Math.sqrt(3) * (rows + 0.5)));
  return Math.max(8, Math.min(44, Math.floor(s)));
}

interface Window {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How wide Discord shows an inline picture on a laptop; a phone shows about 400 px. */
export const PREVIEW_WIDTH = 550;
/**
 * The smallest a counter's designation may be at the preview width, in pixels, for counters
 * to be drawn; below it each stack is drawn as a marker with its total strength instead.
 */
export const MIN_LABEL_PX = 7;

/** Counters, or stack markers when counters would be unreadable in a preview `width` px wide. */
export function stackStyle(hexSize: number, width: number): 'counters' | 'markers' {
  const labelPx = hexSize * COUNTER_SIDE * LABEL_SCALE * (PREVIEW_WIDTH / width);
  return labelPx >= MIN_LABEL_PX ? 'counters' : 'markers';
}

/** Draw a map picture: the cached static layer cut to the view, game layers, the panel under the map. */
export function renderMap(map: LoadedMap, scene: Scene, view: View = { kind: 'full' }): Canvas {
  registerFonts();
  const hexSize = view.kind === 'full' ? fullMapHexSize(map) : ZOOM_HEX_SIZE;
  const layer = staticLayer(map, hexSize);
  const { layout } = layer;
  const win = view.kind === 'full' ? { x: 0, y: 0, width: layout.width, height: layout.height } : zoomWindow(map, view.center, view.radius);
  const markers = stackStyle(hexSize, win.width) === 'markers';
  const panel = panelHeight(measuringContext(), map, scene, win.width, markers);
  const canvas = createCanvas(win.width, win.height + panel);
  const ctx = canvas.getContext('2d');
  // The whole canvas, panel included: pictures are opaque, so they encode without alpha.
  ctx.fillStyle = '#e9e4d4';
  ctx.fillRect(0, 0, win.width, win.height + panel);
  ctx.drawImage(layer.canvas, win.x, win.y, win.width, win.height, 0, 0, win.width, win.height);

  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, win.width, win.height);
  ctx.clip();
  ctx.translate(-win.x, -win.y);
  drawGameLayers(ctx, map, scene, view, layout, win, markers);
  ctx.restore();

  drawPanel(ctx, map, scene, win.height, win.width, panel, markers);
  return canvas;
}

/**
 * The layers that change with the game, in the window `win` (the context already moved to it),
 * bottom to top: control, outlined areas, battles' rings, counters, labels written again,
 * battle marks, reach costs, the move just made and the arrows.
 */
function drawGameLayers(
  ctx: SKRSContext2D,
  map: LoadedMap,
  scene: Scene,
  view: View,
  layout: HexLayout,
  win: Window,
  markers: boolean,
): void {
  const visible = inWindow(layout, win);
  const shown = view.kind === 'full' ? map.ids : map.ids.filter(visible);
  // Hatching is cut to the window and a hex side past it: a hex edge cut at the scratch's border
  // is drawn a little differently, and none reaching into the window is cut there.
  const cut = layout.size + 2;
  drawControl(ctx, layout, map, scene, shown, win.width, {
    x0: win.x - cut,
    y0: win.y - cut,
    x1: win.x + win.width + cut,
    y1: win.y + win.height + cut,
  });
  drawRegions(ctx, layout, map, scene.regions, visible, win.width);
  drawBoundaries(ctx, layout, map, scene.boundaries, visible, win.width);
  drawMarks(ctx, layout, map, scene.marks, sideLooks(scene), visible, win.width);
  drawReachArea(ctx, layout, map, scene.reach, visible, win.width);
  const boxesOf: StackBoxes = markers ? (l, st) => markerBoxes(l, st, win.width) : stackViewBoxes;
  const battles = layoutBattles(ctx, layout, map, scene, visible, boxesOf);
  const tagged = new Set((scene.battles ?? []).map((b) => b.defender));
  drawHighlights(ctx, layout, map, { selected: scene.highlights?.selected, combat: scene.highlights?.combat }, tagged);
  drawControlFlags(ctx, layout, map, scene, visible);
  if (markers) drawStackMarkers(ctx, layout, scene.stacks ?? [], visible, win.width);
  else drawStacks(ctx, layout, scene.stacks ?? [], visible);
  const ringed = new Set([...(scene.highlights?.combat ?? []), ...(scene.highlights?.selected ?? [])]);
  drawCoveredLabels(ctx, layout, map, scene.stacks ?? [], ringed, visible, boxesOf, markers);
  drawBattles(ctx, layout, battles);
  drawReachCosts(ctx, layout, map, scene.reach, visible, win.width);
  const counters = (scene.stacks ?? []).filter((st) => visible(st.hex)).flatMap((st) => boxesOf(layout, st));
  drawHighlights(ctx, layout, map, { path: scene.highlights?.path, pathLabel: scene.highlights?.pathLabel }, new Set(), counters);
  drawArrows(ctx, layout, map, scene.arrows);
}

/** Whether a hex is drawn in a picture of `win`: its centre within two hexes of the window. */
function inWindow(layout: HexLayout, win: Window): (id: HexId) => boolean {
  const margin = layout.size * 2;
  return (id) => {
    const p = layout.center(id);
    return p.x > win.x - margin && p.x < win.x + win.width + margin && p.y > win.y - margin && p.y < win.y + win.height + margin;
  };
}

/**
 * The scene with area control cut to what a close-up draws of it (its hexes and their
 * neighbours, for the front): a whole map's control is thousands of hexes, and a picture
 * drawn on a worker thread copies its scene across. The same picture either way.
 */
export function sceneForView(map: LoadedMap, scene: Scene, view: View): Scene {
  const control = scene.control;
  if (view.kind === 'full' || control?.style !== 'area') return scene;
  const visible = inWindow(zoomLayout(map), zoomWindow(map, view.center, view.radius));
  const hexes: Record<HexId, (typeof control.hexes)[HexId]> = {};
  for (const id of map.ids) {
    if (!visible(id)) continue;
    for (const h of [id, ...map.neighbours(id)]) {
      const side = control.hexes[h];
      if (side !== undefined) hexes[h] = side;
    }
  }
  return { ...scene, control: { ...control, hexes } };
}

/** A window of the zoom-size static layer centred on a hex, clamped to the map. */
export function zoomWindow(map: LoadedMap, center: HexId, radius = DEFAULT_ZOOM_RADIUS): Window {
  if (!map.has(center) || !parseHexId(center)) throw new RangeError(`hex ${center} is not on the ${map.data.title} map`);
  // Geometry only: deciding a window (the session does, to frame an action) never draws the map.
  const layout = zoomLayout(map);
  const s = ZOOM_HEX_SIZE;
  const c = layout.center(center);
  const width = Math.min(layout.width, Math.round(s * (1.5 * (2 * radius) + 2)));
  const height = Math.min(layout.height, Math.round(s * Math.sqrt(3) * (2 * radius - 1)));
  const x = Math.round(Math.min(Math.max(c.x - width / 2, 0), layout.width - width));
  const y = Math.round(Math.min(Math.max(c.y - height / 2, 0), layout.height - height));
  return { x, y, width, height };
}

const zoomLayouts = new WeakMap<LoadedMap, HexLayout>();
function zoomLayout(map: LoadedMap): HexLayout {
  let layout = zoomLayouts.get(map);
  if (!layout) zoomLayouts.set(map, (layout = mapLayout(map, ZOOM_HEX_SIZE)));
  return layout;
}

/** Whether the zoom window around `center` shows every one of `hexes` whole. */
export function zoomHolds(map: LoadedMap, center: HexId, radius: number, hexes: readonly HexId[]): boolean {
  const win = zoomWindow(map, center, radius);
  const layout = zoomLayout(map);
  const s = ZOOM_HEX_SIZE;
  const h = (s * Math.sqrt(3)) / 2;
  return hexes.every((id) => {
    if (!map.has(id)) return true;
    const c = layout.center(id);
    return c.x - s >= win.x - 0.5 && c.x + s <= win.x + win.width + 0.5 && c.y - h >= win.y - 0.5 && c.y + h <= win.y + win.height + 0.5;
  });
}

let measuring: SKRSContext2D | undefined;
function measuringContext(): SKRSContext2D {
  measuring ??= createCanvas(1, 1).getContext('2d');
  return measuring;
}
