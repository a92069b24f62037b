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
import { median } from './timing.js';

export interface OrderCostFigures {
  /** Orders in the auto-played Operation Typhoon game replayed through the session layer. */
  gameOrders: number;
  /** Median ms per order over its first 50 orders, and over its last 50. */
  earlyMs: number;
  lateMs: number;
  /** Median ms per order, and per undo, once a Battle for Moscow game holds 5,000 orders. */
  bigOrders: number;
  bigOrderMs: number;
  bigUndoMs: number;
}

/**
 * What one order costs the session and the store (load, check, apply, save; no Discord, no
 * picture) as a game grows: a whole auto-played Operation Typhoon game given order by order
 * on a SQLite store, and a Battle for Moscow set-up of 5,000 swaps, then orders and undos.
 */
export async function benchOrderCost(bigOrders = 5000, samples = 30): Promise<OrderCostFigures> {
  const registry = new GameRegistry(INSTALLED_GAMES);
  const engine = typhoonEngine();
  let longest = playGame(engine, POLICIES['seek-pockets']!, 1);
  for (let seed = 2; seed <= 5; seed++) {
    const record = playGame(engine, POLICIES['seek-pockets']!, seed);
    if (record.actions.length > longest.actions.length) longest = record;
  }
  const store = createGameStore({ dataFile: join(mkdtempSync(join(tmpdir(), 'bench-orders-')), 'games.sqlite') });
  const sessions = new GameSessions(store, registry);
  const player = { id: 'bench', name: 'Bench' };
  await sessions.newGame({ channelId: 'typhoon' }, player, { game: 'operation-typhoon', seed: longest.seed });
  const times: number[] = [];
  for (const a of longest.actions) {
    const t0 = performance.now();
    await sessions.act('typhoon', player, a);
    times.push(performance.now() - t0);
  }

  await sessions.newGame({ channelId: 'big' }, player, { game: 'battle-for-moscow', seed: 1 });
  const swap = (i: number) => (i % 2 === 0 ? { type: 'setup-swap', a: 'XXIV', b: 'XLI' } : { type: 'setup-swap', a: 'XLI', b: 'XXIV' });
  for (let i = 0; i < bigOrders; i++) await sessions.act('big', player, swap(i));
  const orderMs: number[] = [];
  const undoMs: number[] = [];
  for (let i = 0; i < samples; i++) {
    let t0 = performance.now();
    await sessions.act('big', player, swap(i));
    orderMs.push(performance.now() - t0);
    t0 = performance.now();
    await sessions.undo('big', player);
    undoMs.push(performance.now() - t0);
  }
  await store.close();
  return {
    gameOrders: longest.actions.length,
    earlyMs: median(times.slice(0, 50)),
    lateMs: median(times.slice(-50)),
    bigOrders,
    bigOrderMs: median(orderMs),
    bigUndoMs: median(undoMs),
  };
}

// `tsx bench/order-cost-bench.ts`: this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await benchOrderCost();
  console.log(JSON.stringify(f));
  process.exit(0);
}
