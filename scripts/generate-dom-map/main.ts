/**
 * Generate assets/maps/drive-on-moscow.json and drive-on-moscow-features.json.
 *
 *   npx tsx scripts/generate-dom-map/main.ts
 *   npm run generate:dom-map
 *
 * Deterministic: the same inputs always give the same bytes; the map is validated against
 * the project's map schema before it is written.
 */

import { writeFileSync } from 'node:fs';
import { gameMapSchema } from '../../src/maps/schema.js';
import { formatMapJson } from '../generate-typhoon-map/build.js';
import { buildDomMap, FEATURES_PATH, formatFeaturesJson, loadInputs, OUTPUT_PATH } from './build.js';

const { map, features } = buildDomMap(loadInputs());
const json = formatMapJson(map);
gameMapSchema.parse(JSON.parse(json));
writeFileSync(process.argv[2] ?? OUTPUT_PATH, json);
writeFileSync(process.argv[3] ?? FEATURES_PATH, formatFeaturesJson(features));

const ids = Object.keys(map.hexes);
const count = (f: (id: string) => boolean) => ids.filter(f).length;
console.log(
  `hexes ${ids.length}: german ${count((id) => map.hexes[id]!.control === 'german')}, soviet ${count((id) => map.hexes[id]!.control === 'soviet')}`,
);
console.log(
  `places: ${ids
    .filter((id) => map.hexes[id]!.place)
    .map((id) => `${map.hexes[id]!.place!.name} ${id}`)
    .join(', ')}`,
);
console.log(
  `fortifications ${Object.keys(features.fortifications).length}, sources ${features.supplySources.join(' ')}, reservoir sides ${features.reservoirs.length}, reserve hexes ${features.reserve.length}, river sides ${map.rivers.length}`,
);
