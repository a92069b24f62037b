import { describe, expect, it } from 'vitest';
import type { Scene } from '../../../src/contracts/scene.js';
import { DOM_GAME } from '../../../src/games/drive-on-moscow/definition.js';
import { GERMAN_SOVIET } from '../../../src/games/sides.js';
import { loadMap } from '../../../src/maps/game-map.js';
import { fullMapHexSize, renderMap } from '../../../src/render/render-map.js';
import { staticLayer } from '../../../src/render/static-layer.js';
import { printedScene } from '../../../src/session/map-views.js';

const map = loadMap(DOM_GAME.mapFile);
const layout = staticLayer(map, fullMapHexSize(map)).layout;

function rgbAt(scene: Scene, x: number, y: number): [number, number, number] {
  const canvas = renderMap(map, scene, { kind: 'full' });
  const d = canvas.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data;
  return [d[0]!, d[1]!, d[2]!];
}

const hexColour = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

describe('Drive on Moscow: what the printed map carries besides terrain', () => {
  const printed = DOM_GAME.printed!();

  it('names the six Soviet supply sources (8.2) and the Reserve Front area east of the 3.2 boundary', () => {
    expect(printed.marks).toEqual([expect.objectContaining({ kind: 'supply', side: 'soviet', label: 'Soviet supply source (8.2)' })]);
    expect(printed.marks![0]!.hexes).toHaveLength(6);
    for (const h of printed.marks![0]!.hexes) expect(map.has(h)).toBe(true);
    const reserve = printed.boundaries![0]!.hexes;
    expect(reserve.length).toBeGreaterThan(100);
    // Both the printed map (no game) and every game picture carry them.
    expect(printedScene(map, DOM_GAME).marks).toEqual(printed.marks);
    const state = DOM_GAME.engine.setup({ seed: 11 });
    expect(DOM_GAME.scene(state).boundaries).toEqual(printed.boundaries);
    // Other games print no such features.
    expect(printedScene(map).marks).toBeUndefined();
  });

  it('draws a supply symbol in the Soviet colour in each source hex, and nothing there without it', () => {
    const source = printed.marks![0]!.hexes[0]!;
    const c = layout.center(source);
    const s = layout.size;
    const r = Math.max(5, s * 0.2, (5 * layout.width) / 550);
    // Inside the disc, beside the letter.
    const x = c.x - s * 0.5 - r * 0.62;
    const y = c.y + s * 0.38;
    const fill = hexColour(GERMAN_SOVIET.soviet.fill);
    const withMark = rgbAt(printedScene(map, DOM_GAME), x, y);
    const without = rgbAt({ ...printedScene(map, DOM_GAME), marks: undefined }, x, y);
    for (let i = 0; i < 3; i++) expect(Math.abs(withMark[i]! - fill[i]!)).toBeLessThan(30);
    expect(without).not.toEqual(withMark);
  });

  it('draws the boundary on the hexsides between the Reserve Front area and the rest of the map, not along the map edge', () => {
    const reserve = new Set(printed.boundaries![0]!.hexes);
    const scene = printedScene(map, DOM_GAME);
    const bare = { ...scene, boundaries: undefined };
    const inner = [...reserve].flatMap((id) =>
      map.grid
        .neighbours(id)
        .filter((n) => map.has(n.id) && !reserve.has(n.id))
        .map((n) => ({ id, dir: n.dir })),
    );
    expect(inner.length).toBeGreaterThan(20);
    const full = renderMap(map, scene, { kind: 'full' }).getContext('2d');
    const plain = renderMap(map, bare, { kind: 'full' }).getContext('2d');
    const dark = (ctx: typeof full, x: number, y: number) => {
      const d = ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data;
      return d[0]! + d[1]! + d[2]! < 150;
    };
    // Along the line, most hexside ends (the dash covers more than the gaps) are dark.
    let drawn = 0;
    for (const { id, dir } of inner) {
      const [p, q] = layout.side(id, dir);
      const m = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
      if (dark(full, m.x, m.y) || dark(full, (m.x + p.x) / 2, (m.y + p.y) / 2)) drawn++;
      expect(dark(plain, m.x, m.y) && dark(plain, (m.x + p.x) / 2, (m.y + p.y) / 2)).toBe(false);
    }
    expect(drawn / inner.length).toBeGreaterThan(0.6);
  });
});
