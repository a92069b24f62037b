import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDist } from '../../scripts/build-dist.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import { FakeDiscord } from '../helpers/fake-discord/fake-discord.js';

/**
 * `npm run build` then plain `node` (no tsx, no TypeScript at run time): the console with its
 * render workers, and the Discord bot against the fake Discord.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');
let fake: FakeDiscord;
const children: ChildProcess[] = [];

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

beforeAll(async () => {
  // The build's own code (scripts/build-dist.ts), as `npm run build` runs it after its type
  // check; CI checks the types once, in `npm run lint`.
  expect(buildDist(DIST)).toBeGreaterThan(100);
  fake = await new FakeDiscord().start();
}, 60_000);
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await fake?.stop();
});

describe('the production build', () => {
  it('is plain JavaScript that never loads tsx or a .ts file', () => {
    const js = [...files(DIST)].filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(100);
    for (const entry of [
      'src/main.js',
      'src/shard.js',
      'src/console/cli.js',
      'src/render/render-worker.js',
      'src/session/game-worker.js',
      'scripts/deploy-commands.js',
    ])
      expect(existsSync(join(DIST, entry)), entry).toBe(true);
    const offenders = js.filter((f) => /from ['"]tsx|import\(['"][^'"]+\.ts['"]\)/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('runs the console with render and game workers under plain node and writes the pictures', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prod-console-'));
    // The last game opens with the bot's German turn, thought on a game worker.
    writeFileSync(
      join(dir, 'play.txt'),
      '/game new game:battle-for-moscow seed:3\n/hex id:0303\n/game end\n/game new game:battle-for-moscow seed:4 vs:bot side:soviet\n',
    );
    const run = spawnSync(
      process.execPath,
      [join(DIST, 'src', 'console', 'cli.js'), '--script', join(dir, 'play.txt'), '--out', join(dir, 'out')],
      {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', RENDER_WORKERS: '2', PLAY_WORKERS: '1' },
      },
    );
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Battle for Moscow/);
    expect(run.stdout).toMatch(/The bot played\**\s*\(\d+ actions\)/);
    const images = readdirSync(join(dir, 'out')).filter((f) => f.endsWith('.png') || f.endsWith('.png'));
    expect(images).toHaveLength(4);
    for (const image of images) expect(statSync(join(dir, 'out', image)).size).toBeGreaterThan(20_000);
  });

  it('connects to Discord as `npm run start:prod` and answers a slash command with its map', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'prod-bot-')), 'games.sqlite');
    const child = spawn(process.execPath, [join(DIST, 'src', 'main.js')], {
      cwd: tmpdir(),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DISCORD_TOKEN: fake.token,
        DISCORD_API_URL: fake.apiUrl,
        DATA_FILE: dataFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await fake.waitForShards(1);
    const [answer] = await fake.answers(fake.command(member('Guderian'), channel(), 'game', 'new', { game: 'battle-for-moscow', seed: 5 }));
    expect(answer!.content).toMatch(/Battle for Moscow/);
    expect(answer!.files.length).toBe(1);
    expect(out).toMatch(/Logged in as/);
    expect(out).not.toContain(fake.token);
    child.kill('SIGTERM');
  });
});
