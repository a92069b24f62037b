import { UserError } from '../src/contracts/errors.js';
import { fitText } from '../src/contracts/limits.js';
import type { Member, Reply, ReplyButton } from '../src/contracts/reply.js';
import type { ButtonContext } from '../src/dispatch/command.js';
import { orderKind } from '../src/dispatch/free-orders.js';
import type { GameView } from '../src/session/game-sessions.js';
import { actingReply } from '../src/session/replies.js';

/**
 * Orders that ask first: ending a turn while forces can still move, a first move that would
 * forfeit air support. The question goes only to the asker, with one button per answer;
 * a press carries out the order held for it, if the game has not moved on.
 *
 * Held orders live in memory: they are not acknowledged yet, so a restart only means the
 * question is asked again.
 */
interface Held {
  gameId: string;
  version: number;
  userId: string;
  action: unknown;
  heading?: string;
}

const HELD_MAX = 2000;
const held = new Map<string, Held>();
let counter = 0;

/** A button that carries out `action` on this version of the game, for `user` only. */
function holdButton(
  view: GameView,
  user: Member,
  action: unknown,
  label: string,
  style: ReplyButton['style'],
  heading?: string,
): ReplyButton {
  counter = (counter + 1) % 36 ** 6;
  const token = counter.toString(36);
  held.set(token, { gameId: view.doc.id, version: view.doc.version, userId: user.id, action, ...(heading ? { heading } : {}) });
  // Oldest first out: a bound on memory, never on a question still on screen for long.
  while (held.size > HELD_MAX) held.delete(held.keys().next().value!);
  return { customId: `game:${view.doc.id}:${view.doc.version}:k${token}`, label, style };
}

/** The question: `text`, then a button to go ahead and one per alternative order. */
export function askFirst(
  view: GameView,
  user: Member,
  question: { text: string; go: string; action: unknown; instead?: { label: string; act: unknown }[] },
  heading?: string,
): Reply {
  const buttons = [
    ...(question.instead ?? []).map((alt) => holdButton(view, user, alt.act, alt.label, 'primary')),
    holdButton(view, user, question.action, question.go, 'danger', heading),
  ];
  return {
    content: fitText(`${question.text}\nNothing has changed yet. Press a button below, or give another order.`),
    ephemeral: true,
    buttons,
  };
}

const heldIdSchema = /^game:([a-z0-9]{8}):(\d{1,9}):k([a-z0-9]{1,6})$/;

/** Whether a game button is one of the held answers; `game:<id>:<version>:k<token>`. */
export function isHeldButton(customId: string): boolean {
  return heldIdSchema.test(customId);
}

/** A press of an answer button: the held order, carried out as the asker's if nothing moved on. */
export async function onHeldButton(ctx: ButtonContext): Promise<void> {
  const [, gameId, version, token] = heldIdSchema.exec(ctx.press.customId)!;
  const h = held.get(token!);
  if (!h || h.gameId !== gameId || h.version !== Number(version)) {
    await ctx.reply({
      content: 'That question has expired (the bot restarted since); nothing was changed. Give the order again.',
      ephemeral: true,
    });
    return;
  }
  if (h.userId !== ctx.press.user.id) {
    await ctx.reply({ content: 'That question was for the player who gave the order; nothing was changed.', ephemeral: true });
    return;
  }
  // The held order on the one path: the game read once under the channel's lock, then acted on.
  const pressed = await ctx.services.sessions.withGame(ctx.press.channelId, async (desk) => {
    const view = desk.view;
    if (!view || view.doc.id !== h.gameId || view.doc.version !== h.version) return { movedOn: view?.prompt.text ?? '' };
    const refusal = ctx.services.limiter.freeOrder(view.doc, orderKind(h.action), 'That order');
    if (refusal) throw new UserError(refusal);
    return { acted: await desk.act(ctx.press.user, h.action, { expectedVersion: h.version }) };
  });
  held.delete(token!);
  if ('movedOn' in pressed) {
    await ctx.reply({
      content: `The game has moved on since that question; nothing was changed. ${pressed.movedOn}`.trim(),
      ephemeral: true,
    });
    return;
  }
  await ctx.defer?.();
  await ctx.reply(await actingReply(pressed.acted, h.heading ?? `**${ctx.press.user.name}:**`));
}
