import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type BfmInputs, buildBfmMap, buildBfmMapJson, crossCheck, loadBfmInputs, parseHexTable } from '../../../scripts/build-bfm-map.js';
import { components, floodFill } from '../../../src/kernel/floodfill.js';
import { DIRECTIONS, type HexId } from '../../../src/kernel/hex.js';
import { hexsideHexes } from '../../../src/kernel/hexside.js';
import { loadMap, mapPath } from '../../../src/maps/game-map.js';
import { gameMapSchema } from '../../../src/maps/schema.js';
import { printedScene } from '../../../src/session/map-views.js';

// Expected values come from /work/shared/data/battle-for-moscow/reference.md (sections 1.1-1.7).
const map = loadMap('battle-for-moscow');
const hexes = map.data.hexes;
const ids = map.ids;
const where = (test: (id: HexId) => boolean) => ids.filter(test);
const riverDirs = (id: HexId) => DIRECTIONS.filter((d) => map.isRiver(id, map.grid.step(id, d)!));

describe('Battle for Moscow map: format and grid (1.1)', () => {
  it('is valid map data: 140 hexes, 14 columns by 10 rows, even columns low', () => {
    expect(gameMapSchema.safeParse(JSON.parse(readFileSync(mapPath('battle-for-moscow'), 'utf8'))).success).toBe(true);
    expect(map.id).toBe('battle-for-moscow');
    expect(map.data.title).toBe('Battle for Moscow');
    expect(map.data.source).toMatch(/GDW 1986/);
    expect(map.data.grid).toEqual({ lowColumns: 'even', columns: [1, 14], rows: [1, 10] });
    expect(ids).toHaveLength(140);
    for (let c = 1; c <= 14; c++)
      for (let r = 1; r <= 10; r++) expect(map.has(`${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`)).toBe(true);
    expect(map.has('0111')).toBe(false);
    expect(map.has('1501')).toBe(false);
  });

  it('traces German communication to the west edge and Soviet to the east edge', () => {
    expect(map.data.supplyEdges).toEqual({ german: ['W'], soviet: ['E'] });
    expect(map.edgeHexes('W')).toHaveLength(10);
    expect(map.edgeHexes('E')).toEqual(['1401', '1402', '1403', '1404', '1405', '1406', '1407', '1408', '1409', '1410']);
  });
});

describe('Battle for Moscow map: terrain (1.2, 1.3)', () => {
  it('has 93 clear, 25 forest and 22 fortification hexes', () => {
    const count = (t: string) => where((id) => hexes[id]!.terrain === t).length;
    expect([count('clear'), count('forest'), count('fortification'), count('marsh')]).toEqual([93, 25, 22, 0]);
  });

  it('draws the three defense lines as fortifications', () => {
    const forts = where((id) => hexes[id]!.terrain === 'fortification');
    const vyazma = ['0501', '0502', '0503', '0504', '0505', '0506', '0507'];
    const mozhaisk = ['0801', '0802', '0803', '0804', '0805'];
    const moscow = ['1001', '1002', '1003', '1004', '1102', '1104', '1105', '1106', '1107', '1203'];
    expect(forts).toEqual([...vyazma, ...mozhaisk, ...moscow].sort());
  });

  it('puts the forests where the reference lists them', () => {
    for (const id of ['0201', '0308', '0604', '0806', '0905', '1303', '1404']) expect(hexes[id]!.terrain, id).toBe('forest');
    for (const id of ['0101', '0603', '1005', '1410']) expect(hexes[id]!.terrain, id).toBe('clear');
  });
});

describe('Battle for Moscow map: cities (1.4)', () => {
  const cities: [string, HexId][] = [
    ['Smolensk', '0204'],
    ['Roslavl', '0307'],
    ['Bryansk', '0509'],
    ['Rzhev', '0601'],
    ['Vyazma', '0603'],
    ['Mozhaisk', '0803'],
    ['Kaluga', '0805'],
    ['Orel', '0809'],
    ['Tula', '1107'],
    ['Ryazan', '1405'],
  ];

  it('has ten cities and Moscow, each at its printed hex', () => {
    for (const [name, id] of cities) {
      expect(map.findPlace(name), name).toEqual([id]);
      expect(hexes[id]!.place).toEqual({ name, kind: 'city' });
    }
    expect(map.findPlace('Moscow')).toEqual(['1103']);
    expect(hexes['1103']).toMatchObject({ terrain: 'clear', place: { name: 'Moscow', kind: 'capital' } });
    expect(where((id) => hexes[id]!.place !== undefined)).toHaveLength(11);
  });

  it('makes Mozhaisk, Kaluga and Tula both city and fortification', () => {
    for (const id of ['0803', '0805', '1107']) expect(hexes[id]!.terrain).toBe('fortification');
  });

  it('starts every city Soviet except Smolensk and Roslavl, which German units occupy', () => {
    const controlled = where((id) => hexes[id]!.control !== undefined);
    expect(controlled).toEqual(where((id) => hexes[id]!.place !== undefined));
    expect(where((id) => hexes[id]!.control === 'german')).toEqual(['0204', '0307']);
    for (const id of controlled) expect(hexes[id]!.control).toBe(hexes[id]!.setup === 'german' ? 'german' : 'soviet');
  });

  it('shows city ownership as markers, not shaded areas', () => {
    const scene = printedScene(map);
    expect(scene.control?.style).toBe('marker');
    expect(Object.keys(scene.control?.hexes ?? {})).toHaveLength(11);
  });
});

describe('Battle for Moscow map: set-up hexes (1.5)', () => {
  it('has 13 Soviet stars and 22 German crosses at the listed hexes', () => {
    expect(where((id) => hexes[id]!.setup === 'soviet')).toEqual([
      '0301',
      '0302',
      '0303',
      '0304',
      '0405',
      '0504',
      '0505',
      '0506',
      '0507',
      '0508',
      '0509',
      '0510',
      '0803',
    ]);
    expect(where((id) => hexes[id]!.setup === 'german')).toEqual([
      '0103',
      '0104',
      '0106',
      '0107',
      '0201',
      '0202',
      '0203',
      '0204',
      '0205',
      '0206',
      '0209',
      '0210',
      '0305',
      '0306',
      '0307',
      '0309',
      '0310',
      '0406',
      '0407',
      '0408',
      '0409',
      '0410',
    ]);
  });
});

describe('Battle for Moscow map: rivers (1.7)', () => {
  it('has 58 river hexsides, each between adjacent hexes, one leaving the map', () => {
    expect(map.data.rivers).toHaveLength(58);
    const offMap = map.data.rivers.filter((r) => hexsideHexes(r.side).some((h) => !map.has(h)));
    expect(offMap.map((r) => r.side)).toEqual(['1405/1505']);
    for (const r of map.data.rivers) {
      const [a, b] = hexsideHexes(r.side);
      expect(map.grid.distance(a, b), r.side).toBe(1);
    }
  });

  it('puts rivers on the sides the per-hex table gives', () => {
    expect(map.isRiver('0105', '0106')).toBe(true);
    expect(map.isRiver('0106', '0105')).toBe(true);
    expect(riverDirs('0604')).toEqual(['N', 'NE', 'SE', 'SW', 'NW']);
    expect(riverDirs('0505')).toEqual(['NE', 'SE', 'S', 'NW']);
    expect(riverDirs('1103')).toEqual(['S', 'SW', 'NW']);
    expect(riverDirs('1204')).toEqual(['N', 'NE', 'SE', 'S']);
    expect(riverDirs('1405')).toEqual(['N', 'NE']);
    expect(riverDirs('0101')).toEqual([]);
    expect(map.isRiver('1103', '1102')).toBe(false);
  });

  it('rings Moscow on its western and southern sides', () => {
    for (const side of ['1001/1101', '1001/1102', '1002/1102', '1002/1103', '1003/1103', '1103/1104', '1104/1203']) {
      expect(
        map.data.rivers.some((r) => r.side === side),
        side,
      ).toBe(true);
    }
  });
});

describe('Battle for Moscow map: railroads (1.6)', () => {
  const railHexes = where((id) => map.isRailHex(id));

  it('has 16 lines through 68 rail hexes, every step between adjacent hexes', () => {
    expect(map.data.rails).toHaveLength(16);
    expect(railHexes).toHaveLength(68);
    for (const rail of map.data.rails) {
      const inner = rail.path.filter((s) => s.length === 4);
      for (let i = 1; i < inner.length; i++) expect(map.grid.distance(inner[i - 1]!, inner[i]!), rail.name).toBe(1);
    }
  });

  it('runs lines off the map only from hexes on that edge', () => {
    const offEdges: string[] = [];
    for (const rail of map.data.rails) {
      const first = rail.path[0]!;
      const last = rail.path[rail.path.length - 1]!;
      if (first.length === 1) offEdges.push(`${first}:${rail.path[1]}`);
      if (last.length === 1) offEdges.push(`${last}:${rail.path[rail.path.length - 2]}`);
    }
    expect(offEdges.sort()).toEqual([
      'E:1401',
      'E:1402',
      'E:1403',
      'E:1406',
      'N:0901',
      'N:1301',
      'S:0510',
      'S:0810',
      'W:0102',
      'W:0105',
      'W:0110',
    ]);
    for (const entry of offEdges) {
      const [edge, id] = entry.split(':') as ['N' | 'E' | 'S' | 'W', HexId];
      expect(map.edgeHexes(edge)).toContain(id);
    }
  });

  it('makes Moscow the hub: nine lines end there and it links by rail to all six neighbours', () => {
    expect(map.data.rails.filter((r) => r.path[0] === '1103' || r.path[r.path.length - 1] === '1103')).toHaveLength(9);
    for (const n of map.neighbours('1103')) expect(map.isRailLink('1103', n), n).toBe(true);
  });

  it('links the cities the lines name, and no rail joins hexes that merely touch', () => {
    expect(map.isRailLink('0204', '0105')).toBe(true); // Smolensk toward the west edge
    expect(map.isRailLink('0601', '0602')).toBe(true); // Rzhev - Vyazma
    expect(map.isRailLink('0809', '0909')).toBe(true); // Orel toward Tula
    expect(map.isRailLink('1107', '1106')).toBe(true);
    expect(map.isRailLink('1305', '1405')).toBe(true); // into Ryazan
    expect(map.isRailLink('0204', '0205')).toBe(true);
    expect(map.isRailLink('0204', '0305')).toBe(true);
    expect(map.isRailLink('0205', '0305')).toBe(false); // adjacent rail hexes on different lines
    expect(map.isRailLink('1202', '1203')).toBe(false);
  });

  it('forms one connected network', () => {
    const reached = floodFill(
      ['1103'],
      (h) => map.neighbours(h).filter((n) => map.isRailLink(h, n)),
      () => true,
    );
    expect([...reached].sort()).toEqual(railHexes);
    expect(components(railHexes, (h) => map.neighbours(h).filter((n) => map.isRailLink(h, n)))).toHaveLength(1);
  });
});

describe('Battle for Moscow map: the builder', () => {
  const inputs = loadBfmInputs();
  const clone = (): BfmInputs => structuredClone(inputs);

  it('rebuilds the committed file byte for byte', () => {
    expect(buildBfmMapJson(inputs)).toBe(readFileSync(mapPath('battle-for-moscow'), 'utf8'));
  });

  it('finds the hex table and the reference lists in agreement', () => {
    expect(crossCheck(inputs)).toEqual([]);
  });

  it('catches a river direction missing from a hex row', () => {
    const bad = clone();
    bad.rows.find((r) => r.hex === '0604')!.rivers = ['N', 'NE', 'SE', 'SW'];
    expect(crossCheck(bad).join('\n')).toMatch(/river sides.*only in the second 0504\/0604 0604 NW/);
    expect(() => buildBfmMap(bad)).toThrow(/disagree/);
  });

  it('catches a river hexside missing from the list', () => {
    const bad = clone();
    bad.reference.rivers.hexsides = bad.reference.rivers.hexsides.filter((s) => s !== '1002/1103');
    const problems = crossCheck(bad).join('\n');
    expect(problems).toMatch(/river hexsides: 57/);
    expect(problems).toMatch(/1002\/1103 1002 SE/);
  });

  it('catches rail lines whose steps do not touch, and rail hexes off every line', () => {
    const bad = clone();
    bad.reference.rails.lines[1]!.path = ['0601', '0603'];
    expect(crossCheck(bad).join('\n')).toMatch(/0601 and 0603 are not adjacent/);
    bad.reference.rails.lines[1]!.path = ['0601', '0602', '0603'];
    bad.rows.find((r) => r.hex === '0101')!.rail = 'Y';
    expect(crossCheck(bad).join('\n')).toMatch(/rail hexes: table vs list: only in the first 0101/);
  });

  it('catches a rail line said to leave by the wrong edge', () => {
    const bad = clone();
    bad.reference.rails.lines[5]!.path = ['0509', '0510', 'E'];
    expect(crossCheck(bad).join('\n')).toMatch(/0510 does not lie on the E edge/);
  });

  it('catches terrain, city and set-up rows that disagree with their lists', () => {
    const bad = clone();
    bad.rows.find((r) => r.hex === '0207')!.terrain = 'clear';
    bad.rows.find((r) => r.hex === '0809')!.city = 'Kursk';
    bad.rows.find((r) => r.hex === '0803')!.setup = '-';
    const problems = crossCheck(bad).join('\n');
    expect(problems).toMatch(/forest hexes: 24/);
    expect(problems).toMatch(/cities: table vs list: only in the first 0809 Kursk/);
    expect(problems).toMatch(/Soviet set-up: table vs list: only in the first -; only in the second 0803/);
  });

  it('refuses a malformed table row with its line', () => {
    expect(() => parseHexTable('hex terrain city setup rail rivers\n0101 swamp - - - -\n')).toThrow(/row 1.*0101 swamp/);
    expect(() => parseHexTable('hex terrain city setup rail rivers\n0101 clear - - -\n')).toThrow(/expected 6 columns/);
    expect(() => parseHexTable('hex terrain city setup rail rivers\n0101 clear - - - UP\n')).toThrow(/row 1/);
    expect(() => parseHexTable('0101 clear - - - -\n')).toThrow(/header/);
  });
});
