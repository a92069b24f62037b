/**
 * Build assets/maps/battle-for-moscow.json from the transcribed reference tables in
 * data/battle-for-moscow/ (hexes.txt: the per-hex table; reference.json: the independent
 * lists of forests, defense lines, cities, set-up hexes, rail lines and river hexsides).
 *
 *   npx tsx scripts/build-bfm-map.ts [output path]
 *
 * The two sources are cross-checked before anything is written: per-hex river directions
 * against the hexside list, rail hexes against the lines, every consecutive rail pair
 * adjacent, terrain, cities and set-up hexes against their lists and counts. Deterministic:
 * the same inputs always give the same bytes.
 */

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DIRECTIONS, type Direction, formatHexId, HexGrid, type HexId } from '../src/kernel/hex.js';
import { type HexsideKey, hexsideKey } from '../src/kernel/hexside.js';
import { type GameMap, gameMapSchema, type MapHex, type Terrain } from '../src/maps/schema.js';
import { generateMap, isEntry } from './map-generator/generate.js';
import { formatMapJson } from './map-generator/map-json.js';

export const DATA_DIR = fileURLToPath(new URL('../data/battle-for-moscow/', import.meta.url));
export const OUTPUT_PATH = fileURLToPath(new URL('../assets/maps/battle-for-moscow.json', import.meta.url));

export const MAP_SOURCE =
  'Transcribed from the printed map of Battle for Moscow (Frank Chadwick, GDW 1986; free grognard.com ' +
  're-release): terrain, defense lines, cities, set-up hexes and the 58 river hexsides from the per-hex table of ' +
  'tscheffel/battleformoscow (modules/js/MapData.js at 1d585f9), verified against the map image; the 16 rail ' +
  'lines re-transcribed from the map image. Roslavl (0307) is the unnamed city square of the GDW map, named as ' +
  'in the later redraw. Inputs and cross-checks: data/battle-for-moscow/, scripts/build-bfm-map.ts.';

/** 1.1: 14 columns by 10 rows, 0101 top-left, even columns half a hex lower. */
export const BFM_GRID = { lowColumns: 'even', columns: [1, 14], rows: [1, 10] } as const;

const hexId = z.string().regex(/^\d{4}$/);
const edge = z.enum(['N', 'E', 'S', 'W']);
const direction = z.enum(DIRECTIONS);

const hexRowSchema = z.object({
  hex: hexId,
  terrain: z.enum(['clear', 'forest', 'fort']),
  city: z.string().min(1),
  setup: z.enum(['-', 'S', 'G']),
  rail: z.enum(['-', 'Y']),
  rivers: z.array(direction),
});
export type HexRow = z.infer<typeof hexRowSchema>;

const sourced = { source: z.string().min(1) };
export const referenceSchema = z.object({
  ...sourced,
  counts: z.object({
    ...sourced,
    hexes: z.number().int(),
    terrain: z.object({ clear: z.number().int(), forest: z.number().int(), fortification: z.number().int() }),
    cities: z.number().int(),
    capital: z.number().int(),
    setup: z.object({ soviet: z.number().int(), german: z.number().int() }),
    railHexes: z.number().int(),
    railLines: z.number().int(),
    riverHexsides: z.number().int(),
  }),
  forest: z.object({ ...sourced, hexes: z.array(hexId) }),
  fortificationLines: z.object({ ...sourced, lines: z.array(z.object({ name: z.string(), hexes: z.array(hexId) })) }),
  cities: z.object({
    ...sourced,
    list: z.array(z.object({ hex: hexId, name: z.string().min(1), capital: z.boolean().optional() })),
  }),
  setup: z.object({ ...sourced, soviet: z.array(hexId), german: z.array(hexId) }),
  rails: z.object({
    ...sourced,
    hexes: z.array(hexId),
    lines: z.array(z.object({ name: z.string().min(1), path: z.array(z.union([hexId, edge])).min(2) })),
  }),
  rivers: z.object({
    ...sourced,
    /** "a/b", or "a/edge-DIR" where the river leaves the map through that side of a. */
    hexsides: z.array(z.string().regex(/^\d{4}\/(\d{4}|edge-(N|NE|SE|S|SW|NW))$/)),
  }),
});
export type Reference = z.infer<typeof referenceSchema>;

export interface BfmInputs {
  rows: HexRow[];
  reference: Reference;
}

/** Parse hexes.txt: '#' comments, one header line, then `hex terrain city setup rail rivers`. */
export function parseHexTable(text: string): HexRow[] {
  const lines = text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
  if (!lines[0]?.startsWith('hex')) throw new Error('hexes.txt: the header line "hex terrain city ..." is missing');
  return lines.slice(1).map((line, i) => {
    const cells = line.trim().split(/\s+/);
    if (cells.length !== 6) throw new Error(`hexes.txt row ${i + 1}: expected 6 columns, got ${cells.length}: "${line}"`);
    const [hex, terrain, city, setup, rail, rivers] = cells;
    const parsed = hexRowSchema.safeParse({ hex, terrain, city, setup, rail, rivers: rivers === '-' ? [] : rivers!.split(',') });
    if (!parsed.success) throw new Error(`hexes.txt row ${i + 1} ("${line}"): ${parsed.error.message}`);
    return parsed.data;
  });
}

export function loadBfmInputs(dir: string = DATA_DIR): BfmInputs {
  return {
    rows: parseHexTable(readFileSync(`${dir}/hexes.txt`, 'utf8')),
    reference: referenceSchema.parse(JSON.parse(readFileSync(`${dir}/reference.json`, 'utf8'))),
  };
}

const grid = new HexGrid({ lowColumns: BFM_GRID.lowColumns });
const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();
const TERRAIN: Record<HexRow['terrain'], Terrain> = { clear: 'clear', forest: 'forest', fort: 'fortification' };

/** The table's city cell as a place name: "MOSCOW" is the Moscow hex, "*" marks the unnamed square. */
function cityName(cell: string): string | undefined {
  if (cell === '-') return undefined;
  const bare = cell.replace(/\*$/, '');
  return bare.charAt(0) + bare.slice(1).toLowerCase();
}

/** A river hexside of the reference as a canonical key; an edge side names the off-map hex. */
export function riverKey(entry: string): HexsideKey {
  const [a, b] = entry.split('/') as [HexId, string];
  if (!b.startsWith('edge-')) return hexsideKey(a, b);
  const beyond = grid.step(a, b.slice('edge-'.length) as Direction);
  if (beyond === undefined) throw new Error(`river ${entry}: no hex beyond that side`);
  return hexsideKey(a, beyond);
}

function onEdge(id: HexId, side: 'N' | 'E' | 'S' | 'W'): boolean {
  const col = Number(id.slice(0, 2));
  const row = Number(id.slice(2));
  if (side === 'W') return col === BFM_GRID.columns[0];
  if (side === 'E') return col === BFM_GRID.columns[1];
  if (side === 'N') return row === BFM_GRID.rows[0];
  return row === BFM_GRID.rows[1];
}

/** Every disagreement between the hex table and the reference lists; empty when they agree. */
export function crossCheck({ rows, reference: ref }: BfmInputs): string[] {
  const problems: string[] = [];
  const expectSame = (what: string, a: Iterable<string>, b: Iterable<string>) => {
    const sa = sorted(a);
    const sb = new Set(b);
    const missing = sa.filter((x) => !sb.has(x));
    const extra = sorted(sb).filter((x) => !sa.includes(x));
    if (missing.length || extra.length)
      problems.push(`${what}: only in the first ${missing.join(' ') || '-'}; only in the second ${extra.join(' ') || '-'}`);
  };
  const expectCount = (what: string, actual: number, wanted: number) => {
    if (actual !== wanted) problems.push(`${what}: ${actual}, the reference says ${wanted}`);
  };
  const rowsWhere = (test: (r: HexRow) => boolean) => rows.filter(test).map((r) => r.hex);

  // 1.1: exactly the 140 hexes of the grid, each once.
  const gridIds: HexId[] = [];
  for (let c = BFM_GRID.columns[0]; c <= BFM_GRID.columns[1]; c++) {
    for (let r = BFM_GRID.rows[0]; r <= BFM_GRID.rows[1]; r++) gridIds.push(formatHexId({ col: c, row: r }));
  }
  expectCount('hex rows', rows.length, ref.counts.hexes);
  expectCount('distinct hex rows', new Set(rows.map((r) => r.hex)).size, ref.counts.hexes);
  expectSame(
    'table hexes vs the 14 x 10 grid',
    rowsWhere(() => true),
    gridIds,
  );

  // 1.2-1.3: terrain counts, the forest list and the three defense lines.
  expectCount('clear hexes', rowsWhere((r) => r.terrain === 'clear').length, ref.counts.terrain.clear);
  expectCount('forest hexes', rowsWhere((r) => r.terrain === 'forest').length, ref.counts.terrain.forest);
  expectCount('fortification hexes', rowsWhere((r) => r.terrain === 'fort').length, ref.counts.terrain.fortification);
  expectSame(
    'forest: table vs list',
    rowsWhere((r) => r.terrain === 'forest'),
    ref.forest.hexes,
  );
  expectSame(
    'fortification: table vs defense lines',
    rowsWhere((r) => r.terrain === 'fort'),
    ref.fortificationLines.lines.flatMap((l) => l.hexes),
  );

  // 1.4: cities by hex and name.
  expectSame(
    'cities: table vs list',
    rows.filter((r) => r.city !== '-').map((r) => `${r.hex} ${cityName(r.city)}`),
    ref.cities.list.map((c) => `${c.hex} ${c.name}`),
  );
  expectCount('cities', ref.cities.list.filter((c) => !c.capital).length, ref.counts.cities);
  expectCount('capital', ref.cities.list.filter((c) => c.capital).length, ref.counts.capital);
  for (const c of ref.cities.list.filter((x) => x.capital)) {
    if (rows.find((r) => r.hex === c.hex)?.city !== c.name.toUpperCase())
      problems.push(`capital ${c.name}: the table does not print it in capitals at ${c.hex}`);
  }

  // 1.5: set-up hexes.
  expectSame(
    'Soviet set-up: table vs list',
    rowsWhere((r) => r.setup === 'S'),
    ref.setup.soviet,
  );
  expectSame(
    'German set-up: table vs list',
    rowsWhere((r) => r.setup === 'G'),
    ref.setup.german,
  );
  expectCount('Soviet set-up hexes', ref.setup.soviet.length, ref.counts.setup.soviet);
  expectCount('German set-up hexes', ref.setup.german.length, ref.counts.setup.german);

  // 1.6: rail hexes in the table, in the list and on the lines agree; every step is adjacent.
  const lineHexes = ref.rails.lines.flatMap((l) => l.path.filter((s) => s.length === 4));
  expectSame(
    'rail hexes: table vs list',
    rowsWhere((r) => r.rail === 'Y'),
    ref.rails.hexes,
  );
  expectSame('rail hexes: list vs lines', ref.rails.hexes, lineHexes);
  expectCount('rail hexes', ref.rails.hexes.length, ref.counts.railHexes);
  expectCount('rail lines', ref.rails.lines.length, ref.counts.railLines);
  for (const line of ref.rails.lines) {
    line.path.forEach((step, i) => {
      const prev = line.path[i - 1];
      if (step.length === 1) {
        const inner = i === 0 ? line.path[1] : line.path[i - 1];
        if (i !== 0 && i !== line.path.length - 1) problems.push(`rail ${line.name}: edge ${step} inside the line`);
        else if (inner === undefined || inner.length !== 4 || !onEdge(inner, step as 'N' | 'E' | 'S' | 'W')) {
          problems.push(`rail ${line.name}: ${inner} does not lie on the ${step} edge`);
        }
      } else if (prev !== undefined && prev.length === 4 && grid.directionTo(prev, step) === undefined) {
        problems.push(`rail ${line.name}: ${prev} and ${step} are not adjacent`);
      }
    });
  }

  // 1.3 vs 1.7: each listed hexside appears, in the right direction, in the row of every
  // map hex it touches, and no row names a river side the list lacks.
  const listed = ref.rivers.hexsides.map(riverKey);
  expectCount('river hexsides', listed.length, ref.counts.riverHexsides);
  expectCount('distinct river hexsides', new Set(listed).size, ref.counts.riverHexsides);
  const fromRows = new Set<string>();
  for (const row of rows) {
    for (const dir of row.rivers) {
      const n = grid.step(row.hex, dir);
      if (n !== undefined) fromRows.add(`${hexsideKey(row.hex, n)} ${row.hex} ${dir}`);
    }
  }
  const onMap = new Set(rows.map((r) => r.hex));
  const fromList = listed.flatMap((key) => {
    const [a, b] = key.split('/') as [HexId, HexId];
    const ends: string[] = [];
    for (const [h, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const dir = grid.directionTo(h, other);
      if (dir === undefined) problems.push(`river ${key}: not adjacent`);
      else if (onMap.has(h)) ends.push(`${key} ${h} ${dir}`);
    }
    return ends;
  });
  expectSame('river sides: per-hex directions vs hexside list', fromRows, fromList);
  return problems;
}

/** The map as validated data; throws with every disagreement found by `crossCheck`. */
export function buildBfmMap(inputs: BfmInputs): GameMap {
  const problems = crossCheck(inputs);
  if (problems.length > 0) throw new Error(`Battle for Moscow reference tables disagree:\n- ${problems.join('\n- ')}`);
  const { rows, reference: ref } = inputs;
  const cities = new Map(ref.cities.list.map((c) => [c.hex, c]));
  const hexes: Record<HexId, MapHex> = {};
  for (const row of [...rows].sort((a, b) => a.hex.localeCompare(b.hex))) {
    const hex: MapHex = { terrain: TERRAIN[row.terrain] };
    const city = cities.get(row.hex);
    if (city) {
      hex.place = { name: city.name, kind: city.capital ? 'capital' : 'city' };
      // Rulebook, Replacements: cities start Soviet-owned unless a German unit starts there.
      hex.control = row.setup === 'G' ? 'german' : 'soviet';
    }
    if (row.setup !== '-') hex.setup = row.setup === 'S' ? 'soviet' : 'german';
    hexes[row.hex] = hex;
  }
  return gameMapSchema.parse({
    id: 'battle-for-moscow',
    title: 'Battle for Moscow',
    source: MAP_SOURCE,
    grid: { lowColumns: BFM_GRID.lowColumns, columns: [...BFM_GRID.columns], rows: [...BFM_GRID.rows] },
    // Rulebook, Replacements: Germans trace communication to the west edge, Soviets to the east.
    supplyEdges: { german: ['W'], soviet: ['E'] },
    sectors: [],
    hexes,
    rivers: sorted(ref.rivers.hexsides.map(riverKey)).map((side) => ({ side })),
    rails: ref.rails.lines.map((l) => ({ name: l.name, path: l.path })),
  });
}

/** The bytes of assets/maps/battle-for-moscow.json. */
export function buildBfmMapJson(inputs: BfmInputs): string {
  return formatMapJson(buildBfmMap(inputs));
}

if (isEntry(import.meta.url)) {
  generateMap({
    build: () => ({ map: buildBfmMap(loadBfmInputs()) }),
    mapPath: OUTPUT_PATH,
    summary: ({ map }, out) => {
      const count = (test: (h: MapHex) => boolean) => Object.values(map.hexes).filter(test).length;
      return [
        `wrote ${out}`,
        `hexes ${Object.keys(map.hexes).length}: clear ${count((h) => h.terrain === 'clear')}, forest ${count((h) => h.terrain === 'forest')}, ` +
          `fortification ${count((h) => h.terrain === 'fortification')}`,
        `cities ${count((h) => h.place?.kind === 'city')} + capital ${count((h) => h.place?.kind === 'capital')}; set-up soviet ${count((h) => h.setup === 'soviet')}, german ${count((h) => h.setup === 'german')}`,
        `river hexsides ${map.rivers.length}; rail lines ${map.rails.length}`,
      ];
    },
  });
}
