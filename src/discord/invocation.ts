import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
  PermissionFlagsBits,
} from 'discord.js';
import type { OptionValue } from '../contracts/reply.js';
import type { ButtonPress, Invocation } from '../dispatch/command.js';

type Asker = ChatInputCommandInteraction | AutocompleteInteraction | ButtonInteraction;

/** Who asked: id, the name shown in the channel, Manage Channels, and role ids. */
export function actorOf(interaction: Asker): Invocation['user'] {
  const member = interaction.member;
  const roles = member && 'roles' in member ? (Array.isArray(member.roles) ? member.roles : [...member.roles.cache.keys()]) : [];
  const name = (member && 'nick' in member && member.nick) || interaction.user.globalName || interaction.user.username;
  return {
    id: interaction.user.id,
    name,
    ...(interaction.memberPermissions?.has(PermissionFlagsBits.ManageChannels) ? { canManage: true } : {}),
    ...(roles.length ? { roles } : {}),
  };
}

/**
 * A slash command (or the command being autocompleted) as the front-end-neutral
 * Invocation: subcommand and flat options, untyped; each command checks them with zod. An
 * attached file arrives as its URL (Discord's CDN), which is what `/game import` reads.
 */
export function invocationOf(
  interaction: ChatInputCommandInteraction | AutocompleteInteraction,
  channelId = interaction.channelId ?? '',
): Invocation {
  let options: readonly CommandInteractionOption[] = interaction.options.data;
  let subcommand: string | undefined;
  const first = options[0];
  if (first?.type === ApplicationCommandOptionType.SubcommandGroup) {
    subcommand = first.options?.[0]?.name;
    options = first.options?.[0]?.options ?? [];
  } else if (first?.type === ApplicationCommandOptionType.Subcommand) {
    subcommand = first.name;
    options = first.options ?? [];
  }
  const values: Record<string, OptionValue> = {};
  for (const o of options) {
    // An attachment option's value is the attachment's id; the command wants the file, so its URL.
    if (o.type === ApplicationCommandOptionType.Attachment) {
      if (o.attachment?.url) values[o.name] = o.attachment.url;
    } else if (o.value !== undefined) values[o.name] = o.value;
  }
  return {
    command: interaction.commandName,
    ...(subcommand ? { subcommand } : {}),
    options: values,
    user: actorOf(interaction),
    channelId,
  };
}

export function buttonPressOf(interaction: ButtonInteraction): ButtonPress {
  return { customId: interaction.customId, user: actorOf(interaction), channelId: interaction.channelId };
}
