import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { INSTALLED_GAMES } from '../src/games/installed.js';
import { POLICIES, playGame } from '../src/games/operation-typhoon/autoplay/index.js';
import { typhoonEngine } from '../src/games/operation-typhoon/index.js';
import { GameRegistry } from '../src/games/registry.js';
import { GameSessions } from '../src/session/index.js';
import { createGameStore } from '../src/store/game-store.js';
import { packDocument } from '../src/store/packed-document.js';
import { median } from './timing.js';

export interface WholeGameFigures {
  games: number;
  policy: string;
  medianMs: number;
  medianActions: number;
  /** The stored record of a finished game (state, every order, every log line), packed as in the store. */
  storedBytes: number;
  /** The same document as plain JSON. */
  jsonBytes: number;
  storedActions: number;
}

/**
 * Whole Operation Typhoon games auto-played by the engine (the pocket-seeking policy), and
 * the size of one stored through the session layer when it is over.
 */
export async function benchWholeGame(games = 20): Promise<WholeGameFigures> {
  const engine = typhoonEngine();
  const policy = POLICIES['seek-pockets']!;
  const times: number[] = [];
  const actions: number[] = [];
  let longest = playGame(engine, policy, 1);
  for (let seed = 1; seed <= games; seed++) {
    const t0 = performance.now();
    const record = playGame(engine, policy, seed);
    times.push(performance.now() - t0);
    actions.push(record.actions.length);
    if (record.actions.length > longest.actions.length) longest = record;
  }
  const store = createGameStore({ dataFile: join(mkdtempSync(join(tmpdir(), 'bench-game-')), 'games.sqlite') });
  const sessions = new GameSessions(store, new GameRegistry(INSTALLED_GAMES));
  const player = { id: 'bench', name: 'Bench' };
  await sessions.newGame({ channelId: 'bench' }, player, { game: 'operation-typhoon', seed: longest.seed });
  for (const a of longest.actions) await sessions.act('bench', player, a);
  const doc = (await sessions.require('bench')).doc;
  await store.close();
  const json = JSON.stringify(doc);
  return {
    games,
    policy: policy.name,
    medianMs: median(times),
    medianActions: median(actions),
    storedBytes: Buffer.byteLength(packDocument(json)),
    jsonBytes: Buffer.byteLength(json),
    storedActions: doc.actions.length,
  };
}

export interface MemoryFigures {
  games: number;
  heapMb: number;
  rssMb: number;
}

/**
 * Memory of one process holding 1,000 live games: each started and given an order through
 * the session layer over one SQLite store (games live in the store; the process keeps only
 * what it caches). Heap after a forced GC when available, and resident set size.
 */
export async function benchMemory(games = 1000): Promise<MemoryFigures> {
  const store = createGameStore({ dataFile: join(mkdtempSync(join(tmpdir(), 'bench-mem-')), 'games.sqlite') });
  const sessions = new GameSessions(store, new GameRegistry(INSTALLED_GAMES));
  for (let i = 0; i < games; i++) {
    const player = { id: `p${i}`, name: `P${i}` };
    await sessions.newGame({ channelId: `c${i}`, guildId: 'g' }, player, {
      game: i % 2 ? 'operation-typhoon' : 'battle-for-moscow',
      seed: i,
    });
    await sessions.act(`c${i}`, player, { type: 'setup-done' }).catch(() => undefined);
  }
  (globalThis as { gc?: () => void }).gc?.();
  const mem = process.memoryUsage();
  await store.close();
  return { games, heapMb: mem.heapUsed / 2 ** 20, rssMb: mem.rss / 2 ** 20 };
}

/** benchMemory in a fresh process, so what earlier benchmarks allocated does not count. */
export async function benchMemoryInChild(games = 1000): Promise<MemoryFigures> {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const script = `import('./bench/game-bench.ts').then(async (m) => console.log(JSON.stringify(await m.benchMemory(${games}))))`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', '-e', script], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as MemoryFigures;
}
