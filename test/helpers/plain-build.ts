import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { compileFiles, sourceFiles } from '../../scripts/build-dist.js';

/**
 * The bot's TypeScript as plain JavaScript, each file compiled on its own by the production
 * build's compiler (scripts/build-dist.ts: no type check, as tsx does it), for the tests that start the bot as a process again and again (the crash
 * loop, the two-process store tests). Under `node --import tsx` every module a process and
 * its worker threads load passes through tsx's loader: half of a start-up's CPU time. The
 * code run is the same source; test/discord/process.test.ts still starts the bot with tsx,
 * as `npm start` does, and test/project/production-build.test.ts runs the `npm run build` output.
 *
 * The output sits under node_modules/.cache, so its imports find node_modules and the code
 * finds assets/ by walking up; it is kept per hash of the sources and rebuilt when one changes.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const SOURCES = ['src', 'commands', 'test/helpers'];
const CACHE = join(ROOT, 'node_modules', '.cache', 'plain-build');

let built: string | undefined;

/** The plain-JavaScript path of a source file (relative to the project), compiled if need be. */
export function plainEntry(entry: string): string {
  built ??= build();
  return join(built, entry.replace(/\.ts$/, '.js'));
}

function build(): string {
  const files = SOURCES.flatMap((dir) => [...sourceFiles(join(ROOT, dir))]);
  const tsconfigRaw = readFileSync(join(ROOT, 'tsconfig.json'), 'utf8');
  const hash = createHash('sha256').update(tsconfigRaw);
  for (const file of files)
    hash
      .update(`${relative(ROOT, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  const out = join(CACHE, hash.digest('hex').slice(0, 16));
  if (existsSync(out)) return out;
  // Written aside and renamed into place: another test process may be building the same.
  const partial = `${out}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  compileFiles(files, partial);
  try {
    renameSync(partial, out);
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(out)) throw err;
  }
  // Builds of older sources, left for a day in case another run still uses one.
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (path !== out && Date.now() - statSync(path).mtimeMs > 86_400_000) rmSync(path, { recursive: true, force: true });
  }
  return out;
}
