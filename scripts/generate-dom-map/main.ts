/**
 * Generate assets/maps/drive-on-moscow.json and drive-on-moscow-features.json.
 *
 *   npx tsx scripts/generate-dom-map/main.ts
 *   npm run generate:dom-map
 *
 * Deterministic: the same inputs always give the same bytes; the map is validated against
 * the project's map schema before it is written.
 */
import { controlLine, generateMap, placesLine } from '../map-generator/generate.js';
import { buildDomMap, FEATURES_PATH, formatFeaturesJson, loadInputs, OUTPUT_PATH } from './build.js';

generateMap({
  build: () => buildDomMap(loadInputs()),
  mapPath: OUTPUT_PATH,
  features: { path: FEATURES_PATH, json: ({ features }) => formatFeaturesJson(features) },
  summary: ({ map, features }) => [
    controlLine(map),
    placesLine(map),
    `fortifications ${Object.keys(features.fortifications).length}, sources ${features.supplySources.join(' ')}, reservoir sides ${features.reservoirs.length}, reserve hexes ${features.reserve.length}, river sides ${map.rivers.length}`,
  ],
});
