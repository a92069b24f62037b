import { availableParallelism } from 'node:os';
import type { GameDef } from '../games/game-def.js';
import { INSTALLED_GAMES } from '../games/installed.js';
import type { GameRegistry } from '../games/registry.js';
import { poolSize } from '../render/render-pool.js';
import { WorkerPool } from '../render/worker-pool.js';
import { type BotPlay, botPlay, botToAct } from './bot-play.js';
import { type CheckedImport, type GameJob, type GameJobResult, runGameJob } from './game-jobs.js';

/** Where the session runs a game's slow work: the bot's turn and an import's check. */
export interface GameWork {
  botTurn(def: GameDef, state: unknown, version: number, at: string): Promise<BotPlay>;
  checkImport(games: GameRegistry, text: string): Promise<CheckedImport>;
}

const byRegistry = (games: GameRegistry) => (game: { game: string; charts?: string | undefined }) => games.forGame(game);

/** On this thread (PLAY_WORKERS=0, and games the workers do not have). */
export const workHere: GameWork = {
  async botTurn(def, state, version, at) {
    return botPlay(def, state, version, at);
  },
  async checkImport(games, text) {
    const result = runGameJob({ kind: 'import', text }, byRegistry(games));
    if (result.kind !== 'import') throw new Error('an import check answered something else');
    return result;
  },
};

/**
 * On worker threads, so a bot's search or an import's replay never stalls the other channels
 * of this process. The workers have the installed games; a game they lack (a plug-in given to
 * the session only, other charts) runs here as before. Same rules, same bot, same result
 * either way: the work is pure.
 */
export function workOnThreads(pool: WorkerPool<GameJob, GameJobResult>): GameWork {
  return {
    async botTurn(def, state, version, at) {
      // Most orders leave no decision to the bot: no need to hand the state over.
      if (!botToAct(def, state)) return { state, version, records: [], lines: [], events: [], unfinished: false };
      const installed = INSTALLED_GAMES.find((g) => g.id === def.id);
      if (installed?.autoPlay !== def.autoPlay) return workHere.botTurn(def, state, version, at);
      const result = await pool.run({ kind: 'bot', game: def.id, charts: def.charts, state, version, at });
      return result.kind === 'bot' ? result.play : workHere.botTurn(def, state, version, at);
    },
    async checkImport(games, text) {
      const result = await pool.run({ kind: 'import', text });
      return result.kind === 'import' ? result : workHere.checkImport(games, text);
    },
  };
}

let shared: WorkerPool<GameJob, GameJobResult> | undefined | null;

/**
 * The process's game pool: PLAY_WORKERS threads (default: the CPUs, at most 2), or none with
 * PLAY_WORKERS=0, when the work runs on the main thread.
 */
export function gameWork(): GameWork {
  if (shared === undefined) {
    const size = poolSize(process.env.PLAY_WORKERS, Math.min(2, availableParallelism()));
    shared = size ? new WorkerPool('game', size, { base: import.meta.url, module: 'game-worker' }) : null;
  }
  return shared ? workOnThreads(shared) : workHere;
}

export async function closeGameWork(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
