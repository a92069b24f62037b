import type { GameDocument } from '../store/game-document.js';

/** The kind of an order: the game's action type ("setup-swap", "move"), or one kind for actions without one. */
export function orderKind(action: unknown): string {
  return action && typeof action === 'object' && 'type' in action && typeof action.type === 'string' ? action.type : 'order';
}

/** What take-backs (/game undo) count as: a kind of their own, logged as "undo" lines. */
export const TAKE_BACK = 'undo';

/**
 * How many orders of `kind` this game has had since its last die roll: the actions of that
 * kind still in the log after the last event with dice, or, for take-backs, the undo lines
 * since then. Both lists are in version order, so only their tails are read.
 */
export function freeRun(doc: GameDocument, kind: string): number {
  let lastDice = -1;
  for (let i = doc.events.length - 1; i >= 0; i--) {
    const e = doc.events[i]!;
    if (e.dice?.length) {
      lastDice = e.version;
      break;
    }
  }
  let count = 0;
  if (kind === TAKE_BACK) {
    for (let i = doc.events.length - 1; i >= 0 && doc.events[i]!.version > lastDice; i--) if (doc.events[i]!.kind === TAKE_BACK) count += 1;
    return count;
  }
  for (let i = doc.actions.length - 1; i >= 0 && doc.actions[i]!.version > lastDice; i--)
    if (orderKind(doc.actions[i]!.action) === kind) count += 1;
  return count;
}

/**
 * The cap on free orders: some rules allow an order as often as a player likes without a die
 * roll (set-up swaps and placements, resets, take-backs), and each one adds to the game's
 * stored log. A game may have at most `cap` orders of one kind since its last die roll
 * (take-backs count as one kind). Orders that roll dice never pile up, other kinds stay open
 * (so ending the set-up or the phase always works), and the log between two dice is bounded.
 * A refusal (the text) changes nothing; undefined when the order may go.
 */
export function freeOrderRefusal(doc: GameDocument, kind: string, cap: number | undefined, words: string): string | undefined {
  if (!cap || doc.status !== 'active') return undefined;
  const run = freeRun(doc, kind);
  if (run < cap) return undefined;
  const what = kind === TAKE_BACK ? 'take-backs' : `orders of this kind (${kind})`;
  return `${words} is refused: this game has had ${run} ${what} since its last die roll, the most allowed without one (a guard against endless free orders). Nothing was changed; go on with another order, such as ending the set-up or the phase.`;
}
