import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type REST,
  Routes,
  type StringSelectMenuInteraction,
} from 'discord.js';
import { UserError } from '../contracts/errors.js';
import { clip, LIMITS } from '../contracts/limits.js';
import type { Reply } from '../contracts/reply.js';
import type { Invocation } from '../dispatch/command.js';
import type { Dispatcher } from '../dispatch/dispatch.js';
import { openGameThread } from './game-thread.js';
import { InteractionResponder } from './interaction-responder.js';
import { buttonPressOf, invocationOf } from './invocation.js';
import type { PromptBoard } from './prompt-board.js';
import type { Log } from './redacting-log.js';
import { postMessage } from './rest-poster.js';

export interface HandlerOptions {
  dispatcher: Dispatcher;
  deferAfterMs: number;
  log: Log;
  /** Takes the buttons off a game's previous prompt when a new one is posted. */
  board?: PromptBoard;
}

/** Route one interaction to the shared command layer; never throws (errors are logged). */
export async function handleInteraction(interaction: Interaction, options: HandlerOptions): Promise<void> {
  try {
    if (interaction.isAutocomplete()) await answerAutocomplete(interaction, options);
    else if (interaction.isChatInputCommand()) await runCommand(interaction, options);
    else if (interaction.isButton() || interaction.isStringSelectMenu()) await pressButton(interaction, options);
  } catch (err) {
    // What escaped the dispatcher: Discord refusing an answer, say.
    options.log.logger.error(
      {
        err,
        interactionId: interaction.id,
        kind: interaction.isAutocomplete()
          ? 'autocomplete'
          : interaction.isButton()
            ? 'button'
            : interaction.isStringSelectMenu()
              ? 'menu'
              : 'command',
        ...(interaction.isCommand() ? { command: interaction.commandName } : {}),
        channelId: interaction.channelId,
        ...(interaction.guildId ? { guildId: interaction.guildId } : {}),
        userId: interaction.user.id,
      },
      'interaction failed',
    );
  }
}

async function answerAutocomplete(interaction: AutocompleteInteraction, options: HandlerOptions): Promise<void> {
  const focused = interaction.options.getFocused(true);
  const choices = await options.dispatcher.autocomplete({
    invocation: withGuild(invocationOf(interaction), interaction.guildId),
    focused: { name: focused.name, value: String(focused.value) },
  });
  await interaction.respond(
    choices.slice(0, LIMITS.choices).map((c) => ({ name: clip(c.name, LIMITS.choiceNameChars), value: c.value.slice(0, 100) })),
  );
}

async function runCommand(interaction: ChatInputCommandInteraction, options: HandlerOptions): Promise<void> {
  const onPosted = postedTo(options);
  const responder = new InteractionResponder(interaction, options.deferAfterMs, onPosted);
  const thread = new GameThread(interaction.client.rest, interaction.channelId, responder, onPosted);
  try {
    const invocation = withGuild(invocationOf(interaction), interaction.guildId);
    await options.dispatcher.command({
      invocation,
      reply: (r) => thread.reply(r),
      defer: (e) => responder.defer(e),
      openThread: (name) => thread.open(name),
    });
  } finally {
    await thread.finish();
    await responder.finish();
  }
}

/** A button press or a menu pick: both reach the command named before the first colon of the custom id. */
async function pressButton(interaction: ButtonInteraction | StringSelectMenuInteraction, options: HandlerOptions): Promise<void> {
  const responder = new InteractionResponder(interaction, options.deferAfterMs, postedTo(options));
  try {
    const press = { ...buttonPressOf(interaction), ...(interaction.guildId ? { guildId: interaction.guildId } : {}) };
    await options.dispatcher.button({ press, reply: (r) => responder.reply(r), defer: (e) => responder.defer(e) });
  } finally {
    await responder.finish();
  }
}

/**
 * `/game new thread:true`: the command opens the thread only once every check has passed
 * (options, game, caps); from then on its public messages go into the thread and the
 * command itself is answered with a link. A thread whose game was refused after all (a race)
 * is removed again, so no empty thread stays behind.
 */
class GameThread {
  private id?: string;
  private posted = false;

  constructor(
    private readonly rest: REST,
    private readonly channelId: string,
    private readonly responder: InteractionResponder,
    private readonly onPosted?: (channelId: string, messageId: string, reply: Reply) => Promise<void>,
  ) {}

  async open(name: string): Promise<string> {
    if (this.id) return this.id;
    // Opening a thread and drawing the first map may take longer than Discord's 3 s.
    await this.responder.defer();
    try {
      this.id = await openGameThread(this.rest, this.channelId, name);
    } catch {
      throw new UserError(
        'I could not open a thread here (the bot needs Create Public Threads, and a thread cannot hold another). Nothing was started.',
      );
    }
    return this.id;
  }

  async reply(r: Reply): Promise<void> {
    if (!this.id || r.ephemeral) return this.responder.reply(r);
    const id = await postMessage(this.rest, this.id, r);
    void this.onPosted?.(this.id, id, r).catch(() => undefined);
    if (!this.posted) await this.responder.reply({ content: `The game is in <#${this.id}>: give your orders there.` });
    this.posted = true;
  }

  async finish(): Promise<void> {
    if (this.id && !this.posted) await this.rest.delete(Routes.channel(this.id)).catch(() => undefined);
  }
}

function postedTo(options: HandlerOptions): ((channelId: string, messageId: string, reply: Reply) => Promise<void>) | undefined {
  const board = options.board;
  return board ? (channelId, messageId, reply) => board.posted(channelId, messageId, reply) : undefined;
}

/** The server id travels with the invocation so games can be listed per server. */
function withGuild(invocation: Invocation, guildId: string | null): Invocation {
  return guildId ? ({ ...invocation, guildId } as Invocation) : invocation;
}
