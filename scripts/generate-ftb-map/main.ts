/**
 * Generate assets/maps/fight-typhoon-blitz.json and fight-typhoon-blitz-features.json.
 *
 *   npx tsx scripts/generate-ftb-map/main.ts
 *   npm run generate:ftb-map
 *
 * Deterministic: the same inputs always give the same bytes; the map is validated against
 * the project's map schema before it is written.
 */
import { controlLine, generateMap, placesLine } from '../map-generator/generate.js';
import { buildFtbMap, FEATURES_PATH, formatFeaturesJson, loadInputs, OUTPUT_PATH } from './build.js';

generateMap({
  build: () => buildFtbMap(loadInputs()),
  mapPath: OUTPUT_PATH,
  features: { path: FEATURES_PATH, json: ({ features }) => formatFeaturesJson(features) },
  summary: ({ map, features }) => [
    controlLine(map, 'axis'),
    placesLine(map),
    `deep forest ${features.deepForest.length}, positions ${Object.keys(features.positions).length}, road sides ${features.roads.length}, rails ${map.rails.length}, river sides ${map.rivers.length} (major ${map.rivers.filter((r) => r.major).length}), axis sources ${features.axisSources.join(' ')}, soviet sources ${features.sovietSources.join(' ')}`,
    `hq ${JSON.stringify(features.hq)}`,
  ],
});
