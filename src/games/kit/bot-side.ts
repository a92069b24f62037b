/**
 * The bot's part of a definition: it acts when the decision belongs to a side it plays, with
 * the search or the heuristics by the game's level. `botActs` answers without choosing, so the
 * session runs the bot on a worker thread only when it acts.
 */
import type { GameDef } from '../game-def.js';

export interface BotSide<S, A> {
  /** Whether the decision now belongs to a side the bot plays (cheap: no search). */
  acts(state: S): boolean;
  /** Whether this game's bot plays by search (else by its heuristics). */
  searches(state: S): boolean;
  search(state: S): A | undefined;
  heuristic(state: S): A | undefined;
}

export function botSide<S, A>(bot: BotSide<S, A>): Required<Pick<GameDef<S, A>, 'autoPlay' | 'botActs'>> {
  return {
    autoPlay: (s) => (bot.acts(s) ? (bot.searches(s) ? bot.search(s) : bot.heuristic(s)) : undefined),
    botActs: (s) => bot.acts(s),
  };
}

/** A game whose state names the bot's side and whose prompt names the side to act: the bot acts when they meet. */
export function botPrompted<S extends { result?: unknown; bot?: string }>(prompt: (state: S) => { side?: string }): (state: S) => boolean {
  return (s) => !s.result && !!s.bot && prompt(s).side === s.bot;
}
