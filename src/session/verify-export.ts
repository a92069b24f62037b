import { isDeepStrictEqual } from 'node:util';
import type { GameEvent } from '../games/engine.js';
import { gameDef } from '../games/registry.js';
import type { GameExport } from './export-format.js';
import { hashSeed } from './secrets.js';

export interface Verification {
  ok: boolean;
  actions: number;
  diceChecked: number;
  problems: string[];
}

/**
 * Check a finished game's export the way any player can: the revealed seed matches the
 * fingerprint published at the start, and replaying every logged order from that seed
 * rolls exactly the dice in the log and reaches exactly the exported position.
 */
export function verifyExport(file: GameExport): Verification {
  const { game } = file;
  const problems: string[] = [];
  if (game.seed === undefined || game.state === undefined) {
    return { ok: false, actions: 0, diceChecked: 0, problems: ['the export has no seed: the game was still running when it was exported'] };
  }
  if (hashSeed(game.seed) !== game.seedHash)
    problems.push(`the seed ${game.seed} does not match the published fingerprint ${game.seedHash}`);
  const def = gameDef(game.game);
  if (!def) return { ok: false, actions: 0, diceChecked: 0, problems: [`this bot does not know the game "${game.game}"`] };
  const setupOptions = def.setupOptions ? def.setupOptions(game.options, game.seed) : { ...game.options, seed: game.seed };
  let state: unknown = JSON.parse(JSON.stringify(def.engine.setup(setupOptions)));
  let diceChecked = 0;
  for (const record of game.actions) {
    let events: GameEvent[];
    try {
      ({ state, events } = def.engine.apply(state, record.action));
      state = JSON.parse(JSON.stringify(state));
    } catch (err) {
      problems.push(`order of version ${record.version} is refused on replay: ${err instanceof Error ? err.message : String(err)}`);
      break;
    }
    const rolled = JSON.parse(JSON.stringify(events.flatMap((e) => e.dice ?? []))) as unknown[];
    const logged = game.events.filter((l) => l.version === record.version).flatMap((l) => l.dice ?? []);
    if (!isDeepStrictEqual(rolled, logged))
      problems.push(`version ${record.version}: the log shows dice ${JSON.stringify(logged)}, the replay rolls ${JSON.stringify(rolled)}`);
    diceChecked += rolled.length;
  }
  if (problems.length === 0 && !isDeepStrictEqual(state, game.state)) problems.push('the replayed position differs from the exported one');
  return { ok: problems.length === 0, actions: game.actions.length, diceChecked, problems };
}
