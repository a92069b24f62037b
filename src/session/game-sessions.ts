import { UserError } from '../contracts/errors.js';
import { issuesText } from '../contracts/text.js';
import type { GameDef, GameRegistry } from '../games/registry.js';
import type { DiceSeed } from '../kernel/dice.js';
import { dropBallot } from '../store/ballot-keys.js';
import type { ActionRecord, GameDocument, GameMode } from '../store/game-document.js';
import type { GameStore, GameSummary } from '../store/game-store.js';
import { KeyedLock } from '../store/keyed-lock.js';
import { exportDocument, type GameExport } from './export-format.js';
import { GameRecords } from './game-records.js';
import {
  type ActOutcome,
  botOutcome,
  type GameView,
  type NewGameRequest,
  type SaveAlso,
  type SessionOptions,
  type Where,
} from './game-view.js';
import { type GameWork, gameWork } from './game-work.js';
import { readyImport } from './import-game.js';
import { OrderDesk } from './order-path.js';
import { type Actor, endRefusal, SEATS } from './permissions.js';
import { setupState, toJson } from './replay.js';
import { configuring, joining, leaving, type RecordChange, removing } from './seat-changes.js';
import { newDiceSecret, newNonce } from './secrets.js';
import { channelSides } from './sight.js';
import { takeBack } from './take-back.js';

export { BOT_ACTION_LIMIT, BOT_USER_ID } from './bot-play.js';
export type { ActOutcome, BotTurn, GameView, NewGameRequest, SaveAlso, SessionOptions, Where } from './game-view.js';
export { resultText } from './game-view.js';
export type { OrderDesk } from './order-path.js';

/** /game list shows this many of a channel's games, found among the server's newest LIST_SCAN. */
const LIST_SHOWN = 25;
const LIST_SCAN = 200;

/**
 * One game per channel: every change runs under the channel's lock as load, check, apply,
 * save; the reply is built only after the save, so an acknowledged action is never lost.
 */
export class GameSessions {
  private readonly lock = new KeyedLock();
  private readonly work: GameWork;
  private readonly records: GameRecords;

  constructor(
    readonly store: GameStore,
    readonly games: GameRegistry,
    readonly options: SessionOptions = {},
  ) {
    this.work = options.work ?? gameWork();
    this.records = new GameRecords(store, games, options.now ?? (() => new Date()));
  }

  /** The channel's current game (active or last finished), if any. */
  async current(channelId: string): Promise<GameView | undefined> {
    const doc = await this.records.loadCurrent(channelId);
    return doc ? this.records.viewOf(doc) : undefined;
  }

  async require(channelId: string): Promise<GameView> {
    return this.records.require(channelId);
  }

  /** A game by id, if it belongs to this server (or channel, outside servers). */
  async byId(where: Where, id: string): Promise<GameView> {
    return this.records.viewOf(await this.records.docById(where, id));
  }

  /**
   * One order's path (order-path.ts): under the channel's lock the game is read once and
   * handed to `step`, which may act on it (or ask first, by a dry run) through the desk.
   * `step` must not call back into this channel's session: the lock is held.
   */
  async withGame<T>(channelId: string, step: (desk: OrderDesk) => Promise<T>): Promise<T> {
    return this.lock.run(channelId, async () => step(new OrderDesk(await this.records.loadCurrent(channelId), this.records, this.work)));
  }

  /**
   * The one door for engine actions: untrusted `action` is checked by the game's schema,
   * permissions and `expectedVersion` (from a button) are checked, then the engine applies it.
   */
  async act(channelId: string, actor: Actor, action: unknown, expectedVersion?: number, also?: SaveAlso): Promise<ActOutcome> {
    return this.withGame(channelId, (desk) =>
      desk.act(actor, action, { ...(expectedVersion !== undefined ? { expectedVersion } : {}), ...(also ? { also } : {}) }),
    );
  }

  /** A button press: choice `index` of the prompt shown at `version` of game `gameId`. */
  async choose(channelId: string, actor: Actor, gameId: string, version: number, index: number): Promise<ActOutcome & { chosen: string }> {
    return this.withGame(channelId, (desk) => desk.choose(actor, gameId, version, index));
  }

  async newGame(where: Where, actor: Actor, request: NewGameRequest): Promise<ActOutcome> {
    return this.lock.run(where.channelId, async () => {
      const channelWas = await this.records.requireFreeChannel(where.channelId);
      const def = this.games.require(request.game);
      const checked = def.newOptionsSchema.safeParse(request.options ?? {});
      if (!checked.success) throw new UserError(`${def.name} does not take those options: ${issuesText(checked.error)}`);
      // A fresh 256-bit secret and nonce for every game, unless a fixed (public) numeric seed was asked for.
      const seed: DiceSeed = request.seed ?? newDiceSecret();
      const seedNonce = request.seed === undefined ? newNonce() : undefined;
      const at = this.records.now().toISOString();
      // When the bot's side moves first, it plays before anyone is asked.
      const bot = await this.work.botTurn(def, toJson(setupState(def, checked.data, seed)), 0, at);
      const doc = await this.records.newDocument(where, actor, def, {
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
      await this.records.createMade(doc, channelWas);
      return { ...this.records.viewOf(doc), events: [], ...botOutcome(bot) };
    });
  }

  /**
   * Take back the last order by replaying the log without it; never past a die roll. `refuse`:
   * the caller's own refusal on the game as read (the free-order cap), checked first.
   */
  async undo(
    channelId: string,
    actor: Actor,
    refuse?: (doc: GameDocument) => string | undefined,
  ): Promise<ActOutcome & { undone: ActionRecord; ballotClosed: boolean }> {
    return this.lock.run(channelId, async () => {
      const view = await this.records.require(channelId);
      const refusal = refuse?.(view.doc);
      if (refusal) throw new UserError(refusal);
      return takeBack(this.records, view, actor);
    });
  }

  async join(channelId: string, actor: Actor, seat?: string, armies?: string[]): Promise<GameDocument> {
    return this.lock.run(channelId, async () => {
      const { doc, def } = await this.records.require(channelId);
      return this.saveChange(doc, joining(doc, def, actor, seat, armies));
    });
  }

  /** Add a line to the game's log (a vote override, say) without changing the position. */
  async note(channelId: string, kind: string, text: string): Promise<void> {
    await this.lock.run(channelId, async () => {
      const { doc } = await this.records.require(channelId);
      await this.records.saveWithLine(doc, {}, kind, text);
    });
  }

  /** The creator changes how the game is played (solo, team, vote) or its session settings. */
  async configure(
    channelId: string,
    actor: Actor,
    change: { mode?: GameMode; settings?: Record<string, string | number | boolean | null> },
  ): Promise<GameDocument & { ballotClosed?: boolean }> {
    return this.lock.run(channelId, async () => {
      const { doc } = await this.records.require(channelId);
      const configured = configuring(doc, actor, change);
      // Out of vote mode, an open ballot must not carry out its winner later: it closes in the same step.
      const leavingVotes = change.mode !== undefined && change.mode !== 'vote';
      const ballotClosed = leavingVotes && (await this.records.hasBallot(doc.id));
      const next = await this.saveChange(doc, configured, leavingVotes ? dropBallot(doc.id) : undefined);
      return Object.assign(next, { ballotClosed });
    });
  }

  /**
   * The creator (or a member who can manage the channel) takes a player out of the game: their
   * seat and formations are free again. Their open votes are the vote service's to drop.
   */
  async remove(channelId: string, actor: Actor, playerId: string): Promise<GameDocument> {
    return this.lock.run(channelId, async () => {
      const doc = await this.records.requireDoc(channelId);
      return this.saveChange(doc, removing(doc, actor, playerId));
    });
  }

  async leave(channelId: string, actor: Actor): Promise<GameDocument> {
    return this.lock.run(channelId, async () => {
      const { doc } = await this.records.require(channelId);
      return this.saveChange(doc, leaving(doc, actor));
    });
  }

  /** Stop the game: the creator, or a member who can manage the channel. The seed is revealed. */
  async end(channelId: string, actor: Actor): Promise<GameDocument> {
    // The game's ballot closes in the same step as the game.
    return this.lock.run(channelId, async () => {
      // Ending needs no rules, so a game on charts this bot lacks can still be ended.
      const doc = await this.records.requireDoc(channelId);
      const refusal = endRefusal(doc, actor);
      if (refusal) throw new UserError(refusal);
      const next: GameDocument = {
        ...doc,
        status: 'ended',
        outcome: `Ended by ${actor.name} at version ${doc.version}.`,
        events: [...doc.events, { version: doc.version, kind: 'ended', text: `${actor.name} ended the game.` }],
        updatedAt: this.records.now().toISOString(),
      };
      await this.store.save(next, { base: doc, also: dropBallot(doc.id) });
      return next;
    });
  }

  /** The export file's content; the seed and dice state only once the game is over. */
  async exportGame(where: Where, gameId?: string): Promise<{ doc: GameDocument; def: GameDef; file: GameExport }> {
    // The file is the record itself: it needs no rules, so a game on charts this bot lacks exports too.
    const doc = gameId ? await this.records.docById(where, gameId) : await this.records.requireDoc(where.channelId);
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
    return { doc, def, file: exportDocument(doc, this.records.now()) };
  }

  /** Load an exported game into this channel as a new game, once it passes the check of `npm run verify` (import-game.ts). */
  async importGame(where: Where, actor: Actor, text: string): Promise<ActOutcome> {
    const { def, start, notice } = await readyImport(this.games, this.work, actor, text);
    return this.lock.run(where.channelId, async () => {
      const channelWas = await this.records.requireFreeChannel(where.channelId);
      const doc = await this.records.newDocument(where, actor, def, { ...start, at: this.records.now().toISOString() });
      await this.store.create(doc, channelWas);
      return { ...this.records.viewOf(doc), events: [{ kind: 'imported', text: notice }] };
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

  private saveChange(doc: GameDocument, { change, kind, text }: RecordChange, also?: ReturnType<typeof dropBallot>): Promise<GameDocument> {
    return this.records.saveWithLine(doc, change, kind, text, also);
  }
}
