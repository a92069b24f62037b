import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The design table of docs/contributing.md as data: each folder and the folders it may import. The linter
 * (biome.json, noRestrictedImports) must refuse every other arrow, and the tree must hold none.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const LOWER = ['kernel', 'contracts', 'maps', 'games', 'render', 'store', 'session', 'votes'] as const;
const MAY_IMPORT: Record<string, readonly string[]> = {
  'src/kernel': [],
  'src/contracts': ['kernel'],
  'src/maps': ['kernel', 'contracts'],
  'src/games': ['kernel', 'contracts', 'maps'],
  'src/render': ['kernel', 'contracts', 'maps'],
  'src/store': ['kernel', 'contracts'],
  'src/session': ['kernel', 'contracts', 'maps', 'games', 'render', 'store'],
  'src/votes': ['kernel', 'contracts', 'maps', 'games', 'render', 'store', 'session'],
  'src/dispatch': [...LOWER],
  commands: [...LOWER, 'dispatch'],
  'src/console': [...LOWER, 'dispatch', 'commands'],
  'src/discord': [...LOWER, 'dispatch', 'commands'],
};
const FOLDERS: Record<string, string> = {
  ...Object.fromEntries([...LOWER, 'dispatch', 'console', 'discord'].map((f) => [f, `src/${f}`])),
  commands: 'commands',
};

/** The folder (a key of MAY_IMPORT) a file path relative to the root lies in. */
function layerOf(path: string): string | undefined {
  return Object.keys(MAY_IMPORT).find((f) => path === f || path.startsWith(`${f}/`));
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (name.endsWith('.ts')) yield path;
  }
}

/** Every relative import in the tree as [importing file, imported file], both relative to the root. */
function importArrows(): [string, string][] {
  const arrows: [string, string][] = [];
  for (const top of ['src', 'commands'])
    for (const file of sourceFiles(join(ROOT, top))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
        const target = relative(ROOT, resolve(dirname(file), m[1]!))
          .split(sep)
          .join('/');
        arrows.push([relative(ROOT, file).split(sep).join('/'), target]);
      }
    }
  return arrows;
}

/** The file an import names: `./x.js` is `x.ts`, a folder is its `index.ts`. */
function sourceOf(target: string): string {
  if (target.endsWith('.js')) return `${target.slice(0, -3)}.ts`;
  return existsSync(join(ROOT, `${target}.ts`)) ? `${target}.ts` : `${target}/index.ts`;
}

/**
 * Every import circle in the tree, one readable path per tangle (`a.ts -> b.ts -> a.ts`): the
 * strongly connected parts of the import graph (Tarjan), each shown by its shortest circle
 * through its first file, with the count of files tangled in it.
 */
function importCircles(arrows: readonly [string, string][]): string[] {
  const next = new Map<string, string[]>();
  for (const [from, to] of arrows) next.set(from, [...(next.get(from) ?? []), sourceOf(to)]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const tangles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || next.get(v)?.includes(v)) tangles.push(part.sort());
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return tangles.map((part) => {
    const inPart = new Set(part);
    const start = part[0]!;
    // Breadth first inside the tangle: the shortest way from its first file back to itself.
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const v = queue.shift()!;
      if ((next.get(v) ?? []).includes(start)) {
        const path = [v];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return `${[...path, start].join(' -> ')}${part.length > path.length ? ` (${part.length} files tangled)` : ''}`;
      }
      for (const w of next.get(v) ?? [])
        if (inPart.has(w) && w !== start && !cameFrom.has(w)) {
          cameFrom.set(w, v);
          queue.push(w);
        }
    }
    return part.join(' -> ');
  });
}

describe('layers point down', () => {
  it('no import in src/ or commands/ runs up the design table', () => {
    const arrows = importArrows();
    expect(arrows.length).toBeGreaterThan(300);
    const upward = arrows.filter(([from, to]) => {
      const a = layerOf(from);
      const b = layerOf(to);
      return a && b && a !== b && !MAY_IMPORT[a]!.some((allowed) => FOLDERS[allowed] === b);
    });
    expect(upward).toEqual([]);
  });

  it('no import circle in src/ or commands/, type-only imports included', () => {
    // Type-only imports count: a circle of types still ties its files together (none can be read,
    // moved or tested apart from the others), and one value import along it makes it a circle at run time.
    expect(importCircles(importArrows())).toEqual([]);
  });

  it('the circle finder names a circle as the path round it', () => {
    const arrows: [string, string][] = [
      ['src/a.ts', 'src/b.js'],
      ['src/b.ts', 'src/c.js'],
      ['src/c.ts', 'src/a.js'],
      ['src/c.ts', 'src/d.js'],
    ];
    expect(importCircles(arrows)).toEqual(['src/a.ts -> src/b.ts -> src/c.ts -> src/a.ts']);
  });

  it('a game folder imports no other game: each game is one folder (the kit all games share is no game)', () => {
    const gameOf = (path: string) => /^src\/games\/([^/]+)\//.exec(path)?.[1];
    const crossing = importArrows().filter(([from, to]) => {
      const a = gameOf(from);
      const b = gameOf(to);
      return a && b && a !== b && b !== 'kit';
    });
    expect(crossing).toEqual([]);
    // The kit serves every game and names none.
    expect(importArrows().filter(([from, to]) => gameOf(from) === 'kit' && gameOf(to) && gameOf(to) !== 'kit')).toEqual([]);
  });

  it('the linter refuses every arrow the table forbids and allows every one it permits', () => {
    // A scratch tree with the project's linter settings: one probe file per (layer, target) pair.
    const dir = mkdtempSync(join(tmpdir(), 'layers-'));
    const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
    config.vcs = { enabled: false };
    delete config.$schema;
    writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
    const expected = new Map<string, boolean>();
    for (const [layer, allowed] of Object.entries(MAY_IMPORT)) {
      for (const [name, target] of Object.entries(FOLDERS)) {
        if (target === layer) continue;
        // A probe one folder deeper than the layer's root, as a game's files are.
        const probe = `${layer}/deep/probe-${name}.ts`;
        const specifier = relative(dirname(join(dir, probe)), join(dir, target, 'index.js'))
          .split(sep)
          .join('/');
        mkdirSync(dirname(join(dir, probe)), { recursive: true });
        writeFileSync(join(dir, probe), `import { thing } from '${specifier}';\n\nexport const used = thing;\n`);
        expected.set(probe, !allowed.includes(name));
      }
    }
    const biome = join(ROOT, 'node_modules', '.bin', 'biome');
    let output: string;
    try {
      output = execFileSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (err) {
      output = (err as { stdout: string }).stdout;
    }
    const report = JSON.parse(output) as { diagnostics: { category: string; location: { path: string } }[] };
    const refused = new Set(report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports').map((d) => d.location.path));
    const wrong = [...expected]
      .filter(([probe, forbidden]) => refused.has(probe) !== forbidden)
      .map(([p, f]) => `${p}: ${f ? 'not refused' : 'refused'}`);
    expect(expected.size).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });
});
