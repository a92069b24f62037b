import { UserError } from '../src/contracts/errors.js';
import type { ButtonContext } from '../src/dispatch/command.js';
import { StaleChoiceError } from '../src/session/errors.js';
import type { GameView } from '../src/session/game-sessions.js';
import { actRefusal } from '../src/session/permissions.js';
import { actingReply } from '../src/session/replies.js';
import { checkedPicks, parseSealedId, sealedChoiceOf, sealedIds } from '../src/session/sealed-button.js';

/**
 * A secret choice from a private menu (the game's `sealedChoice`: command chits chosen for
 * the cup, say). The button under the public prompt (`game:<gameId>:<version>:sealed`) opens,
 * for the side's player alone, an ephemeral menu of the options (`...:sealed-pick`); the pick
 * is the same order as typing it, and the public hears only that the side has chosen. In vote
 * play each member of the side picks privately and the picks go to a sealed ballot. Both ids
 * carry the game and its version: they work after a restart, and once the game has moved on
 * they are refused privately, changing nothing.
 */
export function isSealedMenuId(customId: string): boolean {
  return parseSealedId(customId) !== undefined;
}

/** A press of the sealed choice's button (the menu opens) or a pick in its menu. */
export async function onSealedMenu(ctx: ButtonContext): Promise<void> {
  const parsed = parseSealedId(ctx.press.customId);
  if (!parsed) throw new UserError('That menu is not one this bot made; nothing was changed.');
  const view = await current(ctx, parsed.gameId, parsed.version);
  const choice = sealedChoiceOf(view.doc, view.def);
  if (!choice) throw new UserError(`No secret choice is due now; nothing was changed. ${view.prompt.text}`);
  const { votes } = ctx.services;
  const voted = votes.isVoted(view);
  // Only the side's player (or, in vote play, a member of the side) gets the menu.
  if (voted) votes.refuseVoter(view.doc, ctx.press.user);
  else {
    const refusal = actRefusal(view.doc, ctx.press.user, view.prompt);
    if (refusal) throw new UserError(refusal);
  }
  if (parsed.step === 'open') return openMenu(ctx, view, choice, voted);
  const picks = checkedPicks(choice, ctx.press.values ?? []);
  if (voted) {
    await ctx.defer?.();
    const { mine, shared } = await votes.sealedVote(ctx.press.channelId, ctx.press.user, parsed.version, picks);
    await ctx.reply({ ...mine, replace: true });
    await ctx.reply(shared);
    return;
  }
  await givePicks(ctx, choice, picks, parsed.version);
}

type Sealed = NonNullable<ReturnType<typeof sealedChoiceOf>>;

/** The private menu of the options, for the side's player (in vote play: a member's private vote). */
async function openMenu(ctx: ButtonContext, view: GameView, choice: Sealed, voted: boolean): Promise<void> {
  await ctx.reply({
    content: voted
      ? `${choice.title}\nVote play: your picks are your private vote; the side's choice is the options with the most votes (/vote settings tiebreak breaks ties). Only how many members chose is shown.`
      : choice.title,
    ephemeral: true,
    menu: {
      customId: sealedIds(view.doc).pick,
      placeholder: choice.placeholder,
      options: choice.options,
      minValues: choice.min,
      maxValues: choice.max,
    },
  });
}

/** The picks as the player's order: the public hears only that the side has chosen. */
async function givePicks(ctx: ButtonContext, choice: Sealed, picks: string[], version: number): Promise<void> {
  const labels = picks.map((v) => choice.options.find((o) => o.value === v)?.label ?? v).join(', ');
  let outcome: Awaited<ReturnType<typeof ctx.services.sessions.act>>;
  try {
    outcome = await ctx.services.sessions.act(ctx.press.channelId, ctx.press.user, choice.action(picks), version);
  } catch (err) {
    if (err instanceof StaleChoiceError) throw new UserError(`${err.message} Nothing was changed; the latest message shows the game now.`);
    throw err;
  }
  await ctx.defer?.();
  await ctx.reply({ content: `Chosen (sealed: only you see this): ${labels}.`, ephemeral: true, replace: true });
  await ctx.reply(await actingReply(outcome, `**${ctx.press.user.name}** has chosen (sealed).`));
}

/** The channel's game, if the menu was made on it as it stands; otherwise a private refusal. */
async function current(ctx: ButtonContext, gameId: string, version: number): Promise<GameView> {
  const view = await ctx.services.sessions.current(ctx.press.channelId);
  if (!view || view.doc.id !== gameId)
    throw new UserError('That menu belongs to a game no longer in this channel; nothing was changed. /game status shows the one here.');
  if (view.doc.status !== 'active') throw new UserError(`The game is over (${view.doc.status}); nothing was changed.`);
  if (view.doc.version !== version)
    throw new UserError(
      `That menu was made at version ${version}; the game has moved on (version ${view.doc.version}), so nothing was changed. ${view.prompt.text}`,
    );
  return view;
}
