import { UserError } from '../contracts/errors.js';
import type { GameDef } from '../games/registry.js';
import type { GameDocument, GameMode } from '../store/game-document.js';
import { type Actor, playerName, seatRefusal } from './permissions.js';

/**
 * Who plays and how, as changes to a game's record outside play: each says what changes and
 * the log line it gets, or refuses; the session saves it under the channel's lock.
 */
export interface RecordChange {
  change: Partial<GameDocument>;
  kind: string;
  text: string;
}

/** `actor` takes a seat, or (already seated) changes seat or formations. */
export function joining(doc: GameDocument, def: GameDef, actor: Actor, seat?: string, armies?: string[]): RecordChange {
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
  return {
    change: { players },
    kind: 'joined',
    text: `${actor.name} ${already ? 'now commands' : 'joined'}${seat ? ` as ${seat}` : ''}${names ? `${already ? ' ' : ', commanding '}${names.join(', ')}` : ''}.`,
  };
}

/** The creator changes the mode or the session settings (null: back to the default). */
export function configuring(
  doc: GameDocument,
  actor: Actor,
  change: { mode?: GameMode; settings?: Record<string, string | number | boolean | null> },
): RecordChange {
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
  return {
    change: { mode: change.mode ?? doc.mode, settings },
    kind: 'settings',
    text: `${actor.name} set ${said.join(', ') || 'nothing new'}.`,
  };
}

/** The creator (or a member who can manage the channel) takes a player out: their seat and formations are free again. */
export function removing(doc: GameDocument, actor: Actor, playerId: string): RecordChange {
  if (doc.status !== 'active') throw new UserError(`This game is over (${doc.status}). /game new starts another.`);
  if (actor.id !== doc.createdBy && !actor.canManage)
    throw new UserError(
      `Only ${playerName(doc, doc.createdBy)}, who started this game, or a member who can manage the channel may remove a player.`,
    );
  if (playerId === doc.createdBy) throw new UserError('The creator cannot be removed from their game; /game end ends it.');
  const player = doc.players.find((p) => p.id === playerId);
  if (!player) throw new UserError('That member is not playing in this game. /game status lists the players.');
  return {
    change: { players: doc.players.filter((p) => p.id !== playerId) },
    kind: 'removed',
    text: `${actor.name} removed ${player.name ?? playerId}${player.seat ? ` (${player.seat})` : ''} from the game.`,
  };
}

export function leaving(doc: GameDocument, actor: Actor): RecordChange {
  if (doc.status !== 'active') throw new UserError(`This game is over (${doc.status}). /game new starts another.`);
  if (actor.id === doc.createdBy) throw new UserError('You started this game, so you cannot leave it; /game end ends it.');
  if (!doc.players.some((p) => p.id === actor.id)) throw new UserError('You are not playing in this game. /game join takes a seat.');
  return { change: { players: doc.players.filter((p) => p.id !== actor.id) }, kind: 'left', text: `${actor.name} left the game.` };
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
