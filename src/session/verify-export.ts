import { isDeepStrictEqual } from 'node:util';
import { UserError } from '../contracts/errors.js';
import type { GameRegistry } from '../games/registry.js';
import type { GameExport } from './export-format.js';
import { replay, toJson } from './replay.js';
import { hashSeed } from './secrets.js';

export interface Verification {
  ok: boolean;
  actions: number;
  diceChecked: number;
  problems: string[];
}

/**
 * Check a finished game's export the way any player can: the revealed seed matches the
 * fingerprint published at the start, and replaying every logged order from that seed, on
 * the charts the game was played with, rolls exactly the dice in the log and reaches exactly
 * the exported position.
 */
export function verifyExport(file: GameExport, games: GameRegistry): Verification {
  const { game } = file;
  const problems: string[] = [];
  const failed = (problem: string): Verification => ({ ok: false, actions: 0, diceChecked: 0, problems: [problem] });
  if (game.seed === undefined || game.state === undefined) {
    return failed('the export has no seed: the game was still running when it was exported');
  }
  if (hashSeed(game.seed) !== game.seedHash)
    problems.push(`the seed ${game.seed} does not match the published fingerprint ${game.seedHash}`);
  let def: ReturnType<GameRegistry['forGame']>;
  try {
    def = games.forGame(game);
  } catch (err) {
    if (err instanceof UserError) return failed(err.message);
    throw err;
  }
  let diceChecked = 0;
  let state: unknown;
  try {
    state = replay(def, game.options, game.seed, game.actions, (record, events) => {
      const rolled = toJson(events.flatMap((e) => e.dice ?? [])) as unknown[];
      const logged = game.events.filter((l) => l.version === record.version).flatMap((l) => l.dice ?? []);
      if (!isDeepStrictEqual(rolled, logged)) {
        problems.push(
          `version ${record.version}: the log shows dice ${JSON.stringify(logged)}, the replay rolls ${JSON.stringify(rolled)}`,
        );
      }
      diceChecked += rolled.length;
    });
  } catch (err) {
    problems.push(`the replay stops: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (problems.length === 0 && !isDeepStrictEqual(state, game.state)) problems.push('the replayed position differs from the exported one');
  return { ok: problems.length === 0, actions: game.actions.length, diceChecked, problems };
}
