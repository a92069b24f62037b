import { RuleError } from '../games/engine.js';
import { typhoonEngine } from '../games/operation-typhoon/index.js';
import type { TyphoonState } from '../games/operation-typhoon/state.js';
import { sessions } from '../session/index.js';
import { UserError } from '../contracts/errors.js';

/**
 * What the Operation Typhoon order commands (/move, /air, /force, /battle, /phase, /setup)
 * share: the channel's game, checked to be Operation Typhoon, and the engine's index.
 */
export async function typhoonGameIn(channelId: string): Promise<{ state: TyphoonState; index: ReturnType<typeof typhoonEngine>['index'] }> {
  const view = await sessions().require(channelId);
  if (view.def.id !== 'operation-typhoon') {
    throw new UserError(
      `This channel plays ${view.def.name}; that command is for Operation Typhoon. /game help lists this game's commands.`,
    );
  }
  return { state: view.doc.state as TyphoonState, index: typhoonEngine().index };
}

/** Run an order builder; its rule refusals become answers to the player. */
export function orderOrRefusal<T>(build: () => T): T {
  try {
    return build();
  } catch (err) {
    if (err instanceof RuleError) throw new UserError(err.message);
    throw err;
  }
}

/** Autocomplete never fails loudly: no game, another game or a bad option give an empty list. */
export async function quietly<T>(fallback: T, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    return fallback;
  }
}
