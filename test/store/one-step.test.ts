import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/votes/index.js';
import { type ConsoleRunner, consoleRunner } from '../helpers/console-runner.js';

/**
 * Each change a player is told about is one write: when any part of it fails (here a SQLite
 * trigger refuses one key, as a full disk or a lost connection would mid-way), none of it is
 * stored, and the player's "nothing was changed" is true.
 */
const open: ConsoleRunner<unknown>[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

function sql(file: string, statement: string): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, (err) => {
      if (err) return reject(err);
      db.all(statement, (e, rows) => db.close(() => (e ? reject(e) : resolve(rows as Record<string, unknown>[]))));
    });
  });
}

function consoleOn(file: string, clock = new ManualClock()) {
  const c = consoleRunner({ channelId: 'one-step', dataFile: file, voteClock: clock });
  open.push(c);
  return c;
}

describe('writes that are one step', () => {
  it('writes a new game whole or not at all: no orphan game when the channel pointer fails', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'one-step-')), 'games.sqlite');
    const { run } = consoleOn(file);
    await run('/game status'); // the store is open and its table made
    await sql(
      file,
      "CREATE TRIGGER refuse_pointer BEFORE INSERT ON keyv WHEN NEW.key LIKE 'moscow:channel:%' BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
    );
    expect(await run('/game new game:battle-for-moscow seed:4')).toMatch(/not answering|nothing was changed/i);
    const rows = await sql(file, 'SELECT key FROM keyv');
    expect(rows.map((r) => r.key).filter((k) => /:(game|summary|guild|log):/.test(String(k)))).toEqual([]);
    await sql(file, 'DROP TRIGGER refuse_pointer');
    expect(await run('/game new game:battle-for-moscow seed:4')).toMatch(/has started/);
    expect(await run('/game status')).toMatch(/Battle for Moscow/);
  });

  it('leaves vote mode and closes the open ballot in one step, or does neither', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'one-step-')), 'games.sqlite');
    const { run } = consoleOn(file);
    await run('/game new game:operation-typhoon mode:vote seed:21');
    await run('/as bob');
    await run('/game join');
    expect(await run('/setup done')).toMatch(/Proposal #1/);
    await run('/as console');
    await sql(
      file,
      "CREATE TRIGGER keep_ballot BEFORE DELETE ON keyv WHEN OLD.key LIKE 'moscow:ballot:%' BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
    );
    expect(await run('/game mode mode:solo')).toMatch(/nothing was changed/i);
    // What the player was told is true: still a vote game, the ballot still open.
    expect(await run('/game status')).toMatch(/vote/);
    expect(await run('/vote status')).toMatch(/#1/);
    expect(await run('/game end')).toMatch(/nothing was changed/i);
    expect(await run('/game status')).not.toMatch(/ended/i);
    await sql(file, 'DROP TRIGGER keep_ballot');
    expect(await run('/game mode mode:solo')).toMatch(/solo.*open ballot is cancelled/is);
    expect(await sql(file, "SELECT key FROM keyv WHERE key LIKE 'moscow:ballot%'")).toEqual([]);
  });
});
