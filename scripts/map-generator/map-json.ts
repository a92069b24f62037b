/**
 * The bytes of a generated map: one hex, river and rail a line, sorted, so a change to the map
 * reads as a small diff and the same map always gives the same bytes.
 */
import type { GameMap } from '../../src/maps/schema.js';

/** Stable JSON: fixed key order, one sector, hex or river per line. */
export function formatMapJson(map: GameMap): string {
  const j = (v: unknown) => JSON.stringify(v);
  const block = (entries: string[]) => (entries.length === 0 ? '[]' : `[\n    ${entries.join(',\n    ')}\n  ]`);
  const hexLines = Object.keys(map.hexes)
    .sort()
    .map((id) => {
      const h = map.hexes[id]!;
      const ordered: Record<string, unknown> = { terrain: h.terrain };
      if (h.place) ordered.place = { name: h.place.name, kind: h.place.kind, ...(h.place.label ? { label: h.place.label } : {}) };
      if (h.setup) ordered.setup = h.setup;
      if (h.control) ordered.control = h.control;
      if (h.sector) ordered.sector = h.sector;
      if (h.water) ordered.water = h.water;
      return `${j(id)}: ${j(ordered)}`;
    });
  const rivers = map.rivers.map((r) => j({ side: r.side, ...(r.name ? { name: r.name } : {}), ...(r.major ? { major: true } : {}) }));
  const sectors = map.sectors.map((s) => j({ id: s.id, name: s.name, side: s.side, colour: s.colour, text: s.text }));
  const supply: Record<string, unknown> = {};
  for (const side of ['german', 'soviet'] as const) if (map.supplyEdges[side]) supply[side] = map.supplyEdges[side];
  return (
    '{\n' +
    `  "id": ${j(map.id)},\n` +
    `  "title": ${j(map.title)},\n` +
    `  "source": ${j(map.source)},\n` +
    `  "grid": ${j({ lowColumns: map.grid.lowColumns, columns: map.grid.columns, rows: map.grid.rows })},\n` +
    `  "supplyEdges": ${j(supply)},\n` +
    `  "sectors": ${block(sectors)},\n` +
    `  "hexes": {\n    ${hexLines.join(',\n    ')}\n  },\n` +
    `  "rivers": ${block(rivers)},\n` +
    `  "rails": ${block(map.rails.map((r) => j(r)))}\n` +
    '}\n'
  );
}

// ---------------------------------------------------------------------------------------
// Measurements the generator prints and the tests check.
