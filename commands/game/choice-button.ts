import { isDeepStrictEqual } from 'node:util';
import { UserError } from '../../src/contracts/errors.js';
import { fitText } from '../../src/contracts/limits.js';
import type { Reply } from '../../src/contracts/reply.js';
import type { ButtonContext } from '../../src/dispatch/command.js';
import { orderKind } from '../../src/dispatch/free-orders.js';
import type { Services } from '../../src/dispatch/services.js';
import type { ActionChoice } from '../../src/games/engine.js';
import { StaleChoiceError } from '../../src/session/errors.js';
import type { ActOutcome, GameView, OrderDesk } from '../../src/session/game-sessions.js';
import { asker } from '../../src/session/permissions.js';
import { actingReply, type parseChoiceButton, statusReply } from '../../src/session/replies.js';
import { askFirst } from '../confirmations.js';

type ChoicePress = NonNullable<ReturnType<typeof parseChoiceButton>>;
/** What a press came to under the channel's lock: an answer, a proposal to file, or an order carried out. */
type Pressed = { reply: Reply } | { propose: unknown } | { acted: ActOutcome; heading: string; replace?: boolean };

/**
 * A press of one of the choices under a game message: in a vote game a proposal; a choice that
 * would lose something asks its presser first; otherwise the choice is carried out. A choice
 * that is gone is answered with the game as it is now.
 */
export async function onChoiceButton(ctx: ButtonContext, parsed: ChoicePress): Promise<void> {
  let pressed: Pressed;
  try {
    pressed = await ctx.services.sessions.withGame(ctx.press.channelId, (desk) => pressChoice(ctx, desk, parsed));
    if ('propose' in pressed) pressed = { reply: await ctx.services.votes.propose(ctx.press.channelId, ctx.press.user, pressed.propose) };
  } catch (err) {
    if (err instanceof StaleChoiceError) {
      await ctx.reply(await staleReply(ctx.services, err));
      return;
    }
    if (err instanceof UserError) {
      await ctx.reply({ content: err.message, ephemeral: true });
      return;
    }
    throw err;
  }
  if ('reply' in pressed) return ctx.reply(pressed.reply);
  // Saved already; refusals went out at once above, only the drawing may need the extra time.
  await ctx.defer?.();
  await ctx.reply({ ...(await actingReply(pressed.acted, pressed.heading)), ...(pressed.replace ? { replace: true } : {}) });
}

/** The press decided on the game read once under the channel's lock. */
async function pressChoice(ctx: ButtonContext, desk: OrderDesk, parsed: ChoicePress): Promise<Pressed> {
  const view = desk.view;
  const name = ctx.press.user.name;
  const offered = view?.doc.id === parsed.gameId && view.doc.version === parsed.version ? view.prompt.choices[parsed.index] : undefined;
  // In a vote game a choice button files the choice as a proposal.
  if (view && offered && ctx.services.votes.isVoted(view)) return { propose: offered.action };
  // A reset offered as a button is as free as the command: the free-order cap holds for it too.
  const capped = view && offered && ctx.services.limiter.freeOrder(view.doc, orderKind(offered.action), `“${offered.label}”`);
  if (capped) throw new UserError(capped);
  // Team play: the end-turn button says the presser's formations are done, as /phase end does.
  const teamEnd = view && offered?.endsTurn && view.doc.mode === 'team' ? await endTeamTurn(ctx, desk, view, parsed.version) : undefined;
  if (teamEnd) return teamEnd;
  // A choice that would lose something (a turn ended with forces unmoved) asks its presser first.
  if (view && offered?.confirm)
    return { reply: askFirst(view, ctx.press.user, { text: offered.confirm, go: `Yes: ${offered.label}`, action: offered.action }) };
  const outcome = await desk.choose(ctx.press.user, parsed.gameId, parsed.version, parsed.index);
  if (continuesItself(view, offered, parsed.version))
    return {
      acted: outcome,
      heading: `**${name}:** ${outcome.chosen} (this message shows the latest; earlier results: /game log)`,
      replace: true,
    };
  return { acted: outcome, heading: `**${name}:** ${outcome.chosen}` };
}

/** The team's end-turn button as the presser's own /phase end; undefined when the game has no such order. */
async function endTeamTurn(ctx: ButtonContext, desk: OrderDesk, view: GameView, version: number): Promise<Pressed | undefined> {
  const order = view.def.orders.find((o) => o.command === 'phase' && o.subcommand === 'end');
  const outcome = order?.run?.(view.doc.state, {}, asker(view, ctx.press.user.id));
  if (!outcome || !('act' in outcome)) return undefined;
  if (outcome.confirm) {
    const { text, go, instead } = outcome.confirm;
    return { reply: askFirst(view, ctx.press.user, { text, go, action: outcome.act, ...(instead ? { instead } : {}) }) };
  }
  const acted = await desk.act(ctx.press.user, outcome.act, { expectedVersion: version });
  return { acted, heading: `**${ctx.press.user.name}:** done for the turn` };
}

/**
 * A choice that goes on with the same view (another round of one battle), given under the
 * message its own last round made: that message shows the new result.
 */
function continuesItself(view: GameView | undefined, choice: ActionChoice<unknown> | undefined, version: number): boolean {
  const made = view?.doc.actions.find((a) => a.version === version);
  return !!choice?.continues && !!made && isDeepStrictEqual(made.action, choice.action);
}

/** "This choice is gone", with the game as it is now, so the player can pick again. */
async function staleReply(services: Services, err: StaleChoiceError): Promise<Reply> {
  if (!err.current) return { content: `${err.message} There is no game in this channel now.`, ephemeral: true };
  const view = await services.sessions.current(err.current.channelId);
  if (!view) return { content: err.message, ephemeral: true };
  const status = await statusReply(view);
  return { ...status, content: fitText(`${err.message}\n${status.content}`), ephemeral: true };
}
