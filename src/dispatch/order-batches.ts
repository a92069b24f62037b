import { isDeepStrictEqual } from 'node:util';
import { UserError } from '../contracts/errors.js';
import { clip, fitText } from '../contracts/limits.js';
import type { Member, Reply, ReplyButton } from '../contracts/reply.js';
import { plural } from '../contracts/text.js';
import type { ActOutcome, GameSessions, GameView } from '../session/game-sessions.js';
import { BatchStore, newBatchId, type OrderBatch } from '../session/order-batch.js';
import { actRefusal, creatorName } from '../session/permissions.js';
import type { GameStore } from '../store/game-store.js';
import { KeyedLock } from '../store/keyed-lock.js';
import type { Proposal } from '../votes/ballot.js';
import type { OpenQuickBallot, PlanAction, PlanRun, PlanRunner } from '../votes/plan-action.js';
import type { VoteService } from '../votes/vote-service.js';
import type { Limiter } from './limits.js';
import { type BatchCheck, checkBatch, lineAction } from './order-batch-check.js';
import { batchPicture, confirmButtons, proposedReply, resumeButtons, standingText } from './order-batch-replies.js';
import { BatchRun, type CarryOptions } from './order-batch-run.js';
import { type ParsedBatch, parseBatch } from './order-lines.js';

/**
 * Orders in batches: `/orders` checks a whole list of orders, draws them as one picture and,
 * once the player confirms, carries them out in order as that player's orders (each its own
 * version and log line, so undo still takes back one order at a time). A decision the rules
 * give the player on the way (another round or retreat) pauses the batch with buttons that
 * answer it and go on, unless a standing instruction answers it; a line refused when reached
 * pauses it too. In vote play the same text is a plan on the ballot, and the winning plan runs
 * the same way, its decisions going to quick ballots (`PlanRunner`).
 *
 * Exactly once: each order is saved in the same step as the batch's next line (the store's
 * conditional batch), so a crash between two orders leaves the batch at the next line, and
 * `/orders resume` (or the Resume button) goes on from there.
 */

/** `orders:<gameId>:<batchId>:<op>`; op is go, cancel, resume, skip, stop or c<choice>v<version>. */
const buttonSchema = /^orders:([a-z0-9]{8}):([a-z0-9]{6}):(go|cancel|resume|skip|stop|c(\d{1,2})v(\d{1,9}))$/;

export class OrderBatches implements PlanRunner {
  readonly store: BatchStore;
  /** One step of a game's batch at a time in this process. */
  private readonly lock = new KeyedLock();
  /** Batches this process is carrying out now; a stored `running` one that is not here was interrupted. */
  private readonly runningHere = new Set<string>();

  constructor(
    private readonly sessions: GameSessions,
    private readonly votes: VoteService,
    private readonly limiter: Limiter,
    gameStore: GameStore,
  ) {
    this.store = new BatchStore(gameStore);
  }

  /** `/orders`: check the text, store it for confirmation and show it; in a vote game, file it as a plan. */
  async give(channelId: string, user: Member, text: string): Promise<Reply> {
    const view = await this.sessions.require(channelId);
    if (view.doc.status !== 'active') throw new UserError(`This game is over (${view.doc.status}).`);
    const parsed = parseBatch(view.def, text);
    if (this.votes.isVoted(view)) return this.proposePlan(view, user, text, parsed);
    const refusal = actRefusal(view.doc, user, view.prompt);
    if (refusal) throw new UserError(refusal);
    const check = checkBatch(view, user, parsed);
    if (check.refusal)
      throw new UserError(`${check.refusal}\nNothing of these orders was carried out; correct that line and give them again.`);
    return this.lock.run(view.doc.id, async () => {
      const existing = await this.store.load(view.doc.id);
      if (existing && this.underWay(existing)) throw new UserError(this.underWayText(existing));
      // Team play: one batch at a time per game; another commander's unconfirmed orders are theirs to cancel (or the creator's).
      if (existing?.status === 'proposed' && existing.by.id !== user.id && user.id !== view.doc.createdBy)
        throw new UserError(
          `${existing.by.name}'s orders wait for confirmation; they carry them out or cancel them first (/orders status).`,
        );
      const batch = await this.store.save(newBatch(view, { id: user.id, name: user.name }, parsed, existing, { status: 'proposed' }));
      return proposedReply(view, user.name, batch, check);
    });
  }

  /** Whether a button is one of the batches'. */
  static isButton(customId: string): boolean {
    return buttonSchema.test(customId);
  }

  /** A press of a batch's button. */
  async press(channelId: string, user: Member, customId: string): Promise<Reply> {
    const m = buttonSchema.exec(customId);
    if (!m) return { content: 'That button is not one this bot made; nothing was changed.', ephemeral: true };
    const [, gameId, batchId, op, choice, version] = m;
    return this.lock.run(gameId!, async () => {
      const batch = await this.store.load(gameId!);
      if (!batch || batch.id !== batchId || batch.channelId !== channelId)
        return { content: 'Those orders are gone (finished, stopped or replaced); nothing was changed.', ephemeral: true };
      if (op === 'stop' || op === 'cancel') return this.stopUnlocked(batch, user);
      this.refuseOther(batch, user);
      if (op === 'go') return this.go(channelId, batch, user);
      if (!this.resumable(batch)) return { content: this.stateText(batch), ephemeral: true };
      if (op === 'skip') {
        const skipped = await this.store.save({ ...batch, next: batch.next + 1, decisions: 0, status: 'running' });
        return (await this.carry(channelId, skipped, { prelude: `Line ${batch.lines[batch.next]?.n} skipped.` })).reply;
      }
      const resumed = await this.store.save({ ...batch, status: 'running' });
      const answer = choice !== undefined ? { index: Number(choice), version: Number(version) } : undefined;
      return (await this.carry(channelId, resumed, answer ? { answer } : {})).reply;
    });
  }

  /** `/orders resume`: a paused (or interrupted) batch goes on. */
  async resumeOrders(channelId: string, user: Member): Promise<Reply> {
    const view = await this.sessions.require(channelId);
    return this.lock.run(view.doc.id, async () => {
      const batch = await this.store.load(view.doc.id);
      if (!batch || !this.resumable(batch))
        throw new UserError(batch ? this.stateText(batch) : 'There are no orders waiting in this game.');
      this.refuseOther(batch, user);
      return (await this.carry(channelId, await this.store.save({ ...batch, status: 'running' }), {})).reply;
    });
  }

  /** `/orders stop`: the rest of the batch is dropped (the orders already carried out stand). */
  async stop(channelId: string, user: Member): Promise<Reply> {
    const view = await this.sessions.require(channelId);
    return this.lock.run(view.doc.id, async () => {
      const batch = await this.store.load(view.doc.id);
      if (!batch || batch.status === 'done' || batch.status === 'stopped') throw new UserError('There are no orders waiting in this game.');
      return this.stopUnlocked(batch, user);
    });
  }

  /** `/orders status`: the batch, where it stands and its lines. */
  async status(channelId: string): Promise<Reply> {
    const view = await this.sessions.require(channelId);
    const batch = await this.store.load(view.doc.id);
    if (!batch) return { content: 'No orders have been given as a batch in this game. /orders text:... gives some.', ephemeral: true };
    const lines = batch.lines.map(
      (l, i) => `${i < batch.next ? '✓' : i === batch.next && this.resumable(batch) ? '▶' : '·'} **${l.n}.** ${clip(l.text, 100)}`,
    );
    const buttons: ReplyButton[] = batch.status === 'proposed' ? confirmButtons(batch) : this.resumable(batch) ? resumeButtons(batch) : [];
    return {
      content: fitText(`${this.stateText(batch)}\n${lines.join('\n')}`, '(the rest in the file you gave)'),
      ephemeral: true,
      buttons,
    };
  }

  // ---- vote play: plans --------------------------------------------------------------

  private async proposePlan(view: GameView, user: Member, text: string, parsed: ParsedBatch): Promise<Reply> {
    const check = checkBatch(view, user, parsed);
    if (check.refusal) throw new UserError(`That plan cannot be proposed: ${check.refusal}`);
    const image = await batchPicture(view, check, `plan-${view.doc.version}`);
    const moves = check.lines.filter((c) => c.arrow).length;
    const first = check.lines
      .slice(0, 3)
      .map((c) => `${c.line.n}. ${clip(c.text, 60)}`)
      .join('; ');
    // What the plan's orders would ask first (a turn end that loses the game) stands on the ballot.
    const warnings = check.lines
      .filter((c) => c.warning)
      .map((c) => `⚠ line ${c.line.at ?? c.line.n}: ${clip(c.warning!, 200)}`)
      .join(' ');
    const summary = `Plan of ${plural(parsed.lines.length, 'order')} (${plural(moves, 'arrow')} on its picture${parsed.standing ? `; battles: ${standingText(parsed.standing)}` : ''}): ${first}${parsed.lines.length > 3 ? '; …' : ''}${warnings ? `\n${warnings}` : ''}`;
    const plan: PlanAction = { type: 'plan', text };
    return this.votes.propose(view.doc.channelId, user, plan, { text: summary, ...(image ? { image } : {}) });
  }

  endsTurn(view: GameView, plan: PlanAction): boolean {
    let parsed: ParsedBatch;
    try {
      parsed = parseBatch(view.def, plan.text);
    } catch {
      return false;
    }
    return parsed.lines.some((line) => {
      try {
        const { act } = lineAction(view, view.doc.state, line, view.doc.createdBy);
        return view.prompt.choices.some((c) => c.endsTurn && isDeepStrictEqual(c.action, act));
      } catch {
        return false;
      }
    });
  }

  async run(view: GameView, proposal: Proposal, plan: PlanAction, heading: string, openQuick: OpenQuickBallot): Promise<PlanRun> {
    const by = { id: proposal.by, name: proposal.byName };
    let parsed: ParsedBatch;
    let check: BatchCheck;
    try {
      parsed = parseBatch(view.def, plan.text);
      check = checkBatch(view, by, parsed);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      return { reply: { content: fitText(`${heading}\nThe plan cannot be carried out: ${err.message}`) } };
    }
    if (check.refusal) return { reply: { content: fitText(`${heading}\nThe plan cannot be carried out now: ${check.refusal}`) } };
    return this.lock.run(view.doc.id, async () => {
      // The channel's decision replaces any plan still waiting.
      const existing = await this.store.load(view.doc.id);
      const batch = await this.store.save(newBatch(view, by, parsed, existing, { status: 'running', voted: true }));
      return this.carry(view.doc.channelId, batch, { prelude: heading, openQuick });
    });
  }

  async resume(outcome: ActOutcome, heading: string, openQuick: OpenQuickBallot): Promise<PlanRun | undefined> {
    return this.lock.run(outcome.doc.id, async () => {
      const batch = await this.store.load(outcome.doc.id);
      if (!batch?.voted || batch.status !== 'paused') return undefined;
      // The decision it waited for was taken back (or the plan is older than this ballot): it does not go on.
      const since = outcome.doc.events.filter((e) => e.version > (batch.pausedAt ?? 0));
      if (since.some((e) => e.kind === 'undo')) {
        const { waiting: _w, ...rest } = batch;
        await this.store.save({ ...rest, status: 'stopped', waiting: 'an order was taken back while it waited' });
        return undefined;
      }
      const running = await this.store.save({ ...batch, status: 'running' });
      return this.carry(outcome.doc.channelId, running, { prelude: heading, openQuick, before: outcome.events });
    });
  }

  // ---- carrying out ------------------------------------------------------------------

  private async go(channelId: string, batch: OrderBatch, user: Member): Promise<Reply> {
    if (batch.status !== 'proposed') return { content: this.stateText(batch), ephemeral: true };
    const view = await this.sessions.require(channelId);
    if (view.doc.id !== batch.gameId || view.doc.status !== 'active')
      return { content: 'That game is no longer the one in this channel; nothing was carried out.', ephemeral: true };
    let prelude: string | undefined;
    // The game moved on since the check (another order, an undo): the orders are checked again on this position.
    if (view.doc.version !== batch.checkedAt) {
      const check = checkBatch(view, user, { lines: batch.lines, ...(batch.standing ? { standing: batch.standing } : {}) });
      if (check.refusal)
        throw new UserError(`The game moved on since these orders were checked, and now: ${check.refusal}\nNothing was carried out.`);
      prelude = `The game moved on since these orders were checked; checked again on version ${view.doc.version}.`;
    }
    const running = await this.store.save({ ...batch, status: 'running', checkedAt: view.doc.version });
    return (await this.carry(channelId, running, prelude ? { prelude } : {})).reply;
  }

  /** Carry out the batch from its next line until it is done, pauses or stops (order-batch-run.ts). */
  private carry(channelId: string, start: OrderBatch, opts: CarryOptions): Promise<PlanRun> {
    const deps = { sessions: this.sessions, votes: this.votes, limiter: this.limiter, store: this.store, runningHere: this.runningHere };
    return new BatchRun(deps, channelId, start, opts).carry();
  }

  private async stopUnlocked(batch: OrderBatch, user: Member): Promise<Reply> {
    const view = await this.sessions.current(batch.channelId);
    const creator = view?.doc.id === batch.gameId && view.doc.createdBy === user.id;
    if (batch.by.id !== user.id && !creator && !user.canManage)
      throw new UserError(
        `These orders are ${batch.by.name}'s; only they${view ? `, ${creatorName(view.doc)} (who started the game)` : ''} or a channel manager may stop them.`,
      );
    if (batch.status === 'done' || batch.status === 'stopped') return { content: this.stateText(batch), ephemeral: true };
    if (batch.status === 'running' && this.runningHere.has(batch.id))
      throw new UserError('Those orders are being carried out right now; stop them when they pause or finish.');
    const { waiting: _w, ...rest } = batch;
    await this.store.save({ ...rest, status: 'stopped' });
    const proposed = batch.status === 'proposed';
    return {
      content: proposed
        ? `${user.name} cancelled the orders; nothing of them was carried out.`
        : `${user.name} stopped the orders after ${plural(batch.next, 'line')} of ${batch.lines.length}; those carried out stand (undo takes them back one at a time).`,
    };
  }

  private refuseOther(batch: OrderBatch, user: Member): void {
    if (batch.by.id !== user.id)
      throw new UserError(
        batch.voted
          ? 'That plan is the channel’s: it goes on by its ballots.'
          : `These orders are ${batch.by.name}'s: only they carry them out. Nothing was changed.`,
      );
  }

  /** Under way: confirmed and neither done nor stopped. */
  private underWay(batch: OrderBatch): boolean {
    return batch.status === 'running' || batch.status === 'paused';
  }

  /** Paused, or running in no process (the bot stopped between two of its orders). */
  private resumable(batch: OrderBatch): boolean {
    return !batch.voted && (batch.status === 'paused' || (batch.status === 'running' && !this.runningHere.has(batch.id)));
  }

  private underWayText(batch: OrderBatch): string {
    return `${this.stateText(batch)} /orders resume goes on, /orders stop ends them; then give new orders.`;
  }

  private stateText(batch: OrderBatch): string {
    const where = `line ${batch.lines[Math.min(batch.next, batch.lines.length - 1)]!.n} of ${batch.lines.length}`;
    switch (batch.status) {
      case 'proposed':
        return `${batch.by.name}'s ${plural(batch.lines.length, 'order')} wait for confirmation (Carry out).`;
      case 'running':
        return this.runningHere.has(batch.id)
          ? `${batch.by.name}'s orders are being carried out (${where}).`
          : `${batch.by.name}'s orders were interrupted before ${where} (the bot restarted); nothing was run twice.`;
      case 'paused':
        return `${batch.by.name}'s orders are paused before ${where}: ${batch.waiting ?? ''}`;
      case 'done':
        return `${batch.by.name}'s ${plural(batch.lines.length, 'order')} were all carried out.`;
      default:
        return `${batch.by.name}'s orders were stopped after ${plural(batch.next, 'line')} of ${batch.lines.length}.`;
    }
  }
}

/** A new batch for the game as checked, in place of `existing` (whose stamp the conditional write compares). */
function newBatch(
  view: GameView,
  by: OrderBatch['by'],
  parsed: ParsedBatch,
  existing: OrderBatch | undefined,
  how: { status: OrderBatch['status']; voted?: true },
): OrderBatch {
  return {
    id: newBatchId(),
    gameId: view.doc.id,
    channelId: view.doc.channelId,
    by,
    ...(how.voted ? { voted: true } : {}),
    status: how.status,
    checkedAt: view.doc.version,
    lines: parsed.lines,
    ...(parsed.standing ? { standing: parsed.standing } : {}),
    next: 0,
    decisions: 0,
    ran: [],
    ...(existing?.stamp ? { stamp: existing.stamp } : {}),
  };
}
