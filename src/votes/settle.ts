import { isDeepStrictEqual } from 'node:util';
import { UserError } from '../contracts/errors.js';
import { clip, fitText } from '../contracts/limits.js';
import type { Member, Reply } from '../contracts/reply.js';
import { plural } from '../contracts/text.js';
import type { ActOutcome, GameView } from '../session/game-sessions.js';
import { currentSecret } from '../session/secrets.js';
import { type Ballot, decide, type Proposal, type Tally, tally } from './ballot.js';
import { ballotButtons } from './ballot-text.js';
import { type CloseReason, quickDefault, reasonText } from './close-reasons.js';
import { carryOver, droppedText, openQuickBallot } from './next-ballots.js';
import { isPlanAction, type OpenQuickBallot, type PlanAction, type PlanRun, type PlanRunner } from './plan-action.js';
import { settleSealed } from './sealed-ballots.js';
import type { VoteDesk } from './vote-desk.js';
import { type VoteSettings, voteSettings } from './vote-settings.js';
import { eligibleVoters, withoutLeavers } from './voters.js';

/** An order carried out by a ballot: the result's heading, and the quick ballot it opened, if any. */
export interface CarriedOut {
  outcome: ActOutcome;
  heading: string;
  quick?: Ballot;
}

/** What a closed ballot comes to: a reply alone (nothing carried out), a plan's run, or an order carried out. */
export type Settled = Reply | { plan: PlanRun } | CarriedOut;

/** A closed ballot and its count, as the steps of settling it read them. */
interface Closing {
  view: GameView;
  taken: Ballot;
  reason: CloseReason;
  /** The creator's choice, when the ballot was overridden. */
  forced: number | undefined;
  /** One line a proposal: its votes. */
  summary: string;
  /** The members who vote now. */
  members: number;
  counts: Tally;
}

/** The decision of a closed ballot, carried out; runs under the ballot's lock. */
export async function settle(
  desk: VoteDesk,
  taken: Ballot,
  reason: CloseReason,
  forced: number | undefined,
  by: Member | undefined,
): Promise<Settled> {
  const view = await desk.sessions.current(taken.channelId);
  if (!view || view.doc.id !== taken.gameId || view.doc.version !== taken.version || view.doc.status !== 'active') {
    return { content: 'The ballot closed without effect: the game had moved on.' };
  }
  if (view.doc.mode !== 'vote') return { content: 'The ballot closed without effect: the game is no longer played by vote.' };
  const settings = voteSettings(view.doc);
  // Only members still in the game count: anyone who left since is dropped here too.
  const voters = new Set(eligibleVoters(view.doc));
  const kept = withoutLeavers(taken, voters);
  if (kept.sealed) return settleSealed(desk, view, kept, reason, settings);
  const counts = tally(kept);
  const summary = kept.proposals.map((p) => `#${p.n} ${clip(p.text, 80)}: ${counts.counts.get(p.n) ?? 0}`).join('\n');
  const closing: Closing = { view, taken: kept, reason, forced, summary, members: voters.size, counts };
  const won = await pickWinner(desk, closing, settings, by);
  if ('why' in won)
    return {
      content: fitText(
        `**Ballot closed (${reasonText(reason)}): no order is carried out**: ${won.why}.\n${summary}\nPropose again to open a new ballot. ${view.prompt.text}`,
      ),
    };
  const { winner, how } = won;
  if (!winner) return { content: 'The ballot closed without a winner.' };
  const refused = await turnNotEnded(desk, closing, winner);
  if (refused) return refused;
  if (desk.plans && isPlanAction(winner.action)) return carryOutPlan(desk, desk.plans, closing, winner, winner.action, how);
  return carryOutOrder(desk, closing, winner, how);
}

/**
 * The proposal that won and how: the creator's override (logged), a battle's default when too
 * few voted (10.5), or the tally with its tie-break; `why` when no order is carried out.
 */
async function pickWinner(
  desk: VoteDesk,
  { view, taken, forced, counts }: Closing,
  settings: VoteSettings,
  by: Member | undefined,
): Promise<{ winner: Proposal | undefined; how: string } | { why: string }> {
  if (forced !== undefined) {
    const winner = taken.proposals.find((p) => p.n === forced);
    await desk.sessions.note(
      taken.channelId,
      'vote-override',
      `${by?.name ?? 'The creator'} overrode the ballot of version ${taken.version}: #${forced} (${winner?.text ?? ''}).`,
    );
    return { winner, how: `overridden by ${by?.name ?? 'the creator'}` };
  }
  if (taken.quick && counts.cast < settings.quorum) {
    // A battle cannot wait for another ballot (10.5): too few votes means the default.
    const winner = quickDefault(taken, settings);
    const named = winner ? clip(winner.text, 60) : settings.quickDefault;
    const how =
      counts.cast === 0
        ? `nobody voted: the default (${named}) applies`
        : `only ${counts.cast} of the ${settings.quorum} votes needed: the default (${named}) applies`;
    return { winner, how };
  }
  const decision = decide(taken, settings.quorum, settings.tiebreak, view.doc.createdBy, currentSecret(view.doc));
  if (decision.winner === undefined) return { why: decision.why };
  return { winner: taken.proposals.find((p) => p.n === decision.winner), how: decision.how };
}

/** Whether the winner has fewer votes than a majority of the members (what ending the turn needs), unless overridden. */
function shortOfMajority({ forced, members, counts }: Closing, winner: Proposal): boolean {
  return forced === undefined && (counts.counts.get(winner.n) ?? 0) * 2 <= members;
}

/** "a majority of the 5 members (3), and has 2 votes": what the winner needed and had. */
function majorityText({ members, counts }: Closing, winner: Proposal): string {
  return `a majority of the ${plural(members, 'member')} (${Math.floor(members / 2) + 1}), and has ${plural(counts.counts.get(winner.n) ?? 0, 'vote')}`;
}

/**
 * Ending the turn gives up every unmoved force: it needs a majority of the members, whatever
 * the quorum. Short of it, the turn goes on and the other proposals go to the next ballot.
 */
async function turnNotEnded(desk: VoteDesk, closing: Closing, winner: Proposal): Promise<Reply | undefined> {
  const { view, taken, reason, summary } = closing;
  const ending = view.prompt.choices.find((c) => c.endsTurn && isDeepStrictEqual(c.action, winner.action));
  if (!ending || !shortOfMajority(closing, winner)) return undefined;
  const carried = await carryOver(desk, view, taken, undefined);
  return {
    content: fitText(
      `**Ballot closed (${reasonText(reason)}): the turn does not end**: #${winner.n} (${clip(winner.text, 80)}) needs ${majorityText(closing, winner)}.\n${summary}${carried.text}\n${view.prompt.text}`,
    ),
    ...(carried.ballot ? { buttons: ballotButtons(carried.ballot) } : {}),
  };
}

/** "**Ballot closed (time is up).** 3 votes:" and the summary: the head of a result that carried something out. */
function tallyText({ reason, counts, summary }: Closing): string {
  return `**Ballot closed (${reasonText(reason)}).** ${plural(counts.cast, 'vote')}:\n${summary}`;
}

/** A winning plan, carried out by the batch runner; one that ends the turn needs a majority of the members, like ending the turn. */
async function carryOutPlan(
  desk: VoteDesk,
  plans: PlanRunner,
  closing: Closing,
  winner: Proposal,
  plan: PlanAction,
  how: string,
): Promise<Settled> {
  const { view, taken, reason, summary } = closing;
  if (shortOfMajority(closing, winner) && plans.endsTurn(view, plan))
    return {
      content: fitText(
        `**Ballot closed (${reasonText(reason)}): plan #${winner.n} is not carried out**: it ends the turn, which needs ${majorityText(closing, winner)}.\n${summary}\nPropose again to open a new ballot. ${view.prompt.text}`,
      ),
    };
  const heading = `${tallyText(closing)}\n**Carried out: plan #${winner.n}** (${how}), proposed by ${winner.byName}.${droppedText(taken, winner.n)}`;
  return { plan: await plans.run(view, winner, plan, heading, quickOpener(desk)) };
}

/**
 * A winning order, carried out as its proposer's. A battle decision it leads to opens a quick
 * ballot; a plan that waited for the quick ballot just closed goes on; else the other
 * proposals still legal go to the next ballot.
 */
async function carryOutOrder(desk: VoteDesk, closing: Closing, winner: Proposal, how: string): Promise<Settled> {
  const { taken } = closing;
  let outcome: ActOutcome;
  try {
    outcome = await desk.sessions.act(taken.channelId, { id: winner.by, name: winner.byName }, winner.action, taken.version);
  } catch (err) {
    if (err instanceof UserError)
      return { content: fitText(`${tallyText(closing)}\n**#${winner.n} won** (${how}) but could not be carried out: ${err.message}`) };
    throw err;
  }
  const quick = await openQuickBallot(desk, outcome);
  // The decision a plan waited for is made: the plan goes on.
  if (!quick && taken.quick && desk.plans) {
    const planned = await desk.plans.resume(outcome, `${tallyText(closing)}\n**Carried out: #${winner.n}** (${how}).`, quickOpener(desk));
    if (planned) return { plan: planned };
  }
  const carried = quick ? { text: droppedText(taken, winner.n), ballot: undefined } : await carryOver(desk, outcome, taken, winner.n);
  const next = quick ?? carried.ballot;
  return {
    outcome,
    heading: `${tallyText(closing)}\n**Carried out: #${winner.n}** (${how}), proposed by ${winner.byName}.${carried.text}`,
    ...(next ? { quick: next } : {}),
  };
}

function quickOpener(desk: VoteDesk): OpenQuickBallot {
  return (view) => openQuickBallot(desk, view);
}
