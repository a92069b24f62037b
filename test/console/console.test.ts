import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { buildCommands } from '../../commands/index.js';
import { parseLine } from '../../src/console/parse-line.js';
import { UserError } from '../../src/contracts/errors.js';
import { tokenize } from '../../src/dispatch/tokenize.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { GameRegistry } from '../../src/games/registry.js';
import { hashSeed } from '../../src/session/index.js';
import { type ConsoleRunner, consoleRunner } from '../helpers/console-runner.js';
import { testGames } from '../helpers/test-game.js';

const user = { id: 'u1', name: 'tester' };

/** The slash commands of the installed games, as Discord and the console know them. */
const commands = buildCommands(new GameRegistry(INSTALLED_GAMES));

/** A console on its own folder, playing `games` (default: the installed games). */
const session = (games?: GameRegistry) => consoleRunner({ prefix: 'console', games });

describe('console line parsing', () => {
  it('parses a command with options into the invocation Discord would deliver', () => {
    const inv = parseLine(commands, '/hex id:1019 game:operation-typhoon', user, 'c1');
    expect(inv).toEqual({
      command: 'hex',
      subcommand: undefined,
      options: { id: '1019', game: 'operation-typhoon' },
      user,
      channelId: 'c1',
    });
  });

  it('parses subcommands', () => {
    const inv = parseLine(commands, '/game map game:battle-for-moscow', user, 'c1');
    expect(inv.subcommand).toBe('map');
    expect(inv.options).toEqual({ game: 'battle-for-moscow' });
  });

  it('keeps quoted values together', () => {
    expect(tokenize('/a b:"two words" c:x')).toEqual(['/a', 'b:two words', 'c:x']);
    expect(() => tokenize('/a b:"open')).toThrow(UserError);
  });

  it.each([
    ['hex id:1019', /start with a slash/],
    ['/nosuch', /Unknown command \/nosuch/],
    ['/hex', /"id" is required/],
    ['/hex id:1019 colour:red', /no option "colour"/],
    ['/hex id:1019 id:1020', /given twice/],
    ['/game new game:x mode:duel', /takes one of: solo, team, vote/],
    ['/hex 1019', /name:value/],
    ['/game', /needs one of: new, join, mode, leave, remove, status, map, log, undo, end, export, import, list, help/],
    ['/game fly', /needs one of: new, join/],
  ])('refuses %s clearly', (line, message) => {
    expect(() => parseLine(commands, line, user, 'c1')).toThrow(message);
  });
});

describe('console session', () => {
  it('answers /hex with a description and a close-up image', async () => {
    const { session: s, printed } = session();
    await s.run('/hex id:0204 game:battle-for-moscow');
    expect(printed[0]).toMatch(/Hex 0204.*Smolensk/);
    expect(printed[0]).toMatch(/River hexsides: S/);
    expect(s.written).toHaveLength(1);
    const img = await loadImage(readFileSync(s.written[0]!));
    expect(img.width).toBeGreaterThan(400);
  });

  it('refuses an unknown hex or a malformed id without writing anything', async () => {
    const { session: s, printed } = session();
    await s.run('/hex id:9999 game:battle-for-moscow');
    await s.run('/hex id:12ab');
    expect(printed[0]).toMatch(/^\(only you\) There is no hex 9999 on the Battle for Moscow map/);
    expect(printed[1]).toMatch(/^\(only you\) .*four digits/);
    expect(s.written).toHaveLength(0);
  });

  it('draws the full map with /game map', async () => {
    const { session: s, printed } = session();
    await s.run('/game map game:battle-for-moscow');
    expect(printed[0]).toMatch(/Battle for Moscow/);
    expect(s.written[0]).toMatch(/battle-for-moscow-map\.png$/);
  });

  it('ignores blank lines and comments', async () => {
    const { session: s, printed } = session();
    await s.run('   ');
    await s.run('# a comment');
    expect(printed).toEqual([]);
  });

  it('runs a script file from the command line and writes its images', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'script-'));
    const script = join(dir, 'play.txt');
    writeFileSync(script, '# look around\n/hex id:1103 game:battle-for-moscow\n/hex id:0000 game:battle-for-moscow\n');
    const out = join(dir, 'images');
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      'src/console/cli.ts',
      '--script',
      script,
      '--out',
      out,
    ]);
    expect(stdout).toMatch(/> \/hex id:1103/);
    expect(stdout).toMatch(/Moscow/);
    expect(stdout).toMatch(/There is no hex 0000/);
    expect(existsSync(join(out, '001-hex-1103.png'))).toBe(true);
  });
});

describe('console games', () => {
  /** The installed games and the test race, for every console of these tests. */
  const games = testGames();

  /** `lines` run in order on the console; returns what was printed per line. */
  async function play(c: ConsoleRunner<unknown>, lines: string[]): Promise<string[]> {
    const out: string[] = [];
    for (const line of lines) out.push(await c.run(line));
    return out;
  }

  it('starts a game, presses buttons, refuses others and a stale button, and survives a restart', async () => {
    const c = session(games);
    const [created, step, roll, again] = await play(c, ['/game new game:dice-race seed:7', '/press 2', '/press 1', '/press 9']);
    expect(created).toMatch(/Dice Race.*has started/);
    expect(created).toMatch(/\[1\] Roll {2}\[2\] Step one hex {2}\[3\] End turn/);
    expect(created).toMatch(/\[image\] .*dice-race-\w{8}-v0-map\.png/);
    expect(step).toMatch(/German steps to 1\./);
    expect(roll).toMatch(/🎲 German runs: \d →/);
    expect(again).toMatch(/^\(only you\) \/press takes a button number from the last reply \(1 to 3\)/);

    const [, other, otherEnd] = await play(c, ['/as bob', '/press 1', '/game end']);
    expect(other).toMatch(/^\(only you\) This is console's solo game: only they give orders/);
    expect(otherEnd).toMatch(/^\(only you\) Only console, who started this game/);
    await c.close();

    const restarted = consoleRunner({ outDir: c.dir, games });
    const [status] = await play(restarted, ['/game status']);
    const reached = /German runs \d to (\d+)\./.exec(roll!)![1];
    expect(status).toMatch(/version 2/);
    expect(status).toContain(`German at ${reached}, Soviet at 0`);
    await restarted.close();
  });

  it('refuses a button of an earlier version with "this choice is gone" and the current state', async () => {
    // Two consoles on one data file and channel: two screens showing the same game.
    const first = session(games);
    await play(first, ['/game new game:dice-race seed:3']);
    const second = consoleRunner({ outDir: first.dir, games });
    await play(second, ['/game status', '/press 2']);
    const [stale, fresh] = await play(first, ['/press 2', '/press 2']);
    expect(stale).toMatch(/^\(only you\) This choice is gone: the game has moved on/);
    expect(stale).toMatch(/version 1/);
    expect(stale).toMatch(/German to move, at 1 of 12/);
    expect(fresh).toMatch(/German steps to 2\./);
    await first.close();
    await second.close();
  });

  it('ends with the seed revealed, exports and imports a game by path, and refuses bad imports', async () => {
    const c = session(games);
    const [, , , ended, exported] = await play(c, [
      '/game new game:dice-race',
      '/press 2',
      '/as boss manager',
      '/game end',
      '/game export',
    ]);
    // A secret seed and its nonce, revealed at the end, match the commitment published at the start.
    const [, seed, nonce] = /Seed: ([0-9a-f]{64}), nonce ([0-9a-f]{32})/.exec(ended!)!;
    const hash = /is `([0-9a-f]{64})`, as published/.exec(ended!)![1];
    expect(hashSeed(seed!, nonce)).toBe(hash);
    const file = /\[file\] (.*\.json)/.exec(exported!)![1]!;
    expect(JSON.parse(readFileSync(file, 'utf8')).game.seed).toBe(seed);

    const [busy, missing, imported, log] = await play(c, [
      '/game import',
      `/game import path:${join(c.dir, 'nope.json')}`,
      `/game import path:${file}`,
      '/game log',
    ]);
    expect(busy).toMatch(/^\(only you\) Attach the JSON file/);
    expect(missing).toMatch(/^\(only you\) Cannot read .*nope\.json: ENOENT/);
    expect(imported).toMatch(
      /Imported as game `\w{8}`.*replayed to version 1\. Its seed is public now.*fingerprint \(sha256\) `[0-9a-f]{64}`/,
    );
    expect(log).toMatch(/boss imported game/);
    await c.close();
  });

  it('draws the channel game’s map and answers /game commands without a game clearly', async () => {
    const c = session(games);
    const [status, undo, log] = await play(c, ['/game status', '/game undo', '/game log']);
    for (const text of [status, undo, log])
      expect(text).toMatch(/^\(only you\) There is no game in this channel\. \/game new starts one\./);
    const [unknown, hex] = await play(c, ['/game new game:chess', '/hex id:1019 game:chess']);
    expect(unknown).toMatch(/^\(only you\) There is no game "chess" here\. Games: .*dice-race/);
    expect(hex).toMatch(/^\(only you\) There is no game "chess" here\. Games: .*dice-race/);
    await c.close();
  });

  it('keeps its games in the --data file when given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-'));
    const script = join(dir, 'play.txt');
    writeFileSync(script, '/game status\n');
    const data = join(dir, 'db', 'games.sqlite');
    const out = join(dir, 'out');
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      'src/console/cli.ts',
      '--script',
      script,
      '--out',
      out,
      '--data',
      data,
    ]);
    expect(stdout).toMatch(/There is no game in this channel/);
    expect(existsSync(data)).toBe(true);
    expect(existsSync(join(out, 'console.sqlite'))).toBe(false);
  });

  it('documents /press in its help', async () => {
    const { session: s, printed } = session(games);
    await s.run('/help');
    expect(printed.join('\n')).toMatch(/\/press N presses button N of the last reply/);
    await s.close();
  });
});
