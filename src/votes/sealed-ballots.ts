import { UserError } from '../contracts/errors.js';
import { fitText } from '../contracts/limits.js';
import type { Member, Reply } from '../contracts/reply.js';
import { plural } from '../contracts/text.js';
import type { ActOutcome, GameView } from '../session/game-sessions.js';
import { checkedPicks, sealedButton, sealedChoiceOf } from '../session/sealed-button.js';
import { currentSecret } from '../session/secrets.js';
import { type Ballot, castCount, sealedRanking } from './ballot.js';
import { ballotReply } from './ballot-text.js';
import { type CloseReason, earlyClose, reasonText } from './close-reasons.js';
import { openQuickBallot } from './next-ballots.js';
import { refuseIfMovedOn, refuseIllegal, refuseVoter } from './refusals.js';
import { currentBallot, newBallot, openBallot, type VoteDesk } from './vote-desk.js';
import { type VoteSettings, voteSettings } from './vote-settings.js';
import { eligibleVoters, isVotedDecision } from './voters.js';

/**
 * A member's private picks on the secret choice due now (the game's `sealedChoice`): a
 * sealed ballot opens with the first, a member may pick again (the last picks count), and
 * it closes when every member has chosen or at its deadline. `mine` is for the member
 * alone; `shared` says publicly how many have chosen, or, once it closed, what followed.
 */
export async function castSealedPicks(
  desk: VoteDesk,
  channelId: string,
  actor: Member,
  version: number,
  values: readonly string[],
): Promise<{ mine: Reply; shared: Reply; closed?: Reply }> {
  const view = await desk.sessions.require(channelId);
  const { doc, def } = view;
  if (doc.version !== version)
    throw new UserError(
      `That choice was offered at version ${version}; the game has moved on (version ${doc.version}), so nothing was changed. ${view.prompt.text}`,
    );
  const choice = sealedChoiceOf(doc, def);
  if (!choice || !isVotedDecision(view))
    throw new UserError(`No secret choice is put to the vote now; nothing was changed. ${view.prompt.text}`);
  const settings = voteSettings(doc);
  refuseVoter(doc, actor, settings);
  const picks = checkedPicks(choice, values);
  // Each member's own picks must be a legal choice.
  refuseIllegal(def, doc.state, choice.action(picks), (why) => `Those picks break a rule: ${why}; nothing was changed.`);
  const ballot = await desk.lock.run(doc.id, () => recordPicks(desk, channelId, view, actor, picks, settings));
  const eligible = eligibleVoters(doc).length;
  const cast = castCount(ballot);
  const labels = picks.map((v) => choice.options.find((o) => o.value === v)?.label ?? v).join(', ');
  const mine: Reply = {
    content: `Your sealed picks (only you see them): ${labels}. ${cast} of ${eligible} members have chosen.${cast < eligible ? ' Press the button again to change them before the ballot closes.' : ''}`,
    ephemeral: true,
  };
  const early = earlyClose(ballot, doc, settings);
  const closed = early ? await desk.close(doc.id, early, undefined, undefined, ballot.version) : undefined;
  if (closed) return { mine, shared: closed, closed };
  return { mine, shared: ballotReply(view, ballot, desk.clock.now()) };
}

/** A member's picks on the sealed ballot, which opens with the first picks (under the ballot's lock). */
async function recordPicks(
  desk: VoteDesk,
  channelId: string,
  view: GameView,
  actor: Member,
  picks: string[],
  settings: VoteSettings,
): Promise<Ballot> {
  const { doc } = view;
  await refuseIfMovedOn(
    desk.sessions,
    channelId,
    doc,
    (now) => `The game moved on while your picks were checked; nothing was recorded. ${now}`,
  );
  const open = await currentBallot(desk, doc);
  if (open && !open.sealed) throw new UserError('A ballot of proposals is open on this decision: vote on it (/vote status).');
  const base = open ?? { ...newBallot(doc, settings, false, desk.clock.now()), sealed: { picks: {} } };
  const next = { ...base, sealed: { picks: { ...base.sealed!.picks, [actor.id]: picks } } };
  return open ? desk.ballots.save(next) : openBallot(desk, next, settings);
}

/**
 * A sealed ballot's choice: the game combines the members' picks (options ranked by votes,
 * ties broken by the setting) into one action, carried out in the name of a member who
 * chose. Nothing of the picks is shown: only how many chose.
 */
export async function settleSealed(
  desk: VoteDesk,
  view: GameView,
  taken: Ballot,
  reason: CloseReason,
  settings: VoteSettings,
): Promise<Reply | { outcome: ActOutcome; heading: string; quick?: Ballot }> {
  const choice = sealedChoiceOf(view.doc, view.def);
  const picks = taken.sealed?.picks ?? {};
  const cast = Object.keys(picks).length;
  const members = eligibleVoters(view.doc).length;
  const again = sealedButton(view.doc, view.def);
  if (!choice) return { content: 'The sealed ballot closed without effect: no secret choice is due now.' };
  if (cast === 0 || cast < settings.quorum)
    return {
      content: fitText(
        `**Sealed ballot closed (${reasonText(reason)}): no choice is made**: ${cast} of the ${settings.quorum} members needed (quorum) chose. Press ${choice.button} to open a new ballot. ${view.prompt.text}`,
      ),
      ...(again ? { buttons: [again] } : {}),
    };
  const ranked = sealedRanking(
    taken,
    choice.options.map((o) => o.value),
    settings.tiebreak,
    view.doc.createdBy,
    currentSecret(view.doc),
  );
  const action = choice.combine(ranked, cast);
  const by = Object.keys(picks)[0]!;
  const name = view.doc.players.find((p) => p.id === by)?.name ?? 'a member';
  const heading = `**Sealed ballot closed (${reasonText(reason)}).** ${cast} of ${plural(members, 'member')} chose; the side's choice (the options with the most votes, ties: ${settings.tiebreak}) stays sealed.`;
  let outcome: ActOutcome;
  try {
    outcome = await desk.sessions.act(taken.channelId, { id: by, name }, action, taken.version);
  } catch (err) {
    if (err instanceof UserError)
      return {
        content: fitText(`${heading}
The choice could not be carried out: ${err.message}`),
      };
    throw err;
  }
  const quick = await openQuickBallot(desk, outcome);
  return { outcome, heading, ...(quick ? { quick } : {}) };
}
