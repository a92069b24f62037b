import { z } from 'zod';
import type { Reply } from '../contracts/reply.js';

/**
 * Old buttons go away: each game has one live prompt message (the latest with its choice
 * buttons) and one live ballot message (the latest with vote buttons). When a new one is
 * posted, the previous one's buttons are edited away, keeping only those that still mean
 * something there (the Dice of that order). The ids live in the game store, so this works
 * after a restart; an edit that fails (the message deleted, the channel gone) is logged and
 * never holds up the order, whose answer went out first.
 */

/**
 * Where the live prompts are kept: the game store. Writes go with the store's other writes
 * (one SQLite writer), so a burst of prompts never competes with the games' own saves.
 */
export interface PromptRecords {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlMs: number): Promise<unknown>;
}

/** Edit a message's components in a channel (the REST call, given by the adapter). */
export type EditComponents = (channelId: string, messageId: string, components: unknown[]) => Promise<void>;

const recordSchema = z.object({
  channelId: z.string().min(1).max(30),
  messageId: z.string().min(1).max(30),
  /** Buttons that stay on the message once it is superseded, as Discord component JSON. */
  keep: z.array(z.unknown()).max(5),
});
type PromptRecord = z.infer<typeof recordSchema>;

/** Live prompt records expire with the games that stop (they are tiny; a stale one only costs an edit). */
const RECORD_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export function promptKey(gameId: string, slot: 'prompt' | 'ballot'): string {
  return `prompt-message:${gameId}:${slot}`;
}

/** The game and the slot a reply's buttons belong to; none for a reply without game buttons. */
export function slotOf(reply: Reply): { gameId: string; slot: 'prompt' | 'ballot' } | undefined {
  const ids = [...(reply.buttons ?? []).map((b) => b.customId), ...(reply.menu ? [reply.menu.customId] : [])];
  const vote = ids.map((id) => /^vote:([a-z0-9]{8}):/.exec(id)).find(Boolean);
  if (vote) return { gameId: vote[1]!, slot: 'ballot' };
  const game = ids.map((id) => /^(?:game|move):([a-z0-9]{8}):\d+:/.exec(id)).find(Boolean);
  return game ? { gameId: game[1]!, slot: 'prompt' } : undefined;
}

/** Buttons worth keeping on a superseded message: the Dice of its own order (it shows what it rolled). */
function keptButtons(reply: Reply): unknown[] {
  const dice = (reply.buttons ?? []).filter((b) => /^game:[a-z0-9]{8}:\d+:dice$/.test(b.customId));
  if (!dice.length) return [];
  return [
    {
      type: 1,
      components: dice.map((b) => ({ type: 2, style: 2, custom_id: b.customId, label: b.label })),
    },
  ];
}

/** Tidying edits share the bot's request budget with the answers players wait for: at most this many a second. */
const EDITS_PER_SECOND = 5;

export class PromptBoard {
  /** Per game and slot: the newest post not yet recorded. */
  private readonly waiting = new Map<string, PromptRecord>();
  /** Per game and slot: the run recording posts one after another, while there are any. */
  private readonly runs = new Map<string, Promise<void>>();
  /** When the next edit may go (edits are spaced, whatever game they are for). */
  private nextEditAt = 0;

  constructor(
    private readonly records: PromptRecords,
    private readonly edit: EditComponents,
    private readonly warn: (err: unknown, context: Record<string, string>) => void = () => undefined,
  ) {}

  /**
   * A public message `messageId` now shows `reply`: if it is a new prompt, the previous one
   * loses its buttons. Resolves once that is done; answers never wait for it. Posts that
   * arrive while one is being recorded are taken together: the store is written once, for the
   * newest, and the buttons come off the one recorded before (a prompt superseded within such
   * a burst keeps its buttons, which are refused as stale like any old button).
   */
  posted(channelId: string, messageId: string, reply: Reply): Promise<void> {
    if (reply.ephemeral) return Promise.resolve();
    const slot = slotOf(reply);
    if (!slot) return Promise.resolve();
    const key = promptKey(slot.gameId, slot.slot);
    this.waiting.set(key, { channelId, messageId, keep: keptButtons(reply) });
    const running = this.runs.get(key);
    if (running) return running;
    const run = this.drain(key).finally(() => this.runs.delete(key));
    this.runs.set(key, run);
    return run;
  }

  private async drain(key: string): Promise<void> {
    for (let next = this.waiting.get(key); next; next = this.waiting.get(key)) {
      this.waiting.delete(key);
      await this.supersede(key, next).catch((err: unknown) => {
        this.warn(err, { channelId: next!.channelId, messageId: next!.messageId, key });
      });
    }
  }

  private async supersede(key: string, next: PromptRecord): Promise<void> {
    const parsed = recordSchema.safeParse(await this.records.get(key));
    await this.records.set(key, next, RECORD_TTL_MS);
    const previous = parsed.success ? parsed.data : undefined;
    if (!previous || previous.messageId === next.messageId) return;
    const wait = this.nextEditAt - Date.now();
    this.nextEditAt = Math.max(Date.now(), this.nextEditAt) + 1000 / EDITS_PER_SECOND;
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await this.edit(previous.channelId, previous.messageId, previous.keep);
  }
}
