import { type ButtonInteraction, type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import type { Reply } from '../contracts/reply.js';
import { messagePayload } from './message-payload.js';

type Answerable = ChatInputCommandInteraction | ButtonInteraction;

/**
 * Answers one interaction in order: the first reply answers it (or fills the "thinking…"
 * placeholder), later ones are follow-ups. If the command has not answered when
 * `deferAfterMs` passes it is deferred, because Discord forgets an interaction not
 * acknowledged within 3 s. Every call goes through one queue, so a timer firing while a
 * reply is on its way cannot acknowledge twice.
 */
export class InteractionResponder {
  private stage: 'fresh' | 'deferred' | 'answered' = 'fresh';
  private deferredEphemeral = false;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly interaction: Answerable,
    deferAfterMs: number,
  ) {
    this.timer = setTimeout(() => void this.defer().catch(() => undefined), deferAfterMs);
  }

  defer(ephemeral = false): Promise<void> {
    return this.enqueue(async () => {
      if (this.stage !== 'fresh') return;
      await this.interaction.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
      this.stage = 'deferred';
      this.deferredEphemeral = ephemeral;
    });
  }

  reply(reply: Reply): Promise<void> {
    return this.enqueue(async () => {
      const payload = messagePayload(reply);
      if (this.stage === 'fresh') {
        clearTimeout(this.timer);
        await this.interaction.reply(payload);
        this.stage = 'answered';
        return;
      }
      if (this.stage === 'deferred') {
        const { flags: _flags, ...edit } = payload;
        if (reply.ephemeral && !this.deferredEphemeral) {
          // A public "thinking…" cannot turn private: answer privately, then remove it.
          await this.interaction.followUp(payload);
          await this.interaction.deleteReply().catch(() => undefined);
        } else {
          await this.interaction.editReply(edit);
        }
        this.stage = 'answered';
        return;
      }
      await this.interaction.followUp(payload);
    });
  }

  /** Once the command is done: stop the timer, and never leave a "thinking…" without an answer. */
  async finish(): Promise<void> {
    clearTimeout(this.timer);
    await this.queue.catch(() => undefined);
    if (this.stage !== 'answered') await this.reply({ content: 'Done.', ephemeral: true }).catch(() => undefined);
  }

  get answered(): boolean {
    return this.stage !== 'fresh';
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
