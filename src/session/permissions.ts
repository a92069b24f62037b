import type { Prompt } from '../games/engine.js';
import type { OrderAsker } from '../games/orders.js';
import type { GameDef } from '../games/registry.js';
import type { ActionRecord, GameDocument, Player } from '../store/game-document.js';

/** Who is asking: a Discord member or the console user. `canManage`: Manage Channels. */
export interface Actor {
  id: string;
  name: string;
  canManage?: boolean;
}

/** Who may give orders: the creator in solo play; in team and vote play, the players whose seat or formation is called. */
export function actRefusal(doc: GameDocument, actor: Actor, prompt: Prompt<unknown>): string | undefined {
  if (doc.status !== 'active') return `This game is over (${doc.status}). /game new starts another.`;
  if (doc.mode === 'solo') {
    if (actor.id === doc.createdBy) return undefined;
    return `This is ${creatorName(doc)}'s solo game: only they give orders here. Everyone can follow it with /game status and /game map.`;
  }
  const player = doc.players.find((p) => p.id === actor.id);
  if (!player) return `You are not playing in this game. /game join takes a seat.`;
  // Vote play: a German decision is the ballot's, carried out in the name of its proposer, any German-side member.
  if (doc.mode === 'vote' && (!prompt.side || prompt.side === 'german') && (!player.seat || player.seat === 'german')) return undefined;
  if (prompt.side && player.seat && player.seat !== prompt.side)
    return `It is the ${prompt.side} side's decision, and you play ${player.seat}. Wait for your side’s turn: /game status says whose decision it is.`;
  // A player without a seat plays whatever side nobody has taken (the creator of a two-player game, say).
  const holder = prompt.side && !player.seat ? doc.players.find((p) => p.id !== actor.id && p.seat === prompt.side) : undefined;
  if (holder)
    return `It is the ${prompt.side} side's decision, and ${holder.name ?? 'another player'} plays ${prompt.side}. /game status says whose decision it is.`;
  if (prompt.formation && player.formations?.length && !player.formations.includes(prompt.formation)) {
    const commander = doc.players.find((p) => p.formations?.includes(prompt.formation!));
    return `It is ${prompt.formation}'s decision${commander ? `, commanded by ${commander.name ?? 'another player'}` : ''}. /force list shows your own formations.`;
  }
  return undefined;
}

/** The seats of the two-sided games here. */
export const SEATS = ['german', 'soviet'] as const;

/**
 * Taking a seat: it must be a side of the game, and in team play one member holds a seat
 * unless the creator allowed shared seats (`/game mode` setting sharedSeats). In vote play a
 * seat is the side a member votes for, so any number share it.
 */
export function seatRefusal(doc: GameDocument, actor: Actor, seat: string | undefined): string | undefined {
  if (seat === undefined) return undefined;
  if (!(SEATS as readonly string[]).includes(seat)) return `There is no seat "${seat}": the seats are ${SEATS.join(' and ')}.`;
  if (doc.mode !== 'team' || doc.settings.sharedSeats === true) return undefined;
  const holder = doc.players.find((p) => p.id !== actor.id && p.seat === seat);
  if (!holder) return undefined;
  return `${holder.name ?? 'Another player'} holds the ${seat} seat. ${creatorName(doc)}, who started the game, may remove them (/game remove) or allow shared seats (/game mode mode:team shared-seats:true).`;
}

/** The creator and anyone with Manage Channels may end a game. */
export function endRefusal(doc: GameDocument, actor: Actor): string | undefined {
  if (doc.status !== 'active') return `This game is already over (${doc.status}). /game new starts another.`;
  if (actor.id === doc.createdBy || actor.canManage) return undefined;
  return `Only ${creatorName(doc)}, who started this game, or a member who can manage the channel may end it.`;
}

/** Undo: whoever gave the last order (`last`: the last one a person gave), or the creator; and only while they may still act. */
export function undoRefusal(
  doc: GameDocument,
  actor: Actor,
  prompt: Prompt<unknown>,
  last: ActionRecord | undefined = doc.actions.at(-1),
): string | undefined {
  if (doc.status !== 'active') return `This game is over (${doc.status}); nothing can be taken back. /game new starts another.`;
  if (!last) return 'There is nothing to undo yet. /game status says what the game waits for.';
  if (actor.id !== last.userId && actor.id !== doc.createdBy)
    return `Only the player who gave the last order, or ${creatorName(doc)}, may take it back. /game log shows who gave it.`;
  // A player who left (or was removed) no longer takes anything back.
  if (doc.mode !== 'solo' && actor.id !== doc.createdBy && !doc.players.some((p) => p.id === actor.id))
    return 'You are no longer playing in this game, so you cannot take its orders back. /game join takes a seat again.';
  // Vote play: a German order was the ballot's decision, given in its proposer's name; the proposer may not take it back alone.
  const seat = doc.players.find((p) => p.id === actor.id)?.seat;
  if (doc.mode === 'vote' && actor.id !== doc.createdBy && seat !== 'soviet')
    return `In a vote game the German orders are the channel's decisions: only ${creatorName(doc)}, who started the game, may take one back. /vote status shows the open ballot.`;
  if (doc.mode === 'solo' && actor.id !== doc.createdBy) return actRefusal(doc, actor, prompt);
  return undefined;
}

export function creatorName(doc: GameDocument): string {
  return playerName(doc, doc.createdBy);
}

export function playerName(doc: GameDocument, userId: string): string {
  const p: Player | undefined = doc.players.find((x) => x.id === userId);
  return p?.name ?? `player ${userId}`;
}

/**
 * Team play (Operation Typhoon 1.4): a player orders only the formations given to them;
 * formations nobody took are the creator's, and so are orders for the whole side (ending
 * a turn). Games without formations are not affected.
 */
export function formationRefusal(doc: GameDocument, def: GameDef, actor: Actor, action: unknown): string | undefined {
  if (doc.mode !== 'team' || !def.formationsOf || !def.formations?.length) return undefined;
  const commanderOf = (f: string) => doc.players.find((p) => p.formations?.includes(f))?.id ?? doc.createdBy;
  const needed = def.formationsOf(doc.state, action);
  const nameOf = (f: string) => def.formations!.find((x) => x.id === f)?.name ?? f;
  if (needed.length === 0) {
    return actor.id === doc.createdBy
      ? undefined
      : `Orders for the whole side (such as ending the turn) are ${creatorName(doc)}'s, who started this team game.`;
  }
  const foreign = needed.filter((f) => commanderOf(f) !== actor.id);
  if (!foreign.length) return undefined;
  const mine = def.formations.filter((f) => commanderOf(f.id) === actor.id).map((f) => f.name);
  return `${foreign.map(nameOf).join(' and ')} ${foreign.length > 1 ? 'are' : 'is'} commanded by ${playerName(doc, commanderOf(foreign[0]!))}; you command ${mine.length ? mine.join(', ') : 'no formation (/game join army:... takes one)'}.`;
}

/** Team play: the formations this player commands (the creator holds those nobody took). */
export function asker(game: { doc: GameDocument; def: GameDef }, userId: string): OrderAsker {
  const { doc, def } = game;
  if (doc.mode !== 'team' || !def.formations?.length) return {};
  const taken = new Set(doc.players.flatMap((p) => p.formations ?? []));
  const own = doc.players.find((p) => p.id === userId)?.formations ?? [];
  const spare = userId === doc.createdBy ? def.formations.map((f) => f.id).filter((f) => !taken.has(f)) : [];
  return { formations: [...new Set([...own, ...spare])] };
}
