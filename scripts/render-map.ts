import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { View } from '../src/../src/contracts/scene.js';
import { INSTALLED_GAMES } from '../src/games/installed.js';
import { loadMap } from '../src/maps/game-map.js';
import { encodeImage } from '../src/render/encode-image.js';
import { renderMap } from '../src/render/render-map.js';
import { printedScene } from '../src/session/map-views.js';

/**
 * npm run render -- --game operation-typhoon --out map.png [--center 2520 --zoom] [--radius 5]
 * The image format follows the file extension (.png or .webp).
 */
const { values } = parseArgs({
  options: {
    game: { type: 'string', default: 'operation-typhoon' },
    out: { type: 'string', default: 'map.png' },
    center: { type: 'string' },
    zoom: { type: 'boolean', default: false },
    radius: { type: 'string' },
  },
});

const game = INSTALLED_GAMES.find((g) => g.id === values.game);
if (!game) {
  console.error(`Unknown game "${values.game}". Games: ${INSTALLED_GAMES.map((g) => g.id).join(', ')}`);
  process.exit(2);
}
const map = loadMap(game.mapFile);
if ((values.zoom || values.center) && !values.center) {
  console.error('--zoom needs --center XXYY');
  process.exit(2);
}
if (values.center && !map.has(values.center)) {
  console.error(`There is no hex ${values.center} on the ${map.data.title} map.`);
  process.exit(2);
}
const view: View = values.center
  ? { kind: 'zoom', center: values.center, radius: values.radius ? Number(values.radius) : undefined }
  : { kind: 'full' };
const scene = printedScene(map, game);
if (values.center) scene.highlights = { selected: [values.center] };
const format = values.out!.endsWith('.webp') ? 'webp' : 'png';
const canvas = renderMap(map, scene, view);
writeFileSync(values.out!, await encodeImage(canvas, format));
console.log(`${values.out}: ${canvas.width}x${canvas.height} ${format}`);
