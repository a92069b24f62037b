import { z } from 'zod';
import type { FakeFile } from './fake-types.js';
import { type InvalidFormBody, invalidFormBody } from './form-errors.js';

/**
 * What Discord accepts in the bodies a bot sends, as its API docs state them; the fake
 * refuses the rest as Discord does (HTTP 400, "Invalid Form Body"). Each limit is named by
 * the docs' object and field (discord.com/developers/docs: Message Resource "Create Message",
 * Embed Limits, Component Reference, Interactions "Interaction Response Structure",
 * Application Commands, Threads "Start Thread without Message").
 */
export const RULES = {
  'message.content': 2000,
  'message.embeds': 10,
  /** Action rows of a message (the classic, non-V2 layout). */
  'message.components': 5,
  /** files[n] and the attachments describing them. */
  'message.files': 10,
  'message.attachments': 10,
  'embed.title': 256,
  'embed.description': 4096,
  'embed.fields': 25,
  'embed.field.name': 256,
  'embed.field.value': 1024,
  'embed.footer.text': 2048,
  'embed.author.name': 256,
  /** title + description + field names and values + footer text + author name, over all a message's embeds. */
  'embeds.total': 6000,
  /** Up to 5 buttons, or exactly one select. */
  'action_row.components': 5,
  'button.label': 80,
  /** Any component's custom_id: 1 to 100 characters, unique within the message. */
  'component.custom_id': 100,
  'string_select.placeholder': 150,
  'string_select.options': 25,
  /** min_values 0 to 25, max_values 1 to 25, neither above the options offered. */
  'string_select.values': 25,
  'select_option.label': 100,
  'select_option.value': 100,
  'select_option.description': 100,
  'autocomplete.choices': 25,
  'choice.name': 100,
  /** A string choice's value; a number may be any. */
  'choice.value': 100,
  'allowed_mentions.users': 100,
  'allowed_mentions.roles': 100,
  'modal.title': 45,
  'modal.components': 5,
  'thread.name': 100,
  commands: 100,
  'command.name': 32,
  'command.description': 100,
  'command.options': 25,
  'command.choices': 25,
  /** name, description and choice values of a command with all its options. */
  'command.total': 4000,
  /** Largest upload without a boosted server. */
  'file.bytes': 10 * 1024 * 1024,
} as const;

/** Message flags a bot may set (MessageFlags): SUPPRESS_EMBEDS, EPHEMERAL (interactions only), SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2. */
const FLAG = { suppressEmbeds: 1 << 2, ephemeral: 1 << 6, suppressNotifications: 1 << 12, componentsV2: 1 << 15 } as const;

/** A message string: Discord says "Must be between 1 and N" when both ends bind. */
function text(max: number, min = 0) {
  if (!min) return z.string().max(max);
  const bad = `BASE_TYPE_BAD_LENGTH|Must be between ${min} and ${max} in length.`;
  return z.string().min(min, bad).max(max, bad);
}

function list<T extends z.ZodType>(item: T, max: number, min = 0) {
  if (!min) return z.array(item).max(max);
  const bad = `BASE_TYPE_BAD_LENGTH|Must be between ${min} and ${max} in length.`;
  return z.array(item).min(min, bad).max(max, bad);
}

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const REQUIRED = 'BASE_TYPE_REQUIRED|This field is required';

/** A choice's value: a string of up to `max` characters, or a number. */
const stringOrNumber = (max: number) =>
  z.unknown().superRefine((v, ctx) => {
    if (typeof v === 'number') return;
    if (typeof v !== 'string') ctx.addIssue({ code: 'custom', message: `BASE_TYPE_STRING|Could not interpret "${String(v)}" as string.` });
    else if (v.length > max) ctx.addIssue({ code: 'custom', message: `BASE_TYPE_MAX_LENGTH|Must be ${max} or fewer in length.` });
  });

const customId = text(RULES['component.custom_id'], 1);

const button = z
  .object({
    type: z.literal(2),
    style: z.literal([1, 2, 3, 4, 5, 6]),
    label: text(RULES['button.label']).optional(),
    custom_id: customId.optional(),
    url: z.string().optional(),
    sku_id: z.string().optional(),
    emoji: z.object({}).loose().optional(),
    disabled: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    const link = b.style === 5;
    const premium = b.style === 6;
    if (link && b.url === undefined) ctx.addIssue({ code: 'custom', path: ['url'], message: REQUIRED });
    if ((link || premium) && b.custom_id !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['custom_id'],
        message: 'BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED|A link button cannot have a custom id',
      });
    if (!link && !premium && b.custom_id === undefined) ctx.addIssue({ code: 'custom', path: ['custom_id'], message: REQUIRED });
    if (!link && b.url !== undefined)
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'BUTTON_COMPONENT_URL_NOT_ALLOWED|Only a link button has a url' });
    if (!premium && !b.label && !b.emoji) ctx.addIssue({ code: 'custom', path: ['label'], message: REQUIRED });
  });

const selectOption = z.object({
  label: text(RULES['select_option.label'], 1),
  value: text(RULES['select_option.value'], 1),
  description: text(RULES['select_option.description']).optional(),
  emoji: z.object({}).loose().optional(),
  default: z.boolean().optional(),
});

const selectBase = {
  custom_id: customId,
  placeholder: text(RULES['string_select.placeholder']).optional(),
  min_values: int(0, RULES['string_select.values']).optional(),
  max_values: int(1, RULES['string_select.values']).optional(),
  disabled: z.boolean().optional(),
};

const stringSelect = z
  .object({ type: z.literal(3), ...selectBase, options: list(selectOption, RULES['string_select.options'], 1) })
  .superRefine((s, ctx) => {
    const max = s.max_values ?? 1;
    const most = (path: string, limit: number) =>
      ctx.addIssue({ code: 'custom', path: [path], message: `NUMBER_TYPE_MAX|int value should be less than or equal to ${limit}.` });
    if (max > s.options.length) most('max_values', s.options.length);
    if ((s.min_values ?? 1) > Math.min(max, s.options.length)) most('min_values', Math.min(max, s.options.length));
    // A pick sends values back: two options with one value could not be told apart.
    const values = s.options.map((o) => o.value);
    for (const [i, v] of values.entries())
      if (values.indexOf(v) < i)
        ctx.addIssue({
          code: 'custom',
          path: ['options', i, 'value'],
          message: 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED|The specified option value is already used',
        });
  });

/** User, role, mentionable and channel selects: Discord fills their options. */
const autoSelect = z.object({ type: z.literal([5, 6, 7, 8]), ...selectBase });

const component = z.discriminatedUnion('type', [button, stringSelect, autoSelect]);

const actionRow = z
  .object({ type: z.literal(1), components: list(component, RULES['action_row.components'], 1) })
  .superRefine((row, ctx) => {
    // A select fills its row: nothing may stand beside it.
    if (row.components.length > 1 && row.components.some((c) => c.type !== 2))
      ctx.addIssue({
        code: 'custom',
        path: ['components', 1],
        message: 'COMPONENT_LAYOUT_WIDTH_EXCEEDED|The specified component exceeds the maximum width',
      });
  });

const embed = z.object({
  title: text(RULES['embed.title']).optional(),
  description: text(RULES['embed.description']).optional(),
  url: z.string().optional(),
  color: int(0, 0xffffff).optional(),
  fields: list(
    z.object({
      name: text(RULES['embed.field.name'], 1),
      value: text(RULES['embed.field.value'], 1),
      inline: z.boolean().optional(),
    }),
    RULES['embed.fields'],
  ).optional(),
  footer: z.object({ text: text(RULES['embed.footer.text'], 1), icon_url: z.string().optional() }).optional(),
  author: z.object({ name: text(RULES['embed.author.name'], 1), url: z.string().optional(), icon_url: z.string().optional() }).optional(),
  image: z.object({ url: z.string() }).optional(),
  thumbnail: z.object({ url: z.string() }).optional(),
});

type Embed = z.infer<typeof embed>;
const embedChars = (e: Embed) =>
  (e.title?.length ?? 0) +
  (e.description?.length ?? 0) +
  (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0) +
  (e.footer?.text.length ?? 0) +
  (e.author?.name.length ?? 0);

/** Any id Discord can read as a 64-bit number (it does not ask that one exist). */
const snowflakes = (max: number) => list(z.string().regex(/^\d{1,20}$/, `SNOWFLAKE_TYPE_INVALID|Value is not snowflake.`), max);
const allowedMentions = z
  .object({
    parse: z.array(z.enum(['roles', 'users', 'everyone'])).optional(),
    users: snowflakes(RULES['allowed_mentions.users']).optional(),
    roles: snowflakes(RULES['allowed_mentions.roles']).optional(),
    replied_user: z.boolean().optional(),
  })
  .superRefine((a, ctx) => {
    // Parsing a kind and listing ids of that kind contradict each other.
    for (const kind of ['users', 'roles'] as const)
      if (a.parse?.includes(kind) && a[kind]?.length)
        ctx.addIssue({
          code: 'custom',
          path: ['parse'],
          message: `MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE|parse:["${kind}"] and ${kind}: [ids] are mutually exclusive.`,
        });
  });

/** A message body; `flags` names the bits this route lets a bot set. */
function message(flags: number) {
  return z
    .object({
      content: text(RULES['message.content']).nullish(),
      embeds: list(embed, RULES['message.embeds']).nullish(),
      components: list(actionRow, RULES['message.components']).nullish(),
      attachments: list(z.object({ id: z.union([z.string(), z.number()]) }).loose(), RULES['message.attachments']).nullish(),
      allowed_mentions: allowedMentions.nullish(),
      flags: z.number().int().nullish(),
      tts: z.boolean().optional(),
    })
    .superRefine((m, ctx) => {
      if ((m.flags ?? 0) & ~flags)
        ctx.addIssue({ code: 'custom', path: ['flags'], message: `MESSAGE_FLAGS_INVALID|Only flags ${flags} may be set here.` });
      if ((m.embeds ?? []).reduce((n, e) => n + embedChars(e), 0) > RULES['embeds.total'])
        ctx.addIssue({
          code: 'custom',
          path: ['embeds'],
          message: `MAX_EMBED_SIZE_EXCEEDED|Embed size exceeds maximum size of ${RULES['embeds.total']}`,
        });
      const seen = new Set<string>();
      for (const [r, row] of (m.components ?? []).entries())
        for (const [i, c] of row.components.entries()) {
          if (c.custom_id === undefined) continue;
          if (seen.has(c.custom_id))
            ctx.addIssue({
              code: 'custom',
              path: ['components', r, 'components', i, 'custom_id'],
              message: 'COMPONENT_CUSTOM_ID_DUPLICATED|Component custom id was already specified',
            });
          seen.add(c.custom_id);
        }
    });
}

const MESSAGE_FLAGS = FLAG.suppressEmbeds | FLAG.suppressNotifications | FLAG.componentsV2;
const channelMessage = message(MESSAGE_FLAGS);
const interactionMessage = message(MESSAGE_FLAGS | FLAG.ephemeral);

const choice = z.object({ name: text(RULES['choice.name'], 1), value: stringOrNumber(RULES['choice.value']) });

/** Interaction Response Structure: what `data` each callback type takes (PONG is for HTTP endpoints only). */
const CALLBACKS: Record<number, z.ZodType> = {
  4: z.object({ data: interactionMessage }),
  5: z.object({ data: z.object({ flags: z.number().int().nullish() }).optional() }),
  6: z.object({}),
  7: z.object({ data: interactionMessage.optional() }),
  8: z.object({ data: z.object({ choices: list(choice, RULES['autocomplete.choices']) }) }),
  9: z.object({
    data: z.object({
      custom_id: customId,
      title: text(RULES['modal.title'], 1),
      components: list(z.object({}).loose(), RULES['modal.components'], 1),
    }),
  }),
};
const callbackType = z.object({ type: z.literal(Object.keys(CALLBACKS).map(Number)) });

const thread = z.object({
  name: text(RULES['thread.name'], 1),
  auto_archive_duration: z.literal([60, 1440, 4320, 10080]).optional(),
  type: z.literal([10, 11, 12]).optional(),
  invitable: z.boolean().optional(),
  rate_limit_per_user: int(0, 21600).optional(),
});

const name = z
  .string()
  .regex(/^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u, 'APPLICATION_COMMAND_INVALID_NAME|Command name is invalid')
  .refine((n) => n === n.toLowerCase(), 'APPLICATION_COMMAND_INVALID_NAME|Command name must be lower case');
interface OptionJson {
  name: string;
  description?: string;
  choices?: { name: string; value: unknown }[];
  options?: OptionJson[];
}
const option: z.ZodType<OptionJson> = z.lazy(() =>
  z.object({
    type: int(1, 11),
    name,
    description: text(RULES['command.description'], 1),
    required: z.boolean().optional(),
    choices: list(
      z.object({ name: text(RULES['choice.name'], 1), value: stringOrNumber(RULES['choice.value']) }),
      RULES['command.choices'],
    ).optional(),
    options: list(option, RULES['command.options']).optional(),
    min_length: int(0, 6000).optional(),
    max_length: int(1, 6000).optional(),
    autocomplete: z.boolean().optional(),
  }),
);
const optionChars = (o: OptionJson): number =>
  o.name.length +
  (o.description?.length ?? 0) +
  (o.choices ?? []).reduce((n, c) => n + String(c.value).length, 0) +
  (o.options ?? []).reduce((n, x) => n + optionChars(x), 0);
const command = z
  .object({
    name,
    type: z.literal([1, 2, 3, 4]).optional(),
    description: text(RULES['command.description']).optional(),
    options: list(option, RULES['command.options']).optional(),
  })
  .superRefine((c, ctx) => {
    if ((c.type ?? 1) === 1 && !c.description) ctx.addIssue({ code: 'custom', path: ['description'], message: REQUIRED });
    if (optionChars(c) > RULES['command.total'])
      ctx.addIssue({ code: 'custom', message: `APPLICATION_COMMAND_TOO_LARGE|Command exceeds maximum size (${RULES['command.total']})` });
  });
const commands = list(command, RULES.commands);

/** What the fake answers instead of the route's own answer. */
export interface Refusal {
  status: number;
  body: InvalidFormBody | { code: number; message: string };
}

function parsed(schema: z.ZodType, body: unknown): Refusal | undefined {
  const result = schema.safeParse(body);
  return result.success ? undefined : { status: 400, body: invalidFormBody(result.error.issues) };
}

/** Uploads: at most ten, none over 10 MiB (Discord answers that one with 413). */
function checkFiles(files: FakeFile[]): Refusal | undefined {
  if (files.some((f) => f.data.length > RULES['file.bytes']))
    return { status: 413, body: { code: 40005, message: 'Request entity too large' } };
  if (files.length > RULES['message.files'])
    return {
      status: 400,
      body: invalidFormBody([
        { code: 'too_big', origin: 'array', maximum: RULES['message.files'], path: ['files'], message: '' } as z.core.$ZodIssue,
      ]),
    };
  return undefined;
}

/** A new message must show something: text, an embed, a component or a file. */
function checkNotEmpty(data: Record<string, any>, files: FakeFile[]): Refusal | undefined {
  const shows =
    !!data.content || !!data.embeds?.length || !!data.components?.length || files.length > 0 || !!data.sticker_ids?.length || !!data.poll;
  return shows ? undefined : { status: 400, body: { code: 50006, message: 'Cannot send an empty message' } };
}

/** POST /interactions/:id/:token/callback. */
export function checkCallback(payload: Record<string, any>, files: FakeFile[]): Refusal | undefined {
  const refused = parsed(callbackType, payload) ?? parsed(CALLBACKS[payload.type as number]!, payload) ?? checkFiles(files);
  if (refused || payload.type !== 4) return refused;
  return checkNotEmpty(payload.data ?? {}, files);
}

/** A message sent (POST) or edited (PATCH), on a channel or through an interaction's webhook. */
export function checkMessage(
  payload: Record<string, any>,
  files: FakeFile[],
  how: { edit: boolean; interaction: boolean },
): Refusal | undefined {
  const refused = parsed(how.interaction ? interactionMessage : channelMessage, payload) ?? checkFiles(files);
  if (refused || how.edit) return refused;
  return checkNotEmpty(payload, files);
}

/** POST /channels/:id/threads (a thread without a starter message). */
export function checkThread(payload: unknown): Refusal | undefined {
  return parsed(thread, payload);
}

/** PUT /applications/:id(/guilds/:id)/commands: the whole list at once. */
export function checkCommands(payload: unknown): Refusal | undefined {
  return parsed(commands, payload);
}
