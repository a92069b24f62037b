/**
 * Bodies at Discord's limits and just past them, for the fake Discord's strictness tests: each
 * case names the rule, a body just inside it, one just over it, and the field path and code
 * Discord answers the second with.
 */

/** A member id for allowed_mentions (any 64-bit id will do). */
const MEMBER_ID = '300000000000000001';

export const x = (n: number) => 'x'.repeat(n);
export const quiet = { allowed_mentions: { parse: [] } };
export const msg = (fields: object) => ({ content: 'Turn 1', ...quiet, ...fields });
export const row = (...components: object[]) => ({ type: 1, components });
export const button = (id: string, fields: object = {}) => ({ type: 2, style: 1, label: 'Go', custom_id: id, ...fields });
export const buttons = (n: number, prefix = 'b') => Array.from({ length: n }, (_, i) => button(`${prefix}${i}`));
export const options = (n: number, fields: object = {}) =>
  Array.from({ length: n }, (_, i) => ({ label: `Hex ${i}`, value: `v${i}`, ...fields }));
export const select = (fields: object = {}) => ({ type: 3, custom_id: 'pick', options: options(3), ...fields });
export const embed = (fields: object) => ({ title: 'Turn 1', ...fields });
export const field = (name: string, value: string) => ({ name, value });

export interface Rule {
  rule: string;
  inside: object;
  over: object;
  path: string;
  code: string;
}

/** Message limits, sent as channel messages (the same rules hold on every message route: see below). */
export const MESSAGE_RULES: Rule[] = [
  { rule: 'content', inside: { content: x(2000) }, over: { content: x(2001) }, path: 'content', code: 'BASE_TYPE_MAX_LENGTH' },
  {
    rule: 'embeds',
    inside: { embeds: Array(10).fill(embed({})) },
    over: { embeds: Array(11).fill(embed({})) },
    path: 'embeds',
    code: 'BASE_TYPE_MAX_LENGTH',
  },
  {
    rule: 'embed title',
    inside: { embeds: [embed({ title: x(256) })] },
    over: { embeds: [embed({ title: x(257) })] },
    path: 'embeds[0].title',
    code: 'BASE_TYPE_MAX_LENGTH',
  },
  {
    rule: 'embed description',
    inside: { embeds: [embed({ description: x(4096) })] },
    over: { embeds: [embed({ description: x(4097) })] },
    path: 'embeds[0].description',
    code: 'BASE_TYPE_MAX_LENGTH',
  },
  {
    rule: 'embed fields',
    inside: { embeds: [embed({ fields: Array(25).fill(field('a', 'b')) })] },
    over: { embeds: [embed({ fields: Array(26).fill(field('a', 'b')) })] },
    path: 'embeds[0].fields',
    code: 'BASE_TYPE_MAX_LENGTH',
  },
  {
    rule: 'field name',
    inside: { embeds: [embed({ fields: [field(x(256), 'b')] })] },
    over: { embeds: [embed({ fields: [field(x(257), 'b')] })] },
    path: 'embeds[0].fields[0].name',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'field value',
    inside: { embeds: [embed({ fields: [field('a', x(1024))] })] },
    over: { embeds: [embed({ fields: [field('a', x(1025))] })] },
    path: 'embeds[0].fields[0].value',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'empty field value',
    inside: { embeds: [embed({ fields: [field('a', 'b')] })] },
    over: { embeds: [embed({ fields: [field('a', '')] })] },
    path: 'embeds[0].fields[0].value',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'footer text',
    inside: { embeds: [embed({ footer: { text: x(2048) } })] },
    over: { embeds: [embed({ footer: { text: x(2049) } })] },
    path: 'embeds[0].footer.text',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'author name',
    inside: { embeds: [embed({ author: { name: x(256) } })] },
    over: { embeds: [embed({ author: { name: x(257) } })] },
    path: 'embeds[0].author.name',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'all embeds together',
    inside: { embeds: [embed({ description: x(4000) }), embed({ title: undefined, description: x(1994) })] },
    over: { embeds: [embed({ description: x(4000) }), embed({ title: undefined, description: x(1995) })] },
    path: 'embeds',
    code: 'MAX_EMBED_SIZE_EXCEEDED',
  },
  {
    rule: 'action rows',
    inside: { components: [1, 2, 3, 4, 5].map((r) => row(button(`r${r}`))) },
    over: { components: [1, 2, 3, 4, 5, 6].map((r) => row(button(`r${r}`))) },
    path: 'components',
    code: 'BASE_TYPE_MAX_LENGTH',
  },
  {
    rule: 'buttons in a row',
    inside: { components: [row(...buttons(5))] },
    over: { components: [row(...buttons(6))] },
    path: 'components[0].components',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'an empty row',
    inside: { components: [row(button('a'))] },
    over: { components: [row()] },
    path: 'components[0].components',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'a select beside a button',
    inside: { components: [row(select()), row(button('a'))] },
    over: { components: [row(select(), button('a'))] },
    path: 'components[0].components[1]',
    code: 'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
  },
  {
    rule: 'button label',
    inside: { components: [row(button('a', { label: x(80) }))] },
    over: { components: [row(button('a', { label: x(81) }))] },
    path: 'components[0].components[0].label',
    code: 'BASE_TYPE_MAX_LENGTH',
  },
  {
    rule: 'button custom_id',
    inside: { components: [row(button(x(100)))] },
    over: { components: [row(button('a'), button(x(101)))] },
    path: 'components[0].components[1].custom_id',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'an empty custom_id',
    inside: { components: [row(button('a'))] },
    over: { components: [row(button(''))] },
    path: 'components[0].components[0].custom_id',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'custom_id unique in the message',
    inside: { components: [row(button('a')), row(button('b'))] },
    over: { components: [row(button('a')), row(button('a'))] },
    path: 'components[1].components[0].custom_id',
    code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
  },
  {
    rule: 'a button needs a custom_id',
    inside: { components: [row(button('a'))] },
    over: { components: [row({ type: 2, style: 1, label: 'Go' })] },
    path: 'components[0].components[0].custom_id',
    code: 'BASE_TYPE_REQUIRED',
  },
  {
    rule: 'a link button has no custom_id',
    inside: { components: [row({ type: 2, style: 5, label: 'Rules', url: 'https://example.com' })] },
    over: { components: [row({ type: 2, style: 5, label: 'Rules', url: 'https://example.com', custom_id: 'a' })] },
    path: 'components[0].components[0].custom_id',
    code: 'BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED',
  },
  {
    rule: 'a link button needs a url',
    inside: { components: [row({ type: 2, style: 5, label: 'Rules', url: 'https://example.com' })] },
    over: { components: [row({ type: 2, style: 5, label: 'Rules' })] },
    path: 'components[0].components[0].url',
    code: 'BASE_TYPE_REQUIRED',
  },
  {
    rule: 'button style',
    inside: { components: [row(button('a', { style: 4 }))] },
    over: { components: [row(button('a', { style: 7 }))] },
    path: 'components[0].components[0].style',
    code: 'BASE_TYPE_CHOICES',
  },
  {
    rule: 'select custom_id',
    inside: { components: [row(select({ custom_id: x(100) }))] },
    over: { components: [row(select({ custom_id: x(101) }))] },
    path: 'components[0].components[0].custom_id',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'select placeholder',
    inside: { components: [row(select({ placeholder: x(150) }))] },
    over: { components: [row(select({ placeholder: x(151) }))] },
    path: 'components[0].components[0].placeholder',
    code: 'BASE_TYPE_MAX_LENGTH',
  },
  {
    rule: 'select options',
    inside: { components: [row(select({ options: options(25) }))] },
    over: { components: [row(select({ options: options(26) }))] },
    path: 'components[0].components[0].options',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'a select with no options',
    inside: { components: [row(select({ options: options(1) }))] },
    over: { components: [row(select({ options: [] }))] },
    path: 'components[0].components[0].options',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'option label',
    inside: { components: [row(select({ options: [{ label: x(100), value: 'v' }] }))] },
    over: { components: [row(select({ options: [{ label: x(101), value: 'v' }] }))] },
    path: 'components[0].components[0].options[0].label',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'option value',
    inside: { components: [row(select({ options: [{ label: 'l', value: x(100) }] }))] },
    over: { components: [row(select({ options: [{ label: 'l', value: x(101) }] }))] },
    path: 'components[0].components[0].options[0].value',
    code: 'BASE_TYPE_BAD_LENGTH',
  },
  {
    rule: 'option description',
    inside: { components: [row(select({ options: options(2, { description: x(100) }) }))] },
    over: { components: [row(select({ options: options(2, { description: x(101) }) }))] },
    path: 'components[0].components[0].options[1].description',
    code: 'BASE_TYPE_MAX_LENGTH',
  },
  {
    rule: 'option values unique in the select',
    inside: { components: [row(select({ options: options(2) }))] },
    over: { components: [row(select({ options: [...options(2), { label: 'Again', value: 'v0' }] }))] },
    path: 'components[0].components[0].options[2].value',
    code: 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
  },
  {
    rule: 'max_values',
    inside: { components: [row(select({ options: options(25), max_values: 25 }))] },
    over: { components: [row(select({ options: options(25), max_values: 26 }))] },
    path: 'components[0].components[0].max_values',
    code: 'NUMBER_TYPE_MAX',
  },
  {
    rule: 'max_values above the options',
    inside: { components: [row(select({ max_values: 3 }))] },
    over: { components: [row(select({ max_values: 4 }))] },
    path: 'components[0].components[0].max_values',
    code: 'NUMBER_TYPE_MAX',
  },
  {
    rule: 'min_values',
    inside: { components: [row(select({ min_values: 0 }))] },
    over: { components: [row(select({ min_values: -1 }))] },
    path: 'components[0].components[0].min_values',
    code: 'NUMBER_TYPE_MIN',
  },
  {
    rule: 'min_values above max_values',
    inside: { components: [row(select({ min_values: 2, max_values: 2 }))] },
    over: { components: [row(select({ min_values: 3, max_values: 2 }))] },
    path: 'components[0].components[0].min_values',
    code: 'NUMBER_TYPE_MAX',
  },
  {
    rule: 'attachments',
    inside: { attachments: Array.from({ length: 10 }, (_, id) => ({ id })) },
    over: { attachments: Array.from({ length: 11 }, (_, id) => ({ id })) },
    path: 'attachments',
    code: 'BASE_TYPE_MAX_LENGTH',
  },
  { rule: 'flags', inside: { flags: 1 << 2 }, over: { flags: 1 << 6 }, path: 'flags', code: 'MESSAGE_FLAGS_INVALID' },
  {
    rule: 'allowed_mentions.parse',
    inside: { allowed_mentions: { parse: ['users'] } },
    over: { allowed_mentions: { parse: ['robots'] } },
    path: 'allowed_mentions.parse[0]',
    code: 'BASE_TYPE_CHOICES',
  },
  {
    rule: 'allowed_mentions.users',
    inside: { allowed_mentions: { users: Array(100).fill(MEMBER_ID) } },
    over: { allowed_mentions: { users: Array(101).fill(MEMBER_ID) } },
    path: 'allowed_mentions.users',
    code: 'BASE_TYPE_MAX_LENGTH',
  },
  {
    rule: 'allowed_mentions parse and list',
    inside: { allowed_mentions: { parse: ['roles'], users: [MEMBER_ID] } },
    over: { allowed_mentions: { parse: ['users'], users: [MEMBER_ID] } },
    path: 'allowed_mentions.parse',
    code: 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
  },
];
