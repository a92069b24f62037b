import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs are many files that point at each other: a link to a moved file or a renamed
 * heading is a dead end for the reader, and nothing else would notice.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const README_MAX_LINES = 300;

/** Lines outside fenced code blocks, with their inline code spans blanked (neither holds links or headings). */
function proseLines(text: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      continue;
    }
    if (!fence) lines.push(line.replace(/(`+)[^`]*?\1/g, 'code'));
  }
  return lines;
}

/** GitHub's heading anchors: lowercase, punctuation but - and _ dropped, each space a -, repeats numbered -1, -2 ... */
function slugs(headings: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headings.map((heading) => {
    const text = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .trim()
      .toLowerCase();
    const base = text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  });
}

/** The anchors of a markdown text's ATX headings (the heading text as written, code spans included). */
function anchorsOf(text: string): Set<string> {
  const headings: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) fence = fence ? undefined : marker;
    else if (!fence) {
      const heading = /^#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
      if (heading !== undefined) headings.push(heading);
    }
  }
  return new Set(slugs(headings));
}

/** Every link and image target of a markdown text: `[text](target)`, `![alt](target "title")`. */
function linkTargets(text: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(text)) for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]!);
  return targets;
}

/**
 * The relative links of one markdown file that lead nowhere: a missing file, or an anchor that
 * no heading of the target makes. `file` is relative to the root; `text` is its content (given,
 * so a made-up page can be checked too). Web addresses are not followed.
 */
function brokenLinks(file: string, text: string): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const hash = target.indexOf('#');
    const path = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const full = path === '' ? join(ROOT, file) : resolve(ROOT, dirname(file), path);
    if (path !== '' && !existsSync(full)) {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!full.endsWith('.md') || statSync(full).isDirectory()) {
      broken.push(`${file}: ${target} (an anchor into a file that is not markdown)`);
      continue;
    }
    const anchors = anchorsOf(path === '' ? text : readFileSync(full, 'utf8'));
    if (!anchors.has(anchor)) broken.push(`${file}: ${target} (no heading makes #${anchor})`);
  }
  return broken;
}

function* markdownFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* markdownFiles(path);
    else if (name.endsWith('.md')) yield path;
  }
}

/** README.md and every markdown file under docs/, relative to the root with / separators. */
function docFiles(): string[] {
  return ['README.md', ...[...markdownFiles(join(ROOT, 'docs'))].map((f) => relative(ROOT, f).split(sep).join('/'))];
}

/** The games the bot installs: a folder under src/games/ with a definition. */
function gameIds(): string[] {
  const games = join(ROOT, 'src', 'games');
  return readdirSync(games).filter((name) => existsSync(join(games, name, 'definition.ts')));
}

describe('GitHub heading anchors', () => {
  it('lowercases, drops punctuation, turns spaces into dashes and numbers repeats', () => {
    expect(
      slugs([
        'Fight! Typhoon Blitz',
        'Orders in batches: how much they save',
        "What a picture shows at Discord's width",
        'Design targets',
        'Design targets',
        'With the charts of scripts/balance-charts/first-edition-mp.json',
        '10.7 as written (game option `battle-win:all-eliminated`)',
      ]),
    ).toEqual([
      'fight-typhoon-blitz',
      'orders-in-batches-how-much-they-save',
      'what-a-picture-shows-at-discords-width',
      'design-targets',
      'design-targets-1',
      'with-the-charts-of-scriptsbalance-chartsfirst-edition-mpjson',
      '107-as-written-game-option-battle-winall-eliminated',
    ]);
  });
});

describe('links in the docs', () => {
  it('the checker finds a missing file, a missing heading and a missing in-page anchor', () => {
    const page = [
      '# A page',
      '## Its section',
      '[fine](docs/playing.md#commands), [fine too](#its-section), [web](https://example.org/#x)',
      '[gone](docs/no-such-page.md) and [renamed](docs/playing.md#no-such-heading)',
      '![lost picture](docs/pictures/none.png), [here](#not-here)',
      '```text',
      '[not a link](docs/inside-code.md)',
      '# not a heading',
      '```',
      '[after the fence](#not-a-heading)',
    ].join('\n');
    expect(brokenLinks('README.md', page)).toEqual([
      'README.md: docs/no-such-page.md (no such file)',
      'README.md: docs/playing.md#no-such-heading (no heading makes #no-such-heading)',
      'README.md: docs/pictures/none.png (no such file)',
      'README.md: #not-here (no heading makes #not-here)',
      'README.md: #not-a-heading (no heading makes #not-a-heading)',
    ]);
  });

  it('resolves a link from the file it is written in', () => {
    expect(brokenLinks('docs/games/operation-typhoon.md', '[up](../playing.md#team-and-vote-play)')).toEqual([]);
    expect(brokenLinks('docs/games/operation-typhoon.md', '[wrong base](docs/playing.md)')).toHaveLength(1);
  });

  it('every relative link of README.md and docs/ reaches a file and, with an anchor, a heading there', () => {
    const files = docFiles();
    expect(files).toEqual(expect.arrayContaining(['docs/playing.md', 'docs/operations.md', 'docs/contributing.md']));
    const links = files.flatMap((f) => linkTargets(readFileSync(join(ROOT, f), 'utf8')));
    expect(links.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => brokenLinks(f, readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });
});

describe('the README is the front door', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it(`stays within ${README_MAX_LINES} lines`, () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('links the player’s guide of every installed game, and each guide links the shared play page', () => {
    const ids = gameIds();
    expect(ids.length).toBeGreaterThanOrEqual(4);
    const targets = new Set(linkTargets(readme).map((t) => t.split('#')[0]));
    expect(ids.filter((id) => !targets.has(`docs/games/${id}.md`))).toEqual([]);
    for (const id of ids) {
      const guide = readFileSync(join(ROOT, 'docs', 'games', `${id}.md`), 'utf8');
      expect(
        linkTargets(guide).some((t) => t.startsWith('../playing.md')),
        id,
      ).toBe(true);
    }
  });
});
