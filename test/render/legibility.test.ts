import { readFileSync } from 'node:fs';
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { CounterView } from '../../src/contracts/scene.js';
import { botAction } from '../../src/games/drive-on-moscow/bot.js';
import { RuleError } from '../../src/games/engine.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import type { TyphoonState } from '../../src/games/operation-typhoon/state.js';
import { loadMap } from '../../src/maps/game-map.js';
import { rosterLines } from '../../src/render/panel.js';
import { COUNTER_SIDE, LABEL_SCALE } from '../../src/render/placement.js';
import { fullMapHexSize, PREVIEW_WIDTH, renderMap, stackStyle, ZOOM_HEX_SIZE, zoomWindow } from '../../src/render/render-map.js';
import { chipHeight, stackTotal } from '../../src/render/stack-markers.js';
import { staticLayer } from '../../src/render/static-layer.js';
import { reachScene } from '../../src/session/map-views.js';
import { consoleRunner } from '../helpers/console-runner.js';

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

describe('the panel under the map', () => {
  it('names every unit of the stacks the order concerns, since a stack shows only its top counter', () => {
    const c = (label: string, strength: string, reduced = false): CounterView => ({
      label,
      colour: '#000',
      text: '#fff',
      symbol: 'infantry',
      strength,
      reduced,
    });
    const lines = rosterLines({
      stacks: [
        { hex: '2421', counters: [c('SS-R', '3', true), c('10 Pz', '4'), c('2 Pz', '7')] },
        { hex: '1412', counters: [c('36 Mot', '5')], opposing: [c('107 Rif', '2')] },
        { hex: '0505', counters: [c('XX', '1')] },
      ],
      highlights: { path: ['2320', '2421'], combat: ['1412'] },
    });
    expect(lines).toEqual(['2421: SS-R 3 (reduced), 10 Pz 4, 2 Pz 7', '1412: 36 Mot 5 vs 107 Rif 2']);
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

  it('is there for Battle for Moscow and Drive on Moscow too, within each force’s movement', () => {
    const bfm = game('battle-for-moscow');
    let b = bfm.engine.setup(bfm.setupOptions!({}, 3));
    b = { ...b, bots: ['german', 'soviet'], options: { ...b.options, botLevel: 'heuristic' } };
    for (let i = 0; i < 50 && !/movement/.test(b.phase); i++) b = bfm.engine.apply(b, bfm.autoPlay!(b)).state;
    expect(b.phase).toMatch(/movement/);
    const hexes = Object.values(b.units as Record<string, { hex: string | null }>).flatMap((u) => (u.hex ? [u.hex] : []));
    const movers = hexes.flatMap((h) => {
      try {
        return [{ h, r: bfm.reach!(b, h) }];
      } catch {
        return [];
      }
    });
    expect(movers.length).toBeGreaterThan(0);
    for (const { h, r } of movers) {
      const mp = Number(/(\d+) MP$/.exec(r.force)![1]);
      expect(r.costs[h]).toBeUndefined();
      for (const cost of Object.values(r.costs)) expect(cost).toBeLessThanOrEqual(mp);
    }
    const dom = game('drive-on-moscow');
    let d = dom.engine.setup(dom.setupOptions!({ vs: 'human' }, 2));
    expect(() => dom.reach!(d, Object.values(d.units as Record<string, { hex: string }>)[0]!.hex)).toThrow(/5\.1/);
    // Move/fight declared (5.2), then the bot plays on until the German Movement Phase.
    for (let i = 0; i < 20 && d.phase !== 'movement'; i++)
      d = dom.engine.apply(
        d,
        d.phase === 'order' ? { type: 'order', order: 'move-fight' } : botAction(dom.engine as never, d, d.side)!,
      ).state;
    expect(d.phase).toBe('movement');
    const own = Object.values(d.units as Record<string, { hex: string; side: string }>).filter((u) => u.side === d.side);
    const reached = own.map((u) => {
      try {
        return dom.reach!(d, u.hex);
      } catch {
        return undefined;
      }
    });
    const some = reached.find((r) => r && Object.keys(r.costs).length > 0)!;
    expect(some.force).toMatch(/in \d{4}, \d+ MP$/);
    const mp = Number(/(\d+) MP$/.exec(some.force)![1]);
    for (const cost of Object.values(some.costs)) expect(cost).toBeLessThanOrEqual(mp);
    // The other side's units may not move now (5.1 / 10.0).
    const theirs = Object.values(d.units as Record<string, { hex: string; side: string }>).find((u) => u.side !== d.side)!;
    expect(() => dom.reach!(d, theirs.hex)).toThrow(RuleError);
  });

  it('is /game map reach:XXYY in the console, with the picture', async () => {
    const c = consoleRunner<TyphoonState>({ channelId: 'reach', prefix: 'reach-console' });
    await c.run('/game new game:operation-typhoon seed:4');
    await c.run('/setup done');
    const s = await c.state();
    const hex = Object.values(s.units)[0]!.hex;
    expect(await c.run(`/game map reach:${hex}`)).toMatch(new RegExp(`in ${hex}, \\d+ MP: can reach`));
    const file = c.written.at(-1)!;
    expect(file).toMatch(new RegExp(`reach-${hex}\\.png$`));
    const img = await loadImage(readFileSync(file));
    expect(img.width).toBeGreaterThan(400);
    const files = c.written.length;
    expect(await c.run('/game map reach:12x4')).toMatch(/reach: takes a hex as XXYY/);
    expect(c.written.length).toBe(files);
  });
});
