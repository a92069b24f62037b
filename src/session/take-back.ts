import { UserError } from '../contracts/errors.js';
import type { GameEvent } from '../games/engine.js';
import { dropBallot } from '../store/ballot-keys.js';
import type { ActionRecord, GameDocument } from '../store/game-document.js';
import { BOT_USER_ID } from './bot-play.js';
import type { GameRecords } from './game-records.js';
import type { ActOutcome, GameView } from './game-view.js';
import { type Actor, undoRefusal } from './permissions.js';
import { replay, toJson } from './replay.js';
import { changedHexes } from './scene-diff.js';

/**
 * Take back the last order by replaying the log without it (against the bot, with the bot's
 * answers to it); never past a die roll. Runs under the channel's lock, on the game as read there.
 */
export async function takeBack(
  records: GameRecords,
  view: GameView,
  actor: Actor,
): Promise<ActOutcome & { undone: ActionRecord; ballotClosed: boolean }> {
  const { doc, def } = view;
  const from = takenFrom(view, actor);
  const last = doc.actions[from]!;
  const taken = new Set(doc.actions.slice(from).map((a) => a.version));
  const kept = doc.actions.slice(0, from);
  // The state before that order, kept with the game when it was saved: no replay of the whole log.
  const prior = records.store.priorOf(doc);
  const state = prior?.actions === from ? prior.state : replay(def, doc.options, doc.seed, kept, { reseeds: doc.reseeds });
  // The version still goes up, so buttons posted before the undo are refused as stale.
  const version = doc.version + 1;
  const next: GameDocument = {
    ...doc,
    version,
    state: toJson(state),
    actions: kept,
    events: [
      ...doc.events,
      {
        version,
        kind: 'undo',
        text: `${actor.name} took back the order of version ${last.version}${taken.size > 1 ? ` and the bot’s ${taken.size - 1} after it` : ''}.`,
      },
    ],
    updatedAt: records.now().toISOString(),
  };
  // A ballot on the position taken back closes in the same step: what the player is told stays true.
  const ballotClosed = await records.hasBallot(doc.id);
  await records.saveMade(next, { base: doc, prior: null, also: dropBallot(doc.id) });
  // The answer's picture frames where the position changed (the full map when nothing on it did).
  const hexes = changedHexes(def.scene(doc.state), def.scene(state));
  const event: GameEvent = { kind: 'undo', text: `${actor.name} took back the last order.`, ...(hexes.length ? { hexes } : {}) };
  return { ...records.viewOf(next), events: [event], undone: last, ballotClosed };
}

/** Where the orders taken back start in the log, once every refusal has been given. */
function takenFrom(view: GameView, actor: Actor): number {
  const { doc, def } = view;
  // Against the bot, the player's last order goes back together with the bot's answers to it.
  const from = def.autoPlay ? lastIndexWhere(doc.actions, (a) => a.userId !== BOT_USER_ID) : doc.actions.length - 1;
  if (def.autoPlay && from < 0 && doc.actions.length > 0)
    throw new UserError('There is nothing of yours to undo: every order so far was the bot’s. /game status says what the game waits for.');
  const refusal = undoRefusal(doc, actor, view.prompt, doc.actions[from]);
  if (refusal) throw new UserError(refusal);
  const taken = new Set(doc.actions.slice(from).map((a) => a.version));
  if (!def.undo) throw new UserError(`${def.name} has no undo. /game status says what comes next.`);
  if (doc.events.some((e) => taken.has(e.version) && e.dice?.length)) {
    throw new UserError(
      taken.size > 1
        ? 'Dice were rolled since your last order (the bot’s included): it stands (no undo past a die roll). /game status says what comes next.'
        : 'Dice were rolled: that order stands (no undo past a die roll). /game status says what comes next.',
    );
  }
  const check = def.undo(doc.state);
  if (!check.allowed)
    throw new UserError(`That order cannot be taken back: ${check.reason} Play on from here: /game status says what comes next.`);
  return from;
}

function lastIndexWhere<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return i;
  return -1;
}
