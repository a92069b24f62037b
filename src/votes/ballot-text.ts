import { clip, fitText, LIMITS } from '../contracts/limits.js';
import type { Reply, ReplyButton } from '../contracts/reply.js';
import type { GameView } from '../session/game-sessions.js';
import { sealedChoiceOf, sealedIds } from '../session/sealed-button.js';
import type { GameDocument } from '../store/game-document.js';
import { type Ballot, castCount, tally } from './ballot.js';
import { quickDefault } from './close-reasons.js';
import { type VoteSettings, voteSettings } from './vote-settings.js';
import { eligibleVoters } from './voters.js';

/** A ballot as the channel reads it at `now`: what is on it, how many voted, and when it closes. */
export function ballotText(doc: GameDocument, ballot: Ballot, settings: VoteSettings, now: number): string {
  return ballot.sealed ? sealedBallotText(doc, ballot, settings, now) : openBallotText(doc, ballot, settings, now);
}

function sealedBallotText(doc: GameDocument, ballot: Ballot, settings: VoteSettings, now: number): string {
  const when = closesText(ballot, now, 'or when every member has chosen');
  return `**Sealed ballot** on version ${ballot.version} (a secret choice: each member picks privately, and the options with the most votes are chosen; nobody sees the picks): ${castCount(ballot)} of ${eligibleVoters(doc).length} members have chosen, ${when}. Quorum ${settings.quorum}; ties: ${settings.tiebreak}.`;
}

function openBallotText(doc: GameDocument, ballot: Ballot, settings: VoteSettings, now: number): string {
  const { counts, cast } = tally(ballot);
  const lines = ballot.proposals.map((p) => `#${p.n} ${clip(p.text, 120)} (${p.byName}): **${counts.get(p.n) ?? 0}**`);
  const eligible = eligibleVoters(doc).length;
  const when = closesText(ballot, now, `or at ${Math.floor(eligible / 2) + 1} votes for one proposal`);
  const battle = ballot.quick
    ? ` (a battle decision; nobody voting means ${clip(quickDefault(ballot, settings)?.text ?? settings.quickDefault, 60)})`
    : '';
  return [
    `**Ballot** on version ${ballot.version}${battle}: ${cast} of ${eligible} voted, ${when}. Quorum ${settings.quorum}; ties: ${settings.tiebreak}.`,
    ...lines,
  ].join('\n');
}

/** When the ballot closes: in how long, or `early` (what closes it sooner); or how long it has left while paused. */
function closesText(ballot: Ballot, now: number, early: string): string {
  const left = ballot.pausedLeftMs ?? Math.max(0, ballot.closesAt - now);
  return ballot.pausedLeftMs !== undefined ? `paused with ${duration(left)} left` : `closes in ${duration(left)} ${early}`;
}

/** One button a proposal; a sealed ballot's single button opens the member's private picks. */
export function ballotButtons(ballot: Ballot, view?: GameView): ReplyButton[] {
  if (ballot.sealed) {
    const choice = view ? sealedChoiceOf(view.doc, view.def) : undefined;
    return [
      { customId: sealedIds({ id: ballot.gameId, version: ballot.version }).open, label: choice?.button ?? 'Choose…', style: 'primary' },
    ];
  }
  return ballot.proposals.map((p) => ({
    customId: `vote:${ballot.gameId}:${ballot.version}:${p.n}`,
    label: clip(`#${p.n} ${p.text}`, LIMITS.buttonLabelChars),
    style: 'secondary' as const,
  }));
}

function duration(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 90) return `${s} s`;
  if (s < 5400) return `${Math.round(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

/** The ballot as it stands, its text and buttons: a ballot message, or one edited as votes arrive. */
export function ballotReply(view: GameView, ballot: Ballot, now: number): Reply {
  return { content: fitText(ballotText(view.doc, ballot, voteSettings(view.doc), now)), buttons: ballotButtons(ballot, view) };
}

/** A result followed by the ballot it opened (the next decision's), with that ballot's buttons. */
export function followedByBallot(reply: Reply, doc: GameDocument, ballot: Ballot, now: number): Reply {
  return {
    ...reply,
    content: fitText(`${reply.content}\n${ballotText(doc, ballot, voteSettings(doc), now)}`),
    buttons: ballotButtons(ballot),
  };
}
