import { type LoadedMap, parseMap } from '../../src/maps/game-map.js';

/**
 * A 6x5 map with one of everything, for renderer tests that must not depend on the real
 * maps' contents: forest at 0202, marsh at 0302, a fortification at 0402, a river between
 * 0203 and 0303, a rail 0101-0201-0301, a city at 0404 and a German/Soviet split at
 * column 3/4.
 */
export function tinyMap(): LoadedMap {
  const hexes: Record<string, unknown> = {};
  for (let c = 1; c <= 6; c++) {
    for (let r = 1; r <= 5; r++) {
      const id = `${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`;
      hexes[id] = { terrain: 'clear', control: c <= 3 ? 'german' : 'soviet' };
    }
  }
  Object.assign(hexes['0202']!, { terrain: 'forest' });
  Object.assign(hexes['0302']!, { terrain: 'marsh' });
  Object.assign(hexes['0402']!, { terrain: 'fortification' });
  Object.assign(hexes['0404']!, { place: { name: 'Testgrad', kind: 'city' } });
  return parseMap({
    id: 'tiny',
    title: 'Tiny test map',
    source: 'test fixture',
    grid: { lowColumns: 'even', columns: [1, 6], rows: [1, 5] },
    hexes,
    rivers: [{ side: '0203/0303', name: 'Test', major: true }],
    rails: [{ name: 'Line', path: ['W', '0101', '0201', '0301'] }],
  });
}
