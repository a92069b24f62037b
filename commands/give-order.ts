import { UserError } from '../src/contracts/errors.js';
import type { Choice } from '../src/contracts/reply.js';
import { actOn, type Decided, decideAndReply } from '../src/dispatch/act-and-reply.js';
import type { AutocompleteRequest, CommandContext, Invocation } from '../src/dispatch/command.js';
import { checkedOptions, commandWords, orderOf } from '../src/dispatch/game-orders.js';
import type { GameDef } from '../src/games/game-def.js';
import type { Order } from '../src/games/orders.js';
import type { GameView, OrderDesk } from '../src/session/game-sessions.js';
import { asker } from '../src/session/permissions.js';
import { hiddenFrom } from '../src/session/sight.js';
import { askFirst } from './confirmations.js';

/**
 * What an order command (/move, /attack ...) does, on one path: under the channel's lock the
 * game is read once; the game turns the checked options into its action; the session parses,
 * checks, applies and saves it once. A question before the order is a dry run of that path;
 * in vote play the order becomes a proposal. The answer is posted once the lock is released.
 */

/** One game's order for a command name. */
export interface Declared {
  def: GameDef;
  order: Order<unknown, unknown>;
}

/**
 * When several games answer the same command without a game (their charts), `game:` says
 * whose; the option is the bot's, not a game's, and never reaches the game's order.
 */
export const GAME_OPTION = 'game';

/** Games whose (sub)command answers without a game in the channel (charts). */
export function lookersOf(declared: Declared[]): GameDef[] {
  return [...new Set(declared.filter((d) => d.order.look).map((d) => d.def))];
}

/** An order command: decided on the game read once under the channel's lock, answered after it. */
export async function giveOrder(ctx: CommandContext, declared: Declared[]): Promise<void> {
  await decideAndReply(ctx, (desk) => decide(ctx, declared, desk));
}

async function decide(ctx: CommandContext, declared: Declared[], desk: OrderDesk): Promise<Decided> {
  const { invocation } = ctx;
  const { def, state, view } = target(desk.view, invocation, declared);
  const order = orderOf(def, invocation);
  const { [GAME_OPTION]: _whose, ...given } = invocation.options;
  const options = checkedOptions(def, order, lookersOf(declared).length > 1 ? given : invocation.options);
  if (!view || !order.run) {
    if (!order.look) throw new UserError('There is no game in this channel. /game new starts one.');
    return { reply: { content: order.look(options), ephemeral: true } };
  }
  const outcome = order.run(state, options, asker(view, invocation.user.id));
  if ('answer' in outcome) return { reply: { content: outcome.answer, ephemeral: true } };
  // Something would be lost: ask first (a vote game's ballot is its own question), but only about an
  // order that would be taken: a dry run of the same path gives its refusal first, as without the question.
  if (outcome.confirm && !ctx.services.votes.isVoted(view)) {
    desk.dryRun(invocation.user, outcome.act);
    const { text, go, instead } = outcome.confirm;
    return { reply: askFirst(view, invocation.user, { text, go, action: outcome.act, ...(instead ? { instead } : {}) }, outcome.heading) };
  }
  return actOn(ctx, desk, view, outcome.act, outcome.heading);
}

/** The game an order goes to: the channel's, or without one, the only game whose order needs none. */
function target(view: GameView | undefined, invocation: Invocation, declared: Declared[]) {
  const lookers = lookersOf(declared.filter((d) => d.order.subcommand === invocation.subcommand));
  const named = invocation.options[GAME_OPTION];
  if (typeof named === 'string' && lookers.length > 1 && named !== view?.def.id) {
    const def = lookers.find((g) => g.id === named);
    if (!def) throw new UserError(`${commandWords(invocation)} game: takes one of ${lookers.map((g) => g.id).join(', ')}.`);
    return { def, state: undefined };
  }
  if (view) return { def: view.def, state: view.doc.state as unknown, view };
  if (lookers.length === 1) return { def: lookers[0]!, state: undefined };
  if (lookers.length > 1)
    throw new UserError(
      `Without a game in this channel, say whose: ${lookers.map((g) => `${commandWords(invocation)} game:${g.id}`).join(' or ')}. /game new starts a game.`,
    );
  throw new UserError('There is no game in this channel. /game new starts one.');
}

/** Autocomplete for an order's options: the game's own suggestions, for the side to act's players only. */
export async function suggestOrder(request: AutocompleteRequest, declared: Declared[]): Promise<Choice[]> {
  const { def, state, view } = target(await request.services.sessions.current(request.invocation.channelId), request.invocation, declared);
  const order = orderOf(def, request.invocation);
  // Fog of war: suggestions name the units of the side to act, so only its own players get them.
  if (view && hiddenFrom(view, request.invocation.user.id, view.prompt.side)) return [];
  return order.suggest?.(state, request.focused, request.invocation.options) ?? [];
}
