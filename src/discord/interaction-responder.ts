import { type ChatInputCommandInteraction, type MessageComponentInteraction, MessageFlags } from 'discord.js';
import type { Reply } from '../contracts/reply.js';
import { messagePayload } from './message-payload.js';

type Answerable = ChatInputCommandInteraction | MessageComponentInteraction;

/** Told of every public message an answer posted or changed: its channel, its id and what it shows. */
export type OnPosted = (channelId: string, messageId: string, reply: Reply) => Promise<void>;

/**
 * Answers one interaction in order: the first reply answers it (or fills the "thinking…"
 * placeholder), later ones are follow-ups. If the command has not answered when
 * `deferAfterMs` passes (counted from the interaction's creation) it is deferred, because
 * Discord forgets an interaction not acknowledged within 3 s. Every call goes through one queue, so a timer firing while a
 * reply is on its way cannot acknowledge twice.
 *
 * A button or menu pick is deferred without a placeholder (Discord's deferUpdate): its
 * answer is then either a new message (a follow-up, public or private) or, for a reply that
 * shows the same view again (`replace`), an edit of the message the pick was made on.
 */
export class InteractionResponder {
  private stage: 'fresh' | 'deferred' | 'answered' = 'fresh';
  private deferredEphemeral = false;
  /** The first answer edited the picked message (or the pick was deferred): later replacements edit it again. */
  private editsSource = false;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly interaction: Answerable,
    deferAfterMs: number,
    private readonly onPosted?: OnPosted,
  ) {
    // Discord's 3 s run from when it created the interaction (its id's timestamp), not from when
    // this process got to it: on a busy process the two differ by the time it waited.
    const age = Math.min(Math.max(0, Date.now() - interaction.createdTimestamp), deferAfterMs);
    this.timer = setTimeout(() => void this.defer().catch(() => undefined), deferAfterMs - age);
  }

  private get isPick(): boolean {
    return this.interaction.isMessageComponent();
  }

  defer(ephemeral = false): Promise<void> {
    return this.enqueue(async () => {
      if (this.stage !== 'fresh') return;
      if (this.isPick) {
        await (this.interaction as MessageComponentInteraction).deferUpdate();
        this.editsSource = true;
      } else await this.interaction.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
      this.stage = 'deferred';
      this.deferredEphemeral = ephemeral;
    });
  }

  reply(reply: Reply): Promise<void> {
    return this.enqueue(async () => {
      const id = await this.send(reply);
      // Taking buttons off earlier prompts is tidying: the answer, and the order's lock, never wait for it.
      if (id && !reply.ephemeral && this.onPosted) void this.onPosted(this.interaction.channelId ?? '', id, reply).catch(() => undefined);
    });
  }

  /** Send one reply; resolves with the id of the message it posted or changed. */
  private async send(reply: Reply): Promise<string | undefined> {
    const payload = messagePayload(reply);
    const { flags: _flags, ...edit } = payload;
    const pick = this.isPick ? (this.interaction as MessageComponentInteraction) : undefined;
    if (this.stage === 'fresh') {
      clearTimeout(this.timer);
      this.stage = 'answered';
      if (pick && reply.replace) {
        await pick.update(edit);
        this.editsSource = true;
        return pick.message.id;
      }
      const response = await this.interaction.reply({ ...payload, withResponse: true });
      return response.resource?.message?.id;
    }
    if (pick && reply.replace && this.editsSource) {
      this.stage = 'answered';
      return (await pick.editReply(edit)).id;
    }
    if (this.stage === 'deferred' && !pick) {
      this.stage = 'answered';
      if (reply.ephemeral && !this.deferredEphemeral) {
        // A public "thinking…" cannot turn private: answer privately, then remove it.
        await this.interaction.followUp(payload);
        await this.interaction.deleteReply().catch(() => undefined);
        return undefined;
      }
      return (await this.interaction.editReply(edit)).id;
    }
    this.stage = 'answered';
    return (await this.interaction.followUp(payload)).id;
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
