import { UserError } from '../contracts/errors.js';
import { clip } from '../contracts/limits.js';
import type { GameEvent } from '../games/engine.js';
import { StaleChoiceError } from '../session/errors.js';
import type { ActOutcome, GameSessions, GameView, OrderDesk } from '../session/game-sessions.js';
import type { BatchStore, OrderBatch } from '../session/order-batch.js';
import type { OpenQuickBallot, PlanRun } from '../votes/plan-action.js';
import type { VoteService } from '../votes/vote-service.js';
import { orderKind } from './free-orders.js';
import type { Limiter } from './limits.js';
import { lineAction } from './order-batch-check.js';
import { countsAsRound, type Ran, runReply, standingPick } from './order-batch-replies.js';

/** What carrying out a batch works with. `runningHere`: the batches this process is carrying out now. */
export interface BatchDeps {
  sessions: GameSessions;
  votes: VoteService;
  limiter: Limiter;
  store: BatchStore;
  runningHere: Set<string>;
}

export interface CarryOptions {
  prelude?: string;
  openQuick?: OpenQuickBallot;
  /** A decision button's answer: choice `index` of the prompt at `version`. */
  answer?: { index: number; version: number };
  /** Events to show before the batch's own (the quick ballot's choice that let a plan go on). */
  before?: GameEvent[];
}

/** What one pass came to, decided on the game read once under the channel's lock. */
type Step =
  | { finish: OrderBatch['status']; waiting?: string }
  | { pause: GameView }
  | { stale: string }
  | { refused: string; what: string }
  | { next: 'decision' | 'line' | 'resumed' };

/**
 * Carry out a batch from its next line until it is done, pauses or stops. Runs under the game's
 * batch lock; each pass is one order on the one order path (the game read once under the
 * channel's lock, then acted on) with the batch's progress in the same save.
 */
export class BatchRun {
  private batch: OrderBatch;
  private readonly ran: Ran[] = [];
  private answer: CarryOptions['answer'];
  /** The game as last read: what the reply shows. */
  private view: GameView | undefined;

  constructor(
    private readonly deps: BatchDeps,
    private readonly channelId: string,
    private readonly start: OrderBatch,
    private readonly opts: CarryOptions,
  ) {
    this.batch = start;
    this.answer = opts.answer;
  }

  async carry(): Promise<PlanRun> {
    this.deps.runningHere.add(this.start.id);
    try {
      // Bounded: every pass carries out an order, answers a decision, or stops; a stale read is retried a few times.
      for (let pass = 0, stale = 0; pass < this.batch.lines.length * 40 + 40; pass++) {
        const step = await this.deps.sessions.withGame(this.channelId, (desk) => this.step(desk));
        if ('finish' in step) return await this.finish(step.finish, step.waiting);
        if ('pause' in step) return await this.pauseAtDecision(step.pause);
        if ('stale' in step) {
          if (++stale < 5) continue;
          return await this.refused('stale', step.stale);
        }
        if ('refused' in step) return await this.refused(step.refused, step.what);
        if (step.next === 'line') stale = 0;
      }
      return await this.finish('paused', 'the orders went on longer than expected; Resume goes on');
    } finally {
      this.deps.runningHere.delete(this.start.id);
    }
  }

  private async step(desk: OrderDesk): Promise<Step> {
    const view = desk.view;
    this.view = view;
    const { batch } = this;
    if (!view || view.doc.id !== batch.gameId) return { finish: 'stopped', waiting: 'the game is no longer the one in this channel' };
    if (view.doc.status !== 'active') return { finish: batch.next >= batch.lines.length ? 'done' : 'stopped', waiting: 'the game is over' };
    // A player's orders never bypass the channel's ballots: a game now played by vote stops them.
    if (!batch.voted && this.deps.votes.isVoted(view))
      return { finish: 'stopped', waiting: 'the game is played by vote now: propose the rest as a plan' };
    if (view.def.quickDecision?.(view.doc.state)) return this.decision(desk, view);
    this.answer = undefined;
    if (batch.next >= batch.lines.length) return { finish: 'done' };
    return this.line(desk, view);
  }

  /** The rules' question on the way (another round or retreat): the button's answer, or the standing instruction's. */
  private async decision(desk: OrderDesk, view: GameView): Promise<Step> {
    const { batch } = this;
    const answer = this.answer;
    const index = answer && answer.version === view.doc.version ? answer.index : standingPick(batch.standing, batch.decisions, view);
    this.answer = undefined;
    const choice = index === undefined ? undefined : view.prompt.choices[index];
    if (!choice) return { pause: view };
    const progress = this.deps.store.progressWrite({ ...batch, decisions: batch.decisions + (countsAsRound(choice.action) ? 1 : 0) });
    const outcome = await this.act(desk, choice.action, view.doc.version, progress.write);
    if (outcome === 'stale') return { stale: choice.label };
    if (typeof outcome === 'string') return { refused: outcome, what: choice.label };
    this.batch = progress.next;
    this.ran.push({ label: `${this.batch.lines[this.batch.next - 1]?.n ?? ''} ↳ ${choice.label}:`, outcome });
    return { next: 'decision' };
  }

  /** The batch's next line, turned into the game's action on the position it meets and given. */
  private async line(desk: OrderDesk, view: GameView): Promise<Step> {
    const { batch } = this;
    const line = batch.lines[batch.next]!;
    const what = `line ${line.at ?? line.n} (“${clip(line.text, 60)}”)`;
    let act: unknown;
    try {
      act = lineAction(view, view.doc.state, line, batch.by.id).act;
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      return { refused: err.message, what };
    }
    const cap = this.deps.limiter.freeOrder(view.doc, orderKind(act), `Line ${line.at ?? line.n}`);
    if (cap) return { refused: cap, what: `line ${line.at ?? line.n}` };
    const progress = this.deps.store.progressWrite({
      ...batch,
      next: batch.next + 1,
      decisions: 0,
      ran: [...batch.ran, view.doc.version + 1],
    });
    const outcome = await this.act(desk, act, view.doc.version, progress.write);
    if (outcome === 'stale') return { stale: what };
    if (typeof outcome === 'string') return { refused: outcome, what };
    // The bot first finished a turn it had left open: the line was not given, so it is given again.
    if (outcome.events[0]?.kind === 'bot-resumed') return { next: 'resumed' };
    this.batch = progress.next;
    this.ran.push({ label: `${line.n}.`, outcome });
    return { next: 'line' };
  }

  /** One order of the batch on the desk: the outcome, 'stale' (the game moved on meanwhile), or a refusal's text. */
  private async act(
    desk: OrderDesk,
    action: unknown,
    version: number,
    also: ReturnType<BatchStore['progressWrite']>['write'],
  ): Promise<ActOutcome | string> {
    try {
      return await desk.act(this.batch.by, action, { expectedVersion: version, also });
    } catch (err) {
      if (err instanceof StaleChoiceError) return 'stale';
      if (err instanceof UserError) return err.message;
      throw err;
    }
  }

  /** A decision nobody answered: a voted plan opens a quick ballot on it; a player's batch waits for its buttons. */
  private async pauseAtDecision(view: GameView): Promise<PlanRun> {
    const quick = this.batch.voted && this.opts.openQuick ? await this.opts.openQuick(view) : undefined;
    return this.finish('paused', quick ? 'a quick ballot on the battle' : view.prompt.text, quick);
  }

  /** A line refused when reached: a player's batch pauses on it (try again, skip it or stop); a voted plan stops. */
  private refused(why: string, what: string): Promise<PlanRun> {
    return this.finish(this.batch.voted ? 'stopped' : 'paused', `${what} is refused now: ${clip(why, 600)}`);
  }

  private async finish(status: OrderBatch['status'], waiting: string | undefined, quick?: PlanRun['quick']): Promise<PlanRun> {
    const { waiting: _old, pausedAt: _at, ...rest } = this.batch;
    const at = status === 'paused' && this.view ? { pausedAt: this.view.doc.version } : {};
    this.batch = await this.deps.store.save({ ...rest, status, ...(waiting ? { waiting } : {}), ...at });
    return { reply: await runReply(this.view, this.batch, this.ran, this.opts), ...(quick ? { quick } : {}) };
  }
}
