import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type IntervalHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { INSTALLED_GAMES } from '../src/games/installed.js';
import { POLICIES, playGame } from '../src/games/operation-typhoon/autoplay/index.js';
import { typhoonEngine } from '../src/games/operation-typhoon/index.js';
import { GameRegistry } from '../src/games/registry.js';
import { type GameWork, gameWork, workHere } from '../src/session/game-work.js';
import { type ActOutcome, exportDocument, GameSessions } from '../src/session/index.js';
import { createGameStore } from '../src/store/game-store.js';

export interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface BotLoopFigures {
  /** Where the bots thought and the imports replayed. */
  where: 'main thread' | 'worker threads';
  channels: number;
  /** Bot actions played while measuring (each German turn is dozens, each chosen by the search). */
  botActions: number;
  botWallMs: number;
  /** Event-loop delay of the main thread while the bots thought. */
  bots: LoopDelay;
  imports: number;
  /** Bytes and orders of the file imported. */
  importBytes: number;
  importOrders: number;
  /** Event-loop delay of the main thread while copies of a finished game were imported, all at once. */
  importing: LoopDelay;
  /** The machine's one-minute load average at the end (other processes share its cores). */
  loadAverage: number;
}

/**
 * The export of a whole Operation Typhoon game (the pocket-seeking policy, played through the
 * session layer to its end): the file the import part of the bench replays.
 */
export async function finishedGameExport(seed = 1): Promise<{ text: string; orders: number }> {
  const store = createGameStore({ dataFile: join(mkdtempSync(join(tmpdir(), 'bench-export-')), 'games.sqlite') });
  const sessions = new GameSessions(store, new GameRegistry(INSTALLED_GAMES), { work: workHere });
  try {
    const record = playGame(typhoonEngine(), POLICIES['seek-pockets']!, seed);
    await sessions.newGame({ channelId: 'export' }, player, { game: 'operation-typhoon', seed });
    for (const a of record.actions) await sessions.act('export', player, a);
    const doc = (await sessions.require('export')).doc;
    if (doc.status === 'active') await sessions.end('export', player);
    const finished = (await sessions.require('export')).doc;
    return { text: JSON.stringify(exportDocument(finished, new Date())), orders: finished.actions.length };
  } finally {
    await store.close();
  }
}

const player = { id: 'bench-player', name: 'Bench' };

/**
 * Event-loop delay (perf_hooks monitorEventLoopDelay, 10 ms resolution) of the main thread
 * while `channels` Battle for Moscow games against the search bot (the bot plays the
 * Germans, the player ends every Soviet phase at once) play `rounds` player orders each, all
 * at once; then while `channels` copies of a finished game's export are imported, at once. The delay is how late a timer fires: what every other channel of the process waits
 * before its own command can even start.
 */
export async function benchBotEventLoop(
  where: BotLoopFigures['where'],
  file: { text: string; orders: number },
  channels = 4,
  rounds = 4,
): Promise<BotLoopFigures> {
  const work: GameWork = where === 'main thread' ? workHere : gameWork();
  const store = createGameStore({ dataFile: join(mkdtempSync(join(tmpdir(), 'bench-bots-')), 'games.sqlite') });
  const sessions = new GameSessions(store, new GameRegistry(INSTALLED_GAMES), { work });
  try {
    // Warm-up (compiled code, worker threads started), outside the measure.
    await playAgainstBot(sessions, 'warm-up', 1, 1);
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    const t0 = performance.now();
    histogram.enable();
    const played = await Promise.all(Array.from({ length: channels }, (_, i) => playAgainstBot(sessions, `bot-${i}`, 100 + i, rounds)));
    histogram.disable();
    const botWallMs = performance.now() - t0;
    const bots = delayOf(histogram);

    await sessions.importGame({ channelId: 'imported-warm-up' }, player, file.text);
    const importHistogram = monitorEventLoopDelay({ resolution: 10 });
    importHistogram.enable();
    await Promise.all(Array.from({ length: channels }, (_, i) => sessions.importGame({ channelId: `imported-${i}` }, player, file.text)));
    importHistogram.disable();
    return {
      where,
      channels,
      botActions: played.reduce((n, p) => n + p, 0),
      botWallMs,
      bots,
      imports: channels,
      importBytes: Buffer.byteLength(file.text),
      importOrders: file.orders,
      importing: delayOf(importHistogram),
      loadAverage: loadavg()[0]!,
    };
  } finally {
    await store.close();
  }
}

/** A game against the search bot: the bot opens, the player ends `rounds` phases; the bot's actions counted. */
async function playAgainstBot(sessions: GameSessions, channelId: string, seed: number, rounds: number): Promise<number> {
  let view: ActOutcome = await sessions.newGame({ channelId }, player, {
    game: 'battle-for-moscow',
    seed,
    options: { vs: 'bot', side: 'soviet' },
  });
  let actions = view.bot?.actions ?? 0;
  for (let r = 0; r < rounds && view.doc.status === 'active'; r++) {
    const end = view.prompt.choices.find((c) => (c.action as { type?: string }).type === 'end-phase');
    if (!end) break;
    view = await sessions.act(channelId, player, end.action);
    actions += view.bot?.actions ?? 0;
  }
  return actions;
}

function delayOf(h: IntervalHistogram): LoopDelay {
  return { p50Ms: h.percentile(50) / 1e6, p99Ms: h.percentile(99) / 1e6, maxMs: h.max / 1e6 };
}
