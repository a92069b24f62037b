import type { GameEvent } from '../games/engine.js';
import type { GameDef } from '../games/game-def.js';
import type { ActionRecord, LogLine } from '../store/game-document.js';
import { toJson } from './replay.js';

/** The user id the bot's actions are logged under. */
export const BOT_USER_ID = 'bot';
/** Most bot actions in one go: far beyond a whole turn, so only a bot that never ends a phase reaches it. */
export const BOT_ACTION_LIMIT = 2000;

export interface BotPlay {
  state: unknown;
  /** The version after the bot's last action (the given one when it did nothing). */
  version: number;
  records: ActionRecord[];
  lines: LogLine[];
  events: GameEvent[];
  unfinished: boolean;
}

/** Whether the bot has a decision to make in `state`, asked without making it (a search is slow). */
export function botToAct(def: GameDef, state: unknown): boolean {
  if (!def.autoPlay) return false;
  return def.botActs ? def.botActs(state) : def.autoPlay(state) !== undefined;
}

/**
 * The bot's actions from `state` until a human must act, the game ends or the limit is
 * reached; one version each. Pure (the game's rules and bot only), so it runs on a worker
 * thread as well as here.
 */
export function botPlay(def: GameDef, state: unknown, version: number, at: string): BotPlay {
  const out: BotPlay = { state, version, records: [], lines: [], events: [], unfinished: false };
  if (!def.autoPlay) return out;
  while (def.engine.result(out.state) === undefined) {
    const action: unknown = def.autoPlay(out.state);
    if (action === undefined) break;
    if (out.records.length >= BOT_ACTION_LIMIT) {
      out.unfinished = true;
      break;
    }
    // The bot picks among legal actions, so a refusal here is a bug in the game, not the player's doing.
    const applied = def.engine.apply(out.state, action);
    out.version += 1;
    out.state = toJson(applied.state);
    out.records.push({ version: out.version, userId: BOT_USER_ID, action: toJson(action), at });
    out.lines.push(...applied.events.map((e) => logLine(out.version, e)));
    out.events.push(...applied.events);
  }
  return out;
}

export function logLine(version: number, e: GameEvent): LogLine {
  return { version, kind: e.kind, text: e.text, ...(e.dice?.length ? { dice: toJson(e.dice) as unknown[] } : {}) };
}
