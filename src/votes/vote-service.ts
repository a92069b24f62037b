import { UserError } from '../contracts/errors.js';
import type { Member, Reply } from '../contracts/reply.js';
import type { GameSessions, GameView } from '../session/game-sessions.js';
import type { GameDocument } from '../store/game-document.js';
import { KeyedLock } from '../store/keyed-lock.js';
import type { BallotStore } from './ballot-store.js';
import { ballotReply, ballotText } from './ballot-text.js';
import type { VoteClock } from './clock.js';
import { closeBallot } from './close-ballot.js';
import { type CloseReason, earlyClose } from './close-reasons.js';
import { BallotDeadlines } from './deadlines.js';
import type { PlanDescription, PlanRunner } from './plan-action.js';
import { ballotImage } from './preview.js';
import { propose } from './proposals.js';
import { refuseVoter } from './refusals.js';
import { castSealedPicks } from './sealed-ballots.js';
import { currentBallot, type VoteDesk } from './vote-desk.js';
import { type VoteSettings, voteSettings } from './vote-settings.js';
import { isVotedDecision, withoutMember } from './voters.js';

/**
 * Vote play: in a vote game each pending German decision is decided by a ballot. Members
 * propose with the usual order commands (checked against the rules without rolling a die),
 * vote with buttons (one vote each, changeable), and when the ballot closes (absolute
 * majority, or its deadline) the winner is carried out through the same path as a solo
 * order. Ballots are stored; deadlines are re-armed after a restart.
 *
 * This class is the front the commands use; each part of vote play lives in its own module
 * (proposals, sealed ballots, closing and settling, the ballots that follow, deadlines).
 */
export class VoteService {
  private readonly desk: VoteDesk;

  constructor(
    readonly sessions: GameSessions,
    private readonly ballots: BallotStore,
    readonly clock: VoteClock,
    /** Where results of ballots closed by their deadline go (the channel). */
    private readonly post: (channelId: string, reply: Reply) => Promise<unknown>,
  ) {
    const deadlines = new BallotDeadlines(clock, async (ballot) => {
      const reply = await this.close(ballot.gameId, 'deadline', undefined, undefined, ballot.version);
      if (reply) await this.post(ballot.channelId, reply);
    });
    const desk: VoteDesk = {
      sessions,
      ballots,
      clock,
      lock: new KeyedLock(),
      deadlines,
      close: (gameId, reason, forced, by, version) => closeBallot(desk, gameId, reason, forced, by, version),
    };
    this.desk = desk;
  }

  /** The batch runner that carries out winning plans (set once, by the command layer). */
  usePlans(runner: PlanRunner): void {
    this.desk.plans = runner;
  }

  /** Whether this game's current decision goes to a ballot. */
  isVoted(view: GameView): boolean {
    return isVotedDecision(view);
  }

  /**
   * File an order as a proposal (or, when the same order is already proposed, vote for it).
   * A plan (a batch of orders, `plan` its description) comes checked by the batch runner.
   */
  propose(channelId: string, actor: Member, action: unknown, plan?: PlanDescription): Promise<Reply> {
    return propose(this.desk, channelId, actor, action, plan);
  }

  /**
   * A member's private picks on the secret choice due now (see castSealedPicks): `mine` is
   * for the member alone; `shared` says publicly how many have chosen, or what followed.
   */
  sealedVote(
    channelId: string,
    actor: Member,
    version: number,
    values: readonly string[],
  ): Promise<{ mine: Reply; shared: Reply; closed?: Reply }> {
    return castSealedPicks(this.desk, channelId, actor, version, values);
  }

  /** A vote button: `vote:<gameId>:<version>:<n>`. */
  async vote(channelId: string, actor: Member, customId: string): Promise<Reply> {
    const match = /^vote:([a-z0-9]{8}):(\d{1,9}):(\d{1,2})$/.exec(customId);
    if (!match) return { content: 'That is not a vote button; nothing was changed.', ephemeral: true };
    const [, gameId, version, n] = match;
    const view = await this.sessions.current(channelId);
    if (!view || view.doc.id !== gameId)
      return { content: 'This ballot belongs to a game that is no longer in this channel.', ephemeral: true };
    const settings = voteSettings(view.doc);
    const outcome = await this.desk.lock.run(gameId!, async () => {
      const ballot = await this.ballots.load(gameId!);
      if (!ballot || ballot.version !== Number(version)) return { stale: true as const };
      refuseVoter(view.doc, actor, settings);
      if (!ballot.proposals.some((p) => p.n === Number(n))) throw new UserError(`There is no proposal #${n} on this ballot.`);
      const next = await this.ballots.save({ ...ballot, votes: { ...ballot.votes, [actor.id]: Number(n) } });
      return { ballot: next };
    });
    if ('stale' in outcome) return { content: `This ballot is closed. ${view.prompt.text}`, ephemeral: true };
    const early = earlyClose(outcome.ballot, view.doc, settings);
    if (early) {
      const closed = await this.close(gameId!, early, undefined, undefined, outcome.ballot.version);
      if (closed) return closed;
    }
    return { content: `Your vote: #${n}. ${ballotText(view.doc, outcome.ballot, settings, this.clock.now())}`, ephemeral: true };
  }

  /**
   * The ballot of `version` as it stands, text and buttons without its picture: a ballot
   * message edited as votes arrive. Undefined once that ballot has closed.
   */
  async tally(channelId: string, version: number): Promise<Reply | undefined> {
    const view = await this.sessions.current(channelId);
    if (!view) return undefined;
    const ballot = await this.ballots.load(view.doc.id);
    if (!ballot || ballot.version !== version) return undefined;
    return ballotReply(view, ballot, this.clock.now());
  }

  /** What is on the ballot now, with its buttons (/vote status). */
  async status(channelId: string): Promise<Reply> {
    const view = await this.sessions.require(channelId);
    const ballot = await currentBallot(this.desk, view.doc);
    if (!ballot)
      return {
        content:
          view.doc.mode === 'vote'
            ? `No ballot is open. Propose an order with the game's commands. ${view.prompt.text}`
            : 'This game is not played by vote (/game mode mode:vote).',
      };
    // A sealed ballot has nothing to draw: its picks are secret.
    const image = ballot.sealed ? undefined : await ballotImage(view, ballot);
    const reply = ballotReply(view, ballot, this.clock.now());
    return { content: reply.content, files: image ? [image] : [], buttons: reply.buttons };
  }

  /** The creator pauses voting (deadlines stop) or resumes it. */
  async pause(channelId: string, actor: Member, paused: boolean): Promise<Reply> {
    const doc = await this.sessions.configure(channelId, actor, { settings: { 'vote.paused': paused } });
    await this.desk.lock.run(doc.id, async () => {
      const ballot = await this.ballots.load(doc.id);
      if (!ballot) return;
      if (paused && ballot.pausedLeftMs === undefined) {
        this.desk.deadlines.disarm(doc.id);
        await this.ballots.save({ ...ballot, pausedLeftMs: Math.max(0, ballot.closesAt - this.clock.now()) });
      } else if (!paused && ballot.pausedLeftMs !== undefined) {
        const { pausedLeftMs, ...rest } = ballot;
        this.desk.deadlines.arm(await this.ballots.save({ ...rest, closesAt: this.clock.now() + pausedLeftMs }));
      }
    });
    return {
      content: paused
        ? `Voting is paused by ${actor.name}: the ballot's clock stops and votes wait.`
        : `Voting resumes; the ballot's clock runs again.`,
    };
  }

  /** The creator decides a ballot now; the override is logged. */
  async override(channelId: string, actor: Member, n: number): Promise<Reply> {
    const view = await this.sessions.require(channelId);
    if (actor.id !== view.doc.createdBy) throw new UserError('Only the creator of the game may override a ballot.');
    const ballot = await this.ballots.load(view.doc.id);
    if (!ballot || ballot.version !== view.doc.version) throw new UserError('No ballot is open.');
    if (ballot.sealed)
      throw new UserError(
        'The open ballot is sealed (a secret choice): it has no proposals to pick; it closes when every member has chosen or when its time is up.',
      );
    if (!ballot.proposals.some((p) => p.n === n)) throw new UserError(`There is no proposal #${n} on this ballot.`);
    return (await this.close(view.doc.id, 'override', n, actor)) ?? { content: 'The ballot was already closed.', ephemeral: true };
  }

  /** Close a ballot now (see closeBallot); the result to post, undefined when it was already closed. */
  close(gameId: string, reason: CloseReason, forced?: number, by?: Member, version?: number): Promise<Reply | undefined> {
    return closeBallot(this.desk, gameId, reason, forced, by, version);
  }

  /** Stop this process's timer of a game's ballot (the ballot itself was closed with the game's save). */
  forget(gameId: string): void {
    this.desk.deadlines.disarm(gameId);
  }

  /**
   * A member left or was removed: their vote and their proposals leave the open ballot (votes
   * cast for those proposals are freed, so those members may vote again).
   */
  async dropMember(doc: GameDocument, userId: string): Promise<{ votes: number; proposals: number }> {
    return this.desk.lock.run(doc.id, async () => {
      const ballot = await this.ballots.load(doc.id);
      if (!ballot) return { votes: 0, proposals: 0 };
      const { ballot: next, votes, proposals } = withoutMember(ballot, userId);
      if (votes || proposals) await this.ballots.save(next);
      return { votes, proposals };
    });
  }

  /** The creator cancels a game's open ballot (leaving vote mode, ending the game); true when there was one. */
  async cancel(gameId: string): Promise<boolean> {
    return this.desk.lock.run(gameId, async () => {
      this.desk.deadlines.disarm(gameId);
      const ballot = await this.ballots.load(gameId);
      if (!ballot) return false;
      await this.ballots.remove(gameId);
      return true;
    });
  }

  /**
   * After a restart: re-arm the deadline of every open ballot this process answers for
   * (`owns`: a shard, its own servers' ballots; default all); a passed one closes now.
   */
  async resume(owns: (guildId: string | undefined) => boolean = () => true): Promise<number> {
    let count = 0;
    for (const id of await this.ballots.openIds()) {
      const ballot = await this.ballots.load(id);
      if (!ballot) {
        await this.ballots.remove(id); // listed, but nothing left under its key
        continue;
      }
      if (ballot.guildId !== undefined && !owns(ballot.guildId)) continue;
      // A ballot whose game moved on, ended or left vote mode while the bot was down has nothing left to decide.
      const view = await this.sessions.current(ballot.channelId).catch(() => undefined);
      if (
        !view ||
        view.doc.id !== ballot.gameId ||
        view.doc.version !== ballot.version ||
        view.doc.mode !== 'vote' ||
        view.doc.status !== 'active'
      ) {
        await this.ballots.claim(ballot);
        continue;
      }
      if (!owns(view.doc.guildId)) continue;
      if (ballot.pausedLeftMs !== undefined) continue;
      this.desk.deadlines.arm(ballot);
      count += 1;
    }
    return count;
  }

  /** Stop every timer (shutdown); the ballots stay stored. */
  stop(): void {
    this.desk.deadlines.stop();
  }

  /** Refuses (a UserError) a member who may not vote on this game's ballots now. */
  refuseVoter(doc: GameDocument, actor: Member, settings: VoteSettings = voteSettings(doc)): void {
    refuseVoter(doc, actor, settings);
  }
}
