import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
  GuildMember,
  PermissionFlagsBits,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { OptionValue } from '../contracts/reply.js';
import type { AttachedFile, ButtonPress, Invocation } from '../dispatch/command.js';

type Asker = ChatInputCommandInteraction | AutocompleteInteraction | ButtonInteraction | StringSelectMenuInteraction;

/**
 * Who asked: id, the name shown in the channel, Manage Channels, and role ids. On a server the
 * bot has in its cache (every server, on Discord: they arrive with READY) the member is a
 * GuildMember (`nickname`, roles from the server's role cache); otherwise Discord's raw member
 * (`nick`, role ids). Either way the roles are those Discord lists, without @everyone.
 */
export function actorOf(interaction: Asker): Invocation['user'] {
  const member = interaction.member;
  let roles: string[] = [];
  let nick: string | null | undefined;
  if (member instanceof GuildMember) {
    roles = [...member.roles.cache.keys()].filter((id) => id !== member.guild.id);
    nick = member.nickname;
  } else if (member) {
    roles = member.roles;
    nick = member.nick;
  }
  const name = nick || interaction.user.globalName || interaction.user.username;
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
 * attached file arrives as its URL (Discord's CDN), which is what `/game import` reads, and
 * is described in `files` (name, size) so a file too large is refused before it is fetched.
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
  const files: Record<string, AttachedFile> = {};
  for (const o of options) {
    // An attachment option's value is the attachment's id; the file (URL, size) is in the
    // interaction's resolved.attachments, which discord.js hands over as `o.attachment`.
    if (o.type === ApplicationCommandOptionType.Attachment) {
      if (o.attachment?.url) {
        values[o.name] = o.attachment.url;
        files[o.name] = { url: o.attachment.url, name: o.attachment.name, bytes: o.attachment.size };
      }
    } else if (o.value !== undefined) values[o.name] = o.value;
  }
  return {
    command: interaction.commandName,
    ...(subcommand ? { subcommand } : {}),
    options: values,
    ...(Object.keys(files).length ? { files } : {}),
    user: actorOf(interaction),
    channelId,
  };
}

/** A button press, or a menu pick with the values picked. */
export function buttonPressOf(interaction: ButtonInteraction | StringSelectMenuInteraction): ButtonPress {
  return {
    customId: interaction.customId,
    user: actorOf(interaction),
    channelId: interaction.channelId,
    ...(interaction.isStringSelectMenu() ? { values: [...interaction.values] } : {}),
  };
}
