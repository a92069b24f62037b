import { fitText } from '../contracts/limits.js';
import type { Member, Reply } from '../contracts/reply.js';
import { actingReply } from '../session/replies.js';
import type { Ballot } from './ballot.js';
import { ballotButtons, followedByBallot } from './ballot-text.js';
import type { CloseReason } from './close-reasons.js';
import type { PlanRun } from './plan-action.js';
import { type Settled, settle } from './settle.js';
import type { VoteDesk } from './vote-desk.js';

/**
 * Close a ballot: tally, break ties, check the quorum, carry out the winner as an order
 * of its proposer. Returns the result to post (undefined when it was already closed).
 * The ballot's lock is held until the winner is carried out, so a proposal filed
 * meanwhile cannot open a ballot on the position being left.
 */
export async function closeBallot(
  desk: VoteDesk,
  gameId: string,
  reason: CloseReason,
  forced?: number,
  by?: Member,
  version?: number,
): Promise<Reply | undefined> {
  const settled = await desk.lock.run(gameId, () => takeAndSettle(desk, gameId, reason, forced, by, version));
  if (!settled) return undefined;
  if ('content' in settled) return settled;
  if ('plan' in settled) return planReply(desk, settled.plan);
  const reply = await actingReply(settled.outcome, settled.heading);
  if (!settled.quick) return reply;
  return followedByBallot(reply, settled.outcome.doc, settled.quick, desk.clock.now());
}

/** Take the ballot away and settle it, under its lock; undefined when this process does not close it. */
async function takeAndSettle(
  desk: VoteDesk,
  gameId: string,
  reason: CloseReason,
  forced: number | undefined,
  by: Member | undefined,
  version: number | undefined,
): Promise<Settled | undefined> {
  const ballot = await desk.ballots.load(gameId);
  if (!ballot) return undefined;
  // A close meant for one ballot never decides the next (proposals carried on open one at once).
  if (version !== undefined && ballot.version !== version) return undefined;
  if (reason === 'deadline' && ballot.pausedLeftMs !== undefined) return undefined;
  desk.deadlines.disarm(gameId);
  if (!(await claimed(desk, ballot))) return undefined;
  try {
    return await settle(desk, ballot, reason, forced, by);
  } catch (err) {
    // Nothing was carried out (a store failure): the ballot goes back, to be closed again.
    await desk.ballots.restore(ballot).catch(() => undefined);
    throw err;
  }
}

/**
 * Only the process that takes the ballot away closes it and reports: another one (two
 * services on one store) finds it gone, or changed by a late vote and still open, and
 * keeps its clock running.
 */
async function claimed(desk: VoteDesk, ballot: Ballot): Promise<boolean> {
  if (await desk.ballots.claim(ballot)) return true;
  const now = await desk.ballots.load(ballot.gameId);
  if (now && now.pausedLeftMs === undefined) desk.deadlines.arm(now);
  return false;
}

/** A plan's reply, with the buttons and the tally of the quick ballot it opened. */
async function planReply(desk: VoteDesk, run: PlanRun): Promise<Reply> {
  if (!run.quick) return run.reply;
  const view = await desk.sessions.current(run.quick.channelId);
  if (!view) return { ...run.reply, content: fitText(`${run.reply.content}\n`), buttons: ballotButtons(run.quick) };
  return followedByBallot(run.reply, view.doc, run.quick, desk.clock.now());
}
