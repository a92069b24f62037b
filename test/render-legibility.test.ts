import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { ConsoleSession } from '../src/console/console-session.js';
import type { CounterView } from '../src/contracts/scene.js';
import { RuleError } from '../src/games/engine.js';
import { INSTALLED_GAMES } from '../src/games/installed.js';
import type { TyphoonState } from '../src/games/operation-typhoon/state.js';
import { loadMap } from '../src/maps/game-map.js';
import { COUNTER_SIDE, LABEL_SCALE } from '../src/render/placement.js';
import { fullMapHexSize, PREVIEW_WIDTH, renderMap, stackStyle, ZOOM_HEX_SIZE, zoomWindow } from '../src/render/render-map.js';
import { chipHeight, stackTotal } from '../src/render/stack-markers.js';
import { staticLayer } from '../src/render/static-layer.js';
import { reachScene } from '../src/session/map-views.js';

const game = (id: string) => INSTALLED_GAMES.find((g) => g.id === id)!;

/** How tall text `px` high in a picture `width` wide shows in a preview `preview` wide. */
const shown = (px: number, width: number, preview = PREVIEW_WIDTH) => (px * preview) / width;

describe('map pictures at Discord preview width', () => {
  it('draws stack markers on whole maps whose counters would be unreadable, counters in close-ups', () => {
    const typhoon = loadMap(game('operation-typhoon').mapFile);
    const dom = loadMap(game('drive-on-moscow').mapFile);
    const bfm = loadMap(game('battle-for-moscow').mapFile);
    const fullWidth = (m: typeof typhoon) => staticLayer(m, fullMapHexSize(m)).layout.width;
    expect(stackStyle(fullMapHexSize(typhoon), fullWidth(typhoon))).toBe('markers');
    expect(stackStyle(fullMapHexSize(dom), fullWidth(dom))).toBe('markers');
    // Battle for Moscow's 140 hexes leave room for whole counters.
    expect(stackStyle(fullMapHexSize(bfm), fullWidth(bfm))).toBe('counters');
    for (const m of [typhoon, dom, bfm]) {
      const win = zoomWindow(m, m.ids[Math.floor(m.ids.length / 2)]!, 4);
      expect(stackStyle(ZOOM_HEX_SIZE, win.width)).toBe('counters');
      // A counter's designation in the close-up after an order: at least 9 px on a laptop, 6.5 on a phone.
      const label = ZOOM_HEX_SIZE * COUNTER_SIDE * LABEL_SCALE;
      expect(shown(label, win.width)).toBeGreaterThanOrEqual(9);
      expect(shown(label, win.width, 400)).toBeGreaterThanOrEqual(6.5);
    }
    // A marker's figures on the whole Operation Typhoon map (the chip's height less its border):
    // before, a counter's strength was about 2 px high at 550 px.
    const layout = staticLayer(typhoon, fullMapHexSize(typhoon)).layout;
    expect(shown(chipHeight(layout, layout.width) * 0.9, layout.width)).toBeGreaterThanOrEqual(9);
  });

  it('writes the stack total: the sum of first figures, "?" for hidden strengths', () => {
    const c = (strength: string): CounterView => ({ label: 'x', colour: '#000', text: '#fff', symbol: 'infantry', strength });
    expect(stackTotal([c('3'), c('4'), c('2')])).toBe('9');
    expect(stackTotal([c('4-6'), c('2-4')])).toBe('6');
    expect(stackTotal([c('4-8'), c('?')])).toBe('4+?');
    expect(stackTotal([c('?')])).toBe('?');
  });
});

describe('the reach view', () => {
  const def = game('operation-typhoon');
  const start = (): TyphoonState => {
    const s = def.engine.setup(def.setupOptions!({}, 4)) as TyphoonState;
    return def.engine.apply(s, { type: 'setup-done' } as never).state as TyphoonState;
  };

  it('shades every hex the force can reach with its MP cost, framed whole, and draws it', async () => {
    const s = start();
    const hex = Object.values(s.units).find((u) => Object.keys(def.reach!(s, u.hex).costs).length > 3)!.hex;
    const { scene, view, text } = reachScene(def, s, hex);
    const costs = scene.reach!.costs;
    expect(text).toMatch(/can reach \d+ hexes/);
    expect(costs[hex]).toBeUndefined();
    const mp = Number(/(\d+) MP/.exec(text)![1]);
    for (const cost of Object.values(costs)) expect(cost).toBeLessThanOrEqual(mp);
    // Soviet hexes entered end the move in a battle (8.0); each is among the reachable ones.
    for (const h of scene.reach!.battle ?? []) expect(costs[h]).toBeDefined();
    const map = loadMap(def.mapFile);
    const canvas = renderMap(map, scene, view);
    const ctx = canvas.getContext('2d');
    const win = view.kind === 'zoom' ? zoomWindow(map, view.center, view.radius) : undefined;
    const layout = staticLayer(map, ZOOM_HEX_SIZE).layout;
    // The cheapest hex's cost plate: pure white at its foot (nothing else on the map is).
    const [cheap] = Object.entries(costs).sort((a, b) => a[1] - b[1]);
    const c = layout.center(cheap![0]);
    const z = ZOOM_HEX_SIZE;
    const foot = ctx.getImageData(
      Math.round(c.x - 0.3 * z - win!.x),
      Math.round(c.y + 0.45 * z - win!.y),
      Math.round(0.6 * z),
      Math.round(0.4 * z),
    ).data;
    let white = 0;
    for (let i = 0; i < foot.length; i += 4) if (foot[i]! >= 252 && foot[i + 1]! >= 252 && foot[i + 2]! >= 252) white++;
    expect(white).toBeGreaterThan(20);
  });

  it('refuses a hex with nothing that may move, and a hex not on the map', () => {
    const s = start();
    const empty = loadMap(def.mapFile).ids.find((h) => !Object.values(s.units).some((u) => u.hex === h))!;
    expect(() => reachScene(def, s, empty)).toThrow(RuleError);
    expect(() => reachScene(def, s, empty)).toThrow(/9\.0/);
    expect(() => reachScene(def, s, '9999')).toThrow(/no hex 9999/);
  });

  it('is /game map reach:XXYY in the console, with the picture', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reach-console-'));
    const printed: string[] = [];
    const c = new ConsoleSession({ outDir: dir, print: (t) => printed.push(t), channelId: 'reach' });
    await c.run('/game new game:operation-typhoon seed:4');
    await c.run('/setup done');
    const s = (await c.services.sessions.require('reach')).doc.state as TyphoonState;
    const hex = Object.values(s.units)[0]!.hex;
    printed.length = 0;
    await c.run(`/game map reach:${hex}`);
    expect(printed.join('\n')).toMatch(new RegExp(`in ${hex}, \\d+ MP: can reach`));
    const file = c.written.at(-1)!;
    expect(file).toMatch(new RegExp(`reach-${hex}\\.webp$`));
    const img = await loadImage(readFileSync(file));
    expect(img.width).toBeGreaterThan(400);
    printed.length = 0;
    const files = c.written.length;
    await c.run('/game map reach:12x4');
    expect(printed.join('\n')).toMatch(/reach: takes a hex as XXYY/);
    expect(c.written.length).toBe(files);
  });
});
