import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDomMap, FEATURES_PATH, formatFeaturesJson, loadInputs, OUTPUT_PATH } from '../../../scripts/generate-dom-map/build.js';
import { formatMapJson } from '../../../scripts/map-generator/map-json.js';
import { domBoard } from '../../../src/games/drive-on-moscow/board.js';
import { components } from '../../../src/kernel/floodfill.js';
import { columnOf, rowOf } from '../../../src/kernel/hex.js';

const board = domBoard();
const map = board.map;

describe('Drive on Moscow map (a reconstruction from geography)', () => {
  it('is exactly what the generator makes from its inputs', () => {
    const { map: built, features } = buildDomMap(loadInputs());
    expect(formatMapJson(built)).toBe(readFileSync(OUTPUT_PATH, 'utf8'));
    expect(formatFeaturesJson(features)).toBe(readFileSync(FEATURES_PATH, 'utf8'));
  });
  it('has 12 km hexes over the Kalinin-Kursk extent: 50 x 55 hexes', () => {
    expect(map.ids.length).toBe(50 * 55);
    expect(map.data.grid).toMatchObject({ columns: [1, 50], rows: [1, 55] });
  });
  it('4.1-4.3: two Moscow hexes and the five cities; Smolensk German at the start, the other four Soviet', () => {
    expect(board.moscow.length).toBe(2);
    expect(Object.keys(board.cities).sort()).toEqual(['Kalinin', 'Kursk', 'Orel', 'Smolensk', 'Tula']);
    expect(board.initial(board.cities.Smolensk!)).toBe('german');
    for (const c of ['Kalinin', 'Kursk', 'Orel', 'Tula']) expect(board.initial(board.cities[c]!)).toBe('soviet');
    // North to south: Kalinin above Moscow above Tula above Orel above Kursk.
    const row = (n: string) => rowOf(board.cities[n]!);
    expect(row('Kalinin')).toBeLessThan(rowOf(board.moscow[0]!));
    expect(rowOf(board.moscow[0]!)).toBeLessThan(row('Tula'));
    expect(row('Tula')).toBeLessThan(row('Orel'));
    expect(row('Orel')).toBeLessThan(row('Kursk'));
  });
  it('4.4: towns west of the initial front line exist for the Soviet sudden death', () => {
    expect([...board.westPlaces].map((h) => board.placeName(h)).sort()).toEqual(['Glukhov', 'Roslavl', 'Smolensk', 'Velizh']);
  });
  it('8.2: six Soviet supply sources on the north and east edges, Soviet at the start', () => {
    expect(board.sources.length).toBe(6);
    for (const h of board.sources) {
      expect(rowOf(h) === 1 || columnOf(h) === 50).toBe(true);
      expect(board.initial(h)).toBe('soviet');
    }
  });
  it('3.7: one German and one Soviet area, the front running the whole height of the map', () => {
    const ids = map.ids;
    const nb = (h: string) => map.neighbours(h);
    expect(
      components(
        ids.filter((h) => board.initial(h) === 'german'),
        nb,
      ).length,
    ).toBe(1);
    expect(
      components(
        ids.filter((h) => board.initial(h) === 'soviet'),
        nb,
      ).length,
    ).toBe(1);
    const rows = new Set(board.frontHexes.map(rowOf));
    expect(rows.size).toBeGreaterThanOrEqual(54);
    expect(board.frontHexes.length).toBeLessThanOrEqual(78); // 3.3: one RD for each
  });
  it('3.2, 3.3: the Reserve Front lies east of a Forward Zone deep enough for its 125 units', () => {
    const forward = map.ids.filter((h) => board.initial(h) === 'soviet' && !board.reserve.has(h));
    expect(forward.length * 5).toBeGreaterThan(125);
    for (const h of board.reserve) expect(board.initial(h)).toBe('soviet');
    expect(board.reserve.has(board.moscow[0]!)).toBe(true);
  });
  it('10.10, 11.18: reservoir hexsides on the Volga by Kalinin; fortifications on the approaches, never in a city', () => {
    expect(map.data.rivers.filter((r) => r.name === 'Moscow Sea (reservoir)').length).toBeGreaterThan(5);
    expect(board.forts.size).toBe(20);
    for (const h of board.forts.keys()) expect(board.isCity(h)).toBe(false);
  });
  it("5.3: the south sheet holds Panzer Group 2's start (Glukhov), the north sheet Kalinin", () => {
    expect(board.isSouthSheet(map.findPlace('Glukhov')[0]!)).toBe(true);
    expect(board.isSouthSheet(board.cities.Kalinin!)).toBe(false);
  });
});
