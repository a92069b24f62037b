import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { GameRegistry } from '../../src/games/registry.js';
import { replay } from '../../src/session/replay.js';
import { createGameStore, type GameStore } from '../../src/store/game-store.js';
import { spawnBot } from './fake-discord/bot-process.js';
import { FakeDiscord, type FakeMessage } from './fake-discord/fake-discord.js';

/**
 * The bot process killed with SIGKILL at random points of a scripted game, then restarted,
 * `kills` times. The script plays Battle for Moscow against the bot through the fake
 * Discord: a few set-up swaps (/setup swap), then the buttons under each answer (each press
 * lets the bot play its whole turn, dice and all, inside the same save), and a new game
 * when one ends. An order counts as acknowledged when its answer reached Discord.
 *
 * After every kill, with the bot down, the stored games are read directly and checked:
 * - every acknowledged order is in the log, at its version, by its player, and is exactly
 *   the order acknowledged (a pressed button: the choice the prompt offered at that version);
 * - the stored version is at least the acknowledged one, and versions run 1, 2, 3... ;
 * - replaying the seed and the log rebuilds the stored position byte for byte.
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
  finalVersion: number;
  problems: string[];
  ms: number;
}

interface Acked {
  gameId: string;
  /** The version the player's order produced. */
  version: number;
  /** What must be stored there: a set-up swap, or the choice offered as button `index`. */
  expect: { kind: 'swap' } | { kind: 'choice'; index: number };
}

const USER = { id: '300000000000000777', name: 'Kluge' };
const CHANNEL = '400000000000000777';

export async function crashLoop(kills: number, seed = 1, log: (line: string) => void = () => undefined): Promise<CrashLoopResult> {
  const started = Date.now();
  const fake = await new FakeDiscord().start();
  const dataFile = join(mkdtempSync(join(tmpdir(), 'crash-loop-')), 'games.sqlite');
  const env = { DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl, DATA_FILE: dataFile, RENDER_WORKERS: '1' };
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
    finalVersion: 0,
    problems: [],
    ms: 0,
  };
  const gameIds = new Set<string>();
  const failed = new Set<string>();
  let gameNo = 0;

  /** Send one order; undefined when no answer came before the deadline (the bot was killed). */
  const answer = async (record: ReturnType<FakeDiscord['command']>, deadline: number): Promise<FakeMessage | undefined> =>
    Promise.race([
      fake
        .answers(record, 1, 30_000)
        .then((m) => m[0])
        .catch(() => undefined),
      ...(Number.isFinite(deadline) ? [delay(Math.max(0, deadline - Date.now()))] : []),
    ]);

  try {
    for (let round = 0; round <= kills; round++) {
      const bot = spawnBot('src/main.ts', env);
      let ackedThisRound = 0;
      try {
        await bot.waitForOutput(/Logged in as/, 60_000);
        await fake.waitForShards(1);
        // The last round only checks that play goes on; the others end with a kill somewhere in the next 2 s.
        const killAt = round === kills ? Infinity : Date.now() + 150 + random() * 1850;
        let latest: FakeMessage | undefined;
        let swaps = 0;
        while (Date.now() < killAt && !(round === kills && ackedThisRound > 0)) {
          if (!latest) {
            const status = await answer(fake.command(USER, CHANNEL, 'game', 'status', {}), killAt);
            if (!status) break;
            latest = !status.ephemeral && status.buttons.length ? status : undefined;
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
          let sent: { record: ReturnType<FakeDiscord['command']>; expect: Acked['expect'] };
          if (swaps > 0 && /Set-up/.test(latest.content)) {
            swaps -= 1;
            const pair = random() < 0.5 ? { a: 'XXIV', b: 'XLI' } : { a: 'XLVII', b: 'LVII' };
            sent = { record: fake.command(USER, CHANNEL, 'setup', 'swap', pair), expect: { kind: 'swap' } };
          } else {
            const index = Math.floor(random() * latest.buttons.length);
            sent = { record: fake.click(USER, latest, latest.buttons[index]!.customId), expect: { kind: 'choice', index } };
          }
          const reply = await answer(sent.record, killAt);
          if (!reply) break; // killed before the answer: this order was not acknowledged
          if (reply.ephemeral) {
            latest = undefined; // refused (stale, say): look again
            continue;
          }
          gameIds.add(at.gameId);
          acked.push({ gameId: at.gameId, version: at.version + 1, expect: sent.expect });
          result.acknowledged += 1;
          ackedThisRound += 1;
          latest = reply.buttons.length ? reply : undefined;
        }
      } finally {
        await bot.kill('SIGKILL');
        fake.dropConnections();
      }
      if (round > 0 && ackedThisRound > 0) result.resumed += 1;
      if (round === kills && ackedThisRound === 0) result.problems.push('after the last restart, no order was acknowledged');
      const store = createGameStore({ dataFile });
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
    doc.actions.forEach((a, i) => {
      if (a.version !== i + 1) damage(`${gameId}:${i + 1}`, `game ${gameId}: log entry ${i + 1} has version ${a.version}`);
    });
    if (doc.version !== doc.actions.length)
      damage(`${gameId}:count`, `game ${gameId}: version ${doc.version} but ${doc.actions.length} orders`);
    // One pass through the log: the position before each acknowledged button press.
    const wanted = new Map(mine.map((a) => [a.version, a]));
    let state = replay(def, doc.options, doc.seed, []);
    for (const record of doc.actions) {
      const a = wanted.get(record.version);
      if (a) {
        const ok =
          record.userId === USER.id &&
          (a.expect.kind === 'swap'
            ? (record.action as { type?: string }).type === 'setup-swap'
            : isDeepStrictEqual(def.engine.prompt(state).choices[a.expect.index]?.action, record.action));
        if (!ok)
          lose(
            `${gameId}:${a.version}`,
            `game ${gameId} version ${record.version}: stored ${JSON.stringify(record.action)} by ${record.userId}, acknowledged ${JSON.stringify(a.expect)}`,
          );
        wanted.delete(record.version);
      }
      state = JSON.parse(JSON.stringify(def.engine.apply(state, record.action).state));
    }
    for (const a of wanted.values())
      lose(`${gameId}:${a.version}`, `game ${gameId}: acknowledged version ${a.version} is not stored (stored version ${doc.version})`);
    if (!isDeepStrictEqual(state, doc.state))
      damage(`${gameId}:replay:${doc.version}`, `game ${gameId}: the log does not replay to the stored position`);
    result.finalVersion = Math.max(result.finalVersion, doc.version);
  }
  result.lost = [...failed].filter((f) => f.startsWith('lost ')).length;
  result.damaged = [...failed].filter((f) => f.startsWith('damaged ')).length;
}

function delay(ms: number): Promise<undefined> {
  return new Promise((r) => setTimeout(() => r(undefined), ms));
}
