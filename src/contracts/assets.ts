import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's `assets/` folder (fonts, maps), found by walking up from this module: the same
 * code runs from `src/` under tsx and from `dist/src/` after `npm run build`, at different depths.
 */
let root: string | undefined;

export function assetPath(...parts: string[]): string {
  root ??= findAssets(dirname(fileURLToPath(import.meta.url)));
  return join(root, ...parts);
}

function findAssets(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'assets');
    if (existsSync(join(candidate, 'maps'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`No assets/ folder above ${from}: the bot's fonts and maps are missing.`);
  }
}
