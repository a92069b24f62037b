/**
 * Generate assets/maps/operation-typhoon.json from the inputs in data/typhoon-map/.
 *
 *   npx tsx scripts/generate-typhoon-map/main.ts [output path]
 *   npm run generate:typhoon-map
 *
 * Deterministic: the same inputs always give the same bytes. The output is validated
 * against the project's map schema before it is written.
 */
import { generateMap } from '../map-generator/generate.js';
import { buildTyphoonMap, loadInputs, OUTPUT_PATH, summarize } from './build.js';

generateMap({
  build: () => {
    const inputs = loadInputs();
    return { map: buildTyphoonMap(inputs), inputs };
  },
  mapPath: OUTPUT_PATH,
  summary: ({ map, inputs }, out) => {
    const s = summarize(map, inputs);
    return [
      `wrote ${out}`,
      `hexes ${s.hexes}: ${Object.entries(s.terrain)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ')} (water ${s.water})`,
      `control: german ${s.control.german} in ${s.germanRegions} region(s), soviet ${s.control.soviet} in ${s.sovietRegions} region(s)`,
      `front chain rows ${s.frontRows[0]}..${s.frontRows[1]}, connected: ${s.frontChainConnected}`,
      `river hexsides ${s.riverSides}: ${Object.entries(s.riverSidesByName)
        .map(([n, k]) => `${n} ${k}`)
        .join(', ')}`,
      `places: ${s.places.capital} capital hexes, ${s.places.city} cities, ${s.places.town} towns`,
      ...Object.entries(s.setupRoom).map(
        ([id, r]) => `sector ${id}: ${r.setupHexes} set-up hexes (${r.frontHexes} on the front, rows ${r.rows[0]}..${r.rows[1]})`,
      ),
      `1 Nov 1941 calibration: ${s.calibration.vp} VP from ${s.calibration.places.join(', ')}`,
    ];
  },
});
