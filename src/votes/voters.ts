import type { GameView } from '../session/game-sessions.js';
import type { GameDocument } from '../store/game-document.js';
import type { Ballot } from './ballot.js';

/** The side whose decisions a vote game puts to the channel. */
export const VOTED_SIDE = 'german';

/** The members who vote: joined players of the German side (or of no side). */
export function eligibleVoters(doc: GameDocument): string[] {
  return doc.players.filter((p) => !p.seat || p.seat === VOTED_SIDE).map((p) => p.id);
}

/** Whether this game's current decision goes to a ballot. */
export function isVotedDecision(view: GameView): boolean {
  return view.doc.mode === 'vote' && view.doc.status === 'active' && (!view.prompt.side || view.prompt.side === VOTED_SIDE);
}

/** The ballot without one member's vote and proposals (and the votes cast for those proposals). */
export function withoutMember(ballot: Ballot, userId: string): { ballot: Ballot; votes: number; proposals: number } {
  const gone = new Set(ballot.proposals.filter((p) => p.by === userId).map((p) => p.n));
  const votes = Object.fromEntries(Object.entries(ballot.votes).filter(([voter, n]) => voter !== userId && !gone.has(n)));
  const sealed = ballot.sealed
    ? { sealed: { picks: Object.fromEntries(Object.entries(ballot.sealed.picks).filter(([voter]) => voter !== userId)) } }
    : {};
  return {
    ballot: { ...ballot, proposals: ballot.proposals.filter((p) => !gone.has(p.n)), votes, ...sealed },
    votes: userId in ballot.votes || (ballot.sealed && userId in ballot.sealed.picks) ? 1 : 0,
    proposals: gone.size,
  };
}

/** The ballot with only the votes and proposals of members still in the game: anyone who left since is dropped. */
export function withoutLeavers(ballot: Ballot, voters: ReadonlySet<string>): Ballot {
  let kept = ballot;
  for (const id of new Set([...Object.keys(ballot.votes), ...ballot.proposals.map((p) => p.by)]))
    if (!voters.has(id)) kept = withoutMember(kept, id).ballot;
  return kept;
}
