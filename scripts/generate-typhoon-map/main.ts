/**
 * Generate assets/maps/operation-typhoon.json from the inputs in data/typhoon-map/.
 *
 *   npx tsx scripts/generate-typhoon-map/main.ts [output path]
 *   npm run generate:typhoon-map
 *
 * Deterministic: the same inputs always give the same bytes. The output is validated
 * against the project's map schema before it is written.
 */

import { writeFileSync } from 'node:fs';
import { gameMapSchema } from '../../src/maps/schema.js';
import { buildTyphoonMap, formatMapJson, loadInputs, OUTPUT_PATH, summarize } from './build.js';

const out = process.argv[2] ?? OUTPUT_PATH;
const inputs = loadInputs();
const map = buildTyphoonMap(inputs);
const json = formatMapJson(map);
gameMapSchema.parse(JSON.parse(json));
writeFileSync(out, json);

const s = summarize(map, inputs);
console.log(`wrote ${out}`);
console.log(
  `hexes ${s.hexes}: ${Object.entries(s.terrain)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ')} (water ${s.water})`,
);
console.log(
  `control: german ${s.control.german} in ${s.germanRegions} region(s), soviet ${s.control.soviet} in ${s.sovietRegions} region(s)`,
);
console.log(`front chain rows ${s.frontRows[0]}..${s.frontRows[1]}, connected: ${s.frontChainConnected}`);
console.log(
  `river hexsides ${s.riverSides}: ${Object.entries(s.riverSidesByName)
    .map(([n, k]) => `${n} ${k}`)
    .join(', ')}`,
);
console.log(`places: ${s.places.capital} capital hexes, ${s.places.city} cities, ${s.places.town} towns`);
for (const [id, r] of Object.entries(s.setupRoom)) {
  console.log(`sector ${id}: ${r.setupHexes} set-up hexes (${r.frontHexes} on the front, rows ${r.rows[0]}..${r.rows[1]})`);
}
console.log(`1 Nov 1941 calibration: ${s.calibration.vp} VP from ${s.calibration.places.join(', ')}`);
