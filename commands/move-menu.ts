import { UserError } from '../src/contracts/errors.js';
import { clip, LIMITS } from '../src/contracts/limits.js';
import type { Choice, MenuOption, Reply } from '../src/contracts/reply.js';
import type { ButtonContext, CommandContext } from '../src/dispatch/command.js';
import { parseHexId } from '../src/kernel/hex.js';
import type { GameView } from '../src/session/game-sessions.js';
import { reachImage } from '../src/session/map-views.js';
import { menuMove } from '../src/session/move-button.js';
import { sceneImage } from '../src/session/replies.js';
import { hiddenFrom, sceneFor, sideWord } from '../src/session/sight.js';

/**
 * Pick, don't type: the common order as two menus. "Move…" (a button under the game's
 * prompts, `move:<gameId>:<version>:open`) opens a private menu of the stacks that may move;
 * picking one shows the hexes it can reach, each with the game's own words (MP cost, a battle
 * at the end), and a picture of them shaded with their cost (a close-up around the stack
 * where the game has no such view); picking a hex gives the same order as typing
 * `/move`, through the same checks. Long lists are paged (24 a page and a "more" option),
 * and every id carries the game and its version, so a menu from before a restart still works
 * and one from an earlier position is refused privately, changing nothing.
 *
 * It is built on the games' generic move order: the option naming what moves (the first one
 * with autocomplete besides `to:`), the destination `to:`, `suggest` for both and `run` to
 * turn the pick into the game's action; every game with such an order gets the menus.
 */

const PAGE = LIMITS.choices - 1;
/** The most a menu offers over all its pages: far more than any game's stacks or reach. */
const ALL = 1000;
const MORE = /^page:(\d{1,3})$/;
const BACK = 'back';

const OPEN = /^move:([a-z0-9]{8}):(\d{1,9}):open$/;
const STACKS = /^move:([a-z0-9]{8}):(\d{1,9}):s:(\d{1,3})$/;
const TARGETS = /^move:([a-z0-9]{8}):(\d{1,9}):t:(\d{1,3}):(.{1,60})$/;

export function isMoveMenuId(customId: string): boolean {
  return OPEN.test(customId) || STACKS.test(customId) || TARGETS.test(customId);
}

/**
 * A press of "Move…" or a pick in one of its menus. `order` gives the picked move as the
 * typed /move would be given (asking first, proposing in vote play, refusing by the rules).
 */
export async function onMoveMenu(ctx: ButtonContext, order: (ctx: CommandContext) => Promise<void>): Promise<void> {
  const id = ctx.press.customId;
  const open = OPEN.exec(id);
  const stacks = STACKS.exec(id);
  const targets = TARGETS.exec(id);
  const m = open ?? stacks ?? targets;
  if (!m) throw new UserError('That menu is not one this bot made; nothing was changed.');
  const view = await current(ctx, m[1]!, Number(m[2]));
  const move = menuMove(view.def)!;
  // Fog of war: the menus name every unit of the moving side's stacks.
  if (hiddenFrom(view, ctx.press.user.id, view.prompt.side))
    throw new UserError(
      `The ${sideWord(view.prompt.side!)} side is moving: only its players may open its menus (11.6 Fog of war). Nothing was changed.`,
    );
  if (open) return ctx.reply({ ...stackMenu(view, move, 0), ephemeral: true });
  const picked = onePick(ctx.press.values);
  if (stacks) return pickStack(ctx, view, move, picked);
  return pickTarget(ctx, view, move, targets![4]!, picked, order);
}

type MenuMove = NonNullable<ReturnType<typeof menuMove>>;

/** A pick in the stacks menu: another page, or the hexes the picked stack can reach. */
async function pickStack(ctx: ButtonContext, view: GameView, move: MenuMove, picked: string): Promise<void> {
  const page = MORE.exec(picked);
  if (page) return ctx.reply({ ...stackMenu(view, move, Number(page[1])), ephemeral: true, replace: true });
  const all = move.order.suggest!(view.doc.state, { name: move.mover, value: '' }, {}, ALL);
  if (!all.some((c) => c.value === picked)) throw new UserError(`${clip(picked, 40)} cannot move now; nothing was changed. Pick again.`);
  await ctx.defer?.();
  return ctx.reply({ ...(await targetMenu(view, move, picked, 0, true, ctx.press.user.id)), ephemeral: true, replace: true });
}

/** A pick in the hexes menu: back, another page, or the move itself, given as the typed /move would be. */
async function pickTarget(
  ctx: ButtonContext,
  view: GameView,
  move: MenuMove,
  stack: string,
  picked: string,
  order: (ctx: CommandContext) => Promise<void>,
): Promise<void> {
  const page = MORE.exec(picked);
  if (picked === BACK) return ctx.reply({ ...stackMenu(view, move, 0), ephemeral: true, replace: true, files: [] });
  if (page) return ctx.reply({ ...(await targetMenu(view, move, stack, Number(page[1]), false)), ephemeral: true, replace: true });
  const reach = move.order.suggest!(view.doc.state, { name: 'to', value: '' }, { [move.mover]: stack }, ALL);
  const chosen = reach.find((c) => c.value === picked);
  if (!chosen) throw new UserError(`${clip(stack, 40)} cannot reach ${clip(picked, 20)} now; nothing was changed. Pick again.`);
  // The order goes as if typed; its answers wait until the menu has said what was ordered.
  const answers: Reply[] = [];
  await order({
    invocation: {
      command: 'move',
      options: { [move.mover]: stack, to: picked },
      user: ctx.press.user,
      channelId: ctx.press.channelId,
    },
    services: ctx.services,
    reply: async (r) => {
      answers.push(r);
    },
    ...(ctx.defer ? { defer: (e?: boolean) => ctx.defer!(e) } : {}),
  });
  await ctx.reply({
    content: `Ordered: /move ${move.mover}:${stack} to:${picked} (${chosen.name}).`,
    ephemeral: true,
    replace: true,
    files: [],
  });
  for (const r of answers) await ctx.reply(r);
}

/** The channel's game, if the menu was made on it as it stands; otherwise a private refusal. */
async function current(ctx: ButtonContext, gameId: string, version: number): Promise<GameView> {
  const view = await ctx.services.sessions.current(ctx.press.channelId);
  if (!view || view.doc.id !== gameId)
    throw new UserError('That menu belongs to a game no longer in this channel; nothing was changed. /game status shows the one here.');
  if (view.doc.version !== version)
    throw new UserError(
      `That menu was made at version ${version}; the game has moved on (version ${view.doc.version}), so nothing was changed. Press Move… under the latest message, or /move.`,
    );
  if (view.doc.status !== 'active') throw new UserError(`The game is over (${view.doc.status}); nothing was changed.`);
  if (!menuMove(view.def)) throw new UserError(`${view.def.name} has no /move; /game help lists its commands.`);
  return view;
}

/** Exactly one value, as a single-pick menu sends. */
function onePick(values: string[] | undefined): string {
  const [value, ...more] = values ?? [];
  if (!value || more.length) throw new UserError('Pick one option from the menu; nothing was changed.');
  return value;
}

/** Options of one page: the choices, then "more" to the next page (or back to the first). */
function paged(choices: readonly Choice[], page: number, size = PAGE): { options: MenuOption[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(choices.length / size));
  const at = Math.min(page, pages - 1);
  const options: MenuOption[] = choices.slice(at * size, (at + 1) * size).map(option);
  if (pages > 1) {
    const next = (at + 1) % pages;
    options.push({
      label: next === 0 ? `Back to the first ${size}…` : `More… (page ${next + 1} of ${pages})`,
      value: `page:${next}`,
      description: `${choices.length} in all; typing /move finds any of them`,
    });
  }
  return { options, page: at, pages };
}

/** "1413 · 3 MP · Soviet: battle": the first part is the label, the rest its description. */
function option(c: Choice): MenuOption {
  const [head, ...rest] = c.name.split(' · ');
  const label = clip(rest.length ? `${head} · ${rest[0]}` : c.name, 100);
  const more = rest.slice(1).join(' · ');
  return { label, value: c.value, ...(more ? { description: clip(more, 100) } : {}) };
}

function stackMenu(view: GameView, move: NonNullable<ReturnType<typeof menuMove>>, page: number): Reply {
  const all = move.order.suggest!(view.doc.state, { name: move.mover, value: '' }, {}, ALL);
  if (!all.length) return { content: 'Nothing of yours can move now. /game status says what the game waits for.' };
  const { options, page: at, pages } = paged(all, page);
  return {
    content: `**Move**: pick what moves (${all.length} can${pages > 1 ? `; page ${at + 1} of ${pages}` : ''}). Typists: /move.`,
    menu: { customId: `move:${view.doc.id}:${view.doc.version}:s:${at}`, placeholder: 'What moves?', options },
  };
}

async function targetMenu(
  view: GameView,
  move: NonNullable<ReturnType<typeof menuMove>>,
  stack: string,
  page: number,
  picture: boolean,
  viewer?: string,
): Promise<Reply> {
  const reach = move.order.suggest!(view.doc.state, { name: 'to', value: '' }, { [move.mover]: stack }, ALL);
  if (`move:${view.doc.id}:${view.doc.version}:t:${page}:${stack}`.length > LIMITS.customIdChars || stack.length > 60)
    throw new UserError('That name is too long for a menu; nothing was changed. Use /move instead.');
  // One place less a page: the last option goes back to the stacks.
  const { options, page: at, pages } = paged(reach, page, PAGE - 1);
  options.push({ label: '← Another stack', value: BACK });
  const content = reach.length
    ? `**Move ${stack}**: pick where (${reach.length} hexes in reach${pages > 1 ? `; page ${at + 1} of ${pages}` : ''}, towards the enemy first where the game ranks them).`
    : `**${stack}** can reach no hex now. Pick another stack.`;
  const reply: Reply = {
    content,
    menu: { customId: `move:${view.doc.id}:${view.doc.version}:t:${at}:${stack}`, placeholder: 'Where to?', options },
  };
  if (!picture) return reply;
  // Where the stack can go, shaded with the MP each hex costs, when the game draws that.
  if (view.def.reach && parseHexId(stack)) {
    try {
      // A private menu: the presser's own stacks in full (fog of war).
      const { file } = await reachImage(view, stack, viewer);
      return { ...reply, files: [file] };
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
    }
  }
  // Otherwise a close-up around the stack and the nearest of its destinations.
  const hexes = [stack, ...reach.map((c) => c.value)].filter((h) => parseHexId(h)).slice(0, 7);
  const file = hexes.length
    ? await sceneImage(view, sceneFor(view, [], viewer), hexes, 'zoom', LIMITS.uploadBytes, `-move-${stack}`.replace(/[^a-z0-9-]/gi, ''))
    : undefined;
  return file ? { ...reply, files: [file] } : reply;
}
