import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, MessageFlags } from 'discord.js';
import { fitText, LIMITS } from '../contracts/limits.js';
import type { Reply, ReplyButton } from '../contracts/reply.js';

const STYLES: Record<NonNullable<ReplyButton['style']>, ButtonStyle> = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
};

export interface MessagePayload {
  content: string;
  files: AttachmentBuilder[];
  components: ActionRowBuilder<ButtonBuilder>[];
  flags?: MessageFlags.Ephemeral;
  allowedMentions: { parse: [] };
}

/**
 * A Reply as a Discord message: text within 2,000 characters, files as attachments, buttons
 * in rows of five. Nobody is pinged by the bot's text (players' names are plain text).
 */
export function messagePayload(reply: Reply): MessagePayload {
  const buttons = (reply.buttons ?? []).slice(0, LIMITS.choices);
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let i = 0; i < buttons.length; i += 5) {
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        buttons.slice(i, i + 5).map((b) =>
          new ButtonBuilder()
            .setCustomId(b.customId)
            .setLabel(b.label)
            .setStyle(STYLES[b.style ?? 'secondary']),
        ),
      ),
    );
  }
  return {
    content: fitText(reply.content || '\u200b'),
    files: (reply.files ?? []).map(
      (f) => new AttachmentBuilder(f.data, { name: f.name, ...(f.description ? { description: f.description } : {}) }),
    ),
    components: rows,
    ...(reply.ephemeral ? { flags: MessageFlags.Ephemeral } : {}),
    allowedMentions: { parse: [] },
  };
}
