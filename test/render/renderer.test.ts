import { createCanvas, GlobalFonts, type Image, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { Scene } from '../../src/contracts/scene.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { loadMap } from '../../src/maps/game-map.js';
import { encodeImage } from '../../src/render/encode-image.js';
import { FONT, registerFonts } from '../../src/render/fonts.js';
import { renderMap, sceneForView, ZOOM_HEX_SIZE, zoomWindow } from '../../src/render/render-map.js';
import { mapLayout, staticLayer } from '../../src/render/static-layer.js';
import { printedScene } from '../../src/session/map-views.js';
import { tinyMap } from '../helpers/tiny-map.js';

const map = tinyMap();

async function decode(buf: Buffer): Promise<{ img: Image; pixel: (x: number, y: number) => [number, number, number] }> {
  const img = await loadImage(buf);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height).data;
  return {
    img,
    pixel: (x, y) => {
      const i = (Math.round(y) * img.width + Math.round(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

const isBlueish = ([r, , b]: [number, number, number]) => b > r + 40 && b > 120;
const isGreenish = ([r, g, b]: [number, number, number]) => g > r && g > b;

describe('renderer', () => {
  it('registers the bundled font so text never falls back', () => {
    registerFonts();
    expect(GlobalFonts.has(FONT)).toBe(true);
  });

  it('draws a full map as a decodable PNG with the panel under the map, as wide as the map', async () => {
    const canvas = renderMap(map, printedScene(map), { kind: 'full' });
    const layout = staticLayer(map, 44).layout;
    const { img, pixel } = await decode(await encodeImage(canvas, 'png'));
    expect(img.width).toBe(canvas.width);
    expect(canvas.width).toBe(layout.width);
    expect(canvas.height).toBeGreaterThan(layout.height);
    // Panel background is the dark panel colour.
    const [r, g, b] = pixel(canvas.width - 5, canvas.height - 5);
    expect(r + g + b).toBeLessThan(200);
  });

  it('draws rivers on the hexside and terrain in the hex', async () => {
    const scene: Scene = {};
    const canvas = renderMap(map, scene, { kind: 'full' });
    const { pixel } = await decode(await encodeImage(canvas, 'png'));
    const layout = staticLayer(map, 44).layout;
    // 0203 (even column, low) and 0303 (odd, high) share 0203's NE side.
    const [p, q] = layout.side('0203', 'NE');
    expect(isBlueish(pixel((p.x + q.x) / 2, (p.y + q.y) / 2))).toBe(true);
    // Hex centres are not blue; a forest hex is green somewhere near its centre.
    expect(isBlueish(pixel(layout.center('0203').x, layout.center('0203').y))).toBe(false);
    const f = layout.center('0202');
    let green = 0;
    for (let dx = -15; dx <= 15; dx += 3) for (let dy = -15; dy <= 15; dy += 3) if (isGreenish(pixel(f.x + dx, f.y + dy))) green++;
    expect(green).toBeGreaterThan(20);
  });

  it('shows control by texture: German hexes are hatched, Soviet hexes are not', async () => {
    const canvas = renderMap(map, printedScene(map), { kind: 'full' });
    const { pixel } = await decode(await encodeImage(canvas, 'png'));
    const layout = staticLayer(map, 44).layout;
    const variety = (id: string) => {
      const c = layout.center(id);
      const seen = new Set<string>();
      for (let dx = -10; dx <= 10; dx++) seen.add(pixel(c.x + dx, c.y + 12).join(','));
      return seen.size;
    };
    expect(variety('0105')).toBeGreaterThan(2); // German, clear, hatched
    expect(variety('0605')).toBeLessThanOrEqual(2); // Soviet, clear, plain wash
  });

  it('hatches German hexes far from the map origin in a close-up', async () => {
    // Only the far corner is German: its region lies well away from the hatch scratch's origin.
    const hexes = Object.fromEntries(map.ids.map((id) => [id, id === '0605' ? 'german' : 'soviet'] as const));
    const view = { kind: 'zoom', center: '0605', radius: 2 } as const;
    const canvas = renderMap(map, { control: { style: 'area', hexes } }, view);
    const { pixel } = await decode(await encodeImage(canvas, 'png'));
    const win = zoomWindow(map, '0605', 2);
    const layout = mapLayout(map, ZOOM_HEX_SIZE);
    const variety = (id: string) => {
      const c = layout.center(id);
      const seen = new Set<string>();
      for (let dx = -10; dx <= 10; dx++) seen.add(pixel(c.x - win.x + dx, c.y - win.y + 12).join(','));
      return seen.size;
    };
    expect(variety('0605')).toBeGreaterThan(2); // German, clear, hatched
    expect(variety('0604')).toBeLessThanOrEqual(2); // Soviet, clear, plain wash
  });

  it('cuts a close-up scene to the control it draws, and draws the same picture from it', () => {
    const def = INSTALLED_GAMES.find((g) => g.id === 'operation-typhoon')!;
    const typhoon = loadMap(def.mapFile);
    const scene = def.scene(def.engine.setup(def.setupOptions!({}, 1)), []);
    const view = { kind: 'zoom', center: '1306', radius: 4 } as const;
    const cut = sceneForView(typhoon, scene, view);
    const count = (sc: Scene) => Object.keys(sc.control!.hexes).length;
    expect(count(cut)).toBeLessThan(count(scene) / 5);
    expect(
      renderMap(typhoon, cut, view)
        .data()
        .equals(renderMap(typhoon, scene, view).data()),
    ).toBe(true);
    // A whole map keeps all of it.
    expect(sceneForView(typhoon, scene, { kind: 'full' })).toBe(scene);
  });

  it('draws counters with their side colour, and stacks with a count badge', async () => {
    const scene: Scene = {
      stacks: [
        {
          hex: '0505',
          counters: [
            { label: 'XLVI', colour: '#00a000', text: '#ffffff', symbol: 'panzer', strength: '10' },
            { label: 'V', colour: '#00a000', text: '#ffffff', symbol: 'infantry', strength: '6' },
          ],
        },
      ],
    };
    const canvas = renderMap(map, scene, { kind: 'full' });
    const { pixel } = await decode(await encodeImage(canvas, 'png'));
    const layout = staticLayer(map, 44).layout;
    const c = layout.center('0505');
    const side = 44 * 1.2;
    // The counter's left edge region carries its colour.
    const [r, g, b] = pixel(c.x - side / 2 + 4, c.y + 44 * 0.1);
    expect(g).toBeGreaterThan(120);
    expect(r).toBeLessThan(60);
    expect(b).toBeLessThan(60);
  });

  it('cuts a zoomed view around a hex and clamps it to the map', () => {
    const layout = mapLayout(map, ZOOM_HEX_SIZE);
    const w = zoomWindow(map, '0101', 2);
    expect(w.x).toBe(0);
    expect(w.y).toBe(0);
    const far = zoomWindow(map, '0605', 2);
    expect(far.x + far.width).toBeLessThanOrEqual(layout.width);
    expect(far.y + far.height).toBeLessThanOrEqual(layout.height);
    expect(() => zoomWindow(map, '0909')).toThrow(/not on the/);
  });

  it('builds the static layer once per map and size', () => {
    expect(staticLayer(map, 30)).toBe(staticLayer(map, 30));
  });

  it('makes the panel tall enough for its text and legend', () => {
    const lines = Array.from({ length: 120 }, (_, i) => `line ${i}`);
    const short = renderMap(map, { panel: { title: 'Long', lines: lines.slice(0, 1) } }, { kind: 'full' });
    const long = renderMap(map, { panel: { title: 'Long', lines } }, { kind: 'full' });
    expect(long.width).toBe(short.width);
    // 120 lines joined in one paragraph wrap to several more rows of text than one line.
    expect(long.height - short.height).toBeGreaterThan(3 * 19);
  });

  it('encodes WebP losslessly: every pixel survives the round trip', async () => {
    const canvas = renderMap(map, printedScene(map), { kind: 'zoom', center: '0303', radius: 2 });
    const png = await decode(await encodeImage(canvas, 'png'));
    const webp = await decode(await encodeImage(canvas, 'webp'));
    let differing = 0;
    for (let y = 0; y < canvas.height; y += 7)
      for (let x = 0; x < canvas.width; x += 7) {
        if (png.pixel(x, y).join() !== webp.pixel(x, y).join()) differing++;
      }
    expect(differing).toBe(0);
  });
});
