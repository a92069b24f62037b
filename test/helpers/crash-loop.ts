import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { GameRegistry } from '../../src/games/registry.js';
import { replay } from '../../src/session/replay.js';
import { parseChoiceButton } from '../../src/session/replies.js';
import { ballotKey, OPEN_BALLOTS_SET } from '../../src/store/ballot-keys.js';
import { createGameStore, type GameStore } from '../../src/store/game-store.js';
import type { StoreConfig } from '../../src/store/keyv-factory.js';
import { spawnBot } from './fake-discord/bot-process.js';
import { FakeDiscord, type FakeMessage } from './fake-discord/fake-discord.js';
import { startLocalRedis } from './local-redis.js';

/**
 * The bot process killed with SIGKILL at random points of a scripted game, then restarted,
 * `kills` times. The script plays Battle for Moscow against the bot through the fake
 * Discord: a few set-up swaps (/setup swap), then the buttons under each answer (each press
 * lets the bot play its whole turn, dice and all, inside the same save), and a new game
 * when one ends. An order counts as acknowledged when its answer reached Discord.
 *
 * Now and then it takes its last order back (/game undo), ends the game and starts a new one,
 * and in a second channel plays a vote game whose every proposal carries at once (its creator
 * is its only voter, so each proposal opens a ballot that closes on a majority and carries
 * out its winner): game creation, undo and ballots are killed in mid-write too.
 *
 * After every kill, with the bot down, the stored games are read directly and checked:
 * - every acknowledged order is in the log, at its version, by its player, and is exactly
 *   the order acknowledged (a pressed button: the choice the prompt offered at that version;
 *   a carried-out proposal: its swap); an acknowledged undo took its orders out of the log
 *   and left its line; an acknowledged new game is stored and listed;
 * - the stored version is at least the acknowledged one, and the log's versions rise;
 * - replaying the seed and the log rebuilds the stored position byte for byte;
 * - every game the servers list loads, and every open ballot is listed and every listed one stored.
 * `store: 'redis'` runs it on a Redis of its own (append-only, fsync always) instead of SQLite.
 * After each restart the game must go on: the first order after it is acknowledged.
 */
export interface CrashLoopResult {
  kills: number;
  /** Orders whose answer reached Discord. */
  acknowledged: number;
  /** Acknowledged orders missing from the stored game or stored differently: must be 0. */
  lost: number;
  /** Version gaps, repeats and failed replays in the stored logs: must be 0. */
  damaged: number;
  /** Restarts after which the game went on (an order acknowledged). */
  resumed: number;
  games: number;
  /** Acknowledged new games, undos and carried-out ballots among `acknowledged`. */
  created: number;
  undone: number;
  ballots: number;
  finalVersion: number;
  problems: string[];
  ms: number;
}

interface Acked {
  gameId: string;
  /** The version the player's order produced. */
  version: number;
  /** What must be stored there: a set-up swap, or the choice offered as button `index`. */
  expect: { kind: 'swap' } | { kind: 'choice'; index: number } | { kind: 'undo' } | { kind: 'created' };
  /**
   * The player then asked to take it back and the bot was killed before answering: the undo
   * may or may not have been applied, so the order may be missing if the log shows an undo after it.
   */
  mayBeUndone?: boolean;
}

const USER = { id: '300000000000000777', name: 'Kluge' };
const CHANNEL = '400000000000000777';
const VOTE_CHANNEL = '400000000000000778';

export async function crashLoop(
  kills: number,
  seed = 1,
  log: (line: string) => void = () => undefined,
  options: { store?: 'sqlite' | 'redis' } = {},
): Promise<CrashLoopResult> {
  const started = Date.now();
  const fake = await new FakeDiscord().start();
  const dir = mkdtempSync(join(tmpdir(), 'crash-loop-'));
  const redis = options.store === 'redis' ? await startLocalRedis(undefined, { durable: true, dir }) : undefined;
  const dataFile = join(dir, 'games.sqlite');
  const storeConfig: StoreConfig = redis ? { keyvUrl: redis.url } : { dataFile };
  const env = {
    DISCORD_TOKEN: fake.token,
    DISCORD_API_URL: fake.apiUrl,
    ...(redis ? { KEYV_URL: redis.url } : { DATA_FILE: dataFile }),
    RENDER_WORKERS: '1',
  };
  let r = seed;
  const random = () => (r = (r * 48271) % 2147483647) / 2147483647;
  const acked: Acked[] = [];
  const result: CrashLoopResult = {
    kills,
    acknowledged: 0,
    lost: 0,
    damaged: 0,
    resumed: 0,
    games: 0,
    created: 0,
    undone: 0,
    ballots: 0,
    finalVersion: 0,
    problems: [],
    ms: 0,
  };
  const gameIds = new Set<string>();
  const failed = new Set<string>();
  let gameNo = 0;
  const ack = (a: Acked) => {
    gameIds.add(a.gameId);
    acked.push(a);
    result.acknowledged += 1;
  };

  /**
   * Send one order; undefined when no answer came before the deadline (the bot was killed).
   * The answer is a new message, or the pressed message edited in place (another round).
   */
  const answer = async (record: ReturnType<FakeDiscord['command']>, deadline: number): Promise<FakeMessage | undefined> =>
    Promise.race([
      Promise.any([fake.answers(record, 1, 30_000).then((m) => m[0]), fake.updated(record, 30_000)]).catch(() => undefined),
      ...(Number.isFinite(deadline) ? [delay(Math.max(0, deadline - Date.now()))] : []),
    ]);

  /**
   * One proposal in the vote channel (a new vote game first when there is none): its only
   * voter's proposal carries at once. Acknowledged when the answer says "Carried out".
   */
  let voteSwap = 0;
  const votePlay = async (killAt: number): Promise<'killed' | undefined> => {
    const status = await answer(fake.command(USER, VOTE_CHANNEL, 'game', 'status', {}), killAt);
    if (!status) return 'killed';
    if (status.ephemeral || !/Set-up/.test(status.content) || !buttonVersion(status)) {
      const fresh = await answer(
        fake.command(USER, VOTE_CHANNEL, 'game', 'new', { game: 'battle-for-moscow', mode: 'vote', seed: seed * 1000 + ++gameNo }),
        killAt,
      );
      if (!fresh) return 'killed';
      const made = buttonVersion(fresh);
      if (made && /has started/.test(fresh.content)) {
        ack({ gameId: made.gameId, version: made.version, expect: { kind: 'created' } });
        result.created += 1;
      }
      return undefined;
    }
    const at = buttonVersion(status)!;
    const pair = voteSwap++ % 2 === 0 ? { a: 'XXIV', b: 'XLI' } : { a: 'XLI', b: 'XXIV' };
    const reply = await answer(fake.command(USER, VOTE_CHANNEL, 'setup', 'swap', pair), killAt);
    if (!reply) return 'killed';
    const now = buttonVersion(reply);
    if (/Carried out: #\d+/.test(reply.content) && now && now.version === at.version + 1) {
      ack({ gameId: at.gameId, version: now.version, expect: { kind: 'swap' } });
      result.ballots += 1;
    }
    return undefined;
  };

  try {
    for (let round = 0; round <= kills; round++) {
      // Plain JavaScript: a start-up under tsx costs twice the CPU, and this loop starts the bot again and again.
      const bot = spawnBot('src/main.ts', env, { plain: true });
      let ackedThisRound = 0;
      try {
        await bot.waitForOutput(/Logged in as/, 60_000);
        await fake.waitForShards(1);
        // The bot is back once it answers (on a busy machine that takes a while after logging in).
        const asked = Date.now();
        await answer(fake.command(USER, CHANNEL, 'game', 'status', {}), Infinity);
        // The last round only checks that play goes on; the others end with a kill somewhere in
        // the next 2 s, or in the time of ten answers when the machine is slower than that.
        const window = Math.max(1850, 10 * (Date.now() - asked));
        // The kill is timed from the round's first acknowledged order, so every round has
        // orders to check however slow the machine is.
        const killDelay = 150 + random() * window;
        let killAt = Infinity;
        let latest: FakeMessage | undefined;
        let swaps = 0;
        while (Date.now() < killAt && !(round === kills && ackedThisRound > 0)) {
          if (killAt === Infinity && ackedThisRound > 0 && round !== kills) killAt = Date.now() + killDelay;
          if (!latest) {
            const status = await answer(fake.command(USER, CHANNEL, 'game', 'status', {}), killAt);
            if (!status) break;
            // A game still going shows its choice buttons; an ended one only looks (Refresh).
            latest = !status.ephemeral && status.buttons.some((b) => parseChoiceButton(b.customId)) ? status : undefined;
            if (!latest) {
              // No game yet, or the last one is over: a new one.
              const fresh = await answer(
                fake.command(USER, CHANNEL, 'game', 'new', {
                  game: 'battle-for-moscow',
                  vs: 'bot',
                  side: 'german',
                  level: 'heuristic',
                  seed: seed * 1000 + ++gameNo,
                }),
                killAt,
              );
              if (!fresh) break;
              if (!/has started/.test(fresh.content)) throw new Error(`no game: ${fresh.content}`);
              const made = buttonVersion(fresh);
              if (made) {
                ack({ gameId: made.gameId, version: made.version, expect: { kind: 'created' } });
                result.created += 1;
                ackedThisRound += 1;
              }
              latest = fresh;
              swaps = Math.floor(random() * 4);
            }
            continue;
          }
          const at = buttonVersion(latest);
          if (!at) {
            latest = undefined;
            continue;
          }
          const dice = random();
          if (dice < 0.08) {
            // Take the last order back: acknowledged when the answer says so.
            const reply = await answer(fake.command(USER, CHANNEL, 'game', 'undo', {}), killAt);
            if (!reply) {
              // Killed before the answer: the last order may have been taken back, and that is the player's doing.
              for (const a of acked)
                if (a.gameId === at.gameId && a.version >= at.version && a.expect.kind !== 'undo') a.mayBeUndone = true;
              break;
            }
            const undone = /\*\*Undone\*\* \(order of version (\d+)\)/.exec(reply.content);
            const now = buttonVersion(reply);
            if (undone) {
              // The orders from that version on are out of the log now (the answer may show no choice buttons to read the game from).
              const gameId = now?.gameId ?? at.gameId;
              for (let i = acked.length - 1; i >= 0; i--)
                if (acked[i]!.gameId === gameId && acked[i]!.version >= Number(undone[1]) && acked[i]!.expect.kind !== 'undo')
                  acked.splice(i, 1);
              if (now) ack({ gameId: now.gameId, version: now.version, expect: { kind: 'undo' } });
              result.undone += 1;
              ackedThisRound += 1;
            }
            latest = undefined;
            continue;
          }
          if (dice < 0.11) {
            // End the game and start another: the creation is killed mid-write too.
            const ended = await answer(fake.command(USER, CHANNEL, 'game', 'end', {}), killAt);
            if (!ended) break;
            latest = undefined;
            continue;
          }
          if (dice < 0.2) {
            const reply = await votePlay(killAt);
            if (reply === 'killed') break;
            continue;
          }
          let sent: { record: ReturnType<FakeDiscord['command']>; expect: Acked['expect'] };
          if (swaps > 0 && /Set-up/.test(latest.content)) {
            swaps -= 1;
            const pair = random() < 0.5 ? { a: 'XXIV', b: 'XLI' } : { a: 'XLVII', b: 'LVII' };
            sent = { record: fake.command(USER, CHANNEL, 'setup', 'swap', pair), expect: { kind: 'swap' } };
          } else {
            // Choice buttons only (Status and Full map change nothing), each naming its choice: an
            // end-of-turn choice sits after them, so a button's place is not its choice's index.
            const choices = latest.buttons.filter((b) => parseChoiceButton(b.customId));
            if (!choices.length) {
              latest = undefined;
              continue;
            }
            const button = choices[Math.floor(random() * choices.length)]!;
            const { index } = parseChoiceButton(button.customId)!;
            sent = { record: fake.click(USER, latest, button.customId), expect: { kind: 'choice', index } };
          }
          const reply = await answer(sent.record, killAt);
          if (!reply) break; // killed before the answer: this order was not acknowledged
          if (reply.ephemeral) {
            latest = undefined; // refused (stale, say): look again
            continue;
          }
          if (/your order was not given/.test(reply.content)) {
            // After a kill mid-turn the bot first finishes its turn: that answer carries its orders, not this one.
            latest = reply.buttons.length ? reply : undefined;
            continue;
          }
          ack({ gameId: at.gameId, version: at.version + 1, expect: sent.expect });
          ackedThisRound += 1;
          latest = reply.buttons.length ? reply : undefined;
        }
      } finally {
        await bot.kill('SIGKILL');
        fake.dropConnections();
      }
      if (round > 0 && ackedThisRound > 0) result.resumed += 1;
      if (round === kills && ackedThisRound === 0) result.problems.push('after the last restart, no order was acknowledged');
      const store = createGameStore(storeConfig);
      try {
        await check(store, acked, gameIds, result, failed);
      } finally {
        await store.close();
      }
      log(
        `round ${round}: ${result.acknowledged} acknowledged so far, ${result.lost} lost, ${result.damaged} damaged, version ${result.finalVersion}`,
      );
    }
  } finally {
    await fake.stop();
    await redis?.stop();
  }
  result.games = gameIds.size;
  result.ms = Date.now() - started;
  return result;
}

/** The game id and version of an answer's choice buttons ("game:<id>:<version>:<choice>"). */
function buttonVersion(message: FakeMessage): { gameId: string; version: number } | undefined {
  for (const b of message.buttons) {
    const m = /^game:([a-z0-9]{8}):(\d+):\d+$/.exec(b.customId);
    if (m) return { gameId: m[1]!, version: Number(m[2]) };
  }
  return undefined;
}

/** Every acknowledged order against the stored games; counts go into `result`. */
async function check(
  store: GameStore,
  acked: readonly Acked[],
  gameIds: ReadonlySet<string>,
  result: CrashLoopResult,
  failed: Set<string>,
): Promise<void> {
  // Failures are remembered across rounds: an order lost at one kill stays lost even if a later one takes its version.
  const lose = (key: string, problem: string) => {
    if (!failed.has(`lost ${key}`)) result.problems.push(problem);
    failed.add(`lost ${key}`);
  };
  const damage = (key: string, problem: string) => {
    if (!failed.has(`damaged ${key}`)) result.problems.push(problem);
    failed.add(`damaged ${key}`);
  };
  for (const gameId of gameIds) {
    const doc = await store.load(gameId);
    const mine = acked.filter((a) => a.gameId === gameId);
    if (!doc) {
      for (const a of mine) lose(`${gameId}:${a.version}`, `game ${gameId} is missing`);
      continue;
    }
    const def = new GameRegistry(INSTALLED_GAMES).forGame(doc);
    // Versions rise through the log (an undo leaves a gap: the version still goes up) and end at most at the game's.
    doc.actions.forEach((a, i) => {
      if (a.version <= (doc.actions[i - 1]?.version ?? 0) || a.version > doc.version)
        damage(`${gameId}:${i + 1}`, `game ${gameId}: log entry ${i + 1} has version ${a.version}`);
    });
    for (const a of mine) {
      if (doc.version < a.version)
        lose(`${gameId}:${a.version}`, `game ${gameId}: acknowledged version ${a.version}, stored ${doc.version}`);
      if (a.expect.kind === 'undo' && !doc.events.some((e) => e.kind === 'undo' && e.version === a.version))
        lose(`${gameId}:${a.version}`, `game ${gameId}: the undo acknowledged at version ${a.version} is not in the log`);
    }
    // Listed for its server, and not set aside.
    const listed = await store.listGuild(doc.guildId, doc.channelId, 1000);
    if (!listed.games.some((g) => g.id === gameId) || listed.unreadable.length)
      damage(`${gameId}:listed`, `game ${gameId}: not listed for its server (${listed.unreadable.join(', ')} unreadable)`);
    // One pass through the log: the position before each acknowledged button press.
    const wanted = new Map(mine.filter((a) => a.expect.kind === 'swap' || a.expect.kind === 'choice').map((a) => [a.version, a]));
    let state = replay(def, doc.options, doc.seed, []);
    for (const record of doc.actions) {
      const a = wanted.get(record.version);
      if (a) {
        const ok =
          record.userId === USER.id &&
          (a.expect.kind === 'swap'
            ? (record.action as { type?: string }).type === 'setup-swap'
            : a.expect.kind === 'choice' && isDeepStrictEqual(def.engine.prompt(state).choices[a.expect.index]?.action, record.action));
        if (!ok)
          lose(
            `${gameId}:${a.version}`,
            `game ${gameId} version ${record.version}: stored ${JSON.stringify(record.action)} by ${record.userId}, acknowledged ${JSON.stringify(a.expect)}`,
          );
        wanted.delete(record.version);
      }
      state = JSON.parse(JSON.stringify(def.engine.apply(state, record.action).state));
    }
    for (const a of wanted.values()) {
      if (a.mayBeUndone && doc.events.some((e) => e.kind === 'undo' && e.version > a.version)) continue;
      // Near it in the log, to tell a lost order from an order taken back unseen.
      const near = (v: number) => Math.abs(v - a.version) < 4;
      const around = `log ${doc.actions.filter((r) => near(r.version)).map((r) => `${r.version}${r.userId === USER.id ? '' : '(bot)'}`)}; undo at ${doc.events.filter((e) => e.kind === 'undo' && near(e.version)).map((e) => e.version)}`;
      lose(
        `${gameId}:${a.version}`,
        `game ${gameId}: acknowledged version ${a.version} is not stored (stored version ${doc.version}; ${around})`,
      );
    }
    if (!isDeepStrictEqual(state, doc.state))
      damage(`${gameId}:replay:${doc.version}`, `game ${gameId}: the log does not replay to the stored position`);
    result.finalVersion = Math.max(result.finalVersion, doc.version);
  }
  // Every open ballot is listed, and every listed one is stored.
  const open = await store.batches.members(OPEN_BALLOTS_SET);
  for (const id of open)
    if ((await store.keyv.get(ballotKey(id))) === undefined) damage(`ballot:${id}`, `ballot of game ${id} listed as open but not stored`);
  for (const id of gameIds)
    if ((await store.keyv.get(ballotKey(id))) !== undefined && !open.includes(id))
      damage(`ballot:${id}`, `ballot of game ${id} stored but not listed as open`);
  result.lost = [...failed].filter((f) => f.startsWith('lost ')).length;
  result.damaged = [...failed].filter((f) => f.startsWith('damaged ')).length;
}

function delay(ms: number): Promise<undefined> {
  return new Promise((r) => setTimeout(() => r(undefined), ms));
}
