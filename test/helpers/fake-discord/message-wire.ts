import type { IncomingMessage } from 'node:http';
import type { FakeButton, FakeEmbed, FakeFile, FakeMenu, FakeMessage, FakeRole, FakeUser } from './fake-types.js';
import { snowflake } from './snowflake.js';

/** Messages, members and roles as Discord's JSON carries them, both ways, and request bodies as discord.js sends them. */

export const EPHEMERAL = 1 << 6;

export function userJson(user: FakeUser): Record<string, unknown> {
  return { id: user.id, username: user.name, discriminator: '0', global_name: user.name, avatar: null };
}

/** A guild member as Discord sends it in an interaction (`permissions` added there). */
export function memberJson(user: FakeUser): Record<string, unknown> {
  return {
    user: userJson(user),
    nick: user.nick ?? null,
    avatar: null,
    roles: user.roles ?? [],
    joined_at: new Date(0).toISOString(),
    premium_since: null,
    pending: false,
    communication_disabled_until: null,
    deaf: false,
    mute: false,
    flags: 0,
  };
}

export function roleJson(role: FakeRole): Record<string, unknown> {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.position === 0 ? '1071698660929' : '0',
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

/** A guild as GUILD_CREATE carries it for a bot with only the Guilds intent: no member list but the bot's own. */
export function guildJson(guildId: string, roles: FakeRole[], bot: { id: string; username: string }): Record<string, unknown> {
  return {
    id: guildId,
    name: `guild-${guildId.slice(-4)}`,
    icon: null,
    owner_id: snowflake(),
    unavailable: false,
    large: false,
    member_count: 1,
    joined_at: new Date(0).toISOString(),
    roles: roles.map(roleJson),
    channels: [],
    threads: [],
    members: [{ ...memberJson({ id: bot.id, name: bot.username }), user: bot }],
    emojis: [],
    stickers: [],
    features: [],
    voice_states: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    premium_tier: 0,
    preferred_locale: 'en-US',
    system_channel_flags: 0,
    verification_level: 0,
    explicit_content_filter: 0,
    default_message_notifications: 0,
    mfa_level: 0,
    nsfw_level: 0,
  };
}

/** An attached file's id, a snowflake as on Discord (never a small number, which names a new upload in an edit). */
export function attachmentId(message: FakeMessage, index: number): string {
  return (BigInt(message.id) + BigInt(index + 1)).toString();
}

export function menusOf(components: unknown): FakeMenu[] {
  if (!Array.isArray(components)) return [];
  return components.flatMap((row: any) =>
    (row?.components ?? [])
      .filter((c: any) => c?.type === 3)
      .map((c: any) => ({
        customId: String(c.custom_id),
        placeholder: String(c.placeholder ?? ''),
        options: (c.options ?? []).map((o: any) => ({
          label: String(o.label),
          value: String(o.value),
          ...(o.description ? { description: String(o.description) } : {}),
        })),
        disabled: !!c.disabled,
        minValues: typeof c.min_values === 'number' ? c.min_values : 1,
        maxValues: typeof c.max_values === 'number' ? c.max_values : 1,
      })),
  );
}

/** attachment://name points at the message's own file of that name. */
export function imageFileOf(url: string | undefined, files: FakeFile[]): FakeFile | undefined {
  const name = url?.startsWith('attachment://') ? url.slice('attachment://'.length) : undefined;
  return name ? files.find((f) => f.name === name) : undefined;
}

export function embedsOf(embeds: unknown, files: FakeFile[]): FakeEmbed[] {
  if (!Array.isArray(embeds)) return [];
  return embeds.map((e: any) => ({
    ...(e.title !== undefined ? { title: String(e.title) } : {}),
    ...(e.description !== undefined ? { description: String(e.description) } : {}),
    ...(e.color !== undefined ? { color: Number(e.color) } : {}),
    fields: (e.fields ?? []).map((f: any) => ({ name: String(f.name), value: String(f.value), inline: !!f.inline })),
    ...(e.footer?.text !== undefined ? { footer: String(e.footer.text) } : {}),
    ...(e.image?.url !== undefined ? { imageUrl: String(e.image.url) } : {}),
    imageFile: imageFileOf(e.image?.url, files),
  }));
}

export function buttonsOf(components: unknown): FakeButton[] {
  if (!Array.isArray(components)) return [];
  return components.flatMap((row: any) =>
    (row?.components ?? [])
      .filter((c: any) => c?.type === 2)
      .map((c: any) => ({
        customId: String(c.custom_id),
        label: String(c.label ?? ''),
        style: Number(c.style ?? 1),
        disabled: !!c.disabled,
        minValues: typeof c.min_values === 'number' ? c.min_values : 1,
        maxValues: typeof c.max_values === 'number' ? c.max_values : 1,
      })),
  );
}

export function messageJson(message: FakeMessage, author: object): Record<string, unknown> {
  return {
    id: message.id,
    type: 0,
    channel_id: message.channelId,
    author,
    content: message.content,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: message.files.map((f, i) => ({
      id: attachmentId(message, i),
      filename: f.name,
      size: f.data.length,
      url: `https://cdn.invalid/${f.name}`,
      proxy_url: `https://cdn.invalid/${f.name}`,
    })),
    embeds: message.embeds.map((e) => ({
      type: 'rich',
      ...(e.title !== undefined ? { title: e.title } : {}),
      ...(e.description !== undefined ? { description: e.description } : {}),
      ...(e.color !== undefined ? { color: e.color } : {}),
      fields: e.fields,
      // Discord serves an attachment:// picture from its CDN once sent.
      ...(e.imageFile ? { image: { url: `https://cdn.invalid/${e.imageFile.name}` } } : {}),
    })),
    pinned: false,
    flags: message.ephemeral ? EPHEMERAL : 0,
    components: message.components,
  };
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** JSON bodies, or multipart ones (payload_json plus files[n]) as discord.js sends uploads. */
export async function parsePayload(req: IncomingMessage, body: Buffer): Promise<{ payload: Record<string, any>; files: FakeFile[] }> {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) return { payload: body.length ? JSON.parse(body.toString('utf8')) : {}, files: [] };
  const form = await new Request('http://127.0.0.1/', {
    method: 'POST',
    headers: { 'content-type': type },
    body: new Uint8Array(body),
  }).formData();
  const payload = JSON.parse(String(form.get('payload_json') ?? '{}')) as Record<string, any>;
  const files: FakeFile[] = [];
  for (const [key, value] of form.entries()) {
    if (!key.startsWith('files[') || typeof value === 'string') continue;
    files.push({ name: value.name, data: Buffer.from(await value.arrayBuffer()) });
  }
  return { payload, files };
}
