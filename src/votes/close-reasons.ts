import type { GameDocument } from '../store/game-document.js';
import { type Ballot, majority, type Proposal } from './ballot.js';
import type { VoteSettings } from './vote-settings.js';
import { eligibleVoters } from './voters.js';

export type CloseReason = 'deadline' | 'majority' | 'all-voted' | 'override';

export function reasonText(reason: CloseReason): string {
  return reason === 'deadline'
    ? 'time is up'
    : reason === 'majority'
      ? 'a majority is reached'
      : reason === 'all-voted'
        ? 'every member has voted'
        : 'override';
}

/**
 * Whether a ballot closes before its time: an absolute majority for one proposal, or every
 * member's vote in (waiting would change nothing). A quick ballot closes the same way.
 */
export function earlyClose(ballot: Ballot, doc: GameDocument, settings: VoteSettings): CloseReason | undefined {
  const voters = eligibleVoters(doc);
  if (!ballot.sealed && majority(ballot, voters.length) !== undefined) return 'majority';
  const cast = voters.filter((v) => v in (ballot.sealed ? ballot.sealed.picks : ballot.votes)).length;
  if (voters.length > 0 && cast >= voters.length && cast >= Math.min(settings.quorum, voters.length)) return 'all-voted';
  return undefined;
}

/**
 * What a battle ballot without enough votes carries out (10.5 cannot wait): the setting's
 * choice (retreat or another round) when the ballot offers it, else its last proposal, which
 * the game puts last as the safe default (10.6: the bot places the hits).
 */
export function quickDefault(ballot: Ballot, settings: VoteSettings): Proposal | undefined {
  return ballot.proposals.find((p) => (p.action as { type?: string }).type === settings.quickDefault) ?? ballot.proposals.at(-1);
}
