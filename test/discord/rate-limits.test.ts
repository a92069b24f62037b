import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConsoleSession } from '../../src/console/console-session.js';
import { limitsOf, readDiscordEnv } from '../../src/discord/config.js';
import { freeOrderRefusal, freeRun, orderKind, TAKE_BACK } from '../../src/dispatch/free-orders.js';
import { DEFAULT_LIMITS, Limiter, type Limits } from '../../src/dispatch/limits.js';
import { TokenBuckets, waitText } from '../../src/dispatch/rate-limiter.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { GameRegistry } from '../../src/games/registry.js';
import { GameCaps } from '../../src/session/game-caps.js';
import { GameSessions } from '../../src/session/game-sessions.js';
import { DISCORD_ATTACHMENT_ORIGINS, readImportSource } from '../../src/session/import-source.js';
import type { GameDocument } from '../../src/store/game-document.js';
import { createGameStore } from '../../src/store/game-store.js';

/**
 * The limits against floods and abuse, below Discord: the members' token buckets, the caps on
 * active games, the free-order cap, the environment they are read from. Time is a number the
 * test moves by hand: nothing here sleeps.
 */

const TOKEN = 'x'.repeat(30);
const tempFile = () => join(mkdtempSync(join(tmpdir(), 'limits-')), 'games.sqlite');
const games = new GameRegistry(INSTALLED_GAMES);
const anna = { id: 'u-anna', name: 'Anna' };
const bruno = { id: 'u-bruno', name: 'Bruno' };
const manager = { id: 'u-mod', name: 'Mod', canManage: true };

describe('token buckets', () => {
  it('let a burst of 10 through, refuse the 11th until a token is back, and take nothing when refusing', () => {
    const b = new TokenBuckets({ count: 10, seconds: 10 });
    let now = 1_000_000;
    for (let i = 0; i < 10; i++) {
      expect(b.wait('m', now)).toBe(0);
      b.take('m', now);
    }
    expect(b.wait('m', now)).toBe(1000);
    // Asking again while empty changes nothing: still a second to wait.
    expect(b.wait('m', now)).toBe(1000);
    now += 400;
    expect(b.wait('m', now)).toBe(600);
    now += 600;
    expect(b.wait('m', now)).toBe(0);
    b.take('m', now);
    expect(b.wait('m', now)).toBe(1000);
    // Another member has a bucket of their own.
    expect(b.wait('other', now)).toBe(0);
    // A whole window later the bucket is full again, not fuller.
    now += 60_000;
    for (let i = 0; i < 10; i++) b.take('m', now);
    expect(b.wait('m', now)).toBe(1000);
  });

  it('say how long to wait, rounded up', () => {
    expect(waitText(1)).toBe('1 s');
    expect(waitText(1000)).toBe('1 s');
    expect(waitText(19_001)).toBe('20 s');
    expect(waitText(600_000)).toBe('10 min');
  });
});

describe('the limiter’s pace', () => {
  const store = createGameStore({ dataFile: tempFile() });

  it('allows 3 new games a minute and 10 commands per 10 s, and says when to try again', () => {
    let now = 0;
    const limiter = new Limiter(DEFAULT_LIMITS, store, () => now);
    for (let i = 0; i < 3; i++) expect(limiter.pace(anna, true)).toBeUndefined();
    const refused = limiter.pace(anna, true);
    expect(refused).toMatch(
      /started games faster than this server allows \(3 per minute per member\)\. Try again in 20 s; nothing was started/,
    );
    // Other commands still go: the refused /game new took no command token.
    for (let i = 0; i < 7; i++) expect(limiter.pace(anna, false)).toBeUndefined();
    expect(limiter.pace(anna, false)).toMatch(
      /sending commands faster than this bot takes them \(10 per 10 s per member\)\. Try again in 1 s/,
    );
    now += 1000;
    expect(limiter.pace(anna, false)).toBeUndefined();
    // Twenty seconds after the start one new game is allowed again.
    now = 20_000;
    expect(limiter.pace(anna, true)).toBeUndefined();
    expect(limiter.pace(anna, true)).toMatch(/Try again in 20 s/);
    expect(limiter.pace(bruno, true)).toBeUndefined();
  });

  it('limits nothing without limits', () => {
    const limiter = new Limiter({}, store, () => 0);
    for (let i = 0; i < 1000; i++) expect(limiter.pace(anna, true)).toBeUndefined();
  });
});

describe('caps on active games', () => {
  const where = { channelId: 'c-1', guildId: 'g-caps' };
  const newGame = (sessions: GameSessions, channelId: string, actor = anna) =>
    sessions.newGame({ channelId, guildId: where.guildId }, actor, { game: 'battle-for-moscow', seed: 1 });

  it('hold at most the cap for thirty reservations at once, count only active games, and free a place when a game ends', async () => {
    const store = createGameStore({ dataFile: tempFile() });
    const sessions = new GameSessions(store, games);
    const caps = new GameCaps(store, { perMember: 3, perServer: 20 });
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => caps.reserve(where, anna)));
    const granted = results.filter((r) => r.status === 'fulfilled');
    expect(granted).toHaveLength(3);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => String(r.reason.message));
    expect(new Set(refusals)).toEqual(
      new Set([
        'You already have 3 active games on this server (counting those being started now), the most a member may have at once. End one with /game end in its channel first; nothing was started.',
      ]),
    );
    // The three create their games, then let go of their places; at no point is there room for a fourth.
    for (const [i, r] of granted.entries()) {
      await newGame(sessions, `c-${i}`);
      await expect(caps.reserve(where, anna)).rejects.toThrow(/You already have 3 active games/);
      (r as PromiseFulfilledResult<() => void>).value();
      await expect(caps.reserve(where, anna)).rejects.toThrow(/You already have 3 active games/);
    }
    const full = await caps.reserve(where, anna).catch((e: Error) => e.message);
    expect(full).toMatch(/You already have 3 active games on this server, the most a member may have at once: `[a-z0-9]{8}` in <#c-\d>/);
    expect((await caps.active(where)).map((g) => g.by)).toEqual([anna.id, anna.id, anna.id]);
    // Another member still has room, and so does a manager, who is not held to the member cap.
    (await caps.reserve(where, bruno))();
    await sessions.end('c-0', anna);
    const release = await caps.reserve(where, anna);
    release();
    release(); // releasing twice frees one place only
    expect(await caps.active(where)).toHaveLength(2);
    await store.close();
  });

  it('free the place of a creation that made no game, and never count one game for two creations', async () => {
    const store = createGameStore({ dataFile: tempFile() });
    const sessions = new GameSessions(store, games);
    const caps = new GameCaps(store, { perMember: 2 });
    const [first, second] = await Promise.all([caps.reserve(where, anna), caps.reserve(where, anna)]);
    await expect(caps.reserve(where, anna)).rejects.toThrow(/You already have 2 active games/);
    // The first is refused later on (a bad option, say): no game, and its place is free again.
    first!();
    await newGame(sessions, 'd-1');
    second!();
    const third = await caps.reserve(where, anna);
    await expect(caps.reserve(where, anna)).rejects.toThrow(/You already have 2 active games/);
    third();
    await store.close();
  });

  it('hold the server cap for everyone, a manager included, but let a manager past the member cap', async () => {
    const store = createGameStore({ dataFile: tempFile() });
    const sessions = new GameSessions(store, games);
    const caps = new GameCaps(store, { perMember: 1, perServer: 3, managersExempt: true });
    for (const ch of ['m-1', 'm-2']) {
      (await caps.reserve(where, manager))();
      await newGame(sessions, ch, manager);
    }
    (await caps.reserve(where, anna))();
    await newGame(sessions, 'a-1', anna);
    await expect(caps.reserve(where, bruno)).rejects.toThrow(
      'This server has 3 active games, the most it may have at once. One must end (/game end, or a victory) before another starts; nothing was started.',
    );
    await expect(caps.reserve(where, manager)).rejects.toThrow(/This server has 3 active games/);
    // Without the exemption the manager is a member like any other.
    const strict = new GameCaps(store, { perMember: 1, managersExempt: false });
    await expect(strict.reserve(where, manager)).rejects.toThrow(/You already have 2 active games/);
    await store.close();
  });

  it('find games made before the index existed, and games made by any path (import, another process)', async () => {
    const dataFile = tempFile();
    const store = createGameStore({ dataFile });
    const sessions = new GameSessions(store, games);
    await newGame(sessions, 'old-1');
    await newGame(sessions, 'old-2', bruno);
    const caps = new GameCaps(store, { perMember: 2 });
    expect((await caps.active(where)).map((g) => g.channelId)).toEqual(['old-1', 'old-2']);
    // Made behind the caps' back (no reservation): found at the next count all the same.
    await newGame(sessions, 'old-3');
    await expect(caps.reserve(where, anna)).rejects.toThrow(/You already have 2 active games/);
    // A damaged index is rebuilt from the server's list.
    await store.keyv.set(`caps:guild:${where.guildId}`, { scanned: 'lots' });
    expect(await caps.active(where)).toHaveLength(3);
    await store.close();
  });

  it('cap nothing without caps', async () => {
    const store = createGameStore({ dataFile: tempFile() });
    const caps = new GameCaps(store, {});
    expect(caps.enabled).toBe(false);
    await Promise.all(Array.from({ length: 50 }, () => caps.reserve(where, anna)));
    await store.close();
  });
});

describe('the free-order cap', () => {
  const doc = (actions: [number, string][], events: [number, string, boolean?][]) =>
    ({
      status: 'active',
      actions: actions.map(([version, type]) => ({ version, userId: 'u', action: { type }, at: '' })),
      events: events.map(([version, kind, dice]) => ({ version, kind, text: kind, ...(dice ? { dice: [{ roll: 3 }] } : {}) })),
    }) as unknown as GameDocument;

  it('counts the orders of one kind, and the take-backs, since the last die roll', () => {
    const d = doc(
      [
        [1, 'move'],
        [2, 'resolve'],
        [3, 'setup-swap'],
        [4, 'setup-reset'],
        [5, 'setup-swap'],
      ],
      [
        [1, 'moved'],
        [2, 'battle', true],
        [3, 'swapped'],
        [4, 'reset'],
        [5, 'swapped'],
        [6, 'undo'],
        [7, 'undo'],
      ],
    );
    expect(freeRun(d, 'setup-swap')).toBe(2);
    expect(freeRun(d, 'setup-reset')).toBe(1);
    expect(freeRun(d, 'move')).toBe(0);
    expect(freeRun(d, TAKE_BACK)).toBe(2);
    expect(freeOrderRefusal(d, 'setup-swap', 3, '/setup swap')).toBeUndefined();
    expect(freeOrderRefusal(d, 'setup-swap', 2, '/setup swap')).toBe(
      '/setup swap is refused: this game has had 2 orders of this kind (setup-swap) since its last die roll, the most allowed without one (a guard against endless free orders). Nothing was changed; go on with another order, such as ending the set-up or the phase.',
    );
    expect(freeOrderRefusal(d, TAKE_BACK, 2, '/game undo')).toMatch(/2 take-backs since its last die roll/);
    expect(freeOrderRefusal(d, 'setup-swap', undefined, '/setup swap')).toBeUndefined();
    expect(orderKind({ type: 'move' })).toBe('move');
    expect(orderKind('weird')).toBe('order');
  });

  it('stops endless set-up swaps, resets and take-backs in a game, while ending the set-up and playing on still work', async () => {
    const printed: string[] = [];
    const c = new ConsoleSession({
      outDir: mkdtempSync(join(tmpdir(), 'free-orders-')),
      print: (t) => printed.push(t),
      channelId: 'free',
      limits: { freeOrders: 3 },
    });
    const run = async (line: string) => {
      printed.length = 0;
      await c.run(line);
      return printed.join('\n');
    };
    const version = async () => (await c.services.sessions.require('free')).doc.version;
    expect(await run('/game new game:battle-for-moscow seed:5')).toMatch(/has started/);
    for (let i = 0; i < 3; i++) expect(await run('/setup swap a:XXIV b:XLI')).toMatch(/trade places/);
    const before = await version();
    expect(await run('/setup swap a:XXIV b:XLI')).toMatch(
      /^\(only you\) \/setup swap is refused: this game has had 3 orders of this kind \(setup-swap\) since its last die roll/,
    );
    expect(await version()).toBe(before);
    // Alternating kinds does not get round it: each kind has its own count.
    for (let i = 0; i < 3; i++) expect(await run('/setup reset')).not.toMatch(/refused/);
    expect(await run('/setup reset')).toMatch(/\/setup reset is refused/);
    // Nor do take-backs: they are counted too.
    for (let i = 0; i < 3; i++) expect(await run('/game undo')).toMatch(/Undone/);
    expect(await run('/game undo')).toMatch(/^\(only you\) \/game undo is refused: this game has had 3 take-backs/);
    // Ending the set-up is another kind: the game goes on.
    expect(await run('/setup done')).toMatch(/German panzer movement phase/);
    await c.close();
  });

  it('applies to choice buttons as to commands', async () => {
    const printed: string[] = [];
    const c = new ConsoleSession({
      outDir: mkdtempSync(join(tmpdir(), 'free-buttons-')),
      print: (t) => printed.push(t),
      channelId: 'free-buttons',
      limits: { freeOrders: 1 },
    });
    await c.run('/game new game:battle-for-moscow seed:5');
    await c.run('/setup done');
    printed.length = 0;
    // "End the phase" is the only button in the panzer movement phase: one end-phase since the last die is the cap.
    await c.run('/press 1');
    expect(printed.join('\n')).toMatch(/German combat phase/);
    const version = (await c.services.sessions.require('free-buttons')).doc.version;
    printed.length = 0;
    await c.run('/press 1');
    expect(printed.join('\n')).toMatch(/^\(only you\) “[^”]+” is refused: this game has had 1 orders of this kind \(end-phase\)/);
    expect((await c.services.sessions.require('free-buttons')).doc.version).toBe(version);
    await c.close();
  });
});

describe('the limits in the environment', () => {
  it('default to the documented values, and 0 turns one off', () => {
    expect(limitsOf(readDiscordEnv({ DISCORD_TOKEN: TOKEN }))).toEqual(DEFAULT_LIMITS);
    const set = limitsOf(
      readDiscordEnv({
        DISCORD_TOKEN: TOKEN,
        LIMIT_COMMANDS: '20',
        LIMIT_COMMANDS_SECONDS: '30',
        LIMIT_NEW_GAMES: '0',
        LIMIT_GAMES_PER_MEMBER: ' ',
        LIMIT_GAMES_PER_SERVER: '0',
        LIMIT_MANAGERS_EXEMPT: 'false',
        LIMIT_FREE_ORDERS: '50',
      }),
    );
    expect(set).toEqual({
      commands: { count: 20, seconds: 30 },
      gamesPerMember: 3,
      managersExempt: false,
      freeOrders: 50,
    } satisfies Limits);
  });

  it('refuses a bad value by name, without echoing the environment', () => {
    const bad = () =>
      readDiscordEnv({ DISCORD_TOKEN: TOKEN, LIMIT_COMMANDS: 'ten', LIMIT_NEW_GAMES_SECONDS: '0', LIMIT_MANAGERS_EXEMPT: 'maybe' });
    expect(bad).toThrow(/LIMIT_COMMANDS: .*\n.*LIMIT_NEW_GAMES_SECONDS: .*\n.*LIMIT_MANAGERS_EXEMPT: true or false/);
    expect(bad).not.toThrow(new RegExp(TOKEN));
  });
});

describe('import sources', () => {
  it('fetch only from the given origins: Discord’s CDN unless a test names another', async () => {
    const server = createServer((_req, res) => res.end('{"format":"x"}'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(DISCORD_ATTACHMENT_ORIGINS).toEqual(['https://cdn.discordapp.com', 'https://media.discordapp.net']);
      await expect(readImportSource(`${origin}/attachments/1/2/a.json`, false)).rejects.toThrow(/not a link to elsewhere/);
      await expect(readImportSource('https://cdn.discordapp.com.evil.example/a.json', false)).rejects.toThrow(/not a link to elsewhere/);
      await expect(readImportSource('https://', false)).rejects.toThrow(/not a link to elsewhere/);
      expect(await readImportSource(`${origin}/attachments/1/2/a.json`, false, [origin])).toBe('{"format":"x"}');
    } finally {
      server.close();
    }
  });
});
