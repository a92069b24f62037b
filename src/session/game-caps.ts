import { z } from 'zod';
import { UserError } from '../contracts/errors.js';
import { plural } from '../contracts/text.js';
import { type GameStore, guildKey, StoreUnavailableError, UnreadableGameError } from '../store/game-store.js';
import { KeyedLock } from '../store/keyed-lock.js';
import type { Where } from './game-sessions.js';
import type { Actor } from './permissions.js';

/** How many active games a server, and a member on it, may have at once (0 or absent: no cap). */
export interface GameCapSettings {
  perMember?: number;
  perServer?: number;
  /** Members with Manage Channels are not held to `perMember` (the server cap still holds). */
  managersExempt?: boolean;
}

/** An active game as the cap counts it: who started it, and where. */
export interface ActiveGame {
  id: string;
  by: string;
  channelId: string;
}

/**
 * The active games of a server, kept under `caps:<guild key>` next to the store's own
 * `guild:<id>` list (which only grows, newest last): `scanned` is how much of that list has
 * been looked at, `active` the games found active. Each count re-reads the games listed as
 * active (they may have ended or finished since) and only the newly listed ones, so a count
 * costs a few loads, never a scan of the server's whole history (except the first time).
 */
const indexSchema = z.object({
  scanned: z.number().int().min(0),
  active: z
    .array(z.object({ id: z.string().min(1).max(40), by: z.string().min(1).max(100), channelId: z.string().min(1).max(40) }))
    .max(100_000),
});
type CapIndex = z.infer<typeof indexSchema>;

const indexKey = (listKey: string) => `caps:${listKey}`;

/**
 * A creation holding a place: by whom, how long the server's list was then (its game, once
 * stored, comes later in the list), and whether the command is over (`released`).
 */
interface Place {
  by: string;
  from: number;
  released: boolean;
}

/**
 * Which places still count, given the server's active games. A place's game is a game of its
 * member listed after the place was taken; each game stands for one place, and a game that
 * stood for a finished command (`assigned`) never stands for another. Finished commands are
 * settled first (they take their game, or none when they were refused) and leave; a place
 * whose game is stored is then counted by its game, not twice; the rest are creations still
 * under way. Two creations of one member started together cannot be told apart, so a game
 * may be put down to the wrong one of them: the counts stay right, or err on the safe side
 * (a refused creation taking another's game counts that one twice until it is done).
 */
function settle(
  places: readonly Place[],
  active: readonly ActiveGame[],
  positions: ReadonlyMap<string, number>,
  assigned: Set<string>,
): Place[] {
  const claimed = new Set(assigned);
  const gameOf = (place: Place) => {
    const game = active.find((g) => g.by === place.by && !claimed.has(g.id) && (positions.get(g.id) ?? -1) >= place.from);
    if (game) claimed.add(game.id);
    return game;
  };
  for (const place of places.filter((p) => p.released)) {
    const game = gameOf(place);
    if (game) assigned.add(game.id);
  }
  return places.filter((p) => !p.released && !gameOf(p));
}

/**
 * Caps on active games, checked before a game is created (before a thread is opened for it).
 * `reserve` counts the server's active games plus the creations still in flight and, when
 * there is room, holds a place until the caller releases it (after the game is stored, or
 * refused). Counting and holding happen under one lock per server, so thirty `/game new` at
 * once cannot all see room for one more. A server's interactions all reach one shard, so an
 * in-process lock and in-process places are enough, as for the channel locks.
 */
export class GameCaps {
  private readonly lock = new KeyedLock();
  /** Per server: the creations that hold a place now, or held one until their command ended. */
  private readonly pending = new Map<string, Place[]>();
  /** Per server: active games known to be the game of a finished creation. */
  private readonly assigned = new Map<string, Set<string>>();

  constructor(
    private readonly store: GameStore,
    private readonly settings: GameCapSettings,
  ) {}

  get enabled(): boolean {
    return (this.settings.perMember ?? 0) > 0 || (this.settings.perServer ?? 0) > 0;
  }

  /** Hold a place for one new game by `actor`, or refuse (UserError) when a cap is reached. Returns the release. */
  async reserve(where: Where, actor: Actor): Promise<() => void> {
    if (!this.enabled) return () => undefined;
    const listKey = guildKey(where);
    return this.lock.run(listKey, async () => {
      const { active, listed, positions } = await this.refresh(listKey);
      const pending = this.settle(listKey, active, positions);
      const perServer = this.settings.perServer ?? 0;
      if (perServer > 0 && active.length + pending.length >= perServer) {
        throw new UserError(
          `This server has ${plural(active.length + pending.length, 'active game')}${pending.length ? ' (counting those being started now)' : ''}, the most it may have at once. One must end (/game end, or a victory) before another starts; nothing was started.`,
        );
      }
      const perMember = this.settings.perMember ?? 0;
      const exempt = this.settings.managersExempt !== false && actor.canManage === true;
      if (perMember > 0 && !exempt) {
        const mine = active.filter((g) => g.by === actor.id);
        const starting = pending.filter((p) => p.by === actor.id).length;
        if (mine.length + starting >= perMember) {
          const named = mine.map((g) => `\`${g.id}\` in <#${g.channelId}>`).join(', ');
          throw new UserError(
            `You already have ${plural(mine.length + starting, 'active game')} on this server${starting ? ' (counting those being started now)' : ''}, the most a member may have at once${named ? `: ${named}` : ''}. End one with /game end in its channel first; nothing was started.`,
          );
        }
      }
      const place: Place = { by: actor.id, from: listed, released: false };
      this.pending.set(listKey, [...(this.pending.get(listKey) ?? []), place]);
      // Settled at the next count, when its game (if it made one) is surely listed.
      return () => {
        place.released = true;
      };
    });
  }

  /** The places still under way on this server; finished ones are settled and dropped. */
  private settle(listKey: string, active: readonly ActiveGame[], positions: ReadonlyMap<string, number>): Place[] {
    const live = new Set(active.map((g) => g.id));
    const assigned = new Set([...(this.assigned.get(listKey) ?? [])].filter((id) => live.has(id)));
    const places = this.pending.get(listKey) ?? [];
    const open = settle(places, active, positions, assigned);
    const kept = places.filter((p) => !p.released);
    if (kept.length) this.pending.set(listKey, kept);
    else this.pending.delete(listKey);
    if (assigned.size) this.assigned.set(listKey, assigned);
    else this.assigned.delete(listKey);
    return open;
  }

  /** The server's active games now (for diagnostics and tests). */
  async active(where: Where): Promise<ActiveGame[]> {
    const listKey = guildKey(where);
    return this.lock.run(listKey, async () => (await this.refresh(listKey)).active);
  }

  /**
   * Bring the server's index up to date: re-check the games it lists as active, look at the
   * newly created ones. Also says how long the server's list is and where each game is in it.
   */
  private async refresh(listKey: string): Promise<{ active: ActiveGame[]; listed: number; positions: Map<string, number> }> {
    const ids = await this.read(listKey).then((v) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []));
    const stored = indexSchema.safeParse(await this.read(indexKey(listKey)));
    // A missing, damaged or outrun index (the list was rebuilt) is rebuilt from the whole list.
    const index: CapIndex = stored.success && stored.data.scanned <= ids.length ? stored.data : { scanned: 0, active: [] };
    const candidates = [...new Set([...index.active.map((g) => g.id), ...ids.slice(index.scanned)])];
    const active: ActiveGame[] = [];
    for (const id of candidates) {
      let doc: Awaited<ReturnType<GameStore['load']>>;
      try {
        doc = await this.store.load(id);
      } catch (err) {
        // A damaged game is set aside by the store and plays no more: it holds no place.
        if (err instanceof UnreadableGameError) continue;
        throw err;
      }
      if (doc?.status === 'active') active.push({ id: doc.id, by: doc.createdBy, channelId: doc.channelId });
    }
    const next: CapIndex = { scanned: ids.length, active };
    if (!stored.success || JSON.stringify(stored.data) !== JSON.stringify(next)) await this.write(indexKey(listKey), next);
    return { active, listed: ids.length, positions: new Map(ids.map((id, i) => [id, i])) };
  }

  private async read(key: string): Promise<unknown> {
    try {
      return await this.store.keyv.get(key);
    } catch (err) {
      throw new StoreUnavailableError(err);
    }
  }

  private async write(key: string, value: CapIndex): Promise<void> {
    try {
      await this.store.keyv.set(key, value);
    } catch (err) {
      throw new StoreUnavailableError(err);
    }
  }
}
