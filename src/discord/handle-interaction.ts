import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type REST,
  Routes,
} from 'discord.js';
import { clip, LIMITS } from '../contracts/limits.js';
import type { Reply } from '../contracts/reply.js';
import type { Invocation } from '../dispatch/command.js';
import type { Dispatcher } from '../dispatch/dispatch.js';
import { openGameThread } from './game-thread.js';
import { InteractionResponder } from './interaction-responder.js';
import { buttonPressOf, invocationOf } from './invocation.js';
import { messageRequest } from './rest-poster.js';

export interface HandlerOptions {
  dispatcher: Dispatcher;
  deferAfterMs: number;
  log: (message: string, err?: unknown) => void;
}

/** Route one interaction to the shared command layer; never throws (errors are logged). */
export async function handleInteraction(interaction: Interaction, options: HandlerOptions): Promise<void> {
  try {
    if (interaction.isAutocomplete()) await answerAutocomplete(interaction, options);
    else if (interaction.isChatInputCommand()) await runCommand(interaction, options);
    else if (interaction.isButton()) await pressButton(interaction, options);
  } catch (err) {
    options.log(`interaction ${interaction.id} failed`, err);
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
  const responder = new InteractionResponder(interaction, options.deferAfterMs);
  try {
    const invocation = withGuild(invocationOf(interaction), interaction.guildId);
    if (invocation.command === 'game' && invocation.subcommand === 'new' && invocation.options.thread === true) {
      await startInThread(interaction, invocation, responder, options.dispatcher);
      return;
    }
    await options.dispatcher.command({ invocation, reply: (r) => responder.reply(r), defer: (e) => responder.defer(e) });
  } finally {
    await responder.finish();
  }
}

async function pressButton(interaction: ButtonInteraction, options: HandlerOptions): Promise<void> {
  const responder = new InteractionResponder(interaction, options.deferAfterMs);
  try {
    const press = { ...buttonPressOf(interaction), ...(interaction.guildId ? { guildId: interaction.guildId } : {}) };
    await options.dispatcher.button({ press, reply: (r) => responder.reply(r), defer: (e) => responder.defer(e) });
  } finally {
    await responder.finish();
  }
}

/**
 * `/game new thread:true`: open a thread, start the game there and post its messages in it;
 * the command itself is answered with a link. A refused start removes the empty thread.
 */
async function startInThread(
  interaction: ChatInputCommandInteraction,
  invocation: Invocation,
  responder: InteractionResponder,
  dispatcher: Dispatcher,
): Promise<void> {
  const rest: REST = interaction.client.rest;
  await responder.defer();
  let threadId: string;
  try {
    threadId = await openGameThread(rest, invocation.channelId, `${String(invocation.options.game ?? 'game')} by ${invocation.user.name}`);
  } catch {
    await responder.reply({
      content:
        'I could not open a thread here (the bot needs Create Public Threads, and a thread cannot hold another). Nothing was started.',
      ephemeral: true,
    });
    return;
  }
  let posted = false;
  const reply = async (r: Reply) => {
    if (r.ephemeral) return responder.reply(r);
    await rest.post(Routes.channelMessages(threadId), messageRequest(r));
    if (!posted) await responder.reply({ content: `The game is in <#${threadId}>: give your orders there.` });
    posted = true;
  };
  await dispatcher.command({ invocation: { ...invocation, channelId: threadId }, reply });
  if (!posted) await rest.delete(Routes.channel(threadId)).catch(() => undefined);
}

/** The server id travels with the invocation so games can be listed per server. */
function withGuild(invocation: Invocation, guildId: string | null): Invocation {
  return guildId ? ({ ...invocation, guildId } as Invocation) : invocation;
}
