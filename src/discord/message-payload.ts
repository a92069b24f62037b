import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  MessageFlags,
  StringSelectMenuBuilder,
} from 'discord.js';
import { clip, fitText, LIMITS } from '../contracts/limits.js';
import type { Reply, ReplyButton, ReplyEmbed, ReplyMenu } from '../contracts/reply.js';

const STYLES: Record<NonNullable<ReplyButton['style']>, ButtonStyle> = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
};

/** Discord's limits on embeds and select menus (the rest are in LIMITS). */
const EMBED = { title: 256, description: 4096, fields: 25, fieldName: 256, fieldValue: 1024, footer: 2048 } as const;
const MENU = { placeholder: 150, label: 100, description: 100, value: 100 } as const;

type Row = ActionRowBuilder<ButtonBuilder> | ActionRowBuilder<StringSelectMenuBuilder>;

export interface MessagePayload {
  content: string;
  /** Absent: an edit keeps the message's files (an empty list would remove them). */
  files?: AttachmentBuilder[];
  components: Row[];
  embeds: EmbedBuilder[];
  flags?: MessageFlags.Ephemeral;
  allowedMentions: { parse: [] };
}

/**
 * A Reply as a Discord message: text within 2,000 characters, files as attachments, an embed
 * whose picture is one of those files (attachment://name), a menu on its own row, buttons in
 * rows of five (five rows in all). Nobody is pinged by the bot's text (players' names are
 * plain text).
 */
export function messagePayload(reply: Reply): MessagePayload {
  const rows: Row[] = [];
  if (reply.menu) rows.push(menuRow(reply.menu));
  const buttons = (reply.buttons ?? []).slice(0, (5 - rows.length) * 5);
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
  const embeds = reply.embed ? [embedOf(reply.embed, reply)] : [];
  return {
    // A message needs text, a file or an embed; a card alone may go without text.
    content: reply.content ? fitText(reply.content) : embeds.length ? '' : '\u200b',
    ...(reply.files
      ? {
          files: reply.files.map(
            (f) => new AttachmentBuilder(f.data, { name: f.name, ...(f.description ? { description: f.description } : {}) }),
          ),
        }
      : {}),
    components: rows,
    embeds,
    ...(reply.ephemeral ? { flags: MessageFlags.Ephemeral } : {}),
    allowedMentions: { parse: [] },
  };
}

function menuRow(menu: ReplyMenu): ActionRowBuilder<StringSelectMenuBuilder> {
  const select = new StringSelectMenuBuilder()
    .setCustomId(menu.customId)
    .setPlaceholder(clip(menu.placeholder, MENU.placeholder))
    .addOptions(
      menu.options.slice(0, LIMITS.choices).map((o) => ({
        label: clip(o.label, MENU.label),
        value: o.value.slice(0, MENU.value),
        ...(o.description ? { description: clip(o.description, MENU.description) } : {}),
      })),
    );
  // Several picks at once: Discord refuses a maximum above the options offered.
  const offered = Math.min(menu.options.length, LIMITS.choices);
  if (menu.maxValues !== undefined) select.setMaxValues(Math.max(1, Math.min(menu.maxValues, offered)));
  if (menu.minValues !== undefined) select.setMinValues(Math.max(0, Math.min(menu.minValues, menu.maxValues ?? 1, offered)));
  return new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(select);
}

/** The card, its picture pointing at the reply's own file (a file not sent is left out). */
function embedOf(embed: ReplyEmbed, reply: Reply): EmbedBuilder {
  const e = new EmbedBuilder().setTitle(clip(embed.title, EMBED.title));
  if (embed.description) e.setDescription(clip(embed.description, EMBED.description));
  if (embed.colour !== undefined) e.setColor(embed.colour);
  const fields = (embed.fields ?? []).filter((f) => f.name && f.value).slice(0, EMBED.fields);
  if (fields.length)
    e.addFields(
      fields.map((f) => ({ name: clip(f.name, EMBED.fieldName), value: clip(f.value, EMBED.fieldValue), inline: f.inline ?? false })),
    );
  if (embed.image && (reply.files ?? []).some((f) => f.name === embed.image)) e.setImage(`attachment://${embed.image}`);
  if (embed.footer) e.setFooter({ text: clip(embed.footer, EMBED.footer) });
  return e;
}
