import { DiscordAPIError, type RawFile, REST, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildCommands } from '../../commands/index.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { GameRegistry } from '../../src/games/registry.js';
import { FakeDiscord, type FakeUser, type InteractionRecord } from '../helpers/fake-discord/fake-discord.js';
import { button, embed, MESSAGE_RULES, msg, type Rule, row, x } from '../helpers/fake-discord/limit-cases.js';
import { RULES } from '../helpers/fake-discord/payload-rules.js';

/**
 * The fake Discord refuses what Discord refuses: for each documented limit, a body just inside
 * it is accepted and one just over it is refused with HTTP 400, code 50035 "Invalid Form Body"
 * and the field's path, as discord.js's REST client reports it (DiscordAPIError). A gateway
 * session of its own lets the fake send interactions to answer; no bot runs here.
 */
let fake: FakeDiscord;
let rest: REST;
let gateway: WebSocket;
const anna: FakeUser = { id: '300000000000000001', name: 'Anna' };
const ch = '400000000000000001';

beforeAll(async () => {
  fake = await new FakeDiscord().start();
  rest = new REST({ api: fake.apiUrl }).setToken(fake.token);
  gateway = new WebSocket(fake.gatewayUrl);
  await new Promise((resolve) => gateway.once('open', resolve));
  gateway.send(JSON.stringify({ op: 2, d: { token: fake.token, shard: [0, 1] } }));
  await fake.waitForShards(1);
});
afterAll(async () => {
  gateway?.close();
  // Every refusal and every ping here was on purpose; the fake's stop would otherwise fail on them.
  fake.invalidBodies.length = 0;
  fake.mentionProblems.length = 0;
  await fake?.stop();
});

const files = (n: number, bytes = 10): RawFile[] =>
  Array.from({ length: n }, (_, i) => ({ name: `map-${i}.png`, data: Buffer.alloc(bytes) }));

/** The error discord.js raised for a refused request (the test fails when the request went through). */
async function refusal(request: Promise<unknown>): Promise<DiscordAPIError> {
  const error = await request.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'Discord would refuse this body').toBeInstanceOf(DiscordAPIError);
  return error as DiscordAPIError;
}

/** Refused with 50035 and an error on `path` (as discord.js flattens it: `data.components[0].custom_id`; '' for the body itself). */
async function expectInvalid(request: Promise<unknown>, path: string, code: string): Promise<void> {
  const error = await refusal(request);
  expect([error.status, error.code]).toEqual([400, 50035]);
  if (!path) {
    // An error on the body itself: discord.js prints it oddly ("0[CODE]"), so read Discord's answer.
    expect((error.rawError as { errors: { _errors: { code: string }[] } }).errors._errors.map((e) => e.code)).toContain(code);
    return;
  }
  expect(error.message.split('\n').slice(1), error.message).toContainEqual(expect.stringMatching(`^${literal(path)}\\[${code}\\]: `));
}
const literal = (s: string) => s.replace(/[[\].]/g, '\\$&');

const post = (body: object, attached?: RawFile[]) =>
  rest.post(Routes.channelMessages(ch), { body, ...(attached ? { files: attached } : {}) });

/** A fresh slash command (or, with `focused`, an autocomplete) waiting for its answer. */
const interaction = (focused?: string) => fake.command(anna, ch, 'move', undefined, focused ? { to: '' } : {}, focused);
const answer = (record: InteractionRecord, body: object) =>
  rest.post(Routes.interactionCallback(record.id, record.token), { body, auth: false });

/** A click on a button of a fresh channel message: the interaction types 6 and 7 answer. */
async function click(): Promise<InteractionRecord> {
  await post(msg({ components: [row(button('b0'))] }));
  return fake.click(anna, fake.messagesIn(ch).at(-1)!, 'b0');
}

describe('message limits', () => {
  for (const r of MESSAGE_RULES)
    it(`${r.rule}: just inside accepted, just over refused at ${r.path}`, async () => {
      await post(msg(r.inside));
      await expectInvalid(post(msg(r.over)), r.path, r.code);
    });

  it('nests the errors by path, as Discord does and discord.js reads them', async () => {
    const error = await refusal(post(msg({ components: [row(button('a'), button(x(101)))] })));
    expect(error.rawError).toEqual({
      code: 50035,
      message: 'Invalid Form Body',
      errors: {
        components: {
          0: {
            components: {
              1: { custom_id: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' }] } },
            },
          },
        },
      },
    });
  });

  it('files: ten accepted, eleven refused; 10 MiB accepted, a byte more refused with 413', async () => {
    await post(msg({}), files(10));
    await expectInvalid(post(msg({}), files(11)), 'files', 'BASE_TYPE_MAX_LENGTH');
    await post(msg({}), files(1, RULES['file.bytes']));
    const error = await refusal(post(msg({}), files(1, RULES['file.bytes'] + 1)));
    expect([error.status, error.code]).toEqual([413, 40005]);
  });

  it('a new message must show something: text, an embed, a component or a file', async () => {
    await post(msg({ content: '\u200b' }));
    await post(msg({ content: '', embeds: [embed({})] }));
    const error = await refusal(post(msg({ content: '' })));
    expect([error.status, error.code]).toEqual([400, 50006]);
  });

  it('records each refusal, and the fake’s stop fails on one', async () => {
    const other = await new FakeDiscord().start();
    const client = new REST({ api: other.apiUrl }).setToken(other.token);
    await refusal(client.post(Routes.channelMessages(ch), { body: msg({ content: x(2001) }) }));
    expect(other.invalidBodies).toEqual(['channel message: content[BASE_TYPE_MAX_LENGTH]: Must be 2000 or fewer in length.']);
    await expect(other.stop()).rejects.toThrow(/refused 1 body\(ies\) as Discord would/);
  });
});

describe('every route a message takes', () => {
  const over = msg({ content: x(2001), components: [row(button('a'), button('a'))] });
  const inside = msg({ content: x(2000), components: [row(button('a'), button('b'))] });
  const problems = async (request: Promise<unknown>, prefix: string) => {
    await expectInvalid(request, `${prefix}content`, 'BASE_TYPE_MAX_LENGTH');
    await expectInvalid(request, `${prefix}components[0].components[1].custom_id`, 'COMPONENT_CUSTOM_ID_DUPLICATED');
  };

  it('interaction callback 4 (CHANNEL_MESSAGE_WITH_SOURCE); a refused answer acknowledges nothing', async () => {
    const record = interaction();
    await problems(answer(record, { type: 4, data: over }), 'data.');
    expect(record.refused).toHaveLength(1);
    await answer(record, { type: 4, data: { ...inside, flags: 1 << 6 } });
    expect(record.messages[0]!.ephemeral).toBe(true);
  });

  it('interaction callback 7 (UPDATE_MESSAGE) and 6 (DEFERRED_UPDATE_MESSAGE) then an edit of @original', async () => {
    await problems(answer(await click(), { type: 7, data: over }), 'data.');
    await answer(await click(), { type: 7, data: inside });
    const deferred = await click();
    await answer(deferred, { type: 6 });
    const original = Routes.webhookMessage(fake.applicationId, deferred.token, '@original');
    await problems(rest.patch(original, { body: over, auth: false }), '');
    await rest.patch(original, { body: inside, auth: false });
  });

  it('interaction callback 5 (DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE), its edit, follow-ups and their edits', async () => {
    const record = interaction();
    await expectInvalid(answer(record, { type: 5, data: { flags: 'ephemeral' } }), 'data.flags', 'NUMBER_TYPE_COERCE');
    await answer(record, { type: 5, data: { flags: 1 << 6 } });
    const original = Routes.webhookMessage(fake.applicationId, record.token, '@original');
    await problems(rest.patch(original, { body: over, auth: false }), '');
    await rest.patch(original, { body: inside, auth: false });
    const followUps = Routes.webhook(fake.applicationId, record.token);
    await problems(rest.post(followUps, { body: over, auth: false }), '');
    const sent = (await rest.post(followUps, { body: inside, auth: false })) as { id: string };
    const followUp = Routes.webhookMessage(fake.applicationId, record.token, sent.id);
    await problems(rest.patch(followUp, { body: over, auth: false }), '');
    await rest.patch(followUp, { body: inside, auth: false });
  });

  it('an edit of a channel message', async () => {
    const sent = (await post(msg({}))) as { id: string };
    await problems(rest.patch(Routes.channelMessage(ch, sent.id), { body: over }), '');
    await rest.patch(Routes.channelMessage(ch, sent.id), { body: inside });
  });

  it('callback types: 4 to 9 only (1 is for HTTP endpoints); 6 and 7 answer components only', async () => {
    await expectInvalid(answer(interaction(), { type: 3 }), 'type', 'BASE_TYPE_CHOICES');
    const error = await refusal(answer(interaction(), { type: 7, data: inside }));
    expect(error.code).toBe(50035);
  });
});

describe('autocomplete, modals, threads and commands', () => {
  const choices = (n: number, name = 'Hex', value: string | number = 'v') => Array.from({ length: n }, () => ({ name, value }));
  const CHOICE_RULES: Rule[] = [
    {
      rule: 'choices',
      inside: { choices: choices(25) },
      over: { choices: choices(26) },
      path: 'data.choices',
      code: 'BASE_TYPE_MAX_LENGTH',
    },
    {
      rule: 'choice name',
      inside: { choices: choices(1, x(100)) },
      over: { choices: choices(1, x(101)) },
      path: 'data.choices[0].name',
      code: 'BASE_TYPE_BAD_LENGTH',
    },
    {
      rule: 'an empty choice name',
      inside: { choices: choices(1, 'a') },
      over: { choices: choices(1, '') },
      path: 'data.choices[0].name',
      code: 'BASE_TYPE_BAD_LENGTH',
    },
    {
      rule: 'choice value',
      inside: { choices: choices(1, 'a', x(100)) },
      over: { choices: choices(1, 'a', x(101)) },
      path: 'data.choices[0].value',
      code: 'BASE_TYPE_MAX_LENGTH',
    },
  ];
  for (const r of CHOICE_RULES)
    it(`autocomplete ${r.rule}: just inside accepted, just over refused at ${r.path}`, async () => {
      const record = interaction('to');
      await expectInvalid(answer(record, { type: 8, data: r.over }), r.path, r.code);
      await answer(record, { type: 8, data: r.inside });
      expect(record.choices).toHaveLength((r.inside as { choices: unknown[] }).choices.length);
    });

  it('a modal title: 45 accepted, 46 refused', async () => {
    const modal = (title: string) => ({
      type: 9,
      data: { custom_id: 'name', title, components: [row({ type: 4, custom_id: 'n', style: 1, label: 'Name' })] },
    });
    const record = interaction();
    await expectInvalid(answer(record, modal(x(46))), 'data.title', 'BASE_TYPE_BAD_LENGTH');
    await answer(record, modal(x(45)));
  });

  it('a thread name: 100 accepted, 101 refused; archive after a listed duration only', async () => {
    await rest.post(Routes.threads(ch), { body: { name: x(100), type: 11, auto_archive_duration: 1440 } });
    await expectInvalid(rest.post(Routes.threads(ch), { body: { name: x(101), type: 11 } }), 'name', 'BASE_TYPE_BAD_LENGTH');
    await expectInvalid(
      rest.post(Routes.threads(ch), { body: { name: 'Game', auto_archive_duration: 61 } }),
      'auto_archive_duration',
      'BASE_TYPE_CHOICES',
    );
  });

  it('command registration: names, descriptions, options, choices, the count and the total size', async () => {
    const route = Routes.applicationCommands(fake.applicationId);
    const command = (fields: object) => ({ name: 'game', description: 'Play', ...fields });
    const opt = (name: string, fields: object = {}) => ({ type: 3, name, description: 'A hex', ...fields });
    const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
    // 2 + 25 options of 32 + 100 characters + choice values: 4000 with 698 characters of values.
    const sized = (values: number) =>
      command({
        name: 'g',
        description: 'p',
        options: many(25, (i) =>
          opt(`o${i}`.padEnd(32, 'x'), {
            description: x(100),
            ...(i === 0 ? { choices: [...many(6, () => x(100)), x(values)].map((v, n) => ({ name: `c${n}`, value: v })) } : {}),
          }),
        ),
      });
    const cases: Rule[] = [
      {
        rule: 'name',
        inside: [command({ name: x(32) })],
        over: [command({ name: x(33) })],
        path: '0.name',
        code: 'APPLICATION_COMMAND_INVALID_NAME',
      },
      {
        rule: 'lower case',
        inside: [command({})],
        over: [command({ name: 'Game' })],
        path: '0.name',
        code: 'APPLICATION_COMMAND_INVALID_NAME',
      },
      {
        rule: 'description',
        inside: [command({ description: x(100) })],
        over: [command({ description: x(101) })],
        path: '0.description',
        code: 'BASE_TYPE_MAX_LENGTH',
      },
      {
        rule: 'options',
        inside: [command({ options: many(25, (i) => opt(`o${i}`)) })],
        over: [command({ options: many(26, (i) => opt(`o${i}`)) })],
        path: '0.options',
        code: 'BASE_TYPE_MAX_LENGTH',
      },
      {
        rule: 'choices',
        inside: [command({ options: [opt('to', { choices: choices(25) })] })],
        over: [command({ options: [opt('to', { choices: choices(26) })] })],
        path: '0.options[0].choices',
        code: 'BASE_TYPE_MAX_LENGTH',
      },
      {
        rule: 'commands',
        inside: many(100, (i) => command({ name: `c${i}` })),
        over: many(101, (i) => command({ name: `c${i}` })),
        path: '',
        code: 'BASE_TYPE_MAX_LENGTH',
      },
      { rule: 'total size', inside: [sized(98)], over: [sized(99)], path: '0', code: 'APPLICATION_COMMAND_TOO_LARGE' },
    ];
    for (const r of cases) {
      await rest.put(route, { body: r.inside });
      await expectInvalid(rest.put(route, { body: r.over }), r.path, r.code);
    }
  });

  it('the bot’s own slash commands register as they are', async () => {
    const commands = [...buildCommands(new GameRegistry(INSTALLED_GAMES)).values()].map((c) => c.data.toJSON());
    await rest.put(Routes.applicationCommands(fake.applicationId), { body: commands });
    expect(fake.deployed.get('global')).toHaveLength(commands.length);
  });
});
