import { UserError } from '../contracts/errors.js';
import type { Member } from '../contracts/reply.js';
import { RuleError } from '../games/engine.js';
import type { GameDef } from '../games/game-def.js';
import type { GameSessions } from '../session/game-sessions.js';
import type { GameDocument } from '../store/game-document.js';
import { type VoteSettings, voteSettings } from './vote-settings.js';
import { VOTED_SIDE } from './voters.js';

/** Refuses (a UserError) a member who may not vote on this game's ballots now. */
export function refuseVoter(doc: GameDocument, actor: Member, settings: VoteSettings = voteSettings(doc)): void {
  if (doc.status !== 'active') throw new UserError(`This game is over (${doc.status}).`);
  const player = doc.players.find((p) => p.id === actor.id);
  if (!player) throw new UserError('Only members who joined this vote game may propose and vote: /game join.');
  if (player.seat && player.seat !== VOTED_SIDE) throw new UserError(`You play ${player.seat}; only the ${VOTED_SIDE} side votes.`);
  if (settings.role && !(actor.roles ?? []).includes(settings.role))
    throw new UserError(`Only members with the voting role <@&${settings.role}> may propose and vote.`);
  if (settings.paused) throw new UserError('Voting is paused by the creator (/vote resume).');
}

/**
 * Refuses an action the rules do not allow now, in the words `refusal` makes of the rule's
 * reason. A dry run on a copy: the engine is pure, and nothing of it is shown.
 */
export function refuseIllegal(def: GameDef, state: unknown, action: unknown, refusal: (why: string) => string): void {
  try {
    def.engine.apply(structuredClone(state), action);
  } catch (err) {
    if (err instanceof RuleError) throw new UserError(refusal(err.message));
    throw err;
  }
}

/**
 * Refuses what was checked against a position the game has left since (a ballot closed and
 * its winner moved the game on meanwhile); `refusal` makes the words of the prompt now.
 */
export async function refuseIfMovedOn(
  sessions: GameSessions,
  channelId: string,
  doc: GameDocument,
  refusal: (promptNow: string) => string,
): Promise<void> {
  const now = await sessions.current(channelId);
  if (now?.doc.id !== doc.id || now.doc.version !== doc.version) throw new UserError(refusal(now?.prompt.text ?? '').trim());
}
