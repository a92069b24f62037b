import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTyphoonMap, frontHexes, loadInputs, setupHexes, VP } from '../../../scripts/generate-typhoon-map/build.js';
import { hexAt, hexCentreLonLat, MOSCOW, SMOLENSK } from '../../../scripts/generate-typhoon-map/projection.js';
import { formatMapJson } from '../../../scripts/map-generator/map-json.js';
import { components } from '../../../src/kernel/floodfill.js';
import { HexGrid, type HexId } from '../../../src/kernel/hex.js';
import { hexsideHexes } from '../../../src/kernel/hexside.js';
import { loadMap, mapPath } from '../../../src/maps/game-map.js';
import { gameMapSchema } from '../../../src/maps/schema.js';

const map = loadMap('operation-typhoon');
const hexes = map.data.hexes;
const inputs = loadInputs();
const id = (col: number, row: number) => `${String(col).padStart(2, '0')}${String(row).padStart(2, '0')}`;
const col = (h: HexId) => Number(h.slice(0, 2));
const row = (h: HexId) => Number(h.slice(2));
const neighbours = (h: HexId) => map.neighbours(h);
const place = (name: string) => inputs.places.places.find((p) => p.name === name)!;

describe('Operation Typhoon map: format and grid', () => {
  it('is valid map data with 2,700 hexes on a 54 x 50 grid', () => {
    expect(gameMapSchema.safeParse(JSON.parse(readFileSync(mapPath('operation-typhoon'), 'utf8'))).success).toBe(true);
    expect(map.id).toBe('operation-typhoon');
    expect(map.data.title).toBe('Operation Typhoon');
    expect(map.data.source).toMatch(/reconstruction/i);
    expect(map.data.grid).toEqual({ lowColumns: 'odd', columns: [1, 54], rows: [1, 50] });
    expect(map.ids).toHaveLength(2700);
    for (let c = 1; c <= 54; c++) for (let r = 1; r <= 50; r++) expect(map.has(id(c, r))).toBe(true);
    expect(map.data.supplyEdges).toEqual({ soviet: ['E'], german: ['W'] });
  });

  it('puts Smolensk at the centre of 1019 (rule 2.2)', () => {
    expect(map.findPlace('Smolensk')).toEqual(['1019']);
    const c = hexCentreLonLat('1019');
    expect(c.lon).toBeCloseTo(SMOLENSK.lon, 9);
    expect(c.lat).toBeCloseTo(SMOLENSK.lat, 9);
    expect(hexes['1019']!.control).toBe('german');
  });

  it('numbers columns west to east and rows north to south', () => {
    for (let r = 1; r <= 50; r++) {
      for (let c = 2; c <= 54; c++) expect(hexCentreLonLat(id(c, r)).lon).toBeGreaterThan(hexCentreLonLat(id(c - 1, r)).lon);
    }
    for (let c = 1; c <= 54; c++) {
      for (let r = 2; r <= 50; r++) expect(hexCentreLonLat(id(c, r)).lat).toBeLessThan(hexCentreLonLat(id(c, r - 1)).lat);
    }
    // And the places agree: west-east and north-south orders of real towns.
    const at = (name: string) => map.findPlace(name)[0]!;
    const westToEast = ['Smolensk', 'Vyazma', 'Mozhaisk', 'Moscow', 'Kolomna'];
    for (let i = 1; i < westToEast.length; i++) expect(col(at(westToEast[i]!))).toBeGreaterThan(col(at(westToEast[i - 1]!)));
    const northToSouth = ['Rzhev', 'Gzhatsk', 'Vyazma', 'Kaluga', 'Sukhinichi', 'Orel', 'Kursk'];
    for (let i = 1; i < northToSouth.length; i++) expect(row(at(northToSouth[i]!))).toBeGreaterThan(row(at(northToSouth[i - 1]!)));
  });

  it('places every town in the hex that contains its coordinates, never two in one hex', () => {
    for (const p of inputs.places.places) {
      const found = map.findPlace(p.name);
      expect(found, p.name).toHaveLength(p.hexes ?? 1);
      expect(found, p.name).toContain(hexAt(p.lon, p.lat));
      for (const h of found) expect(hexes[h]!.place!.kind).toBe(p.kind);
    }
    const named = map.ids.filter((h) => hexes[h]!.place).map((h) => hexes[h]!.place!.name);
    expect(named.length).toBe(inputs.places.places.reduce((n, p) => n + (p.hexes ?? 1), 0));
  });

  it('has the two Moscow capital hexes near 4410, adjacent, one containing Moscow', () => {
    const moscow = map.findPlace('Moscow');
    expect(moscow).toHaveLength(2);
    expect(moscow).toContain(hexAt(MOSCOW.lon, MOSCOW.lat));
    expect(hexAt(MOSCOW.lon, MOSCOW.lat)).toBe('4410');
    expect(map.grid.distance(moscow[0]!, moscow[1]!)).toBe(1);
    for (const h of moscow) {
      expect(hexes[h]!.place).toEqual({ name: 'Moscow', kind: 'capital' });
      expect(hexes[h]!.control).toBe('soviet');
      expect(map.grid.distance(h, '4410')).toBeLessThanOrEqual(1);
    }
    // Encircling Moscow is possible: about ten columns of map east of it.
    expect(54 - col(moscow[0]!)).toBeGreaterThanOrEqual(8);
  });

  it('puts column 29 near 35.2 E and row 40 near 52.5 N', () => {
    for (let r = 19; r <= 25; r++) expect(Math.abs(hexCentreLonLat(id(29, r)).lon - 35.2)).toBeLessThan(0.15);
    for (const c of [28, 29]) expect(Math.abs(hexCentreLonLat(id(c, 40)).lat - 52.5)).toBeLessThan(0.1);
    expect(row(map.findPlace('Kursk')[0]!)).toBeGreaterThanOrEqual(45);
    expect(map.findPlace('Kalinin')).toEqual([]); // 56.86 N is north of the map
  });

  it('staggers odd columns low, as the rule 6.0 example requires', () => {
    const around = map.grid.neighbours('2613').map((n) => n.id);
    for (const h of ['2512', '2513', '2614']) expect(around).toContain(h);
    const evenLow = new HexGrid({ lowColumns: 'even' }).neighbours('2613').map((n) => n.id);
    expect(['2512', '2513', '2614'].every((h) => evenLow.includes(h))).toBe(false);
  });

  it('has every hex the rules name', () => {
    for (const h of ['1019', '1733', '1315', '2512', '2513', '2613', '2614', '2919', '2940', '0140', '5440']) {
      expect(map.has(h), h).toBe(true);
    }
  });
});

describe('Operation Typhoon map: start line and control', () => {
  const german = map.ids.filter((h) => hexes[h]!.control === 'german');
  const soviet = map.ids.filter((h) => hexes[h]!.control === 'soviet');

  it('gives every hex a side, each side one connected region', () => {
    expect(german.length + soviet.length).toBe(2700);
    expect(components(german, neighbours)).toHaveLength(1);
    expect(components(soviet, neighbours)).toHaveLength(1);
  });

  it('draws an unbroken front from the north edge to the south edge', () => {
    const front = frontHexes(map.data);
    expect(components(front, neighbours)).toHaveLength(1);
    const rows = new Set(front.map(row));
    for (let r = 1; r <= 50; r++) expect(rows.has(r), `row ${r}`).toBe(true);
  });

  it('leaves the west edge German and the east (Soviet supply) edge Soviet', () => {
    for (const h of map.edgeHexes('W')) expect(hexes[h]!.control).toBe('german');
    for (const h of map.edgeHexes('E')) expect(hexes[h]!.control).toBe('soviet');
    // The Soviets start in control of everything east of the 29xx row (rule 4.4).
    for (const h of map.ids.filter((x) => col(x) >= 29)) expect(hexes[h]!.control).toBe('soviet');
  });

  it('is calibrated: places held by the Germans on 1 Nov 1941 east of the line are worth 15-17 VP', () => {
    let vp = 0;
    for (const p of inputs.places.places.filter((x) => x.held1941_11_01 === 'german')) {
      const [h] = map.findPlace(p.name);
      if (hexes[h!]!.control === 'soviet') vp += VP[p.kind]!;
    }
    expect(vp).toBeGreaterThanOrEqual(15);
    expect(vp).toBeLessThanOrEqual(17);
    for (const name of ['Vyazma', 'Bryansk', 'Orel', 'Kaluga', 'Rzhev', 'Mozhaisk']) {
      expect(hexes[map.findPlace(name)[0]!]!.control, name).toBe('soviet');
      expect(place(name).held1941_11_01, name).toBe('german');
    }
    for (const name of [
      'Moscow',
      'Tula',
      'Serpukhov',
      'Kashira',
      'Kolomna',
      'Podolsk',
      'Klin',
      'Dmitrov',
      'Istra',
      'Stalinogorsk',
      'Yefremov',
      'Yelets',
    ]) {
      expect(map.findPlace(name).length, name).toBeGreaterThan(0);
      expect(place(name).held1941_11_01, name).toBe('soviet');
    }
  });
});

describe('Operation Typhoon map: army sectors', () => {
  const order = ['9A', 'PG3', '4A', 'PG4', '2A', 'PG2'];
  const setup = new Set(setupHexes(map.data));
  const front = frontHexes(map.data);

  it('has the six formations with their rule 2.6 colours, north to south', () => {
    expect(map.data.sectors.map((s) => s.id)).toEqual(order);
    const colours = Object.fromEntries(map.data.sectors.map((s) => [s.id, s.text]));
    expect(colours).toEqual({ '9A': '#ffffff', PG3: '#000000', '4A': '#000000', PG4: '#ffffff', '2A': '#000000', PG2: '#ffffff' });
    const meanRow = (s: string) => {
      const rows = front.filter((h) => hexes[h]!.sector === s).map(row);
      return rows.reduce((a, b) => a + b, 0) / rows.length;
    };
    for (let i = 1; i < order.length; i++) expect(meanRow(order[i]!)).toBeGreaterThan(meanRow(order[i - 1]!));
  });

  it('gives every German hex a sector and no Soviet hex one', () => {
    for (const h of map.ids) {
      if (hexes[h]!.control === 'german') expect(order).toContain(hexes[h]!.sector);
      else expect(hexes[h]!.sector).toBeUndefined();
    }
  });

  it('keeps each sector connected, along the front too, with room to set up (rule 3.2)', () => {
    for (const s of order) {
      const all = map.ids.filter((h) => hexes[h]!.sector === s);
      expect(components(all, neighbours), s).toHaveLength(1);
      const zone = [...setup].filter((h) => hexes[h]!.sector === s);
      expect(components(zone, neighbours), s).toHaveLength(1);
      // A historical army or panzer group of 6-12 divisions at three per hex (7.1),
      // with room to spare.
      expect(zone.length, s).toBeGreaterThanOrEqual(12);
      expect(front.filter((h) => hexes[h]!.sector === s).length, s).toBeGreaterThanOrEqual(4);
    }
  });

  it('starts Panzer Group 2 at 1733, with 2nd Army just north of it (rule 3.2)', () => {
    expect(hexes['1733']!.sector).toBe('PG2');
    expect(setup.has('1733')).toBe(true);
    expect(hexes['1732']!.sector).toBe('2A');
    expect(hexes['1833']!.sector).toBe('2A');
    const pg2 = [...setup].filter((h) => hexes[h]!.sector === 'PG2');
    expect(Math.min(...pg2.map(row))).toBe(33);
    expect(pg2.filter((h) => row(h) === 33)).toEqual(['1733']);
    expect(Math.max(...pg2.map(row))).toBe(50);
  });
});

describe('Operation Typhoon map: rivers and terrain', () => {
  it('puts river hexsides only between adjacent hexes on the map', () => {
    expect(map.data.rivers.length).toBeGreaterThan(300);
    for (const r of map.data.rivers) {
      const [a, b] = hexsideHexes(r.side);
      expect(map.has(a) && map.has(b), r.side).toBe(true);
      expect(map.grid.directionTo(a, b), r.side).toBeDefined();
      expect(r.name).toBeTruthy();
    }
  });

  it('draws the major rivers and their tributaries', () => {
    const names = new Set(map.data.rivers.map((r) => r.name));
    for (const n of ['Dnieper', 'Desna', 'Oka', 'Volga', 'Ugra', 'Moskva', 'Nara', 'Protva', 'Upa', 'Zhizdra', 'Vazuza']) {
      expect(names.has(n), n).toBe(true);
    }
    for (const r of map.data.rivers) {
      if (['Dnieper', 'Desna', 'Oka', 'Volga'].includes(r.name!)) expect(r.major, r.side).toBe(true);
    }
    // The Oka runs between Kaluga and Tula, the Moskva through Moscow.
    expect(map.data.rivers.filter((r) => r.name === 'Oka').length).toBeGreaterThan(40);
    const moscow = map.findPlace('Moscow');
    expect(map.data.rivers.some((r) => r.name === 'Moskva' && moscow.some((h) => r.side.includes(h)))).toBe(true);
  });

  it('has forest and marsh; lake hexes are marsh', () => {
    const count = (t: string) => map.ids.filter((h) => hexes[h]!.terrain === t).length;
    expect(count('forest')).toBeGreaterThan(200);
    expect(count('marsh')).toBeGreaterThan(50);
    expect(count('clear')).toBeGreaterThan(1000);
    for (const h of map.ids.filter((x) => hexes[x]!.water)) expect(hexes[h]!.terrain).toBe('marsh');
  });

  it('has the Meshchera marshes east of Moscow and open country around Orel and Kursk', () => {
    const area = (h: HexId, r: number) => map.grid.spiral(h, r).filter((x) => map.has(x));
    const meshchera = area(hexAt(39.1, 55.5)!, 2);
    expect(meshchera.filter((h) => hexes[h]!.terrain === 'marsh').length / meshchera.length).toBeGreaterThan(0.6);
    for (const city of ['Orel', 'Kursk']) {
      const around = area(map.findPlace(city)[0]!, 3);
      expect(around.filter((h) => hexes[h]!.terrain === 'clear').length / around.length, city).toBeGreaterThan(0.8);
    }
    // The Bryansk forests and the wooded belt west of Moscow.
    expect(hexes[map.findPlace('Bryansk')[0]!]!.terrain).toBe('forest');
    expect(hexes[hexAt(36.4, 55.75)!]!.terrain).toBe('forest');
  });
});

describe('Operation Typhoon map: generator', () => {
  it('regenerates the committed file byte for byte', () => {
    const fresh = formatMapJson(buildTyphoonMap(inputs));
    expect(fresh).toBe(readFileSync(mapPath('operation-typhoon'), 'utf8'));
    expect(formatMapJson(buildTyphoonMap(loadInputs()))).toBe(fresh);
  });
});
