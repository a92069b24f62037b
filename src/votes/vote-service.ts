import { isDeepStrictEqual } from 'node:util';
import { UserError } from '../contracts/errors.js';
import { clip, fitText, LIMITS } from '../contracts/limits.js';
import type { Member, Reply, ReplyButton } from '../contracts/reply.js';
import { issuesText, plural } from '../contracts/text.js';
import { RuleError } from '../games/engine.js';
import type { ActOutcome, GameSessions, GameView } from '../session/game-sessions.js';
import { actingReply } from '../session/replies.js';
import { checkedPicks, sealedButton, sealedChoiceOf, sealedIds } from '../session/sealed-button.js';
import { currentSecret } from '../session/secrets.js';
import type { GameDocument } from '../store/game-document.js';
import { KeyedLock } from '../store/keyed-lock.js';
import { type Ballot, castCount, decide, majority, type Proposal, sealedRanking, tally } from './ballot.js';
import type { BallotStore } from './ballot-store.js';
import type { VoteClock } from './clock.js';
import { isPlanAction, type OpenQuickBallot, type PlanDescription, type PlanRun, type PlanRunner } from './plan-action.js';
import { ballotImage } from './preview.js';
import { type VoteSettings, voteSettings } from './vote-settings.js';

/** The side whose decisions a vote game puts to the channel. */
const VOTED_SIDE = 'german';
/** A member may not file proposals faster than this (rate limit). */
const PROPOSAL_GAP_MS = 5000;

/**
 * Vote play: in a vote game each pending German decision is decided by a ballot. Members
 * propose with the usual order commands (checked against the rules without rolling a die),
 * vote with buttons (one vote each, changeable), and when the ballot closes (absolute
 * majority, or its deadline) the winner is carried out through the same path as a solo
 * order. Ballots are stored; deadlines are re-armed after a restart.
 */
export class VoteService {
  private readonly timers = new Map<string, () => void>();
  private stopped = false;
  private readonly lock = new KeyedLock();
  /** Carries out plans (batches of orders) that win; without it plans cannot be filed. */
  private plans?: PlanRunner;

  constructor(
    readonly sessions: GameSessions,
    private readonly ballots: BallotStore,
    readonly clock: VoteClock,
    /** Where results of ballots closed by their deadline go (the channel). */
    private readonly post: (channelId: string, reply: Reply) => Promise<unknown>,
  ) {}

  /** The batch runner that carries out winning plans (set once, by the command layer). */
  usePlans(runner: PlanRunner): void {
    this.plans = runner;
  }

  /** Whether this game's current decision goes to a ballot. */
  isVoted(view: GameView): boolean {
    return view.doc.mode === 'vote' && view.doc.status === 'active' && (!view.prompt.side || view.prompt.side === VOTED_SIDE);
  }

  /**
   * File an order as a proposal (or, when the same order is already proposed, vote for it).
   * A plan (a batch of orders, `plan` its description) comes checked by the batch runner.
   */
  async propose(channelId: string, actor: Member, action: unknown, plan?: PlanDescription): Promise<Reply> {
    const view = await this.sessions.require(channelId);
    const { doc, def } = view;
    const settings = voteSettings(doc);
    this.refuseVoter(doc, actor, settings);
    let parsed: { data: unknown };
    if (plan) {
      if (!this.plans || !isPlanAction(action)) throw new UserError('This bot does not take plans on ballots.');
      parsed = { data: action };
    } else {
      const checked = def.actionSchema.safeParse(action);
      if (!checked.success) throw new UserError(`That order is not understood: ${issuesText(checked.error, 'order')}`);
      parsed = checked;
      // A secret choice is never a public proposal: the order is this member's sealed picks.
      const picks = sealedChoiceOf(doc, def)?.picks(parsed.data);
      if (picks) {
        const voted = await this.sealedVote(channelId, actor, doc.version, picks);
        return voted.closed ?? voted.mine;
      }
      try {
        // A dry run on a copy: the engine is pure, and nothing of it is shown.
        def.engine.apply(structuredClone(doc.state), parsed.data);
      } catch (err) {
        if (err instanceof RuleError) throw new UserError(`That proposal breaks a rule: ${err.message}`);
        throw err;
      }
    }
    const described = plan ?? def.describeProposal?.(doc.state, parsed.data) ?? { text: JSON.stringify(parsed.data), events: [] };
    const { ballot, proposal, note } = await this.lock.run(doc.id, async () => {
      // A ballot may have closed (and its winner moved the game on) while this proposal was checked.
      const now = await this.sessions.current(channelId);
      if (now?.doc.id !== doc.id || now.doc.version !== doc.version)
        throw new UserError(
          `The game moved on while your proposal was checked (a ballot just closed); nothing was filed. ${now?.prompt.text ?? ''}`.trim(),
        );
      let ballot = await this.current(doc);
      const fresh = !ballot;
      ballot ??= this.newBallot(doc, settings, false);
      const same = ballot.proposals.find((p) => isDeepStrictEqual(p.action, parsed.data));
      let note: string;
      let proposal: Proposal;
      if (same) {
        proposal = same;
        note = `#${same.n} was already proposed by ${same.byName}: your vote goes to it.`;
      } else {
        const mine = ballot.proposals.filter((p) => p.by === actor.id);
        if (mine.length >= settings.perMember)
          throw new UserError(`You have filed ${mine.length} proposals on this ballot, the most allowed; vote for one instead.`);
        const last = mine.at(-1);
        if (last && this.clock.now() - last.at < PROPOSAL_GAP_MS) throw new UserError('One proposal every 5 seconds, please.');
        if (ballot.proposals.length >= LIMITS.choices) throw new UserError('This ballot is full (25 proposals): vote for one of them.');
        if (ballot.quick) throw new UserError('This is a fight-on-or-retreat ballot: vote with its buttons.');
        proposal = {
          n: ballot.proposals.length + 1,
          by: actor.id,
          byName: actor.name,
          action: parsed.data as never,
          text: clip(described.text, 300),
          at: this.clock.now(),
        };
        ballot = { ...ballot, proposals: [...ballot.proposals, proposal] };
        note = `**Proposal #${proposal.n}** by ${actor.name}: ${proposal.text}`;
      }
      ballot = await this.ballots.save({ ...ballot, votes: { ...ballot.votes, [actor.id]: proposal.n } });
      if (fresh && !settings.paused) this.arm(ballot);
      return { ballot, proposal, note };
    });
    const early = earlyClose(ballot, doc, settings);
    if (early) return (await this.close(doc.id, early, undefined, undefined, ballot.version)) ?? { content: note };
    const image = plan ? (isPlanAction(proposal.action) ? plan.image : undefined) : await ballotImage(view, ballot, proposal.n);
    return {
      content: fitText(`${note}\n${this.ballotText(doc, ballot, settings)}`),
      files: image ? [image] : [],
      buttons: this.buttons(ballot),
    };
  }

  /**
   * A member's private picks on the secret choice due now (the game's `sealedChoice`): a
   * sealed ballot opens with the first, a member may pick again (the last picks count), and
   * it closes when every member has chosen or at its deadline. `mine` is for the member
   * alone; `shared` says publicly how many have chosen, or, once it closed, what followed.
   */
  async sealedVote(
    channelId: string,
    actor: Member,
    version: number,
    values: readonly string[],
  ): Promise<{ mine: Reply; shared: Reply; closed?: Reply }> {
    const view = await this.sessions.require(channelId);
    const { doc, def } = view;
    if (doc.version !== version)
      throw new UserError(
        `That choice was offered at version ${version}; the game has moved on (version ${doc.version}), so nothing was changed. ${view.prompt.text}`,
      );
    const choice = sealedChoiceOf(doc, def);
    if (!choice || !this.isVoted(view))
      throw new UserError(`No secret choice is put to the vote now; nothing was changed. ${view.prompt.text}`);
    const settings = voteSettings(doc);
    this.refuseVoter(doc, actor, settings);
    const picks = checkedPicks(choice, values);
    try {
      // A dry run on a copy: each member's own picks must be a legal choice.
      def.engine.apply(structuredClone(doc.state), choice.action(picks));
    } catch (err) {
      if (err instanceof RuleError) throw new UserError(`Those picks break a rule: ${err.message}; nothing was changed.`);
      throw err;
    }
    const ballot = await this.lock.run(doc.id, async () => {
      const now = await this.sessions.current(channelId);
      if (now?.doc.id !== doc.id || now.doc.version !== doc.version)
        throw new UserError(`The game moved on while your picks were checked; nothing was recorded. ${now?.prompt.text ?? ''}`.trim());
      const open = await this.current(doc);
      if (open && !open.sealed) throw new UserError('A ballot of proposals is open on this decision: vote on it (/vote status).');
      const base = open ?? { ...this.newBallot(doc, settings, false), sealed: { picks: {} } };
      const saved = await this.ballots.save({ ...base, sealed: { picks: { ...base.sealed!.picks, [actor.id]: picks } } });
      if (!open && !settings.paused) this.arm(saved);
      return saved;
    });
    const eligible = eligibleVoters(doc).length;
    const cast = castCount(ballot);
    const labels = picks.map((v) => choice.options.find((o) => o.value === v)?.label ?? v).join(', ');
    const mine: Reply = {
      content: `Your sealed picks (only you see them): ${labels}. ${cast} of ${eligible} members have chosen.${cast < eligible ? ' Press the button again to change them before the ballot closes.' : ''}`,
      ephemeral: true,
    };
    const early = earlyClose(ballot, doc, settings);
    const closed = early ? await this.close(doc.id, early, undefined, undefined, ballot.version) : undefined;
    if (closed) return { mine, shared: closed, closed };
    return {
      mine,
      shared: { content: fitText(this.ballotText(doc, ballot, settings)), buttons: this.buttons(ballot, view) },
    };
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
    const outcome = await this.lock.run(gameId!, async () => {
      const ballot = await this.ballots.load(gameId!);
      if (!ballot || ballot.version !== Number(version)) return { stale: true as const };
      this.refuseVoter(view.doc, actor, settings);
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
    return { content: `Your vote: #${n}. ${this.ballotText(view.doc, outcome.ballot, settings)}`, ephemeral: true };
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
    return { content: fitText(this.ballotText(view.doc, ballot, voteSettings(view.doc))), buttons: this.buttons(ballot, view) };
  }

  /** What is on the ballot now, with its buttons (/vote status). */
  async status(channelId: string): Promise<Reply> {
    const view = await this.sessions.require(channelId);
    const ballot = await this.current(view.doc);
    if (!ballot)
      return {
        content:
          view.doc.mode === 'vote'
            ? `No ballot is open. Propose an order with the game's commands. ${view.prompt.text}`
            : 'This game is not played by vote (/game mode mode:vote).',
      };
    // A sealed ballot has nothing to draw: its picks are secret.
    const image = ballot.sealed ? undefined : await ballotImage(view, ballot);
    return {
      content: fitText(this.ballotText(view.doc, ballot, voteSettings(view.doc))),
      files: image ? [image] : [],
      buttons: this.buttons(ballot, view),
    };
  }

  /** The creator pauses voting (deadlines stop) or resumes it. */
  async pause(channelId: string, actor: Member, paused: boolean): Promise<Reply> {
    const doc = await this.sessions.configure(channelId, actor, { settings: { 'vote.paused': paused } });
    await this.lock.run(doc.id, async () => {
      const ballot = await this.ballots.load(doc.id);
      if (!ballot) return;
      if (paused && ballot.pausedLeftMs === undefined) {
        this.disarm(doc.id);
        await this.ballots.save({ ...ballot, pausedLeftMs: Math.max(0, ballot.closesAt - this.clock.now()) });
      } else if (!paused && ballot.pausedLeftMs !== undefined) {
        const { pausedLeftMs, ...rest } = ballot;
        this.arm(await this.ballots.save({ ...rest, closesAt: this.clock.now() + pausedLeftMs }));
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

  /**
   * Close a ballot: tally, break ties, check the quorum, carry out the winner as an order
   * of its proposer. Returns the result to post (undefined when it was already closed).
   * The ballot's lock is held until the winner is carried out, so a proposal filed
   * meanwhile cannot open a ballot on the position being left.
   */
  async close(gameId: string, reason: CloseReason, forced?: number, by?: Member, version?: number): Promise<Reply | undefined> {
    const settled = await this.lock.run(gameId, async () => {
      const ballot = await this.ballots.load(gameId);
      if (!ballot) return undefined;
      // A close meant for one ballot never decides the next (proposals carried on open one at once).
      if (version !== undefined && ballot.version !== version) return undefined;
      if (reason === 'deadline' && ballot.pausedLeftMs !== undefined) return undefined;
      this.disarm(gameId);
      // Only the process that takes the ballot away closes it and reports: another one (two
      // services on one store) finds it gone, or changed by a late vote and still open.
      if (!(await this.ballots.claim(ballot))) {
        const now = await this.ballots.load(gameId);
        if (now && now.pausedLeftMs === undefined) this.arm(now);
        return undefined;
      }
      try {
        return await this.settle(ballot, reason, forced, by);
      } catch (err) {
        // Nothing was carried out (a store failure): the ballot goes back, to be closed again.
        await this.ballots.restore(ballot).catch(() => undefined);
        throw err;
      }
    });
    if (!settled) return undefined;
    if ('content' in settled) return settled;
    if ('plan' in settled) return this.withQuick(settled.plan);
    const reply = await actingReply(settled.outcome, settled.heading);
    if (!settled.quick) return reply;
    return {
      ...reply,
      content: fitText(`${reply.content}\n${this.ballotText(settled.outcome.doc, settled.quick, voteSettings(settled.outcome.doc))}`),
      buttons: this.buttons(settled.quick),
    };
  }

  /**
   * A member left or was removed: their vote and their proposals leave the open ballot (votes
   * cast for those proposals are freed, so those members may vote again).
   */
  /** Stop this process's timer of a game's ballot (the ballot itself was closed with the game's save). */
  forget(gameId: string): void {
    this.disarm(gameId);
  }

  async dropMember(doc: GameDocument, userId: string): Promise<{ votes: number; proposals: number }> {
    return this.lock.run(doc.id, async () => {
      const ballot = await this.ballots.load(doc.id);
      if (!ballot) return { votes: 0, proposals: 0 };
      const { ballot: next, votes, proposals } = withoutMember(ballot, userId);
      if (votes || proposals) await this.ballots.save(next);
      return { votes, proposals };
    });
  }

  /** The creator cancels a game's open ballot (leaving vote mode, ending the game); true when there was one. */
  async cancel(gameId: string): Promise<boolean> {
    return this.lock.run(gameId, async () => {
      this.disarm(gameId);
      const ballot = await this.ballots.load(gameId);
      if (!ballot) return false;
      await this.ballots.remove(gameId);
      return true;
    });
  }

  /** The decision of a closed ballot, carried out; runs under the ballot's lock. */
  private async settle(
    taken: Ballot,
    reason: CloseReason,
    forced: number | undefined,
    by: Member | undefined,
  ): Promise<Reply | { plan: PlanRun } | { outcome: ActOutcome; heading: string; quick?: Ballot }> {
    const view = await this.sessions.current(taken.channelId);
    if (!view || view.doc.id !== taken.gameId || view.doc.version !== taken.version || view.doc.status !== 'active') {
      return { content: 'The ballot closed without effect: the game had moved on.' };
    }
    if (view.doc.mode !== 'vote') return { content: 'The ballot closed without effect: the game is no longer played by vote.' };
    const settings = voteSettings(view.doc);
    // Only members still in the game count: anyone who left since is dropped here too.
    const voters = new Set(eligibleVoters(view.doc));
    for (const id of new Set([...Object.keys(taken.votes), ...taken.proposals.map((p) => p.by)]))
      if (!voters.has(id)) taken = withoutMember(taken, id).ballot;
    if (taken.sealed) return this.settleSealed(view, taken, reason, settings);
    const counts = tally(taken);
    const summary = taken.proposals.map((p) => `#${p.n} ${clip(p.text, 80)}: ${counts.counts.get(p.n) ?? 0}`).join('\n');
    let winner: Proposal | undefined;
    let how: string;
    if (forced !== undefined) {
      winner = taken.proposals.find((p) => p.n === forced);
      how = `overridden by ${by?.name ?? 'the creator'}`;
      await this.sessions.note(
        taken.channelId,
        'vote-override',
        `${by?.name ?? 'The creator'} overrode the ballot of version ${taken.version}: #${forced} (${winner?.text ?? ''}).`,
      );
    } else if (taken.quick && counts.cast < settings.quorum) {
      // A battle cannot wait for another ballot (10.5): too few votes means the default.
      winner = quickDefault(taken, settings);
      const named = winner ? clip(winner.text, 60) : settings.quickDefault;
      how =
        counts.cast === 0
          ? `nobody voted: the default (${named}) applies`
          : `only ${counts.cast} of the ${settings.quorum} votes needed: the default (${named}) applies`;
    } else {
      const decision = decide(taken, settings.quorum, settings.tiebreak, view.doc.createdBy, currentSecret(view.doc));
      if (decision.winner === undefined) {
        return {
          content: fitText(
            `**Ballot closed (${reasonText(reason)}): no order is carried out**: ${decision.why}.\n${summary}\nPropose again to open a new ballot. ${view.prompt.text}`,
          ),
        };
      }
      winner = taken.proposals.find((p) => p.n === decision.winner);
      how = decision.how;
    }
    if (!winner) return { content: 'The ballot closed without a winner.' };
    // Ending the turn gives up every unmoved force: it needs a majority of the members, whatever the quorum.
    const ending = view.prompt.choices.find((c) => c.endsTurn && isDeepStrictEqual(c.action, winner!.action));
    const members = voters.size;
    const forIt = counts.counts.get(winner.n) ?? 0;
    if (ending && forced === undefined && forIt * 2 <= members) {
      const carried = await this.carryOver(view, taken, undefined);
      return {
        content: fitText(
          `**Ballot closed (${reasonText(reason)}): the turn does not end**: #${winner.n} (${clip(winner.text, 80)}) needs a majority of the ${plural(members, 'member')} (${Math.floor(members / 2) + 1}), and has ${plural(forIt, 'vote')}.\n${summary}${carried.text}\n${view.prompt.text}`,
        ),
        ...(carried.ballot ? { buttons: this.buttons(carried.ballot) } : {}),
      };
    }
    const tallyText = `**Ballot closed (${reasonText(reason)}).** ${plural(counts.cast, 'vote')}:\n${summary}`;
    const open: OpenQuickBallot = (v) => this.openQuickBallot(v);
    if (this.plans && isPlanAction(winner.action)) {
      // A plan that ends the turn gives up what it leaves unmoved, like ending the turn: a majority of the members.
      if (forced === undefined && this.plans.endsTurn(view, winner.action) && forIt * 2 <= members)
        return {
          content: fitText(
            `**Ballot closed (${reasonText(reason)}): plan #${winner.n} is not carried out**: it ends the turn, which needs a majority of the ${plural(members, 'member')} (${Math.floor(members / 2) + 1}), and has ${plural(forIt, 'vote')}.\n${summary}\nPropose again to open a new ballot. ${view.prompt.text}`,
          ),
        };
      const heading = `${tallyText}\n**Carried out: plan #${winner.n}** (${how}), proposed by ${winner.byName}.${droppedText(taken, winner.n)}`;
      return { plan: await this.plans.run(view, winner, winner.action, heading, open) };
    }
    let outcome: ActOutcome;
    try {
      outcome = await this.sessions.act(taken.channelId, { id: winner.by, name: winner.byName }, winner.action, taken.version);
    } catch (err) {
      if (err instanceof UserError)
        return { content: fitText(`${tallyText}\n**#${winner.n} won** (${how}) but could not be carried out: ${err.message}`) };
      throw err;
    }
    const quick = await this.openQuickBallot(outcome);
    // The decision a plan waited for is made: the plan goes on.
    if (!quick && taken.quick && this.plans) {
      const planned = await this.plans.resume(outcome, `${tallyText}\n**Carried out: #${winner.n}** (${how}).`, open);
      if (planned) return { plan: planned };
    }
    const carried = quick ? { text: droppedText(taken, winner.n), ballot: undefined } : await this.carryOver(outcome, taken, winner.n);
    const next = quick ?? carried.ballot;
    return {
      outcome,
      heading: `${tallyText}\n**Carried out: #${winner.n}** (${how}), proposed by ${winner.byName}.${carried.text}`,
      ...(next ? { quick: next } : {}),
    };
  }

  /**
   * A sealed ballot's choice: the game combines the members' picks (options ranked by votes,
   * ties broken by the setting) into one action, carried out in the name of a member who
   * chose. Nothing of the picks is shown: only how many chose.
   */
  private async settleSealed(
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
      outcome = await this.sessions.act(taken.channelId, { id: by, name }, action, taken.version);
    } catch (err) {
      if (err instanceof UserError)
        return {
          content: fitText(`${heading}
The choice could not be carried out: ${err.message}`),
        };
      throw err;
    }
    const quick = await this.openQuickBallot(outcome);
    return { outcome, heading, ...(quick ? { quick } : {}) };
  }

  /**
   * The other proposals of a closed ballot that are still legal in the new position go to a
   * new ballot (without votes), so nobody has to file them again; the rest are named as
   * dropped. Runs under close's lock.
   */
  private async carryOver(view: GameView, taken: Ballot, winner: number | undefined): Promise<{ text: string; ballot?: Ballot }> {
    const others = taken.proposals.filter((p) => p.n !== winner);
    if (!others.length || !this.isVoted(view)) return { text: others.length ? droppedText(taken, winner) : '' };
    const kept: Proposal[] = [];
    const dropped: Proposal[] = [];
    for (const p of others) {
      // A plan was drafted for the position it was filed on: after another decision it is proposed afresh.
      if (isPlanAction(p.action)) {
        dropped.push(p);
        continue;
      }
      try {
        view.def.engine.apply(structuredClone(view.doc.state), p.action);
        const described = view.def.describeProposal?.(view.doc.state, p.action);
        kept.push({ ...p, n: kept.length + 1, text: described ? clip(described.text, 300) : p.text });
      } catch {
        dropped.push(p);
      }
    }
    if (!kept.length)
      return {
        text: `\nNo other proposal is still legal${dropped.length ? ` (dropped: ${dropped.map((p) => `#${p.n}`).join(', ')})` : ''}.`,
      };
    const ballot: Ballot = { ...this.newBallot(view.doc, voteSettings(view.doc), false), proposals: kept };
    await this.ballots.save(ballot);
    if (!voteSettings(view.doc).paused) this.arm(ballot);
    const text = `\n**Next ballot**, with the proposals still legal (vote again): ${kept.map((p) => `#${p.n} ${clip(p.text, 60)}`).join('; ')}${dropped.length ? `. Dropped, no longer legal: ${dropped.map((p) => `#${p.n}`).join(', ')}` : ''}.`;
    return { text, ballot };
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
      this.arm(ballot);
      count += 1;
    }
    return count;
  }

  /** Stop every timer (shutdown); the ballots stay stored. */
  stop(): void {
    this.stopped = true;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }

  /** The ballot of the game's current decision; a leftover from an earlier version is dropped. */
  private async current(doc: GameDocument): Promise<Ballot | undefined> {
    const ballot = await this.ballots.load(doc.id);
    if (ballot && ballot.version !== doc.version) {
      this.disarm(doc.id);
      await this.ballots.remove(doc.id);
      return undefined;
    }
    return ballot;
  }

  /** A plan's reply, with the buttons and the tally of the quick ballot it opened. */
  private async withQuick(run: PlanRun): Promise<Reply> {
    if (!run.quick) return run.reply;
    const view = await this.sessions.current(run.quick.channelId);
    const text = view ? this.ballotText(view.doc, run.quick, voteSettings(view.doc)) : '';
    return { ...run.reply, content: fitText(`${run.reply.content}\n${text}`), buttons: this.buttons(run.quick) };
  }

  /** When the order just carried out leads to a fight-on-or-retreat decision, its short ballot opens at once (under close's lock). */
  private async openQuickBallot(view: GameView): Promise<Ballot | undefined> {
    if (!this.isVoted(view) || !view.def.quickDecision?.(view.doc.state)) return undefined;
    const settings = voteSettings(view.doc);
    const base = this.newBallot(view.doc, settings, true);
    const proposals: Proposal[] = view.prompt.choices.slice(0, LIMITS.choices).map((c, i) => ({
      n: i + 1,
      by: view.doc.createdBy,
      byName: 'the rules',
      action: c.action as never,
      text: c.label,
      at: this.clock.now(),
    }));
    const ballot = { ...base, proposals };
    await this.ballots.save(ballot);
    if (!settings.paused) this.arm(ballot);
    return ballot;
  }

  private newBallot(doc: GameDocument, settings: VoteSettings, quick: boolean): Ballot {
    const now = this.clock.now();
    const windowMs = (quick ? settings.quickWindow : settings.window) * 1000;
    return {
      gameId: doc.id,
      channelId: doc.channelId,
      ...(doc.guildId ? { guildId: doc.guildId } : {}),
      version: doc.version,
      opensAt: now,
      closesAt: now + windowMs,
      quick,
      proposals: [],
      votes: {},
      ...(settings.paused ? { pausedLeftMs: windowMs } : {}),
    };
  }

  /** Close the ballot at its deadline; a close that fails (the store not answering) is tried again, 1 s, 2 s, 4 s... up to a minute apart. */
  private arm(ballot: Ballot, atMs = ballot.closesAt, attempt = 0): void {
    this.disarm(ballot.gameId);
    const cancel = this.clock.schedule(atMs, () => {
      this.timers.delete(ballot.gameId);
      void this.close(ballot.gameId, 'deadline', undefined, undefined, ballot.version)
        .then((reply) => (reply ? this.post(ballot.channelId, reply) : undefined))
        .catch((err: unknown) => {
          console.error(`closing the ballot of game ${ballot.gameId} failed; trying again`, err);
          if (!this.stopped) this.arm(ballot, this.clock.now() + Math.min(60_000, 1000 * 2 ** attempt), attempt + 1);
        });
    });
    this.timers.set(ballot.gameId, cancel);
  }

  private disarm(gameId: string): void {
    this.timers.get(gameId)?.();
    this.timers.delete(gameId);
  }

  /** Refuses (a UserError) a member who may not vote on this game's ballots now. */
  refuseVoter(doc: GameDocument, actor: Member, settings: VoteSettings = voteSettings(doc)): void {
    if (doc.status !== 'active') throw new UserError(`This game is over (${doc.status}).`);
    const player = doc.players.find((p) => p.id === actor.id);
    if (!player) throw new UserError('Only members who joined this vote game may propose and vote: /game join.');
    if (player.seat && player.seat !== VOTED_SIDE) throw new UserError(`You play ${player.seat}; only the ${VOTED_SIDE} side votes.`);
    if (settings.role && !(actor.roles ?? []).includes(settings.role))
      throw new UserError(`Only members with the voting role <@&${settings.role}> may propose and vote.`);
    if (settings.paused) throw new UserError('Voting is paused by the creator (/vote resume).');
  }

  private ballotText(doc: GameDocument, ballot: Ballot, settings: VoteSettings): string {
    if (ballot.sealed) {
      const left = ballot.pausedLeftMs ?? Math.max(0, ballot.closesAt - this.clock.now());
      const when =
        ballot.pausedLeftMs !== undefined
          ? `paused with ${duration(left)} left`
          : `closes in ${duration(left)} or when every member has chosen`;
      return `**Sealed ballot** on version ${ballot.version} (a secret choice: each member picks privately, and the options with the most votes are chosen; nobody sees the picks): ${castCount(ballot)} of ${eligibleVoters(doc).length} members have chosen, ${when}. Quorum ${settings.quorum}; ties: ${settings.tiebreak}.`;
    }
    const { counts, cast } = tally(ballot);
    const lines = ballot.proposals.map((p) => `#${p.n} ${clip(p.text, 120)} (${p.byName}): **${counts.get(p.n) ?? 0}**`);
    const left = ballot.pausedLeftMs ?? Math.max(0, ballot.closesAt - this.clock.now());
    const eligible = eligibleVoters(doc).length;
    const when =
      ballot.pausedLeftMs !== undefined
        ? `paused with ${duration(left)} left`
        : `closes in ${duration(left)} or at ${Math.floor(eligible / 2) + 1} votes for one proposal`;
    return [
      `**Ballot** on version ${ballot.version}${ballot.quick ? ` (a battle decision; nobody voting means ${clip(quickDefault(ballot, settings)?.text ?? settings.quickDefault, 60)})` : ''}: ${cast} of ${eligible} voted, ${when}. Quorum ${settings.quorum}; ties: ${settings.tiebreak}.`,
      ...lines,
    ].join('\n');
  }

  private buttons(ballot: Ballot, view?: GameView): ReplyButton[] {
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
}

/** The members who vote: joined players of the German side (or of no side). */
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

export function eligibleVoters(doc: GameDocument): string[] {
  return doc.players.filter((p) => !p.seat || p.seat === VOTED_SIDE).map((p) => p.id);
}

type CloseReason = 'deadline' | 'majority' | 'all-voted' | 'override';

function reasonText(reason: CloseReason): string {
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

function droppedText(taken: Ballot, winner: number | undefined): string {
  const others = taken.proposals.filter((p) => p.n !== winner);
  return others.length
    ? `\nThe other proposals (${others.map((p) => `#${p.n}`).join(', ')}) no longer apply: the decision now is a new one.`
    : '';
}

function duration(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 90) return `${s} s`;
  if (s < 5400) return `${Math.round(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

/**
 * What a battle ballot without enough votes carries out (10.5 cannot wait): the setting's
 * choice (retreat or another round) when the ballot offers it, else its last proposal, which
 * the game puts last as the safe default (10.6: the bot places the hits).
 */
function quickDefault(ballot: Ballot, settings: VoteSettings): Proposal | undefined {
  return ballot.proposals.find((p) => (p.action as { type?: string }).type === settings.quickDefault) ?? ballot.proposals.at(-1);
}
