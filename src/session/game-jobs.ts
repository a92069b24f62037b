import type { GameDef } from '../games/game-def.js';
import type { GameRegistry } from '../games/registry.js';
import { type BotPlay, botPlay } from './bot-play.js';
import { type GameExport, parseExport } from './export-format.js';
import { type VerifiedGame, verifyGame } from './verify-export.js';

/**
 * The slow, pure work of a game, as plain data that can cross to a worker thread: the bot's
 * turn (a search may take a second) and an import's check (parsing and replaying a file of
 * up to 10 MiB). A game is named by its id and charts, which fix its rules.
 */
export type GameJob =
  | { kind: 'bot'; game: string; charts: string; state: unknown; version: number; at: string }
  | { kind: 'import'; text: string };

/** An import file read and checked: `checked` is absent when the file has no seed (a game in progress). */
export interface CheckedImport {
  exported: GameExport;
  checked?: VerifiedGame;
}

export type GameJobResult = { kind: 'unknown' } | { kind: 'bot'; play: BotPlay } | ({ kind: 'import' } & CheckedImport);

/**
 * Run a job against `games`. `lookup` finds a game by id and charts: here (a registry's
 * forGame, which refuses an unknown one by name) or in a worker (which answers `unknown`, so
 * the caller runs the job itself with the games it has).
 */
export function runGameJob(
  job: GameJob,
  lookup: (game: { game: string; charts?: string | undefined }) => GameDef | undefined,
): GameJobResult {
  if (job.kind === 'bot') {
    const def = lookup({ game: job.game, charts: job.charts });
    if (!def?.autoPlay) return { kind: 'unknown' };
    return { kind: 'bot', play: botPlay(def, job.state, job.version, job.at) };
  }
  const exported = parseExport(job.text);
  const def = lookup(exported.game);
  if (!def) return { kind: 'unknown' };
  // A file without its seed is refused by the session, with the game's name; nothing to replay.
  if (exported.game.seed === undefined) return { kind: 'import', exported };
  return { kind: 'import', exported, checked: verifyGame(exported.game, def) };
}

/** A worker's lookup: the game only when this registry has it on those charts. */
export function quietLookup(games: GameRegistry): (game: { game: string; charts?: string | undefined }) => GameDef | undefined {
  return (game) => {
    if (!games.get(game.game)) return undefined;
    try {
      return games.forGame(game);
    } catch {
      return undefined;
    }
  };
}
