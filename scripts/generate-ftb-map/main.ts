/**
 * Generate assets/maps/fight-typhoon-blitz.json and fight-typhoon-blitz-features.json.
 *
 *   npx tsx scripts/generate-ftb-map/main.ts
 *   npm run generate:ftb-map
 *
 * Deterministic: the same inputs always give the same bytes; the map is validated against
 * the project's map schema before it is written.
 */

import { writeFileSync } from 'node:fs';
import { gameMapSchema } from '../../src/maps/schema.js';
import { formatMapJson } from '../generate-typhoon-map/build.js';
import { buildFtbMap, FEATURES_PATH, formatFeaturesJson, loadInputs, OUTPUT_PATH } from './build.js';

const { map, features } = buildFtbMap(loadInputs());
const json = formatMapJson(map);
gameMapSchema.parse(JSON.parse(json));
writeFileSync(process.argv[2] ?? OUTPUT_PATH, json);
writeFileSync(process.argv[3] ?? FEATURES_PATH, formatFeaturesJson(features));

const ids = Object.keys(map.hexes);
const count = (f: (id: string) => boolean) => ids.filter(f).length;
console.log(
  `hexes ${ids.length}: axis ${count((id) => map.hexes[id]!.control === 'german')}, soviet ${count((id) => map.hexes[id]!.control === 'soviet')}`,
);
console.log(
  `places: ${ids
    .filter((id) => map.hexes[id]!.place)
    .map((id) => `${map.hexes[id]!.place!.name} ${id}`)
    .join(', ')}`,
);
console.log(
  `deep forest ${features.deepForest.length}, positions ${Object.keys(features.positions).length}, road sides ${features.roads.length}, rails ${map.rails.length}, river sides ${map.rivers.length} (major ${map.rivers.filter((r) => r.major).length}), axis sources ${features.axisSources.join(' ')}, soviet sources ${features.sovietSources.join(' ')}`,
);
console.log(`hq ${JSON.stringify(features.hq)}`);
