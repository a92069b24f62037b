import { UserError } from '../contracts/errors.js';
import { issuesText } from '../contracts/text.js';
import type { Applied, GameEvent } from '../games/engine.js';
import type { GameDef } from '../games/registry.js';
import type { GameDocument } from '../store/game-document.js';
import { botToAct, logLine } from './bot-play.js';
import { StaleChoiceError } from './errors.js';
import { type GameRecords, NO_GAME } from './game-records.js';
import { type ActOutcome, botOutcome, type GameView, resultText, type SaveAlso } from './game-view.js';
import type { GameWork } from './game-work.js';
import { type Actor, actRefusal, formationRefusal } from './permissions.js';
import { toJson } from './replay.js';

/**
 * One order's path, as a reducer: the channel's game read once (under its lock, by the
 * session), the action parsed once, checked, applied, saved; the caller answers after. A
 * question asked before an order ("are you sure?") is a dry run of the same path: the same
 * checks and the engine's apply, with nothing saved.
 */
export class OrderDesk {
  private shown?: GameView;

  constructor(
    /** The channel's game as read under the lock; undefined when there is none. */
    readonly doc: GameDocument | undefined,
    private readonly records: GameRecords,
    private readonly work: GameWork,
  ) {}

  /** The game as it stands, with what it waits for; undefined without a game. */
  get view(): GameView | undefined {
    if (!this.doc) return undefined;
    this.shown ??= this.records.viewOf(this.doc);
    return this.shown;
  }

  /**
   * `action` (untrusted) as `actor`'s order: refused when stale (`expectedVersion`, from a
   * button), when the actor may not give it, or when the game's schema does not read it;
   * otherwise applied and saved with the bot's answer, `also` in the same step.
   */
  async act(actor: Actor, action: unknown, options: { expectedVersion?: number; also?: SaveAlso } = {}): Promise<ActOutcome> {
    const view = this.required();
    if (options.expectedVersion !== undefined && options.expectedVersion !== view.doc.version) {
      throw new StaleChoiceError(view.doc, 'the game has moved on since it was offered.');
    }
    const resumed = await this.resumeBot(view);
    if (resumed) return resumed;
    return this.applyAndSave(view, actor, checkedAction(view, actor, action), options.also);
  }

  /** The same path as `act` up to the engine's apply, with nothing saved: throws the refusal the order would meet. */
  dryRun(actor: Actor, action: unknown): void {
    const view = this.required();
    applyParsed(view.def, view.doc.state, checkedAction(view, actor, action));
  }

  /** A button press: choice `index` of the prompt shown at `version` of game `gameId` (the engine's own action: no parse). */
  async choose(actor: Actor, gameId: string, version: number, index: number): Promise<ActOutcome & { chosen: string }> {
    const doc = this.doc;
    if (!doc || doc.id !== gameId) throw new StaleChoiceError(doc, 'that game is no longer the one in this channel.');
    if (doc.version !== version) throw new StaleChoiceError(doc, 'the game has moved on since it was offered.');
    const view = this.required();
    if (doc.status !== 'active') throw new StaleChoiceError(doc, `the game is over (${doc.status}).`);
    const choice = view.prompt.choices[index];
    if (!choice) throw new StaleChoiceError(doc, 'it is not among the choices offered now.');
    const resumed = await this.resumeBot(view);
    if (resumed) return { ...resumed, chosen: 'nothing yet: the bot first finished its turn' };
    checkActor(view, actor, choice.action);
    return { ...(await this.applyAndSave(view, actor, choice.action)), chosen: choice.label };
  }

  private required(): GameView {
    const view = this.view;
    if (!view) throw new UserError(NO_GAME);
    return view;
  }

  private async applyAndSave(view: GameView, actor: Actor, action: unknown, also?: SaveAlso): Promise<ActOutcome> {
    const { doc, def } = view;
    // A RuleError is a UserError: the player's answer, with nothing saved.
    const applied = applyParsed(def, doc.state, action);
    const version = doc.version + 1;
    const at = this.records.now().toISOString();
    // The bot answers within the same save: the game is never stored halfway through its turn.
    const bot = await this.work.botTurn(def, toJson(applied.state), version, at);
    const result = def.engine.result(bot.state);
    const next: GameDocument = {
      ...doc,
      version: bot.version,
      state: bot.state,
      actions: [...doc.actions, { version, userId: actor.id, action: toJson(action), at }, ...bot.records],
      events: [...doc.events, ...applied.events.map((e) => logLine(version, e)), ...bot.lines],
      status: result ? 'finished' : 'active',
      ...(result ? { outcome: resultText(def, bot.state, result) } : {}),
      updatedAt: at,
    };
    // Kept with the game: undo goes back to it without replaying the log.
    await this.records.saveMade(next, { base: doc, prior: { actions: doc.actions.length, state: doc.state }, ...(also ? { also } : {}) });
    return { ...this.records.viewOf(next), events: applied.events, ...botOutcome(bot) };
  }

  /**
   * A game left at the bot's decision (its last turn hit BOT_ACTION_LIMIT): the bot plays on
   * before anyone else may act, and the player is told to give the order again.
   */
  private async resumeBot(view: GameView): Promise<ActOutcome | undefined> {
    const { doc, def } = view;
    if (doc.status !== 'active' || !botToAct(def, doc.state)) return undefined;
    const at = this.records.now().toISOString();
    const bot = await this.work.botTurn(def, doc.state, doc.version, at);
    const result = def.engine.result(bot.state);
    const next: GameDocument = {
      ...doc,
      version: bot.version,
      state: bot.state,
      actions: [...doc.actions, ...bot.records],
      events: [...doc.events, ...bot.lines],
      status: result ? 'finished' : 'active',
      ...(result ? { outcome: resultText(def, bot.state, result) } : {}),
      updatedAt: at,
    };
    await this.records.saveMade(next, { base: doc });
    const note: GameEvent = {
      kind: 'bot-resumed',
      text: 'The bot had not finished its turn and has now played on; your order was not given. Give it again if it still applies.',
    };
    return { ...this.records.viewOf(next), events: [note], ...botOutcome(bot) };
  }
}

/** Who may give it, then the parse (the only one on the order's way), then whose formations it moves. */
function checkedAction(view: GameView, actor: Actor, action: unknown): unknown {
  const refusal = actRefusal(view.doc, actor, view.prompt);
  if (refusal) throw new UserError(refusal);
  const parsed = view.def.actionSchema.safeParse(action);
  if (!parsed.success)
    throw new UserError(`That order is not understood: ${issuesText(parsed.error, 'order')}. /game help lists the game’s orders.`);
  const formations = formationRefusal(view.doc, view.def, actor, parsed.data);
  if (formations) throw new UserError(formations);
  return parsed.data;
}

/** The checks on an action the engine offered itself (a choice): who may give it, and whose formations it moves. */
function checkActor(view: GameView, actor: Actor, action: unknown): void {
  const refusal = actRefusal(view.doc, actor, view.prompt) ?? formationRefusal(view.doc, view.def, actor, action);
  if (refusal) throw new UserError(refusal);
}

/**
 * The engine's apply for an action its schema has already read, or one the game's own code
 * built (an order's `run`): without a second parse where the engine offers that.
 */
export function applyParsed(def: GameDef, state: unknown, action: unknown): Applied<unknown> {
  return def.engine.applyChecked ? def.engine.applyChecked(state, action) : def.engine.apply(state, action);
}
