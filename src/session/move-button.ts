import type { ReplyButton } from '../contracts/reply.js';
import type { GameDef } from '../games/game-def.js';
import type { Order } from '../games/orders.js';
import type { GameDocument } from '../store/game-document.js';
import { applyParsed } from './order-path.js';

/**
 * The game's move order as menus can drive it: the option naming what moves (the first with
 * autocomplete besides `to:`) and the destination `to:`, with `suggest` for both and `run`.
 * Every game whose /move has that shape gets the "Move…" button and its menus.
 */
export function menuMove(def: GameDef): { order: Order<unknown, unknown>; mover: string } | undefined {
  const order = def.orders.find((o) => o.command === 'move' && o.subcommand === undefined && o.run && o.suggest);
  const options = order?.options ?? [];
  const mover = options.find((o) => o.autocomplete && o.name !== 'to')?.name;
  if (!order || !mover || !options.some((o) => o.name === 'to' && o.autocomplete)) return undefined;
  return { order: order as Order<unknown, unknown>, mover };
}

/** "Move…" (`move:<gameId>:<version>:open`) when the side to act may move something now. */
export function moveButton(doc: GameDocument, def: GameDef): ReplyButton | undefined {
  if (doc.status !== 'active') return undefined;
  const move = menuMove(def);
  if (!move) return undefined;
  // Offered only when a move would be taken now: the first stack to its first hex, tried on the
  // pure engine (a set-up or a battle under way refuses it, and then menus would only refuse).
  try {
    const [first] = move.order.suggest!(doc.state, { name: move.mover, value: '' }, {}, 1);
    if (!first) return undefined;
    const [to] = move.order.suggest!(doc.state, { name: 'to', value: '' }, { [move.mover]: first.value }, 1);
    if (!to) return undefined;
    const outcome = move.order.run!(doc.state, { [move.mover]: first.value, to: to.value });
    if (!('act' in outcome)) return undefined;
    // The game's own order built it: the engine need not parse it again.
    applyParsed(def, doc.state, outcome.act);
  } catch {
    return undefined;
  }
  return { customId: `move:${doc.id}:${doc.version}:open`, label: 'Move…', style: 'secondary' };
}
