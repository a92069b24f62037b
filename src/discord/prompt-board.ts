import type Keyv from 'keyv';
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

export class PromptBoard {
  /** One chain per game and slot, so two posts in a row supersede in the order they were made. */
  private readonly chains = new Map<string, Promise<void>>();

  constructor(
    private readonly keyv: Keyv,
    private readonly edit: EditComponents,
    private readonly warn: (err: unknown, context: Record<string, string>) => void = () => undefined,
  ) {}

  /** A public message `messageId` now shows `reply`: if it is a new prompt, the previous one loses its buttons. */
  posted(channelId: string, messageId: string, reply: Reply): Promise<void> {
    if (reply.ephemeral) return Promise.resolve();
    const slot = slotOf(reply);
    if (!slot) return Promise.resolve();
    const key = promptKey(slot.gameId, slot.slot);
    const run = (this.chains.get(key) ?? Promise.resolve()).then(() =>
      this.supersede(key, { channelId, messageId, keep: keptButtons(reply) }).catch((err: unknown) => {
        this.warn(err, { channelId, messageId, key });
      }),
    );
    this.chains.set(key, run);
    void run.then(() => {
      if (this.chains.get(key) === run) this.chains.delete(key);
    });
    return run;
  }

  private async supersede(key: string, next: PromptRecord): Promise<void> {
    const parsed = recordSchema.safeParse(await this.keyv.get(key));
    await this.keyv.set(key, next, RECORD_TTL_MS);
    const previous = parsed.success ? parsed.data : undefined;
    if (!previous || previous.messageId === next.messageId) return;
    await this.edit(previous.channelId, previous.messageId, previous.keep);
  }
}
