import { describe, expect, it } from 'vitest';
import { newDice, roll, rollMany } from '../../src/kernel/dice.js';
import { components, floodFill } from '../../src/kernel/floodfill.js';
import {
  axialToOffset,
  formatHexId,
  type GridSpec,
  HexGrid,
  type HexId,
  offsetToAxial,
  opposite,
  parseHexId,
} from '../../src/kernel/hex.js';
import { hexsideHexes, hexsideKey, hexsideToward } from '../../src/kernel/hexside.js';
import { type PathSearch, pathTo, reachable } from '../../src/kernel/pathfinding.js';

const EVEN: GridSpec = { lowColumns: 'even' }; // Battle for Moscow
const ODD: GridSpec = { lowColumns: 'odd' }; // Operation Typhoon
const bfm = new HexGrid(EVEN);
const typhoon = new HexGrid(ODD);
const id = (col: number, row: number) => formatHexId({ col, row });

/** A rectangular board of printed ids, for searches that must stay on a map. */
function board(grid: HexGrid, cols: number, rows: number) {
  const ids = new Set<HexId>();
  for (let c = 1; c <= cols; c++) for (let r = 1; r <= rows; r++) ids.add(id(c, r));
  return {
    ids,
    neighbours: (h: HexId) =>
      grid
        .neighbours(h)
        .map((n) => n.id)
        .filter((n) => ids.has(n)),
  };
}

describe('hex ids', () => {
  it('parses and formats XXYY ids', () => {
    expect(parseHexId('0101')).toEqual({ col: 1, row: 1 });
    expect(parseHexId('1410')).toEqual({ col: 14, row: 10 });
    expect(parseHexId(' 2613 ')).toEqual({ col: 26, row: 13 });
    expect(formatHexId({ col: 1, row: 1 })).toBe('0101');
    expect(formatHexId({ col: 54, row: 50 })).toBe('5450');
    expect(formatHexId({ col: 0, row: 0 })).toBe('0000');
  });

  it('rejects ids that are not four digits', () => {
    for (const bad of ['', '101', '01011', 'ab12', '01-1', '0x01', '１２３４']) expect(parseHexId(bad), bad).toBeUndefined();
    expect(() => formatHexId({ col: -1, row: 1 })).toThrow(RangeError);
    expect(() => formatHexId({ col: 100, row: 1 })).toThrow(RangeError);
    expect(() => formatHexId({ col: 1, row: 100 })).toThrow(RangeError);
    expect(() => bfm.toAxial('hex')).toThrow(/not a hex id/);
    expect(() => bfm.neighbours('12')).toThrow(RangeError);
  });
});

describe('offset and axial coordinates', () => {
  it.each([
    ['even', EVEN],
    ['odd', ODD],
  ] as const)('round-trip for %s low columns', (_name, spec) => {
    for (let col = 0; col <= 30; col++) {
      for (let row = 0; row <= 30; row++) {
        const a = offsetToAxial({ col, row }, spec);
        expect(a.q).toBe(col);
        expect(axialToOffset(a, spec)).toEqual({ col, row });
      }
    }
    const grid = new HexGrid(spec);
    for (const h of ['0101', '0202', '1410', '2613', '5450']) expect(grid.fromAxial(grid.toAxial(h))).toBe(h);
  });

  it('keeps a column straight: one row down is one axial step south', () => {
    for (const spec of [EVEN, ODD]) {
      for (let col = 1; col <= 6; col++) {
        const a = offsetToAxial({ col, row: 4 }, spec);
        const b = offsetToAxial({ col, row: 5 }, spec);
        expect({ dq: b.q - a.q, dr: b.r - a.r }).toEqual({ dq: 0, dr: 1 });
      }
    }
  });
});

describe('neighbours on the printed grids', () => {
  // Battle for Moscow 1.1: odd columns N (c,r-1) NE (c+1,r-1) SE (c+1,r) S (c,r+1) SW (c-1,r) NW (c-1,r-1);
  // even columns N (c,r-1) NE (c+1,r) SE (c+1,r+1) S (c,r+1) SW (c-1,r+1) NW (c-1,r).
  it.each([
    ['0101', ['0100', '0200', '0201', '0102', '0001', '0000']],
    ['0202', ['0201', '0302', '0303', '0203', '0103', '0102']],
    ['0505', ['0504', '0604', '0605', '0506', '0405', '0404']],
    ['1103', ['1102', '1202', '1203', '1104', '1003', '1002']],
    ['1410', ['1409', '1510', '1511', '1411', '1311', '1310']],
  ])('Battle for Moscow %s: N NE SE S SW NW', (hex, expected) => {
    expect(bfm.neighbours(hex)).toEqual(['N', 'NE', 'SE', 'S', 'SW', 'NW'].map((dir, i) => ({ dir, id: expected[i] })));
  });

  it('keeps only on-map neighbours at the Battle for Moscow corners', () => {
    const b = board(bfm, 14, 10);
    expect(b.neighbours('0101').sort()).toEqual(['0102', '0201']);
    expect(b.neighbours('1410').sort()).toEqual(['1310', '1409']);
    expect(b.neighbours('1401').sort()).toEqual(['1301', '1302', '1402']);
    expect(b.neighbours('0110').sort()).toEqual(['0109', '0209', '0210']);
  });

  it('follows Operation Typhoon numbering: 2512, 2513 and 2614 all touch 2613 (rule 6.0)', () => {
    const around = typhoon.neighbours('2613').map((n) => n.id);
    for (const h of ['2512', '2513', '2614']) expect(around).toContain(h);
    expect(around.sort()).toEqual(['2512', '2513', '2612', '2614', '2712', '2713']);
    // The same ids on the other stagger are a different shape.
    expect(bfm.neighbours('2613').map((n) => n.id)).not.toContain('2512');
    expect(bfm.neighbours('2613').map((n) => n.id)).toContain('2514');
  });

  it('steps back with the opposite direction and reports directions', () => {
    for (const grid of [bfm, typhoon]) {
      for (const h of ['0505', '0606', '2613']) {
        for (const { dir, id: n } of grid.neighbours(h)) {
          expect(grid.step(n, opposite(dir))).toBe(h);
          expect(grid.directionTo(h, n)).toBe(dir);
        }
      }
    }
    expect(bfm.directionTo('0505', '0507')).toBeUndefined();
    expect(bfm.step('0101', 'NW')).toBe('0000');
  });
});

describe('distance, rings and spirals', () => {
  it('measures distance in hexes', () => {
    expect(bfm.distance('0505', '0505')).toBe(0);
    expect(bfm.distance('0101', '0201')).toBe(1);
    expect(bfm.distance('0101', '0301')).toBe(2);
    expect(bfm.distance('0101', '1410')).toBe(16);
    expect(bfm.distance('0204', '1103')).toBe(bfm.distance('1103', '0204'));
  });

  it.each([
    ['even', bfm],
    ['odd', typhoon],
  ] as const)('agrees with a breadth-first count of steps (%s low columns)', (_name, grid) => {
    const start = '2020';
    const steps = new Map<HexId, number>([[start, 0]]);
    let frontier = [start];
    for (let k = 1; k <= 8; k++) {
      const next: HexId[] = [];
      for (const h of frontier) {
        for (const { id: n } of grid.neighbours(h)) {
          if (!steps.has(n)) {
            steps.set(n, k);
            next.push(n);
          }
        }
      }
      frontier = next;
    }
    expect(steps.size).toBe(1 + 3 * 8 * 9);
    for (const [h, k] of steps) expect(grid.distance(start, h), h).toBe(k);
  });

  it('has rings of 6k hexes and spirals of 1 + 3k(k+1), each hex once at the right distance', () => {
    for (const grid of [bfm, typhoon]) {
      expect(grid.ring('2020', 0)).toEqual(['2020']);
      for (let k = 1; k <= 6; k++) {
        const ring = grid.ring('2020', k);
        expect(ring).toHaveLength(6 * k);
        expect(new Set(ring).size).toBe(6 * k);
        for (const h of ring) expect(grid.distance('2020', h)).toBe(k);
        const spiral = grid.spiral('2020', k);
        expect(spiral).toHaveLength(1 + 3 * k * (k + 1));
        expect(new Set(spiral).size).toBe(spiral.length);
        expect(spiral[0]).toBe('2020');
      }
      expect(new Set(grid.ring('2020', 1))).toEqual(new Set(grid.neighbours('2020').map((n) => n.id)));
    }
  });
});

describe('hexside keys', () => {
  it('names a hexside the same way from either side, lower id first', () => {
    expect(hexsideKey('0106', '0105')).toBe('0105/0106');
    expect(hexsideKey('0105', '0106')).toBe('0105/0106');
    expect(hexsideKey('1103', '1002')).toBe('1002/1103');
    expect(hexsideHexes('1002/1103')).toEqual(['1002', '1103']);
    expect(() => hexsideHexes('1002')).toThrow(/not a hexside key/);
  });

  it('checks adjacency on the grid before naming a side', () => {
    expect(hexsideToward(bfm, '0505', '0604')).toBe('0505/0604');
    expect(hexsideToward(bfm, '0604', '0505')).toBe('0505/0604');
    expect(() => hexsideToward(bfm, '0505', '0406')).toThrow(/not adjacent/);
    // 0505 is a low column on the Typhoon grid, so there it does touch 0406.
    expect(hexsideToward(typhoon, '0505', '0406')).toBe('0406/0505');
    expect(hexsideToward(bfm, '1405', '1505')).toBe('1405/1505');
  });
});

describe('movement search (Dijkstra)', () => {
  const b = board(bfm, 8, 8);
  const search = (over: Partial<PathSearch>): PathSearch => ({
    start: '0404',
    neighbours: b.neighbours,
    cost: () => 1,
    budget: 2,
    ...over,
  });

  it('reaches every hex within the budget at its distance in clear terrain', () => {
    const reach = reachable(search({}));
    const expected = bfm.spiral('0404', 2).filter((h) => b.ids.has(h));
    expect([...reach.cost.keys()].sort()).toEqual(expected.sort());
    for (const [h, c] of reach.cost) expect(c).toBe(bfm.distance('0404', h));
    expect(reach.cost.get('0404')).toBe(0);
  });

  it('spends the whole budget and no more', () => {
    const reach = reachable(search({ budget: 3 }));
    expect(reach.cost.get('0407')).toBe(3);
    expect(reach.cost.has('0408')).toBe(false);
  });

  it('reproduces the movement example: a forest counts as two hexes (paths B and F)', () => {
    // A column of hexes southward; the third hex entered is forest. Allowance 4.
    const forest = '0407';
    const corridor = ['0404', '0405', '0406', '0407', '0408'];
    const reach = reachable(
      search({
        budget: 4,
        neighbours: (h) => b.neighbours(h).filter((n) => corridor.includes(n)),
        cost: (_from, to) => (to === forest ? 2 : 1),
      }),
    );
    expect(reach.cost.get('0406')).toBe(2);
    expect(reach.cost.get(forest)).toBe(4); // path B: enters the forest and must stop
    expect(reach.cost.has('0408')).toBe(false); // path F: five hexes counting the forest
  });

  it('goes around impassable hexes and costly ones when that is cheaper', () => {
    const wall = new Set(['0403', '0503', '0303']);
    const reach = reachable(search({ budget: 10, cost: (_f, to) => (wall.has(to) ? Infinity : to === '0402' ? 5 : 1) }));
    for (const h of wall) expect(reach.cost.has(h)).toBe(false);
    const path = pathTo(reach, '0402')!;
    expect(path[0]).toBe('0404');
    expect(path[path.length - 1]).toBe('0402');
    for (const h of path) expect(wall.has(h)).toBe(false);
    for (let i = 1; i < path.length; i++) expect(bfm.distance(path[i - 1]!, path[i]!)).toBe(1);
    expect(reach.cost.get('0402')).toBe(path.length - 2 + 5);
    // A negative cost is a forbidden step, not a free one.
    expect(reachable(search({ cost: (_f, to) => (to === '0405' ? -1 : 1) })).cost.has('0405')).toBe(false);
  });

  it('stops in a hex that ends movement and never moves on from it (zones of control, paths C and D)', () => {
    const zoc = new Set(['0405']);
    const corridor = ['0404', '0405', '0406'];
    const reach = reachable(
      search({ budget: 4, neighbours: (h) => b.neighbours(h).filter((n) => corridor.includes(n)), stopsIn: (h) => zoc.has(h) }),
    );
    expect(reach.cost.get('0405')).toBe(1); // entered, and stopped
    expect(reach.cost.has('0406')).toBe(false);
  });

  it('routes around stop hexes when a free way exists, and may leave one it starts in', () => {
    const zoc = new Set(['0405', '0305', '0505']);
    // Straight through 0405 is two steps; round either side (0504 0604 0605 0506, or 0304 0204 0205 0306) it is five.
    const reach = reachable(search({ budget: 6, stopsIn: (h) => zoc.has(h) }));
    const path = pathTo(reach, '0406')!;
    expect(path.slice(1, -1).some((h) => zoc.has(h))).toBe(false);
    expect(reach.cost.get('0406')).toBe(5);
    expect(reachable(search({ budget: 4, stopsIn: (h) => zoc.has(h) })).cost.has('0406')).toBe(false);
    const fromInside = reachable(search({ start: '0405', budget: 1, stopsIn: (h) => zoc.has(h) }));
    expect(fromInside.cost.has('0406')).toBe(true);
  });

  it('gives the start alone as the path to itself and nothing for an unreachable goal', () => {
    const reach = reachable(search({}));
    expect(pathTo(reach, '0404')).toEqual(['0404']);
    expect(pathTo(reach, '0808')).toBeUndefined();
  });
});

describe('flood fill and components', () => {
  const b = board(bfm, 10, 10);
  const westEdge = [...b.ids].filter((h) => h.startsWith('01'));
  const eastEdge = [...b.ids].filter((h) => h.startsWith('10'));

  it('traces supply to an edge through a gap in a line, and not once the gap closes', () => {
    const wall = (gap: boolean) => (h: HexId) => h.startsWith('05') && !(gap && h === '0505');
    const open = floodFill(eastEdge, b.neighbours, (h) => !wall(true)(h));
    expect(westEdge.every((h) => open.has(h))).toBe(true);
    expect(open.size).toBe(100 - 9);
    const closed = floodFill(eastEdge, b.neighbours, (h) => !wall(false)(h));
    expect(westEdge.some((h) => closed.has(h))).toBe(false);
    expect(closed.size).toBe(50);
  });

  it('ignores seeds that do not pass', () => {
    expect(floodFill(['0101'], b.neighbours, (h) => h !== '0101').size).toBe(0);
  });

  it('finds a pocket cut off by a ring of enemy hexes', () => {
    const enemy = new Set(bfm.ring('0505', 1));
    const free = [...b.ids].filter((h) => !enemy.has(h));
    const supplied = floodFill(westEdge, b.neighbours, (h) => !enemy.has(h));
    expect(supplied.has('0505')).toBe(false);
    const regions = components(free, b.neighbours);
    expect(regions.map((r) => r.size).sort((x, y) => x - y)).toEqual([1, 100 - 7]);
    expect(regions.find((r) => r.size === 1)).toEqual(new Set(['0505']));
  });
});

describe('seeded dice', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    expect(rollMany(newDice(1941), 30).values).toEqual(rollMany(newDice(1941), 30).values);
    expect(rollMany(newDice(1941), 30).values).not.toEqual(rollMany(newDice(1942), 30).values);
  });

  it('rolls values in 1..sides, every face turning up', () => {
    for (const sides of [6, 10]) {
      const { values } = rollMany(newDice(7), 600, sides);
      for (const v of values) {
        expect(Number.isInteger(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(1);
        expect(v).toBeLessThanOrEqual(sides);
      }
      expect(new Set(values).size).toBe(sides);
    }
  });

  it('advances the roll counter and state without changing the dice it was given', () => {
    const d0 = newDice(5);
    const r1 = roll(d0);
    expect(d0).toEqual({ seed: 5, state: 5, rolls: 0 });
    expect(r1.dice.rolls).toBe(1);
    expect(r1.dice.seed).toBe(5);
    expect(r1.dice.state).not.toBe(d0.state);
    expect(rollMany(r1.dice, 4).dice.rolls).toBe(5);
    expect(rollMany(d0, 0)).toEqual({ values: [], dice: d0 });
  });

  it('keeps its state as plain JSON that resumes the same sequence', () => {
    const { dice } = rollMany(newDice(31), 3);
    const stored = JSON.parse(JSON.stringify(dice)) as typeof dice;
    expect(stored).toEqual(dice);
    expect(rollMany(stored, 5).values).toEqual(rollMany(dice, 5).values);
    // Rolling one at a time and rolling many are the same stream.
    let d = newDice(31);
    const one: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = roll(d);
      one.push(r.value);
      d = r.dice;
    }
    expect(one).toEqual(rollMany(newDice(31), 8).values);
    expect(newDice(-1).seed).toBe(4294967295);
  });
});
