import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';

/**
 * The production build: every TypeScript file of the bot compiled on its own to plain
 * JavaScript with the project's compiler options (esbuild, as tsx does it at run time), with
 * source maps; `.mjs` files copied. Types are checked once, by `npm run lint` (`tsc --noEmit`
 * over the whole tree, these files included), so the build only translates: a second full
 * `tsc` pass would check the same files again.
 */
export const ROOT = resolve(import.meta.dirname, '..');
/** The folders compiled whole, and the scripts an operator runs from the build (with what they import). */
export const DIST_FOLDERS = ['src', 'commands'];
export const DIST_SCRIPTS = ['scripts/deploy-commands.ts', 'scripts/verify-game.ts'];

/** The `.ts` and `.mjs` files under `dir`, in a stable order. */
export function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mjs)$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

/** `entries` and every file they import by a relative path, transitively. */
function importClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g))
      queue.push(resolve(dirname(file), m[1]!).replace(/\.js$/, '.ts'));
  }
  return [...seen];
}

/** Every file the build compiles or copies, absolute, sorted. */
export function distSources(root = ROOT, folders = DIST_FOLDERS, scripts = DIST_SCRIPTS): string[] {
  const files = new Set(folders.flatMap((dir) => [...sourceFiles(join(root, dir))]));
  for (const file of importClosure(scripts.map((s) => join(root, s)))) files.add(file);
  return [...files].sort();
}

/**
 * Compiles `files` (absolute, under `root`) into `out`, keeping their paths relative to
 * `root`. `sourceMaps`: a `.js.map` beside each file (the production build has them; the
 * tests' throwaway builds do not need them).
 */
export function compileFiles(files: readonly string[], out: string, options: { root?: string; sourceMaps?: boolean } = {}): void {
  const root = options.root ?? ROOT;
  const tsconfigRaw = readFileSync(join(root, 'tsconfig.json'), 'utf8');
  for (const file of files) {
    const target = join(out, relative(root, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(target), { recursive: true });
    if (!file.endsWith('.ts')) {
      copyFileSync(file, target);
      continue;
    }
    const result = transformSync(readFileSync(file, 'utf8'), {
      loader: 'ts',
      format: 'esm',
      target: 'es2022',
      sourcefile: relative(dirname(target), file),
      sourcemap: options.sourceMaps ? 'external' : false,
      tsconfigRaw,
    });
    if (!options.sourceMaps) {
      writeFileSync(target, result.code);
      continue;
    }
    const map = `${target}.map`;
    writeFileSync(target, `${result.code}//# sourceMappingURL=${relative(dirname(target), map)}\n`);
    writeFileSync(map, result.map);
  }
}

/** `npm run build`: dist/ made anew. */
export function buildDist(out = join(ROOT, 'dist')): number {
  const files = distSources();
  rmSync(out, { recursive: true, force: true });
  compileFiles(files, out, { sourceMaps: true });
  return files.length;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const count = buildDist();
  console.log(`Built ${count} files into dist/ in ${Math.round(performance.now() - started)} ms.`);
}
