import type { z } from 'zod';
import { UserError } from '../contracts/errors.js';
import { issuesText } from '../contracts/text.js';
import type { GameDef, GameRegistry } from '../games/registry.js';
import type { DiceSeed } from '../kernel/dice.js';
import { ballotKey, type dropBallot } from '../store/ballot-keys.js';
import { type ActionRecord, type GameDocument, type GameMode, type LogLine, type Reseed, SCHEMA_VERSION } from '../store/game-document.js';
import { type GameStore, type SaveOptions, UnreadableGameError } from '../store/game-store.js';
import { type GameView, resultText, type Where } from './game-view.js';
import type { Actor } from './permissions.js';
import { toJson } from './replay.js';
import { hashSeed, newGameId } from './secrets.js';

/** What differs between a game started here and one imported: everything else a new document holds is the same. */
export interface DocumentStart {
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

/**
 * The channels' games as stored records: read with their state checked by their game (once
 * per document), refused in words a player reads when missing or damaged, and saved.
 */
export class GameRecords {
  /** Documents whose state the game's schema has passed (loaded once, or made by the engine): not checked again. */
  private readonly checked = new WeakSet<GameDocument>();

  constructor(
    readonly store: GameStore,
    readonly games: GameRegistry,
    readonly now: () => Date,
  ) {}

  viewOf(doc: GameDocument): GameView {
    const def = this.games.forGame(doc);
    return { doc, def, prompt: def.engine.prompt(doc.state), result: def.engine.result(doc.state) };
  }

  async loadCurrent(channelId: string): Promise<GameDocument | undefined> {
    return this.unwrap(async () => this.checkState(await this.store.loadCurrent(channelId)));
  }

  async requireDoc(channelId: string): Promise<GameDocument> {
    const doc = await this.loadCurrent(channelId);
    if (!doc) throw new UserError(NO_GAME);
    return doc;
  }

  async require(channelId: string): Promise<GameView> {
    return this.viewOf(await this.requireDoc(channelId));
  }

  /** A game by id, if it belongs to this server (or channel, outside servers). */
  async docById(where: Where, id: string): Promise<GameDocument> {
    const doc = await this.unwrap(async () => this.checkState(await this.store.load(id.trim().toLowerCase())));
    // Only in its own channel: a member here may not be able to see another channel (a private one).
    if (!doc || doc.channelId !== where.channelId)
      throw new UserError(
        `There is no game ${id} in this channel. /game list shows this channel’s games; export a game from its own channel.`,
      );
    return doc;
  }

  /** Save a document whose state the engine made (or a new game's): it needs no check when read back in this process. */
  async saveMade(next: GameDocument, options: SaveOptions): Promise<void> {
    await this.store.save(next, options);
    this.checked.add(next);
  }

  /** Store a new game in its channel (`channelWas`: the channel's pointer it replaces, null for none). */
  async createMade(doc: GameDocument, channelWas: string | null): Promise<void> {
    await this.store.create(doc, channelWas);
    this.checked.add(doc);
  }

  /** A change outside play (seats, settings, a note): saved with its line in the log, the version unchanged. */
  async saveWithLine(
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
  async hasBallot(gameId: string): Promise<boolean> {
    try {
      return (await this.store.keyv.get(ballotKey(gameId))) !== undefined;
    } catch {
      return false; // only what the answer says: the save itself reports a store failure
    }
  }

  /** The channel's last game id (null: none), when the channel is free for a new game. */
  async requireFreeChannel(channelId: string): Promise<string | null> {
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
  async newDocument(where: Where, actor: Actor, def: GameDef, start: DocumentStart): Promise<GameDocument> {
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
      ...(result ? { outcome: resultText(def, start.state, result) } : {}),
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

export const NO_GAME = 'There is no game in this channel. /game new starts one.';
