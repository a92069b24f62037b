/**
 * The entry every map generator shares: build the map, check it against the project's map
 * schema, write it (and the game's features file, when it has one) and print a summary to
 * check at a glance. A generator's main.ts says only what is its own.
 *
 *   npx tsx scripts/generate-<game>-map/main.ts [map path] [features path]
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type GameMap, gameMapSchema } from '../../src/maps/schema.js';
import { formatMapJson } from './map-json.js';

export interface MapGenerator<Built extends { map: GameMap }> {
  /** The map and whatever else the summary reads (the inputs, a features file). */
  build(): Built;
  /** Where the map goes unless the first argument names another path. */
  mapPath: string;
  /** The game's own features file, unless the second argument names another path. */
  features?: { path: string; json(built: Built): string };
  /** What to print once written; `mapPath` is where the map went. */
  summary(built: Built, mapPath: string): string[];
}

export function generateMap<Built extends { map: GameMap }>(generator: MapGenerator<Built>, args = process.argv.slice(2)): void {
  const built = generator.build();
  const json = formatMapJson(built.map);
  gameMapSchema.parse(JSON.parse(json));
  const mapPath = args[0] ?? generator.mapPath;
  writeFileSync(mapPath, json);
  if (generator.features) writeFileSync(args[1] ?? generator.features.path, generator.features.json(built));
  for (const line of generator.summary(built, mapPath)) console.log(line);
}

/** Whether the module at `url` is the script being run (not imported by a test). */
export function isEntry(url: string): boolean {
  return !!process.argv[1] && url === pathToFileURL(process.argv[1]).href;
}

/** "hexes N: german X, soviet Y", with the German side named as the game names it. */
export function controlLine(map: GameMap, german = 'german'): string {
  const ids = Object.keys(map.hexes);
  const count = (side: 'german' | 'soviet') => ids.filter((id) => map.hexes[id]!.control === side).length;
  return `hexes ${ids.length}: ${german} ${count('german')}, soviet ${count('soviet')}`;
}

/** "places: Moscow 1234, ..." in hex order. */
export function placesLine(map: GameMap): string {
  const ids = Object.keys(map.hexes);
  return `places: ${ids
    .filter((id) => map.hexes[id]!.place)
    .map((id) => `${map.hexes[id]!.place!.name} ${id}`)
    .join(', ')}`;
}
