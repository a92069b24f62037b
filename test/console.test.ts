import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { UserError } from '../src/app/command.js';
import { ConsoleSession } from '../src/console/console-session.js';
import { parseLine, tokenize } from '../src/console/parse-line.js';

const user = { id: 'u1', name: 'tester' };

function session() {
  const printed: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'console-'));
  const s = new ConsoleSession({ outDir: dir, print: (t) => printed.push(t) });
  return { s, printed, dir };
}

describe('console line parsing', () => {
  it('parses a command with options into the invocation Discord would deliver', () => {
    const inv = parseLine('/hex id:1019 game:operation-typhoon', user, 'c1');
    expect(inv).toEqual({ command: 'hex', subcommand: undefined, options: { id: '1019', game: 'operation-typhoon' }, user, channelId: 'c1' });
  });

  it('parses subcommands', () => {
    const inv = parseLine('/game map game:battle-for-moscow', user, 'c1');
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
    ['/hex id:1019 game:chess', /takes one of: operation-typhoon, battle-for-moscow/],
    ['/hex 1019', /name:value/],
    ['/game', /needs one of: map/],
    ['/game fly', /needs one of: map/],
  ])('refuses %s clearly', (line, message) => {
    expect(() => parseLine(line, user, 'c1')).toThrow(message);
  });
});

describe('console session', () => {
  it('answers /hex with a description and a close-up image', async () => {
    const { s, printed } = session();
    await s.run('/hex id:0204 game:battle-for-moscow');
    expect(printed[0]).toMatch(/Hex 0204.*Smolensk/);
    expect(printed[0]).toMatch(/River hexsides: S/);
    expect(s.written).toHaveLength(1);
    const img = await loadImage(readFileSync(s.written[0]!));
    expect(img.width).toBeGreaterThan(400);
  });

  it('refuses an unknown hex or a malformed id without writing anything', async () => {
    const { s, printed } = session();
    await s.run('/hex id:9999 game:battle-for-moscow');
    await s.run('/hex id:12ab');
    expect(printed[0]).toMatch(/^\(only you\) There is no hex 9999 on the Battle for Moscow map/);
    expect(printed[1]).toMatch(/^\(only you\) .*four digits/);
    expect(s.written).toHaveLength(0);
  });

  it('draws the full map with /game map', async () => {
    const { s, printed } = session();
    await s.run('/game map game:battle-for-moscow');
    expect(printed[0]).toMatch(/Battle for Moscow/);
    expect(s.written[0]).toMatch(/battle-for-moscow-map\.webp$/);
  });

  it('ignores blank lines and comments', async () => {
    const { s, printed } = session();
    await s.run('   ');
    await s.run('# a comment');
    expect(printed).toEqual([]);
  });

  it('runs a script file from the command line and writes its images', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'script-'));
    const script = join(dir, 'play.txt');
    writeFileSync(script, '# look around\n/hex id:1103 game:battle-for-moscow\n/hex id:0000 game:battle-for-moscow\n');
    const out = join(dir, 'images');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/console/cli.ts', '--script', script, '--out', out]);
    expect(stdout).toMatch(/> \/hex id:1103/);
    expect(stdout).toMatch(/Moscow/);
    expect(stdout).toMatch(/There is no hex 0000/);
    expect(existsSync(join(out, '001-hex-1103.webp'))).toBe(true);
  });
});
