import type { Scene, SideId } from '../contracts/scene.js';
import type { GameEvent } from '../games/engine.js';
import type { GameDef } from '../games/game-def.js';
import type { GameDocument } from '../store/game-document.js';
import { SEATS } from './permissions.js';

/**
 * Fog of war (a game's `fog`, Drive on Moscow 11.6): which sides' stacks a picture shows in
 * full. A channel picture is seen by everyone there, so it shows in full only the sides
 * nobody in the channel must be kept from; a player sees his own side in a private picture.
 */

type Table = { doc: Pick<GameDocument, 'status' | 'mode' | 'createdBy' | 'players' | 'state'>; def: Pick<GameDef, 'fog' | 'scene'> };

function fogOf({ doc, def }: Table): { bot?: SideId } | undefined {
  return doc.status === 'active' ? def.fog?.(doc.state) : undefined;
}

/** "German" for "german": a side as players read it. */
export function sideWord(side: string): string {
  return side.charAt(0).toUpperCase() + side.slice(1);
}

/** The sides a picture for the whole channel shows in full; undefined when the game hides nothing now. */
export function channelSides(table: Table): SideId[] | undefined {
  const fog = fogOf(table);
  if (!fog) return undefined;
  // Against the bot: the players' own side (the bot reads the whole state anyway).
  if (fog.bot) return SEATS.filter((s) => s !== fog.bot);
  // Two seated sides at one table: each keeps its stacks from the other.
  if (table.doc.mode === 'team') return [];
  // Vote play: the channel is the German side voting on every German decision.
  if (table.doc.mode === 'vote') return ['german'];
  // Solo: one player gives both sides' orders (hot seat); there is nobody to hide them from.
  return [...SEATS];
}

/** The sides `userId` plays, seen in full in a private picture; none for someone who plays no side. */
export function playerSides(table: Table, userId: string): SideId[] {
  const { doc } = table;
  const bot = fogOf(table)?.bot;
  const human = SEATS.filter((s) => s !== bot);
  if (doc.mode === 'solo') return userId === doc.createdBy ? human : [];
  const player = doc.players.find((p) => p.id === userId);
  if (!player) return [];
  if (player.seat) return human.filter((s) => s === player.seat);
  // As permissions.ts reads a member without a seat: in vote play a German voter; otherwise
  // the player of whatever side nobody else has taken.
  if (doc.mode === 'vote') return human.filter((s) => s === 'german');
  return human.filter((s) => !doc.players.some((p) => p.id !== userId && p.seat === s));
}

/** The sides a private picture for `userId` shows in full (the channel's and their own); undefined when nothing is hidden. */
export function viewerSides(table: Table, userId: string): SideId[] | undefined {
  const open = channelSides(table);
  if (!open) return undefined;
  const own = playerSides(table, userId);
  return SEATS.filter((s) => open.includes(s) || own.includes(s));
}

/**
 * Whether `side`'s stacks are kept from `userId`: the channel may not see them in full and
 * they do not play that side. Menus and suggestions that name a side's units (its movers, say)
 * are then not offered to them.
 */
export function hiddenFrom(table: Table, userId: string, side: string | undefined): boolean {
  const open = channelSides(table);
  if (!open || side === undefined || open.includes(side as SideId)) return false;
  return !playerSides(table, userId).includes(side as SideId);
}

/** Whether the channel's picture keeps some player's own side under the fog: they then need a private view. */
export function fogHidesPlayers(table: Table): boolean {
  const open = channelSides(table);
  if (!open) return false;
  const bot = fogOf(table)?.bot;
  return SEATS.some((s) => s !== bot && !open.includes(s));
}

/** The scene of a picture for the channel (no `userId`) or for one viewer. */
export function sceneFor(table: Table, events: readonly GameEvent[] = [], userId?: string): Scene {
  const seen = userId === undefined ? channelSides(table) : viewerSides(table, userId);
  return table.def.scene(table.doc.state, [...events], seen);
}

/**
 * Why `userId` may not have a private picture of their own stacks: they play no side. The
 * channel's picture already shows everything when the game hides nothing.
 */
export function privateViewRefusal(table: Table, userId: string): string | undefined {
  if (!channelSides(table)) return undefined;
  if (playerSides(table, userId).length) return undefined;
  return 'You play no side in this game, so there are no stacks of yours to show: the channel’s map shows what everyone may see (11.6 Fog of war: only the top unit of an enemy stack). /game join takes a seat.';
}
