import { z } from 'zod';
import { UserError } from '../contracts/errors.js';
import { issuesText } from '../contracts/text.js';
import type { GameEvent, GameResult, Prompt } from '../games/engine.js';
import type { GameDef, GameRegistry } from '../games/registry.js';
import type { DiceSeed } from '../kernel/dice.js';
import { ballotKey, dropBallot } from '../store/ballot-keys.js';
import { type ActionRecord, type GameDocument, type GameMode, type LogLine, type Reseed, SCHEMA_VERSION } from '../store/game-document.js';
import { type GameStore, type GameSummary, type SaveOptions, UnreadableGameError } from '../store/game-store.js';
import { KeyedLock } from '../store/keyed-lock.js';
import { BOT_USER_ID, type BotPlay, botToAct, logLine } from './bot-play.js';
import { StaleChoiceError } from './errors.js';
import { exportDocument, type GameExport } from './export-format.js';
import { type GameWork, gameWork } from './game-work.js';
import { type Actor, actRefusal, endRefusal, formationRefusal, playerName, SEATS, seatRefusal, undoRefusal } from './permissions.js';
import { replay, reseedState, setupState, toJson } from './replay.js';
import { changedHexes } from './scene-diff.js';
import { hashSeed, newCommittedSecret, newDiceSecret, newGameId, newNonce } from './secrets.js';
import { channelSides } from './sight.js';

/** Where a command came from. `guildId` is absent in direct messages and the console. */
/** What differs between a game started here and one imported: everything else a new document holds is the same. */
interface DocumentStart {
  mode: GameMode;
  settings: GameDocument['settings'];
  seed: DiceSeed;
  /** The nonce of the seed's commitment; absent for a fixed numeric seed (its commitment is sha256 of its digits). */
  seedNonce?: string;
  /** New dice drawn during the game (an import's). */
  reseeds?: Reseed[];
  options: Record<string, unknown>;
  version: number;
  actions: ActionRecord[];
  events: LogLine[];
  state: unknown;
  /** ISO time of creation. */
  at: string;
}

export interface Where {
  channelId: string;
  guildId?: string;
}

export interface NewGameRequest {
  game: string;
  mode?: GameMode;
  /** A fixed seed, for tests and replays; it is then public, not secret. */
  seed?: number;
  /** Game-specific options, checked by the game's newOptionsSchema. */
  options?: Record<string, unknown>;
  /** Session settings such as { thread: true }. */
  settings?: Record<string, string | number | boolean>;
}

/** A game as it stands, with what it waits for. */
export interface GameView {
  doc: GameDocument;
  def: GameDef;
  prompt: Prompt<unknown>;
  result?: GameResult;
}

/** What an accepted action did: the saved game, the engine's events and the next prompt. */
export interface ActOutcome extends GameView {
  events: GameEvent[];
  /** What the bot did after it (or at the start), when the game has a bot side and it acted. */
  bot?: BotTurn;
}

/** The bot's actions in one go: how many, and what happened. */
export interface BotTurn {
  actions: number;
  events: GameEvent[];
  /** It stopped at BOT_ACTION_LIMIT with its decision still open. */
  unfinished?: boolean;
}

export { BOT_ACTION_LIMIT, BOT_USER_ID } from './bot-play.js';

/**
 * Writes that belong to an order's save (a batch of orders' progress): taken in the same step
 * as the order, on their own conditions, so an order and its record never part.
 */
export type SaveAlso = NonNullable<SaveOptions['also']>;

export interface SessionOptions {
  /** Lets /game import read a file path on this machine: the local console only. */
  allowLocalImport?: boolean;
  /** The clock for timestamps (tests pin it). */
  now?: () => Date;
  /** Where bot turns and import checks run; default the process's game worker threads (see game-work.ts). */
  work?: GameWork;
}

/** /game list shows this many of a channel's games, found among the server's newest LIST_SCAN. */
const LIST_SHOWN = 25;
const LIST_SCAN = 200;

/**
 * One game per channel: every change runs under the channel's lock as load, check, apply,
 * save; the reply is built only after the save, so an acknowledged action is never lost.
 */
export class GameSessions {
  private readonly lock = new KeyedLock();
  private readonly now: () => Date;
  private readonly work: GameWork;
  /** Documents whose state the game's schema has passed (loaded once, or made by the engine): not checked again. */
  private readonly checked = new WeakSet<GameDocument>();

  constructor(
    readonly store: GameStore,
    readonly games: GameRegistry,
    readonly options: SessionOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.work = options.work ?? gameWork();
  }

  /** The channel's current game (active or last finished), if any. */
  async current(channelId: string): Promise<GameView | undefined> {
    const doc = await this.loadCurrent(channelId);
    return doc ? this.viewOf(doc) : undefined;
  }

  async require(channelId: string): Promise<GameView> {
    return this.viewOf(await this.requireDoc(channelId));
  }

  /** A game by id, if it belongs to this server (or channel, outside servers). */
  async byId(where: Where, id: string): Promise<GameView> {
    return this.viewOf(await this.docById(where, id));
  }

  private async requireDoc(channelId: string): Promise<GameDocument> {
    const doc = await this.loadCurrent(channelId);
    if (!doc) throw new UserError('There is no game in this channel. /game new starts one.');
    return doc;
  }

  private async docById(where: Where, id: string): Promise<GameDocument> {
    const doc = await this.unwrap(async () => this.checkState(await this.store.load(id.trim().toLowerCase())));
    // Only in its own channel: a member here may not be able to see another channel (a private one).
    if (!doc || doc.channelId !== where.channelId)
      throw new UserError(
        `There is no game ${id} in this channel. /game list shows this channel’s games; export a game from its own channel.`,
      );
    return doc;
  }

  async newGame(where: Where, actor: Actor, request: NewGameRequest): Promise<ActOutcome> {
    return this.lock.run(where.channelId, async () => {
      const channelWas = await this.requireFreeChannel(where.channelId);
      const def = this.games.require(request.game);
      const checked = def.newOptionsSchema.safeParse(request.options ?? {});
      if (!checked.success) throw new UserError(`${def.name} does not take those options: ${issuesText(checked.error)}`);
      // A fresh 256-bit secret and nonce for every game, unless a fixed (public) numeric seed was asked for.
      const seed: DiceSeed = request.seed ?? newDiceSecret();
      const seedNonce = request.seed === undefined ? newNonce() : undefined;
      const at = this.now().toISOString();
      // When the bot's side moves first, it plays before anyone is asked.
      const bot = await this.work.botTurn(def, toJson(setupState(def, checked.data, seed)), 0, at);
      const doc = await this.newDocument(where, actor, def, {
        mode: request.mode ?? 'solo',
        settings: { ...request.settings, ...(request.seed !== undefined ? { seedChosen: true } : {}) },
        seed,
        ...(seedNonce ? { seedNonce } : {}),
        options: toJson(checked.data) as Record<string, unknown>,
        version: bot.version,
        actions: bot.records,
        events: [{ version: 0, kind: 'created', text: `${actor.name} started ${def.name} (${request.mode ?? 'solo'}).` }, ...bot.lines],
        state: bot.state,
        at,
      });
      await this.store.create(doc, channelWas);
      this.checked.add(doc);
      return { ...this.viewOf(doc), events: [], ...botOutcome(bot) };
    });
  }

  /**
   * The one door for engine actions: untrusted `action` is checked by the game's schema,
   * permissions and `expectedVersion` (from a button) are checked, then the engine applies it.
   */
  async act(channelId: string, actor: Actor, action: unknown, expectedVersion?: number, also?: SaveAlso): Promise<ActOutcome> {
    return this.lock.run(channelId, async () => {
      const view = await this.require(channelId);
      if (expectedVersion !== undefined && expectedVersion !== view.doc.version) {
        throw new StaleChoiceError(view.doc, 'the game has moved on since it was offered.');
      }
      const resumed = await this.resumeBot(view);
      if (resumed) return resumed;
      this.checkActor(view, actor);
      const parsed = view.def.actionSchema.safeParse(action);
      if (!parsed.success)
        throw new UserError(`That order is not understood: ${issuesText(parsed.error, 'order')}. /game help lists the game’s orders.`);
      this.checkFormations(view, actor, parsed.data);
      return this.applyAndSave(view, actor, parsed.data, also);
    });
  }

  /** A button press: choice `index` of the prompt shown at `version` of game `gameId`. */
  async choose(channelId: string, actor: Actor, gameId: string, version: number, index: number): Promise<ActOutcome & { chosen: string }> {
    return this.lock.run(channelId, async () => {
      const doc = await this.loadCurrent(channelId);
      if (!doc || doc.id !== gameId) throw new StaleChoiceError(doc, 'that game is no longer the one in this channel.');
      if (doc.version !== version) throw new StaleChoiceError(doc, 'the game has moved on since it was offered.');
      const view = this.viewOf(doc);
      if (doc.status !== 'active') throw new StaleChoiceError(doc, `the game is over (${doc.status}).`);
      const choice = view.prompt.choices[index];
      if (!choice) throw new StaleChoiceError(doc, 'it is not among the choices offered now.');
      const resumed = await this.resumeBot(view);
      if (resumed) return { ...resumed, chosen: 'nothing yet: the bot first finished its turn' };
      this.checkActor(view, actor);
      this.checkFormations(view, actor, choice.action);
      return { ...(await this.applyAndSave(view, actor, choice.action)), chosen: choice.label };
    });
  }

  /** Take back the last order by replaying the log without it; never past a die roll. */
  async undo(channelId: string, actor: Actor): Promise<ActOutcome & { undone: ActionRecord; ballotClosed: boolean }> {
    return this.lock.run(channelId, async () => {
      const view = await this.require(channelId);
      const { doc, def } = view;
      // Against the bot, the player's last order goes back together with the bot's answers to it.
      const from = def.autoPlay ? lastIndexWhere(doc.actions, (a) => a.userId !== BOT_USER_ID) : doc.actions.length - 1;
      if (def.autoPlay && from < 0 && doc.actions.length > 0)
        throw new UserError(
          'There is nothing of yours to undo: every order so far was the bot’s. /game status says what the game waits for.',
        );
      const refusal = undoRefusal(doc, actor, view.prompt, doc.actions[from]);
      if (refusal) throw new UserError(refusal);
      const last = doc.actions[from]!;
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
      const kept = doc.actions.slice(0, from);
      // The state before that order, kept with the game when it was saved: no replay of the whole log.
      const prior = this.store.priorOf(doc);
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
        updatedAt: this.now().toISOString(),
      };
      // A ballot on the position taken back closes in the same step: what the player is told stays true.
      const ballotClosed = await this.hasBallot(doc.id);
      await this.store.save(next, { base: doc, prior: null, also: dropBallot(doc.id) });
      this.checked.add(next);
      // The answer's picture frames where the position changed (the full map when nothing on it did).
      const hexes = changedHexes(def.scene(doc.state), def.scene(state));
      const event: GameEvent = { kind: 'undo', text: `${actor.name} took back the last order.`, ...(hexes.length ? { hexes } : {}) };
      return { ...this.viewOf(next), events: [event], undone: last, ballotClosed };
    });
  }

  async join(channelId: string, actor: Actor, seat?: string, armies?: string[]): Promise<GameDocument> {
    return this.lock.run(channelId, async () => {
      const { doc, def } = await this.require(channelId);
      if (doc.status !== 'active') throw new UserError(`This game is over (${doc.status}); /game new starts another.`);
      if (doc.mode === 'solo')
        throw new UserError(
          `This is ${playerName(doc, doc.createdBy)}'s solo game; it takes no other players. Everyone can follow it with /game status.`,
        );
      const already = doc.players.find((p) => p.id === actor.id);
      if (already && !armies?.length && (!seat || seat === already.seat))
        throw new UserError('You are already playing in this game. /game status lists the players; /game leave gives up your seat.');
      const refusal = seatRefusal(doc, actor, seat);
      if (refusal) throw new UserError(refusal);
      const formations = armies?.length ? pickFormations(doc, def, actor, armies) : undefined;
      const player = {
        ...(already ?? { id: actor.id, name: actor.name }),
        ...(seat ? { seat } : {}),
        ...(formations ? { formations } : {}),
      };
      const names = formations?.map((f) => def.formations!.find((x) => x.id === f)!.name);
      const players = already ? doc.players.map((p) => (p.id === actor.id ? player : p)) : [...doc.players, player];
      return this.saveWithLine(
        doc,
        { players },
        'joined',
        `${actor.name} ${already ? 'now commands' : 'joined'}${seat ? ` as ${seat}` : ''}${names ? `${already ? ' ' : ', commanding '}${names.join(', ')}` : ''}.`,
      );
    });
  }

  /** Add a line to the game's log (a vote override, say) without changing the position. */
  async note(channelId: string, kind: string, text: string): Promise<void> {
    await this.lock.run(channelId, async () => {
      const { doc } = await this.require(channelId);
      await this.saveWithLine(doc, {}, kind, text);
    });
  }

  /** The creator changes how the game is played (solo, team, vote) or its session settings. */
  async configure(
    channelId: string,
    actor: Actor,
    change: { mode?: GameMode; settings?: Record<string, string | number | boolean | null> },
  ): Promise<GameDocument & { ballotClosed?: boolean }> {
    return this.lock.run(channelId, async () => {
      const { doc } = await this.require(channelId);
      if (doc.status !== 'active') throw new UserError(`This game is over (${doc.status}). /game new starts another.`);
      if (actor.id !== doc.createdBy)
        throw new UserError(`Only ${playerName(doc, doc.createdBy)}, who started this game, may change how it is played.`);
      const settings = { ...doc.settings };
      for (const [k, v] of Object.entries(change.settings ?? {})) {
        if (v === null) delete settings[k];
        else settings[k] = v;
      }
      const said = [
        change.mode && change.mode !== doc.mode ? `mode ${change.mode}` : '',
        ...Object.entries(change.settings ?? {}).map(([k, v]) => `${k} ${v ?? 'default'}`),
      ].filter(Boolean);
      // Out of vote mode, an open ballot must not carry out its winner later: it closes in the same step.
      const leavingVotes = change.mode !== undefined && change.mode !== 'vote';
      const ballotClosed = leavingVotes && (await this.hasBallot(doc.id));
      const next = await this.saveWithLine(
        doc,
        { mode: change.mode ?? doc.mode, settings },
        'settings',
        `${actor.name} set ${said.join(', ') || 'nothing new'}.`,
        leavingVotes ? dropBallot(doc.id) : undefined,
      );
      return Object.assign(next, { ballotClosed });
    });
  }

  /**
   * The creator (or a member who can manage the channel) takes a player out of the game: their
   * seat and formations are free again. Their open votes are the vote service's to drop.
   */
  async remove(channelId: string, actor: Actor, playerId: string): Promise<GameDocument> {
    return this.lock.run(channelId, async () => {
      const doc = await this.requireDoc(channelId);
      if (doc.status !== 'active') throw new UserError(`This game is over (${doc.status}). /game new starts another.`);
      if (actor.id !== doc.createdBy && !actor.canManage)
        throw new UserError(
          `Only ${playerName(doc, doc.createdBy)}, who started this game, or a member who can manage the channel may remove a player.`,
        );
      if (playerId === doc.createdBy) throw new UserError('The creator cannot be removed from their game; /game end ends it.');
      const player = doc.players.find((p) => p.id === playerId);
      if (!player) throw new UserError('That member is not playing in this game. /game status lists the players.');
      return this.saveWithLine(
        doc,
        { players: doc.players.filter((p) => p.id !== playerId) },
        'removed',
        `${actor.name} removed ${player.name ?? playerId}${player.seat ? ` (${player.seat})` : ''} from the game.`,
      );
    });
  }

  async leave(channelId: string, actor: Actor): Promise<GameDocument> {
    return this.lock.run(channelId, async () => {
      const { doc } = await this.require(channelId);
      if (doc.status !== 'active') throw new UserError(`This game is over (${doc.status}). /game new starts another.`);
      if (actor.id === doc.createdBy) throw new UserError('You started this game, so you cannot leave it; /game end ends it.');
      if (!doc.players.some((p) => p.id === actor.id)) throw new UserError('You are not playing in this game. /game join takes a seat.');
      return this.saveWithLine(doc, { players: doc.players.filter((p) => p.id !== actor.id) }, 'left', `${actor.name} left the game.`);
    });
  }

  /** Stop the game: the creator, or a member who can manage the channel. The seed is revealed. */
  async end(channelId: string, actor: Actor): Promise<GameDocument> {
    // The game's ballot closes in the same step as the game.
    return this.lock.run(channelId, async () => {
      // Ending needs no rules, so a game on charts this bot lacks can still be ended.
      const doc = await this.requireDoc(channelId);
      const refusal = endRefusal(doc, actor);
      if (refusal) throw new UserError(refusal);
      const next: GameDocument = {
        ...doc,
        status: 'ended',
        outcome: `Ended by ${actor.name} at version ${doc.version}.`,
        events: [...doc.events, { version: doc.version, kind: 'ended', text: `${actor.name} ended the game.` }],
        updatedAt: this.now().toISOString(),
      };
      await this.store.save(next, { base: doc, also: dropBallot(doc.id) });
      return next;
    });
  }

  /** The export file's content; the seed and dice state only once the game is over. */
  async exportGame(where: Where, gameId?: string): Promise<{ doc: GameDocument; def: GameDef; file: GameExport }> {
    // The file is the record itself: it needs no rules, so a game on charts this bot lacks exports too.
    const doc = gameId ? await this.docById(where, gameId) : await this.requireDoc(where.channelId);
    const def = this.games.require(doc.game);
    const secret = doc.status === 'active' ? def.exportRefusal?.(doc.state) : undefined;
    if (secret) throw new UserError(`Not now: ${secret}. Export again once it is revealed, or when the game is over; nothing was changed.`);
    // An export carries every unit of both sides: while the channel's picture keeps some stacks
    // under the fog of war, it would show anyone in the channel what lies beneath their top units.
    const open = channelSides({ doc, def });
    if (open && open.length < SEATS.length)
      throw new UserError(
        'Not now: the fog of war hides what lies beneath the top unit of some stacks (11.6), and an export shows every unit. Export the game once it is over (or ended); a game started with rules:"fog:off" exports at any time. Nothing was changed.',
      );
    return { doc, def, file: exportDocument(doc, this.now()) };
  }

  /**
   * Load an exported game into this channel as a new game, after the same check as `npm run
   * verify` (the seed against its commitment, a consistent log, every die and the final
   * position replayed), so an edited file is refused and nothing changes. The version comes
   * from the log, the settings are read through a whitelist, and since the file reveals the
   * seed, a game that goes on gets new dice from a fresh secret, committed like a new game's.
   */
  async importGame(where: Where, actor: Actor, text: string): Promise<ActOutcome> {
    // Parsing and replaying a file of up to 10 MiB is slow: off this thread (game-work.ts).
    const { exported, checked } = await this.work.checkImport(this.games, text);
    const source = exported.game;
    const def = this.games.forGame(source);
    if (source.seed === undefined) {
      throw new UserError(
        `That export is of a game in progress, so its seed is secret and it cannot be replayed. Export it again after the game is over (or ended).`,
      );
    }
    if (!checked?.ok || !checked.checkedActions || checked.version === undefined) {
      const problems = checked?.problems ?? ['the export has no seed'];
      const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
      throw new UserError(`That export does not pass the check of npm run verify: ${problems.slice(0, 3).join('; ')}${more}.`);
    }
    const version = checked.version;
    const over = def.engine.result(checked.state) !== undefined;
    if (!over && !def.reseed)
      throw new UserError(
        `${def.name} cannot give an imported game new dice, and the file reveals its seed: only a finished ${def.name} game can be imported.`,
      );
    // The file revealed the seed: the dice from here on come from a fresh secret (replay puts it in after `version`).
    const fresh: Reseed | undefined = over ? undefined : { atVersion: version, ...newCommittedSecret() };
    const state = fresh ? reseedState(def, checked.state, fresh.seed) : checked.state;
    const reseeds: Reseed[] = [
      ...(source.reseeds ?? []).map((r) => ({ ...r, seed: r.seed!, seedNonce: r.seedNonce! })),
      ...(fresh ? [fresh] : []),
    ];
    const { settings, dropped } = importedSettings(source.settings);
    const notice = [
      fresh
        ? `Its seed is public now, so its dice from here on come from a new secret seed: fingerprint (sha256) \`${fresh.seedHash}\`, revealed when the game ends.`
        : 'It is over, so it rolls no more dice.',
      dropped.length ? `Settings left out: ${dropped.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const line = `${actor.name} imported game ${source.id} (version ${version}). ${notice}`;
    return this.lock.run(where.channelId, async () => {
      const channelWas = await this.requireFreeChannel(where.channelId);
      const at = this.now().toISOString();
      const doc = await this.newDocument(where, actor, def, {
        mode: source.mode,
        settings: { ...settings, importedFrom: source.id, seedRevealed: true },
        seed: source.seed!,
        ...(source.seedNonce ? { seedNonce: source.seedNonce } : {}),
        reseeds,
        options: source.options,
        version,
        actions: checked.checkedActions!,
        events: [...source.events, { version, kind: 'imported', text: line }],
        state,
        at,
      });
      await this.store.create(doc, channelWas);
      return { ...this.viewOf(doc), events: [{ kind: 'imported', text: notice }] };
    });
  }

  /**
   * This channel's games, newest first, and how many the server has in other channels: those
   * are not named, since the member asking may not be able to see their (private) channels.
   */
  async list(where: Where): Promise<{ games: GameSummary[]; elsewhere: number; unreadable: string[] }> {
    const all = await this.store.listGuild(where.guildId, where.channelId, LIST_SCAN);
    const games = all.games.filter((d) => d.channelId === where.channelId).slice(0, LIST_SHOWN);
    return { games, elsewhere: all.games.filter((d) => d.channelId !== where.channelId).length, unreadable: all.unreadable };
  }

  private async applyAndSave(view: GameView, actor: Actor, action: unknown, also?: SaveAlso): Promise<ActOutcome> {
    const { doc, def } = view;
    // A RuleError is a UserError: the player's answer, with nothing saved.
    const applied = def.engine.apply(doc.state, action);
    const version = doc.version + 1;
    const at = this.now().toISOString();
    // The bot answers within the same save: the game is never stored halfway through its turn.
    const bot = await this.work.botTurn(def, toJson(applied.state), version, at);
    const result = def.engine.result(bot.state);
    const next: GameDocument = {
      ...doc,
      version: bot.version,
      state: bot.state,
      actions: [...doc.actions, { version, userId: actor.id, action: toJson(action), at }, ...bot.records],
      events: [...doc.events, ...applied.events.map((e) => logLine(version, e)), ...bot.lines],
      status: result ? 'finished' : 'active',
      ...(result ? { outcome: resultText(result) } : {}),
      updatedAt: at,
    };
    // Kept with the game: undo goes back to it without replaying the log.
    await this.store.save(next, { base: doc, prior: { actions: doc.actions.length, state: doc.state }, ...(also ? { also } : {}) });
    this.checked.add(next);
    return { ...this.viewOf(next), events: applied.events, ...botOutcome(bot) };
  }

  /**
   * A game left at the bot's decision (its last turn hit BOT_ACTION_LIMIT): the bot plays on
   * before anyone else may act, and the player is told to give the order again.
   */
  private async resumeBot(view: GameView): Promise<ActOutcome | undefined> {
    const { doc, def } = view;
    if (doc.status !== 'active' || !botToAct(def, doc.state)) return undefined;
    const at = this.now().toISOString();
    const bot = await this.work.botTurn(def, doc.state, doc.version, at);
    const result = def.engine.result(bot.state);
    const next: GameDocument = {
      ...doc,
      version: bot.version,
      state: bot.state,
      actions: [...doc.actions, ...bot.records],
      events: [...doc.events, ...bot.lines],
      status: result ? 'finished' : 'active',
      ...(result ? { outcome: resultText(result) } : {}),
      updatedAt: at,
    };
    await this.store.save(next, { base: doc });
    this.checked.add(next);
    const note: GameEvent = {
      kind: 'bot-resumed',
      text: 'The bot had not finished its turn and has now played on; your order was not given. Give it again if it still applies.',
    };
    return { ...this.viewOf(next), events: [note], ...botOutcome(bot) };
  }

  /** A change outside play (seats, settings, a note): saved with its line in the log, the version unchanged. */
  private async saveWithLine(
    doc: GameDocument,
    change: Partial<GameDocument>,
    kind: string,
    text: string,
    also?: ReturnType<typeof dropBallot>,
  ): Promise<GameDocument> {
    const next: GameDocument = {
      ...doc,
      ...change,
      events: [...doc.events, { version: doc.version, kind, text }],
      updatedAt: this.now().toISOString(),
    };
    await this.store.save(next, { base: doc, ...(also ? { also } : {}) });
    if (this.checked.has(doc)) this.checked.add(next);
    return next;
  }

  /** Whether the game has a ballot stored (open, or left over from an earlier position). */
  private async hasBallot(gameId: string): Promise<boolean> {
    try {
      return (await this.store.keyv.get(ballotKey(gameId))) !== undefined;
    } catch {
      return false; // only what the answer says: the save itself reports a store failure
    }
  }

  private checkFormations(view: GameView, actor: Actor, action: unknown): void {
    const refusal = formationRefusal(view.doc, view.def, actor, action);
    if (refusal) throw new UserError(refusal);
  }

  private checkActor(view: GameView, actor: Actor): void {
    const refusal = actRefusal(view.doc, actor, view.prompt);
    if (refusal) throw new UserError(refusal);
  }

  private viewOf(doc: GameDocument): GameView {
    const def = this.games.forGame(doc);
    return { doc, def, prompt: def.engine.prompt(doc.state), result: def.engine.result(doc.state) };
  }

  private async loadCurrent(channelId: string): Promise<GameDocument | undefined> {
    return this.unwrap(async () => this.checkState(await this.store.loadCurrent(channelId)));
  }

  /** A state its game rejects is damaged like any other record: set aside, never played on. */
  private async checkState(doc: GameDocument | undefined): Promise<GameDocument | undefined> {
    const def = doc ? this.games.get(doc.game) : undefined;
    const schema = def?.stateSchema;
    if (!doc || !def || this.checked.has(doc)) return doc;
    // A state stored in an earlier shape is brought up to date first; the next save stores it so.
    const state = def.migrateState ? def.migrateState(doc.state) : doc.state;
    const checked = schema ? schema.safeParse(state) : { success: true as const };
    if (checked.success) {
      const current = state === doc.state ? doc : this.store.adopt(doc, { ...doc, state: toJson(state) });
      this.checked.add(current);
      return current;
    }
    return this.store.setAside(
      doc,
      `its ${doc.game} state is not valid: ${issuesText((checked as { error: z.ZodError }).error, 'state', 3)}`,
    );
  }

  /** The channel's last game id (null: none), when the channel is free for a new game. */
  private async requireFreeChannel(channelId: string): Promise<string | null> {
    const existing = await this.loadCurrent(channelId);
    if (existing?.status === 'active') {
      throw new UserError(
        `This channel already has a game in progress: ${this.games.get(existing.game)?.name ?? existing.game} (game ${existing.id}). Finish it or /game end it first.`,
      );
    }
    // What the pointer holds now (a finished game, one that expired, or none): the new game's write is conditional on it.
    return (await this.store.currentId(channelId)) ?? null;
  }

  /** A new game document for this channel, started by `actor`: a fresh id, the game's charts, finished if the position already ends the game. */
  private async newDocument(where: Where, actor: Actor, def: GameDef, start: DocumentStart): Promise<GameDocument> {
    const result = def.engine.result(start.state);
    return {
      schemaVersion: SCHEMA_VERSION,
      id: await this.freshId(),
      channelId: where.channelId,
      ...(where.guildId ? { guildId: where.guildId } : {}),
      game: def.id,
      charts: def.charts,
      createdBy: actor.id,
      mode: start.mode,
      players: [{ id: actor.id, name: actor.name }],
      settings: start.settings,
      seedHash: hashSeed(start.seed, start.seedNonce),
      seed: start.seed,
      ...(start.seedNonce ? { seedNonce: start.seedNonce } : {}),
      ...(start.reseeds?.length ? { reseeds: start.reseeds } : {}),
      options: start.options,
      version: start.version,
      actions: start.actions,
      events: start.events,
      state: start.state,
      status: result ? 'finished' : 'active',
      ...(result ? { outcome: resultText(result) } : {}),
      createdAt: start.at,
      updatedAt: start.at,
    };
  }

  private async freshId(): Promise<string> {
    for (;;) {
      const id = newGameId();
      if (!(await this.store.exists(id))) return id;
    }
  }

  /** A damaged stored game becomes a refusal the player reads; the store has set it aside. */
  private async unwrap<T>(load: () => Promise<T>): Promise<T> {
    try {
      return await load();
    } catch (err) {
      if (err instanceof UnreadableGameError) throw new UserError(`${err.message} This channel is free for /game new.`);
      throw err;
    }
  }
}

/**
 * The session settings an imported file may carry, each checked: anything else is left out,
 * and `importedFrom`, `seedRevealed` (and `seedChosen`, since the dice are drawn afresh) are
 * the importer's to set. Vote settings are checked for their type here and for their range
 * where the votes read them (src/votes/vote-settings.ts), like settings given by /vote.
 */
const importedSettingsSchema = z
  .object({
    thread: z.boolean(),
    sharedSeats: z.boolean(),
    'vote.window': z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 3600),
    'vote.quickWindow': z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 3600),
    'vote.quorum': z.number().int().min(1).max(1000),
    'vote.tiebreak': z.enum(['earliest', 'random', 'creator']),
    'vote.quickDefault': z.enum(['retreat', 'another-round']),
    'vote.role': z.string().regex(/^\d{5,20}$/),
    'vote.paused': z.boolean(),
    'vote.perMember': z.number().int().min(1).max(100),
  })
  .partial();
const SET_BY_IMPORT = new Set(['importedFrom', 'seedRevealed', 'seedChosen']);

function importedSettings(raw: Record<string, unknown>): { settings: GameDocument['settings']; dropped: string[] } {
  const shape = importedSettingsSchema.shape as Record<string, z.ZodType>;
  const settings: GameDocument['settings'] = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (SET_BY_IMPORT.has(key)) continue;
    const schema = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (schema?.safeParse(value).success) settings[key] = value as GameDocument['settings'][string];
    else dropped.push(key.length > 40 ? `${key.slice(0, 40)}…` : key);
  }
  return { settings, dropped: dropped.slice(0, 10) };
}

function lastIndexWhere<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return i;
  return -1;
}

function botOutcome(bot: BotPlay): { bot?: BotTurn } {
  if (bot.records.length === 0) return {};
  return { bot: { actions: bot.records.length, events: bot.events, ...(bot.unfinished ? { unfinished: true } : {}) } };
}

export function resultText(result: GameResult): string {
  return `${result.winner === 'german' ? 'German' : 'Soviet'} victory. ${result.reason}`;
}

/** Formation ids from what a player typed (ids or names, any case); a formation another player holds is refused. */
function pickFormations(doc: GameDocument, def: GameDef, actor: Actor, typed: string[]): string[] {
  if (doc.mode !== 'team' || !def.formations?.length)
    throw new UserError(
      `Armies are given out in team games of a game that has them${def.formations?.length ? '' : ` (${def.name} has none)`}. /game join without army: takes a seat.`,
    );
  const list = def.formations;
  const picked = typed.map((t) => {
    const key = t.trim().toLowerCase();
    const f = list.find((x) => x.id.toLowerCase() === key || x.name.toLowerCase() === key);
    if (!f) throw new UserError(`There is no formation "${t}". ${def.name} has ${list.map((x) => `${x.id} (${x.name})`).join(', ')}.`);
    const holder = doc.players.find((p) => p.id !== actor.id && p.formations?.includes(f.id));
    if (holder) throw new UserError(`${f.name} is already commanded by ${holder.name ?? 'another player'}.`);
    return f.id;
  });
  return [...new Set(picked)];
}
