import { isDeepStrictEqual } from 'node:util';
import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import { UserError } from '../src/contracts/errors.js';
import { clip, fitText, LIMITS } from '../src/contracts/limits.js';
import type { Choice, Reply } from '../src/contracts/reply.js';
import type { SideId, View } from '../src/contracts/scene.js';
import { issuesText, plural } from '../src/contracts/text.js';
import type { AutocompleteRequest, ButtonContext, CommandContext, CommandModule } from '../src/dispatch/command.js';
import { parseOptions } from '../src/dispatch/options.js';
import type { Services } from '../src/dispatch/services.js';
import type { GameRegistry } from '../src/games/registry.js';
import { parseHexId } from '../src/kernel/hex.js';
import { loadMap } from '../src/maps/game-map.js';
import { StaleChoiceError } from '../src/session/errors.js';
import type { GameView } from '../src/session/game-sessions.js';
import { importSizeRefusal, readImportSource } from '../src/session/import-source.js';
import { mapImage } from '../src/session/map-image.js';
import { printedScene, reachImage } from '../src/session/map-views.js';
import { asker, SEATS } from '../src/session/permissions.js';
import { botTurnText, headline, logText, newGameText, seedReveal, statusText } from '../src/session/present.js';
import {
  actingReply,
  choiceButtons,
  frame,
  gameImage,
  type Look,
  MAX_ZOOM_RADIUS,
  parseChoiceButton,
  parseLookButton,
  statusReply,
} from '../src/session/replies.js';
import { channelSides, hiddenFrom, privateViewRefusal, sceneFor, sideWord } from '../src/session/sight.js';
import { whereOf } from '../src/session/where.js';
import { gameModes } from '../src/store/game-document.js';
import { askFirst, isHeldButton, onHeldButton } from './confirmations.js';
import { addOrderOptions, checkOptionLimits, mergeOptions } from './order-options.js';
import { isSealedMenuId, onSealedMenu } from './sealed-menu.js';
import { parseRefreshButton, statusCardReply } from './status-card.js';

function builder(games: GameRegistry): CommandModule['data'] {
  const b = new SlashCommandBuilder()
    .setName('game')
    .setDescription('Start, follow and manage the game in this channel')
    .addSubcommand((s) => {
      s.setName('new')
        .setDescription('Start a game in this channel')
        .addStringOption((o) => o.setName('game').setDescription('Which game').setRequired(true).setAutocomplete(true).setMaxLength(60))
        .addStringOption((o) =>
          o
            .setName('mode')
            .setDescription('solo: you give every order (default); team: players join; vote: players vote')
            .addChoices(...gameModes.map((m) => ({ name: m, value: m }))),
        )
        .addStringOption((o) => o.setName('scenario').setDescription('Scenario, when the game has several').setAutocomplete(true))
        .addIntegerOption((o) =>
          o
            .setName('seed')
            .setDescription('Fixed dice seed, for tests and replays (then not secret)')
            .setMinValue(0)
            .setMaxValue(0xffffffff),
        )
        .addBooleanOption((o) => o.setName('thread').setDescription('Play in a new thread of this channel'));
      // Options some games add (vs:, side:, level: ...), each once, after the five every game has.
      const own = mergeOptions(
        '/game new',
        games.all().map((g) => ({ game: g.id, options: g.newGameOptions ?? [] })),
      ).map((o) => ({ ...o, requiredByAll: false }));
      checkOptionLimits(
        '/game new',
        games.all().map((g) => g.id),
        own,
        s.options.length,
      );
      addOrderOptions(s, own);
      return s;
    })
    .addSubcommand((s) =>
      s
        .setName('join')
        .setDescription('Take a seat in this channel’s team or vote game')
        .addStringOption((o) =>
          o
            .setName('seat')
            .setDescription('Side you play (default: the side nobody holds); in team play one member a seat')
            .addChoices(...SEATS.map((s) => ({ name: s, value: s }))),
        )
        .addStringOption((o) =>
          o.setName('army').setDescription('Team play: the formations you command, e.g. "PG3, 9A"').setMaxLength(100).setAutocomplete(true),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('mode')
        .setDescription('The creator changes how the game is played')
        .addStringOption((o) =>
          o
            .setName('mode')
            .setDescription('solo: one commander; team: players command formations; vote: the channel votes')
            .setRequired(true)
            .addChoices(...gameModes.map((m) => ({ name: m, value: m }))),
        )
        .addBooleanOption((o) => o.setName('shared-seats').setDescription('Team play: may several members hold one seat? (default: no)')),
    )
    .addSubcommand((s) => s.setName('leave').setDescription('Give up your seat in this channel’s game'))
    .addSubcommand((s) =>
      s
        .setName('remove')
        .setDescription('The creator takes a player out of the game (their seat is free again)')
        .addStringOption((o) =>
          o
            .setName('player')
            .setDescription('The player, as /game status lists them')
            .setRequired(true)
            .setAutocomplete(true)
            .setMaxLength(40),
        ),
    )
    .addSubcommand((s) => s.setName('status').setDescription('Where the game stands and what it waits for'))
    .addSubcommand((s) =>
      s
        .setName('map')
        .setDescription('The map: this channel’s game (whole, or around a hex or an army), or a game’s printed map')
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription(`Which game map (default: the channel game, else ${games.all()[0]?.name ?? 'the first game'})`)
            .setAutocomplete(true)
            .setMaxLength(60),
        )
        .addStringOption((o) =>
          o
            .setName('center')
            .setDescription('A close-up of the channel game: around hex XXYY, or an army/sector such as PG3')
            .setAutocomplete(true)
            .setMaxLength(40),
        )
        .addIntegerOption((o) =>
          o
            .setName('radius')
            .setDescription('How many hexes each way around center: (2 to 10)')
            .setMinValue(2)
            .setMaxValue(MAX_ZOOM_RADIUS),
        )
        .addStringOption((o) =>
          o
            .setName('reach')
            .setDescription('Where the force in hex XXYY can move now, with the MP each hex costs')
            .setMinLength(4)
            .setMaxLength(4),
        )
        .addBooleanOption((o) =>
          o.setName('private').setDescription('Only you see it, with your own stacks in full (fog of war: Drive on Moscow 11.6)'),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('log')
        .setDescription('The game’s log, newest last')
        .addIntegerOption((o) => o.setName('lines').setDescription('How many lines (default 20)').setMinValue(1).setMaxValue(200)),
    )
    .addSubcommand((s) => s.setName('undo').setDescription('Take back the last order, if no die was rolled'))
    .addSubcommand((s) => s.setName('end').setDescription('End the game (its creator, or someone who can manage the channel)'))
    .addSubcommand((s) =>
      s
        .setName('export')
        .setDescription('The game as a JSON file (the seed only once it is over)')
        .addStringOption((o) =>
          o.setName('id').setDescription('A game id from /game list (default: this channel’s game)').setAutocomplete(true),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('import')
        .setDescription('Load a game from a /game export file into this channel')
        .addAttachmentOption((o) => o.setName('file').setDescription('The JSON file from /game export'))
        .addStringOption((o) => o.setName('path').setDescription('Local console only: a file path')),
    )
    .addSubcommand((s) => s.setName('list').setDescription('This channel’s games'))
    .addSubcommand((s) =>
      s
        .setName('help')
        .setDescription('How games work here, and a game’s commands')
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription('The game whose commands to list (default: this channel’s)')
            .setAutocomplete(true)
            .setMaxLength(60),
        )
        .addStringOption((o) =>
          o
            .setName('topic')
            .setDescription('A guided walk through the game, step by step, e.g. first-turn')
            .setAutocomplete(true)
            .setMaxLength(40),
        ),
    );
  return b;
}

/** The /game new options the games add, once each (the first game's words). */
const newOptions = z.object({
  game: z.string().trim().min(1).max(60),
  mode: z.enum(gameModes).default('solo'),
  scenario: z.string().trim().min(1).max(60).optional(),
  seed: z.number().int().min(0).max(0xffffffff).optional(),
  thread: z.boolean().default(false),
});
/** The options of /game new that belong to no game: everything else is the chosen game's to check. */
const SHARED_NEW_OPTIONS = new Set(Object.keys(newOptions.shape));
const joinOptions = z.object({
  seat: z.string().trim().toLowerCase().min(1).max(40).optional(),
  army: z.string().trim().min(1).max(100).optional(),
});
const modeOptions = z.object({ mode: z.enum(gameModes), 'shared-seats': z.boolean().optional() });
const removeOptions = z.object({ player: z.string().trim().min(1).max(40) });
const mapOptions = z.object({
  game: z.string().trim().min(1).max(60).optional(),
  center: z.string().trim().min(1).max(40).optional(),
  radius: z.number().int().min(2).max(MAX_ZOOM_RADIUS).optional(),
  reach: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'reach: takes a hex as XXYY')
    .optional(),
  private: z.boolean().default(false),
});
const helpOptions = z.object({
  game: z.string().trim().min(1).max(60).optional(),
  topic: z.string().trim().toLowerCase().min(1).max(40).optional(),
});
const logOptions = z.object({ lines: z.number().int().min(1).max(200).default(20) });
const exportOptions = z.object({
  id: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]{8}$/, 'a game id is 8 letters and digits, as /game list shows')
    .optional(),
});
const importOptions = z.object({ file: z.string().min(1).optional(), path: z.string().min(1).optional() });

type Handler = (ctx: CommandContext) => Promise<void>;

const HANDLERS: Record<string, Handler> = {
  async new(ctx) {
    // Everything that can be checked is checked before anything is made: the options, the
    // game and its own options, the channel being free; only then a thread, then the game.
    // (The pace and the caps on active games were checked by the dispatcher before this.)
    const o = parseOptions(ctx.invocation, newOptions.loose());
    const own = gameOwnOptions(ctx.services.games, o.game, ctx.invocation.options);
    const def = ctx.services.games.require(o.game);
    const options = { ...(o.scenario ? { scenario: o.scenario } : {}), ...own };
    const checked = def.newOptionsSchema.safeParse(options);
    if (!checked.success) throw new UserError(`${def.name} does not take those options: ${issuesText(checked.error)}`);
    const inThread = o.thread && ctx.openThread !== undefined;
    if (!inThread) await refuseBusyChannel(ctx.services, ctx.invocation.channelId);
    const here = whereOf(ctx.invocation);
    const where = inThread ? { ...here, channelId: await ctx.openThread!(`${def.name} by ${ctx.invocation.user.name}`) } : here;
    const outcome = await ctx.services.sessions.newGame(where, ctx.invocation.user, {
      game: o.game,
      mode: o.mode,
      seed: o.seed,
      options,
      settings: o.thread ? { thread: true } : {},
    });
    // Refusals above are answered at once; only the drawing may need the extra time.
    await ctx.defer?.();
    // When the bot moved first, its moves come after the welcome.
    const content = [newGameText(outcome), outcome.bot ? botTurnText(outcome.bot) : ''].filter((t) => t.length > 0).join('\n');
    await ctx.reply(
      await withImage({ content: fitText(content), buttons: choiceButtons(outcome.doc, outcome.prompt, outcome.def) }, outcome, 'full'),
    );
  },

  async join(ctx) {
    const { seat, army } = parseOptions(ctx.invocation, joinOptions);
    const armies = army
      ?.split(',')
      .map((a) => a.trim())
      .filter((a) => a.length > 0);
    const doc = await ctx.services.sessions.join(ctx.invocation.channelId, ctx.invocation.user, seat, armies);
    await ctx.reply({
      content: `${doc.events.at(-1)!.text} Players: ${doc.players.map((p) => `${p.name ?? p.id}${p.formations?.length ? ` (${p.formations.join(', ')})` : ''}`).join(', ')}.`,
    });
  },

  async mode(ctx) {
    const { mode, 'shared-seats': shared } = parseOptions(ctx.invocation, modeOptions);
    const doc = await ctx.services.sessions.configure(ctx.invocation.channelId, ctx.invocation.user, {
      mode,
      ...(shared === undefined ? {} : { settings: { sharedSeats: shared } }),
    });
    const how =
      mode === 'solo'
        ? 'only the creator gives orders'
        : mode === 'team'
          ? 'players /game join, with army:... to command formations'
          : 'members /game join, propose orders with the usual commands and vote on them (/vote help)';
    // Out of vote mode, an open ballot must not carry out its winner later: the save closed it.
    const cancelled = doc.ballotClosed === true;
    if (mode !== 'vote') ctx.services.votes.forget(doc.id);
    await ctx.reply({
      content: `Game \`${doc.id}\` is now played in **${mode}** mode: ${how}.${cancelled ? ' The open ballot is cancelled.' : ''}`,
    });
  },

  async leave(ctx) {
    const doc = await ctx.services.sessions.leave(ctx.invocation.channelId, ctx.invocation.user);
    const dropped = await ctx.services.votes.dropMember(doc, ctx.invocation.user.id);
    await ctx.reply({ content: `${ctx.invocation.user.name} leaves game \`${doc.id}\`.${droppedText(dropped)}` });
  },

  async remove(ctx) {
    const { player } = parseOptions(ctx.invocation, removeOptions);
    const view = await ctx.services.sessions.require(ctx.invocation.channelId);
    // By id (autocomplete's value) or by the name /game status shows.
    const found =
      view.doc.players.find((p) => p.id === player) ?? view.doc.players.find((p) => (p.name ?? '').toLowerCase() === player.toLowerCase());
    if (!found) throw new UserError(`${player} is not playing in this game. /game status lists the players.`);
    const doc = await ctx.services.sessions.remove(ctx.invocation.channelId, ctx.invocation.user, found.id);
    const dropped = await ctx.services.votes.dropMember(doc, found.id);
    await ctx.reply({ content: `${doc.events.at(-1)!.text}${droppedText(dropped)}` });
  },

  async status(ctx) {
    const view = await ctx.services.sessions.require(ctx.invocation.channelId);
    await ctx.defer?.();
    await ctx.reply(await statusCardReply(view));
  },

  async map(ctx) {
    const { game, center, radius, reach, private: own } = parseOptions(ctx.invocation, mapOptions);
    const view = await ctx.services.sessions.current(ctx.invocation.channelId);
    const user = ctx.invocation.user.id;
    const channelGame = view && (game === undefined || game === view.def.id) ? view : undefined;
    // private: the asker's own stacks in full, which nobody else may see (fog of war).
    if (own) {
      if (!channelGame) throw new UserError('private: shows this channel’s game as you see it; there is none here (/game new starts one).');
      const refusal = privateViewRefusal(channelGame, user);
      if (refusal) throw new UserError(refusal);
    }
    const viewer = own ? user : undefined;
    if (reach !== undefined) {
      if (!channelGame)
        throw new UserError('reach: shows where a force of this channel’s game can move; there is none here (/game new starts one).');
      // 11.6: the moving side's stack, named in full, is for its own players when the channel may not see it.
      const moving = channelGame.prompt.side;
      if (hiddenFrom(channelGame, user, moving))
        throw new UserError(`11.6 Fog of war: only the ${sideWord(moving!)} side may look at where its stacks can go.`);
      const hidden = moving !== undefined && channelSides(channelGame)?.includes(moving as SideId) === false;
      await ctx.defer?.(hidden || own);
      const { file, text } = await reachImage(channelGame, reach, hidden ? user : viewer);
      await ctx.reply({ content: fitText(text), files: [file], ...(hidden || own ? { ephemeral: true } : {}) });
      return;
    }
    if (center !== undefined || radius !== undefined) {
      if (!channelGame)
        throw new UserError('center: and radius: show a close-up of this channel’s game; there is none here (/game new starts one).');
      const close = closeUp(channelGame, center, radius);
      await ctx.defer?.(own);
      const file = await mapImage(
        loadMap(channelGame.def.mapFile),
        sceneFor(channelGame, [], viewer),
        close.view,
        `${channelGame.def.id}-${channelGame.doc.id}-v${channelGame.doc.version}-${close.name}${own ? '-own' : ''}`,
      );
      await ctx.reply({
        content: fitText(`${close.text}\n${statusText(channelGame)}`),
        files: [file],
        ...(own ? { ephemeral: true } : {}),
      });
      return;
    }
    await ctx.defer?.(own);
    if (channelGame) {
      await ctx.reply({
        ...(await withImage({ content: fitText(statusText(channelGame)) }, channelGame, 'full', viewer)),
        ...(own ? { ephemeral: true } : {}),
      });
      return;
    }
    const def = game ? ctx.services.games.require(game) : ctx.services.games.all()[0]!;
    const id = def.id;
    const map = loadMap(def.mapFile);
    const file = await mapImage(map, printedScene(map, def), { kind: 'full' }, `${id}-map`);
    await ctx.reply({ content: `**${map.data.title}**: the full map. ${map.data.source}`, files: [file] });
  },

  async log(ctx) {
    const { lines } = parseOptions(ctx.invocation, logOptions);
    const { doc, def } = await ctx.services.sessions.require(ctx.invocation.channelId);
    const shown = doc.events.slice(-lines);
    const header = `${headline(doc, def.name)}: the last ${shown.length} of ${doc.events.length} log lines.`;
    // Trim the oldest lines first: the newest are what players look for.
    let body = logText(shown);
    const room = LIMITS.messageChars - header.length - 40;
    if (body.length > room) body = `… (older lines: /game export)\n${body.slice(body.length - room).replace(/^[^\n]*\n/, '')}`;
    await ctx.reply({ content: `${header}\n${body}` });
  },

  async undo(ctx) {
    const outcome = await ctx.services.sessions.undo(ctx.invocation.channelId, ctx.invocation.user);
    // A ballot on the position just taken back has nothing left to decide: the save closed it.
    const cancelled = outcome.ballotClosed;
    ctx.services.votes.forget(outcome.doc.id);
    await ctx.defer?.();
    await ctx.reply(
      await actingReply(
        outcome,
        `**Undone** (order of version ${outcome.undone.version}).${cancelled ? ' The open ballot is cancelled.' : ''}`,
      ),
    );
  },

  async end(ctx) {
    const doc = await ctx.services.sessions.end(ctx.invocation.channelId, ctx.invocation.user);
    ctx.services.votes.forget(doc.id);
    await ctx.defer?.();
    const view = await ctx.services.sessions.require(ctx.invocation.channelId);
    const content = [
      `**Game \`${doc.id}\` ended** by ${ctx.invocation.user.name} at version ${doc.version}.`,
      seedReveal(doc),
      'The log, final map and /game export stay available; /game new starts another.',
    ].join('\n');
    await ctx.reply(await withImage({ content }, view, 'full'));
  },

  async export(ctx) {
    const { id } = parseOptions(ctx.invocation, exportOptions);
    const { doc, def, file } = await ctx.services.sessions.exportGame(whereOf(ctx.invocation), id);
    const data = Buffer.from(JSON.stringify(file, null, 2));
    if (data.length > LIMITS.uploadBytes) throw new UserError('This game’s export is larger than Discord’s 10 MiB upload limit.');
    const secret =
      file.game.seed === undefined
        ? ' The game is still running, so the seed and dice state are left out.'
        : ' It includes the seed, so it replays exactly.';
    await ctx.reply({
      content: `Export of ${def.name} game \`${doc.id}\` at version ${doc.version}.${secret}`,
      files: [{ name: `${def.id}-${doc.id}-v${doc.version}.json`, data, description: 'Game export' }],
    });
  },

  async import(ctx) {
    // `file` arrives as the attachment's URL from Discord (as a path from the console).
    const { file, path } = parseOptions(ctx.invocation, importOptions);
    const source = file ?? path;
    if (!source) throw new UserError('Attach the JSON file made by /game export (file:), or in the console give path:.');
    if (path && !file && !ctx.services.sessions.options.allowLocalImport)
      throw new UserError('path: works only in the local console; attach the file instead.');
    // Discord says how large an attachment is: one too large is refused before it is downloaded.
    const attached = ctx.invocation.files?.file;
    const tooLarge = attached && importSizeRefusal(attached.bytes);
    if (tooLarge) throw new UserError(tooLarge);
    const text = await readImportSource(source, ctx.services.sessions.options.allowLocalImport ?? false, ctx.services.attachmentOrigins);
    const outcome = await ctx.services.sessions.importGame(whereOf(ctx.invocation), ctx.invocation.user, text);
    await ctx.defer?.();
    // The import's line says the seed is public and publishes the commitment to the new dice.
    const content = `Imported as game \`${outcome.doc.id}\` (from \`${String(outcome.doc.settings.importedFrom)}\`), replayed to version ${outcome.doc.version}. ${outcome.events.map((e) => e.text).join(' ')}\n${statusText(outcome)}`;
    await ctx.reply(
      await withImage({ content: fitText(content), buttons: choiceButtons(outcome.doc, outcome.prompt, outcome.def) }, outcome, 'full'),
    );
  },

  async list(ctx) {
    const { games, elsewhere, unreadable } = await ctx.services.sessions.list(whereOf(ctx.invocation));
    const others = elsewhere ? ` ${plural(elsewhere, 'game')} in other channels of this server: /game list there shows them.` : '';
    if (games.length === 0 && unreadable.length === 0) {
      await ctx.reply({ content: `No games in this channel yet. /game new starts one.${others}`, ephemeral: true });
      return;
    }
    const lines = games.map(
      (d) =>
        `\`${d.id}\` ${ctx.services.games.get(d.game)?.name ?? d.game} · ${d.status} · version ${d.version} · <#${d.channelId}> · ${d.createdAt.slice(0, 10)}`,
    );
    if (unreadable.length) lines.push(`Set aside as damaged: ${unreadable.join(', ')}`);
    if (others) lines.push(others.trim());
    await ctx.reply({ content: fitText(`**Games in this channel** (newest first)\n${lines.join('\n')}`, '(older games not shown)') });
  },

  async help(ctx) {
    const { game, topic } = parseOptions(ctx.invocation, helpOptions);
    const channelGame = game ? undefined : await ctx.services.sessions.current(ctx.invocation.channelId).catch(() => undefined);
    const def = game ? ctx.services.games.require(game) : channelGame?.def;
    if (topic) {
      await ctx.reply({ content: fitText(guideText(ctx.services.games, def, topic), '(more: /game help)'), ephemeral: true });
      return;
    }
    const games = ctx.services.games.all().map((g) => `• \`${g.id}\`: ${g.name}${g.summary ? `: ${g.summary}` : ''}`);
    const guides = (def ? [def] : ctx.services.games.all()).flatMap((g) =>
      (g.guides ?? []).map((x) => `\`/game help${def ? '' : ` game:${g.id}`} topic:${x.id}\`: ${x.title}`),
    );
    const orders = def
      ? [`**${def.name}** commands:`, ...def.orders.map((o) => `\`${o.usage}\`: ${o.description}`)]
      : ['`/game help game:<id>` lists a game’s commands.'];
    const content = [
      '**Games here**: one game per channel. The bot rolls every die in the open and saves after every order.',
      '`/game new game:<id>` starts one (mode: solo, team or vote). Then press the buttons (**Move…** picks a stack and a hex from menus) or type the game commands.',
      '`/game status` (a card with Refresh) · `/game map` · `/game log` to follow; `/game join` / `/game leave` for team games.',
      ...(guides.length ? [`New here? ${guides.join(' · ')}`] : []),
      '`/game undo` takes back the last order unless dice were rolled. `/game end`: the creator or a channel manager.',
      '`/orders give text:"move force:1413 to:1611; move ..."` (or a file) gives many orders at once: checked, drawn, then carried out with a button.',
      '`/game export` / `/game import` share a game as JSON; the dice seed is revealed once the game is over.',
      '`/game list` shows this channel’s games.',
      games.length ? `Installed games:\n${games.join('\n')}` : 'No game is installed yet.',
      ...orders,
    ].join('\n');
    await ctx.reply({ content: fitText(content), ephemeral: true });
  },
};

async function execute(ctx: CommandContext): Promise<void> {
  const handler = HANDLERS[ctx.invocation.subcommand ?? ''];
  if (!handler) throw new UserError(`/game ${ctx.invocation.subcommand ?? ''} is not a game command. /game help lists them.`);
  await handler(ctx);
}

/** A press of one of the choices under a game message. */
async function onButton(ctx: ButtonContext): Promise<void> {
  if (isHeldButton(ctx.press.customId)) return onHeldButton(ctx);
  if (isSealedMenuId(ctx.press.customId)) return onSealedMenu(ctx);
  const refresh = parseRefreshButton(ctx.press.customId);
  if (refresh) return onRefresh(ctx, refresh.gameId);
  const look = parseLookButton(ctx.press.customId);
  if (look) return onLookButton(ctx, look);
  const parsed = parseChoiceButton(ctx.press.customId);
  if (!parsed) {
    await ctx.reply({ content: 'That button is not one this bot made; nothing was changed.', ephemeral: true });
    return;
  }
  let outcome: Awaited<ReturnType<Services['sessions']['choose']>>;
  let repeat = false;
  try {
    // In a vote game a choice button files the choice as a proposal.
    const view = await ctx.services.sessions.current(ctx.press.channelId);
    if (
      view &&
      ctx.services.votes.isVoted(view) &&
      view.doc.id === parsed.gameId &&
      view.doc.version === parsed.version &&
      view.prompt.choices[parsed.index]
    ) {
      await ctx.reply(await ctx.services.votes.propose(ctx.press.channelId, ctx.press.user, view.prompt.choices[parsed.index]!.action));
      return;
    }
    // A choice that would lose something (a turn ended with forces unmoved) asks its presser first.
    const choice = view?.doc.id === parsed.gameId && view.doc.version === parsed.version ? view.prompt.choices[parsed.index] : undefined;
    // Team play: the end-turn button says the presser's formations are done, as /phase end does.
    if (view && choice?.endsTurn && view.doc.mode === 'team') {
      const order = view.def.orders.find((o) => o.command === 'phase' && o.subcommand === 'end');
      const outcome = order?.run?.(view.doc.state, {}, asker(view, ctx.press.user.id));
      if (outcome && 'act' in outcome) {
        if (outcome.confirm) {
          const { text, go, instead } = outcome.confirm;
          await ctx.reply(askFirst(view, ctx.press.user, { text, go, action: outcome.act, ...(instead ? { instead } : {}) }));
          return;
        }
        const acted = await ctx.services.sessions.act(ctx.press.channelId, ctx.press.user, outcome.act, parsed.version);
        await ctx.defer?.();
        await ctx.reply(await actingReply(acted, `**${ctx.press.user.name}:** done for the turn`));
        return;
      }
    }
    if (view && choice?.confirm) {
      await ctx.reply(askFirst(view, ctx.press.user, { text: choice.confirm, go: `Yes: ${choice.label}`, action: choice.action }));
      return;
    }
    outcome = await ctx.services.sessions.choose(ctx.press.channelId, ctx.press.user, parsed.gameId, parsed.version, parsed.index);
    // A choice that goes on with the same view (another round of one battle), given under the
    // message its own last round made: that message shows the new result.
    const made = view?.doc.actions.find((a) => a.version === parsed.version);
    repeat = !!choice?.continues && !!made && isDeepStrictEqual(made.action, choice.action);
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
  // Saved already; refusals went out at once above, only the drawing may need the extra time.
  await ctx.defer?.();
  if (repeat) {
    const heading = `**${ctx.press.user.name}:** ${outcome.chosen} (this message shows the latest; earlier results: /game log)`;
    await ctx.reply({ ...(await actingReply(outcome, heading)), replace: true });
    return;
  }
  await ctx.reply(await actingReply(outcome, `**${ctx.press.user.name}:** ${outcome.chosen}`));
}

/** Refresh under a status card: the same message shows the game as it now stands (changes nothing). */
async function onRefresh(ctx: ButtonContext, gameId: string): Promise<void> {
  const view = await ctx.services.sessions.current(ctx.press.channelId);
  if (!view || view.doc.id !== gameId) {
    await ctx.reply({ content: 'That game is no longer the one in this channel. /game status shows the one here.', ephemeral: true });
    return;
  }
  await ctx.defer?.();
  await ctx.reply({ ...(await statusCardReply(view)), replace: true });
}

/**
 * What a close-up shows: hex XXYY (with `radius`), or an army's units (the game's `hexesOf`)
 * or a map sector, framed whole. Anything else is refused with what center: takes.
 */
function closeUp(view: GameView, center: string | undefined, radius: number | undefined): { view: View; text: string; name: string } {
  const map = loadMap(view.def.mapFile);
  const at = center ?? view.def.zoomHexes?.([], view.doc.state)[0];
  if (at === undefined) throw new UserError('Say where: center:XXYY (a hex) or an army such as PG3.');
  const hex = parseHexId(at.trim()) ? at.trim() : undefined;
  if (hex) {
    if (!map.has(hex)) throw new UserError(`There is no hex ${hex} on the ${map.data.title} map.`);
    return { view: { kind: 'zoom', center: hex, ...(radius ? { radius } : {}) }, text: `Around hex ${hex}:`, name: hex };
  }
  const key = at.toLowerCase().replace(/[^a-z0-9]/g, '');
  const norm = (t: string) => t.toLowerCase().replace(/[^a-z0-9]/g, '');
  const formation = view.def.formations?.find((f) => norm(f.id) === key || norm(f.name) === key);
  const sector = map.data.sectors.find((x) => norm(x.id) === key || norm(x.name) === key);
  const hexes =
    (formation && view.def.hexesOf?.(view.doc.state, formation.id)) ||
    (sector ? map.ids.filter((id) => map.hex(id)!.sector === sector.id) : []);
  if (!hexes.length) {
    const names = [...(view.def.formations ?? []).map((f) => f.id), ...map.data.sectors.map((x) => x.id)];
    throw new UserError(`center: takes a hex XXYY${names.length ? ` or one of ${[...new Set(names)].join(', ')}` : ''}, not "${at}".`);
  }
  const framed = frame(map, hexes);
  const name = formation?.name ?? sector!.name;
  return {
    view: { kind: 'zoom', center: framed.center, radius: radius ?? framed.radius },
    text: `${name}: ${formation && view.def.hexesOf ? `its units in ${hexes.length} hexes` : 'its sector'}.`,
    name: norm(formation?.id ?? sector!.id),
  };
}

/** A look button (status, map): only the presser sees the answer; nothing changes. */
async function onLookButton(ctx: ButtonContext, look: { gameId: string; version: number; look: Look }): Promise<void> {
  const view = await ctx.services.sessions.current(ctx.press.channelId);
  if (!view || view.doc.id !== look.gameId) {
    await ctx.reply({ content: 'That game is no longer the one in this channel.', ephemeral: true });
    return;
  }
  if (look.look === 'dice') {
    // Every die of that order, as the log has them.
    const lines = view.doc.events.filter((e) => e.version === look.version);
    await ctx.reply({ content: fitText(logText(lines) || 'No dice were logged for that order.'), ephemeral: true });
    return;
  }
  const user = ctx.press.user.id;
  const refusal = look.look === 'mine' ? privateViewRefusal(view, user) : undefined;
  if (refusal) {
    await ctx.reply({ content: refusal, ephemeral: true });
    return;
  }
  await ctx.defer?.(true);
  const status = await statusReply(view);
  if (look.look === 'status') await ctx.reply({ ...status, ephemeral: true });
  // Only the presser sees it: their own stacks in full (fog of war).
  else await ctx.reply({ ...(await withImage({ content: status.content }, view, 'full', user)), ephemeral: true });
}

async function autocomplete(request: AutocompleteRequest): Promise<Choice[]> {
  const typed = request.focused.value.trim().toLowerCase();
  const match = (c: Choice) => !typed || c.value.toLowerCase().includes(typed) || c.name.toLowerCase().includes(typed);
  let choices: Choice[] = [];
  if (request.focused.name === 'game') {
    choices = request.services.games.all().map((g) => ({ name: g.name, value: g.id }));
  } else if (request.focused.name === 'scenario') {
    const game = request.invocation.options.game;
    const def = typeof game === 'string' ? request.services.games.get(game) : undefined;
    choices = (def?.scenarios ?? []).map((s) => ({ name: s.name, value: s.id }));
  } else if (request.focused.name === 'id') {
    const { games } = await request.services.sessions.list(whereOf(request.invocation));
    choices = games.map((d) => ({ name: `${d.id} · ${request.services.games.get(d.game)?.name ?? d.game} · ${d.status}`, value: d.id }));
  } else if (request.focused.name === 'player') {
    const view = await request.services.sessions.current(request.invocation.channelId);
    choices = (view?.doc.players ?? [])
      .filter((p) => p.id !== view?.doc.createdBy)
      .map((p) => ({ name: `${p.name ?? p.id}${p.seat ? ` (${p.seat})` : ''}`, value: p.id }));
  } else if (request.focused.name === 'center') {
    const view = await request.services.sessions.current(request.invocation.channelId);
    const map = view ? loadMap(view.def.mapFile) : undefined;
    choices = [
      ...(view?.def.formations ?? []).map((f) => ({ name: `${f.id} · ${f.name}`, value: f.id })),
      ...(map?.data.sectors ?? [])
        .filter((x) => !view?.def.formations?.some((f) => f.id === x.id))
        .map((x) => ({ name: `${x.id} · ${x.name}`, value: x.id })),
    ];
  } else if (request.focused.name === 'topic') {
    const game = request.invocation.options.game;
    const named = typeof game === 'string' ? request.services.games.get(game) : undefined;
    const view = named ? undefined : await request.services.sessions.current(request.invocation.channelId).catch(() => undefined);
    const owners = named ? [named] : view ? [view.def] : request.services.games.all();
    choices = owners.flatMap((g) => (g.guides ?? []).map((x) => ({ name: `${x.id} · ${x.title}`, value: x.id })));
  } else if (request.focused.name === 'army') {
    const view = await request.services.sessions.current(request.invocation.channelId);
    const held = (f: string) => view?.doc.players.find((p) => p.formations?.includes(f))?.name;
    choices = (view?.def.formations ?? []).map((f) => ({
      name: `${f.id} · ${f.name}${held(f.id) ? ` (commanded by ${held(f.id)})` : ''}`,
      value: f.id,
    }));
  }
  return choices
    .filter(match)
    .slice(0, LIMITS.choices)
    .map((c) => ({ name: clip(c.name, LIMITS.choiceNameChars), value: c.value }));
}

/**
 * /game new in a channel whose game is still going is refused before anything is made (the
 * session checks again under the channel's lock; this is only the early answer). A channel
 * whose game cannot be read here is left to that check.
 */
async function refuseBusyChannel(services: Services, channelId: string): Promise<void> {
  const current = await services.sessions.current(channelId).catch(() => undefined);
  if (current?.doc.status === 'active')
    throw new UserError(
      `This channel already has a game in progress: ${current.def.name} (game ${current.doc.id}). Finish it or /game end it first.`,
    );
}

/**
 * The /game new options that belong to the chosen game (vs:, side: ...): another game would
 * silently drop them, so an option the game does not declare is refused by name.
 */
function gameOwnOptions(games: GameRegistry, game: string, given: Record<string, unknown>): Record<string, unknown> {
  const def = games.require(game);
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) {
    if (SHARED_NEW_OPTIONS.has(key)) continue;
    if (!def.newGameOptions?.some((o) => o.name === key)) throw new UserError(`${def.name} has no ${key}: option.`);
    own[key] = value;
  }
  return own;
}

/**
 * A guided walk (`/game help topic:`): of the channel's game (or `game:`), or, without one, of
 * the only game that has it. An unknown topic is answered with the topics there are.
 */
function guideText(games: GameRegistry, def: GameView['def'] | undefined, topic: string): string {
  const owners = def ? [def] : games.all();
  const found = owners.flatMap((g) => (g.guides ?? []).filter((x) => x.id === topic).map((x) => ({ g, x })));
  if (found.length === 1) return found[0]!.x.text;
  if (found.length > 1)
    return `Several games have topic:${topic}: ${found.map(({ g }) => `/game help game:${g.id} topic:${topic}`).join(' or ')}.`;
  const known = owners.flatMap((g) => (g.guides ?? []).map((x) => `${x.id}${def ? '' : ` (game:${g.id})`}`));
  return `There is no help topic "${topic}"${def ? ` for ${def.name}` : ''}. ${known.length ? `Topics: ${known.join(', ')}.` : 'This game has no guided topics yet; /game help lists its commands.'}`;
}

/** What leaving did to the open ballot. */
function droppedText(dropped: { votes: number; proposals: number }): string {
  if (!dropped.votes && !dropped.proposals) return '';
  const parts = [dropped.votes ? plural(dropped.votes, 'vote') : '', dropped.proposals ? plural(dropped.proposals, 'proposal') : ''];
  return ` Their ${parts.filter(Boolean).join(' and ')} on the open ballot no longer count.`;
}

/** "This choice is gone", with the game as it is now, so the player can pick again. */
async function staleReply(services: Services, err: StaleChoiceError): Promise<Reply> {
  if (!err.current) return { content: `${err.message} There is no game in this channel now.`, ephemeral: true };
  const view = await services.sessions.current(err.current.channelId);
  if (!view) return { content: err.message, ephemeral: true };
  const status = await statusReply(view);
  return { ...status, content: fitText(`${err.message}\n${status.content}`), ephemeral: true };
}

/** `viewer`: a picture for that member alone (their own stacks in full); otherwise for the channel. */
async function withImage(reply: Reply, view: GameView, kind: 'zoom' | 'full', viewer?: string): Promise<Reply> {
  const file = await gameImage(view, [], kind, LIMITS.uploadBytes, viewer);
  return file
    ? { ...reply, files: [file] }
    : { ...reply, content: fitText(`${reply.content}\n(The map picture is too large to send; /game map tries again.)`) };
}

/** /game: start, follow and manage the channel's game, for these games. */
export function gameCommand(games: GameRegistry): CommandModule {
  return { data: builder(games), execute, onButton, autocomplete };
}
