import { isDeepStrictEqual } from 'node:util';
import { UserError } from '../contracts/errors.js';
import { clip, fitText, LIMITS } from '../contracts/limits.js';
import type { Member, Reply } from '../contracts/reply.js';
import { issuesText } from '../contracts/text.js';
import type { GameDef } from '../games/game-def.js';
import type { GameView } from '../session/game-sessions.js';
import { sealedChoiceOf } from '../session/sealed-button.js';
import type { Ballot, Proposal } from './ballot.js';
import { ballotButtons, ballotText } from './ballot-text.js';
import { earlyClose } from './close-reasons.js';
import { isPlanAction, type PlanDescription } from './plan-action.js';
import { ballotImage } from './preview.js';
import { refuseIfMovedOn, refuseIllegal, refuseVoter } from './refusals.js';
import { castSealedPicks } from './sealed-ballots.js';
import { currentBallot, newBallot, openBallot, type VoteDesk } from './vote-desk.js';
import { type VoteSettings, voteSettings } from './vote-settings.js';

/** A member may not file proposals faster than this (rate limit). */
const PROPOSAL_GAP_MS = 5000;

/**
 * File an order as a proposal (or, when the same order is already proposed, vote for it).
 * A plan (a batch of orders, `plan` its description) comes checked by the batch runner.
 */
export async function propose(desk: VoteDesk, channelId: string, actor: Member, action: unknown, plan?: PlanDescription): Promise<Reply> {
  const view = await desk.sessions.require(channelId);
  const { doc, def } = view;
  const settings = voteSettings(doc);
  refuseVoter(doc, actor, settings);
  const data = plan ? planData(desk, action) : orderData(def, action);
  if (!plan) {
    // A secret choice is never a public proposal: the order is this member's sealed picks.
    const picks = sealedChoiceOf(doc, def)?.picks(data);
    if (picks) {
      const voted = await castSealedPicks(desk, channelId, actor, doc.version, picks);
      return voted.closed ?? voted.mine;
    }
    refuseIllegal(def, doc.state, data, (why) => `That proposal breaks a rule: ${why}`);
  }
  const described = plan ?? def.describeProposal?.(doc.state, data) ?? { text: JSON.stringify(data), events: [] };
  const { ballot, proposal, note } = await desk.lock.run(doc.id, () =>
    fileProposal(desk, channelId, view, actor, data, described.text, settings),
  );
  const early = earlyClose(ballot, doc, settings);
  if (early) return (await desk.close(doc.id, early, undefined, undefined, ballot.version)) ?? { content: note };
  const image = plan ? (isPlanAction(proposal.action) ? plan.image : undefined) : await ballotImage(view, ballot, proposal.n);
  return {
    content: fitText(`${note}\n${ballotText(doc, ballot, settings, desk.clock.now())}`),
    files: image ? [image] : [],
    buttons: ballotButtons(ballot),
  };
}

/** A plan as filed: only where a batch runner carries plans out. */
function planData(desk: VoteDesk, action: unknown): unknown {
  if (!desk.plans || !isPlanAction(action)) throw new UserError('This bot does not take plans on ballots.');
  return action;
}

/** An order as the game's schema reads it, or the player's refusal. */
function orderData(def: GameDef, action: unknown): unknown {
  const checked = def.actionSchema.safeParse(action);
  if (!checked.success) throw new UserError(`That order is not understood: ${issuesText(checked.error, 'order')}`);
  return checked.data;
}

/**
 * The proposal on the ballot of the current decision, which opens with the first one, and
 * the member's vote for it (under the ballot's lock). The same order filed again is a vote
 * for the earlier proposal.
 */
async function fileProposal(
  desk: VoteDesk,
  channelId: string,
  view: GameView,
  actor: Member,
  data: unknown,
  text: string,
  settings: VoteSettings,
): Promise<{ ballot: Ballot; proposal: Proposal; note: string }> {
  const { doc } = view;
  // A ballot may have closed (and its winner moved the game on) while this proposal was checked.
  await refuseIfMovedOn(
    desk.sessions,
    channelId,
    doc,
    (now) => `The game moved on while your proposal was checked (a ballot just closed); nothing was filed. ${now}`,
  );
  const open = await currentBallot(desk, doc);
  const ballot = open ?? newBallot(doc, settings, false, desk.clock.now());
  const same = ballot.proposals.find((p) => isDeepStrictEqual(p.action, data));
  const filed = same
    ? { ballot, proposal: same, note: `#${same.n} was already proposed by ${same.byName}: your vote goes to it.` }
    : addProposal(desk, ballot, actor, data, text, settings);
  const voted = { ...filed.ballot, votes: { ...filed.ballot.votes, [actor.id]: filed.proposal.n } };
  const saved = open ? await desk.ballots.save(voted) : await openBallot(desk, voted, settings);
  return { ballot: saved, proposal: filed.proposal, note: filed.note };
}

/** A new proposal on the ballot, within the limits: proposals per member, one every 5 seconds, 25 a ballot, none on a battle's. */
function addProposal(
  desk: VoteDesk,
  ballot: Ballot,
  actor: Member,
  data: unknown,
  text: string,
  settings: VoteSettings,
): { ballot: Ballot; proposal: Proposal; note: string } {
  const mine = ballot.proposals.filter((p) => p.by === actor.id);
  if (mine.length >= settings.perMember)
    throw new UserError(`You have filed ${mine.length} proposals on this ballot, the most allowed; vote for one instead.`);
  const last = mine.at(-1);
  if (last && desk.clock.now() - last.at < PROPOSAL_GAP_MS) throw new UserError('One proposal every 5 seconds, please.');
  if (ballot.proposals.length >= LIMITS.choices) throw new UserError('This ballot is full (25 proposals): vote for one of them.');
  if (ballot.quick) throw new UserError('This is a fight-on-or-retreat ballot: vote with its buttons.');
  const proposal: Proposal = {
    n: ballot.proposals.length + 1,
    by: actor.id,
    byName: actor.name,
    action: data as never,
    text: clip(text, 300),
    at: desk.clock.now(),
  };
  return {
    ballot: { ...ballot, proposals: [...ballot.proposals, proposal] },
    proposal,
    note: `**Proposal #${proposal.n}** by ${actor.name}: ${proposal.text}`,
  };
}
