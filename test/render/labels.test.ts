import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { Scene, View } from '../../src/contracts/scene.js';
import { bfmGame } from '../../src/games/battle-for-moscow/definition.js';
import { positionOf, UNITS } from '../../src/games/battle-for-moscow/index.js';
import { typhoonGame } from '../../src/games/operation-typhoon/definition.js';
import { type TyphoonState, typhoonEngine } from '../../src/games/operation-typhoon/index.js';
import type { HexId } from '../../src/kernel/hex.js';
import { type LoadedMap, loadMap } from '../../src/maps/game-map.js';
import { encodeImage } from '../../src/render/encode-image.js';
import { registerFonts } from '../../src/render/fonts.js';
import type { HexLayout } from '../../src/render/layout.js';
import { legendEntries } from '../../src/render/legend.js';
import {
  type Box,
  controlFlagBox,
  counterSide,
  hexIdBox,
  overlaps,
  placeLabels,
  setupMarkCentre,
  stackBoxes,
} from '../../src/render/placement.js';
import { fullMapHexSize, renderMap, ZOOM_HEX_SIZE, zoomWindow } from '../../src/render/render-map.js';
import { HEX_ID_MIN_SIZE, staticLayer } from '../../src/render/static-layer.js';

/**
 * Issue 25, item 2: with counters on the map, place names and hex ids stay readable (in both
 * games), and the Soviet set-up hexes have a mark and a legend line of their own, not
 * Moscow's star.
 */

registerFonts();
const ctx: SKRSContext2D = createCanvas(1, 1).getContext('2d');
const bfmMap = loadMap(bfmGame.mapFile);
const typhoonMap = loadMap(typhoonGame.mapFile);

/** Battle for Moscow at the start, with Soviet armies in Moscow and Vyazma as well: a unit in every city the issue names. */
function bfmBusy(): Scene {
  const units = Object.fromEntries(UNITS.filter((u) => /^\d{4}$/.test(u.start)).map((u) => [u.id, { hex: u.start }]));
  const [a, b] = UNITS.filter((u) => u.side === 'soviet' && u.start === 'pool');
  const more = { [a!.id]: { hex: bfmMap.findPlace('Moscow')[0]! }, [b!.id]: { hex: bfmMap.findPlace('Vyazma')[0]! } };
  return bfmGame.scene(positionOf({ turn: 2, phase: 'german-movement', units: { ...units, ...more } }));
}

/** Operation Typhoon after set-up, with German stacks of one, two and three in towns and cities (Vyazma, Bryansk, Smolensk, Rzhev, Moscow). */
function typhoonBusy(): { scene: Scene; places: HexId[] } {
  const engine = typhoonEngine();
  const s: TyphoonState = structuredClone(engine.apply(engine.setup({ seed: 3 }), { type: 'setup-done' }).state);
  const places = ['Vyazma', 'Bryansk', 'Smolensk', 'Rzhev', 'Moscow'].map((n) => typhoonMap.findPlace(n)[0]!);
  const ids = Object.keys(s.units);
  places.forEach((hex, i) => {
    for (let k = 0; k <= i % 3; k++) s.units[ids[i * 3 + k]!]!.hex = hex;
  });
  return { scene: typhoonGame.scene(s), places };
}

interface Case {
  game: string;
  map: LoadedMap;
  scene: Scene;
  size: number;
}

const bfm = bfmBusy();
const typhoon = typhoonBusy();
const CASES: Case[] = [
  { game: 'Battle for Moscow close-up', map: bfmMap, scene: bfm, size: ZOOM_HEX_SIZE },
  { game: 'Battle for Moscow full map', map: bfmMap, scene: bfm, size: fullMapHexSize(bfmMap) },
  { game: 'Operation Typhoon close-up', map: typhoonMap, scene: typhoon.scene, size: ZOOM_HEX_SIZE },
];

/** Every counter box and count badge of the scene. */
function counterBoxes(layout: HexLayout, scene: Scene): { hex: HexId; box: Box }[] {
  return (scene.stacks ?? [])
    .filter((st) => st.counters.length)
    .flatMap((st) => stackBoxes(layout, st.hex, st.counters.length).map((box) => ({ hex: st.hex, box })));
}

describe('labels and counters share a hex without hiding each other (geometry)', () => {
  for (const c of CASES) {
    it(`${c.game}: no counter covers a hex id, a place name, a control flag or a set-up mark`, () => {
      const layout = staticLayer(c.map, c.size).layout;
      const counters = counterBoxes(layout, c.scene);
      expect(counters.length).toBeGreaterThan(20);
      const occupied = new Set(counters.map((x) => x.hex));
      const ids = c.map.ids.map((id) => ({ id, box: hexIdBox(ctx, layout, id) }));
      const names = placeLabels(ctx, layout, c.map);
      // Names of places with a unit in them are checked here: every one of them.
      expect(names.filter((n) => n.hexes.some((h) => occupied.has(h))).length).toBeGreaterThanOrEqual(5);
      for (const { hex, box } of counters) {
        expect(ids.filter((x) => overlaps(x.box, box)).map((x) => `${hex} covers id ${x.id}`)).toEqual([]);
        expect(names.filter((n) => overlaps(n.box, box)).map((n) => `${hex} covers ${n.name}`)).toEqual([]);
        for (const id of Object.keys(c.scene.control?.style === 'marker' ? c.scene.control.hexes : {}))
          expect(overlaps(controlFlagBox(layout, id), box), `${hex} covers the flag of ${id}`).toBe(false);
        for (const id of c.map.ids.filter((h) => c.map.hex(h)!.setup)) {
          const m = setupMarkCentre(layout, id);
          const r = layout.size * 0.15 * 1.25;
          expect(overlaps({ x: m.x - r, y: m.y - r, w: 2 * r, h: 2 * r }, box), `${hex} covers the set-up mark of ${id}`).toBe(false);
        }
      }
      // The counter is still a counter: most of the hex's height.
      expect(counterSide(layout)).toBeGreaterThan(layout.size * 1.1);
    });
  }
});

async function pixels(map: LoadedMap, scene: Scene, view: View) {
  const img = await loadImage(await encodeImage(renderMap(map, scene, view), 'png'));
  const canvas = createCanvas(img.width, img.height);
  const g = canvas.getContext('2d');
  g.drawImage(img, 0, 0);
  const data = g.getImageData(0, 0, img.width, img.height).data;
  return (x: number, y: number) => {
    const i = (Math.round(y) * img.width + Math.round(x)) * 4;
    return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
  };
}

/**
 * Every pixel of the letters in `box` on the empty map (clearly darker than the light ground
 * and halo around them) is still as dark and of the same hue with the counters on: nothing
 * was drawn over the letters. (A counter's soft shadow may only darken a letter's edge.)
 */
async function textUntouched(map: LoadedMap, scene: Scene, view: View, size: number, boxes: { what: string; box: Box }[]) {
  const layout = staticLayer(map, size).layout;
  const win = view.kind === 'zoom' ? zoomWindow(map, view.center, view.radius) : { x: 0, y: 0, width: layout.width, height: layout.height };
  const empty = await pixels(map, { ...scene, stacks: [] }, view);
  const busy = await pixels(map, scene, view);
  const covered: string[] = [];
  let letters = 0;
  for (const { what, box } of boxes) {
    let dark = 0;
    let changed = 0;
    for (let y = Math.ceil(box.y); y < box.y + box.h; y++)
      for (let x = Math.ceil(box.x); x < box.x + box.w; x++) {
        const e = empty(x - win.x, y - win.y);
        const sum = e[0] + e[1] + e[2];
        if (sum > 450) continue;
        dark++;
        const b = busy(x - win.x, y - win.y);
        const lighter = b[0] + b[1] + b[2] - sum > 40;
        const hue = Math.max(...[0, 1, 2].map((k) => Math.abs(b[k]! - e[k]! - (b[0] + b[1] + b[2] - sum) / 3))) > 40;
        if (lighter || hue) changed++;
      }
    letters += dark;
    if (dark === 0 || changed > 0) covered.push(`${what}: ${changed} of ${dark} text pixels changed`);
  }
  expect(letters).toBeGreaterThan(100);
  return covered;
}

describe('labels stay readable with counters on them (pixels)', () => {
  it('Battle for Moscow: Moscow, Vyazma, Mozhaisk, Bryansk and Smolensk, and the ids of their hexes, in the close-up and on the full map', async () => {
    const cities = ['Moscow', 'Vyazma', 'Mozhaisk', 'Bryansk', 'Smolensk'];
    for (const [view, size] of [
      [{ kind: 'full' }, fullMapHexSize(bfmMap)],
      [{ kind: 'zoom', center: '0605', radius: 5 }, ZOOM_HEX_SIZE],
    ] as [View, number][]) {
      const layout = staticLayer(bfmMap, size).layout;
      const labels = placeLabels(ctx, layout, bfmMap).filter((l) => cities.includes(l.name));
      const hexes = labels.flatMap((l) => l.hexes);
      // A unit stands in each of them.
      for (const h of labels.map((l) => l.hexes[0]!)) expect(bfm.stacks!.some((st) => st.hex === h)).toBe(true);
      const boxes = [
        ...labels.map((l) => ({ what: l.name, box: l.box })),
        ...(size >= HEX_ID_MIN_SIZE ? hexes.map((h) => ({ what: `hex ${h}`, box: hexIdBox(ctx, layout, h) })) : []),
      ];
      expect(await textUntouched(bfmMap, bfm, view, size, boxes)).toEqual([]);
    }
  });

  it('Operation Typhoon: towns and cities with stacks of one to three, and their hex ids, in the close-up', async () => {
    const layout = staticLayer(typhoonMap, ZOOM_HEX_SIZE).layout;
    for (const hex of typhoon.places) {
      const label = placeLabels(ctx, layout, typhoonMap).find((l) => l.hexes.includes(hex))!;
      const boxes = [
        { what: label.name, box: label.box },
        ...label.hexes.map((h) => ({ what: `hex ${h}`, box: hexIdBox(ctx, layout, h) })),
      ];
      expect(await textUntouched(typhoonMap, typhoon.scene, { kind: 'zoom', center: hex, radius: 3 }, ZOOM_HEX_SIZE, boxes)).toEqual([]);
    }
  });
});

describe('set-up hexes in the legend', () => {
  function icon(draw: (ctx: SKRSContext2D, x: number, y: number) => void): string {
    const c = createCanvas(30, 20);
    draw(c.getContext('2d'), 0, 0);
    return Buffer.from(c.getContext('2d').getImageData(0, 0, 30, 20).data).toString('base64');
  }

  it('have a line of their own for each side, with a mark unlike the capital star', () => {
    const entries = legendEntries(bfmMap, bfm);
    const labels = entries.map((e) => e.label);
    expect(labels).toContain('German set-up hex');
    expect(labels).toContain('Soviet set-up hex');
    expect(labels).toContain('Moscow');
    expect(new Set(labels).size).toBe(labels.length);
    const soviet = entries.find((e) => e.label === 'Soviet set-up hex')!;
    const moscow = entries.find((e) => e.label === 'Moscow')!;
    const german = entries.find((e) => e.label === 'German set-up hex')!;
    expect(icon(soviet.draw)).not.toBe(icon(moscow.draw));
    expect(icon(soviet.draw)).not.toBe(icon(german.draw));
    // Every line's mark differs from every other's.
    const icons = entries.map((e) => icon(e.draw));
    expect(new Set(icons).size).toBe(icons.length);
  });

  it('are not in the legend of a map without them', () => {
    const labels = legendEntries(typhoonMap, typhoon.scene).map((e) => e.label);
    expect(labels.some((l) => /set-up/.test(l))).toBe(false);
  });
});
