import { type APIApplicationCommandOption, ApplicationCommandOptionType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionValue, Reply } from '../../src/contracts/reply.js';
import type { Invocation } from '../../src/dispatch/command.js';
import type { Dispatcher } from '../../src/dispatch/dispatch.js';
import { closeServices, type Services } from '../../src/dispatch/services.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { GameRegistry } from '../../src/games/registry.js';
import type { GameSessions } from '../../src/session/index.js';
import { ManualClock } from '../../src/votes/index.js';
import { testServices } from '../helpers/test-game.js';

/**
 * Every option of every command, fuzzed: random and hostile strings, huge and negative
 * numbers, values of the wrong type, unknown hexes and game ids; forged and stale button
 * ids. Each must get a clear answer (never a crash), and a refused one must leave every
 * stored game exactly as it was.
 */
const creator = { id: 'u-creator', name: 'Creator' };
const stranger = { id: 'u-stranger', name: 'Stranger' };
const CHANNELS = { typhoon: 'ch-typhoon', bfm: 'ch-bfm', vote: 'ch-vote', empty: 'ch-empty' };

let services: Services;
let dispatcher: Dispatcher;
let games: GameSessions;
let rng = 20261123;
const random = () => (rng = (rng * 48271) % 2147483647) / 2147483647;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

const HOSTILE_STRINGS = [
  '',
  ' ',
  '9999',
  '0000',
  '00000',
  '-1',
  '1e9',
  'x'.repeat(5000),
  '<@everyone> @here',
  '"; DROP TABLE games; --',
  '../../../../etc/passwd',
  '\u0000\u0007\u001b[31m',
  '🎲🎲🎲',
  'ѫ'.repeat(300),
  '{"type":"end-phase"}',
  'game:aaaaaaaa:0:0',
  'PG3, PG3, 9A, nope',
  'null',
  'undefined',
  '__proto__',
  'constructor',
];
const HOSTILE_NUMBERS = [0, -1, -2147483648, 2147483647, 4294967296, 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER];

function fuzzValue(spec: APIApplicationCommandOption): OptionValue {
  const r = random();
  // A value of the wrong type now and then: the command layer must not trust Discord's typing.
  if (r < 0.15) return pick<OptionValue>([true, 12345, 'text']);
  switch (spec.type) {
    case ApplicationCommandOptionType.Integer:
    case ApplicationCommandOptionType.Number:
      return pick(HOSTILE_NUMBERS);
    case ApplicationCommandOptionType.Boolean:
      return random() < 0.5;
    default:
      return random() < 0.8
        ? pick(HOSTILE_STRINGS)
        : Array.from({ length: Math.floor(random() * 40) }, () => String.fromCharCode(32 + Math.floor(random() * 95))).join('');
  }
}

/** Every (command, subcommand, options) shape from the deployed definitions. */
function shapes(): { command: string; subcommand?: string; options: APIApplicationCommandOption[] }[] {
  const out: { command: string; subcommand?: string; options: APIApplicationCommandOption[] }[] = [];
  for (const [name, module] of dispatcher.commands) {
    const options = (module.data.toJSON().options ?? []) as APIApplicationCommandOption[];
    const subs = options.filter((o) => o.type === ApplicationCommandOptionType.Subcommand);
    if (subs.length === 0) out.push({ command: name, options });
    for (const s of subs) out.push({ command: name, subcommand: s.name, options: ('options' in s ? s.options : undefined) ?? [] });
  }
  return out;
}

async function snapshot(): Promise<string> {
  const docs = await Promise.all(Object.values(CHANNELS).map(async (c) => (await games.current(c))?.doc ?? null));
  return JSON.stringify(docs.map((d) => (d ? { ...d, updatedAt: undefined } : null)));
}

async function run(invocation: Invocation): Promise<Reply[]> {
  const replies: Reply[] = [];
  await dispatcher.command({ invocation, reply: async (r) => void replies.push(r) });
  return replies;
}

beforeAll(async () => {
  ({ services, dispatcher } = testServices({ clock: new ManualClock(), games: new GameRegistry(INSTALLED_GAMES) }));
  games = services.sessions;
  await games.newGame({ channelId: CHANNELS.typhoon }, creator, { game: 'operation-typhoon', seed: 5 });
  await games.act(CHANNELS.typhoon, creator, { type: 'setup-done' });
  await games.newGame({ channelId: CHANNELS.bfm }, creator, { game: 'battle-for-moscow', seed: 6, mode: 'team' });
  await games.newGame({ channelId: CHANNELS.vote }, creator, { game: 'operation-typhoon', seed: 7, mode: 'vote' });
});
afterAll(async () => {
  await closeServices(services);
});

describe('hostile input', () => {
  it('answers every fuzzed option of every command without a crash; refusals change nothing', async () => {
    let cases = 0;
    let refusals = 0;
    for (const shape of shapes()) {
      const fuzzable = shape.options.filter((o) => o.type !== ApplicationCommandOptionType.Attachment);
      if (fuzzable.length === 0) continue;
      for (let round = 0; round < 12; round++) {
        // One option fuzzed (or all of them), as the stranger or the creator, in any channel.
        const options: Record<string, OptionValue> = {};
        const targets = random() < 0.3 ? fuzzable : [pick(fuzzable)];
        for (const spec of targets) options[spec.name] = fuzzValue(spec);
        const user = random() < 0.5 ? stranger : creator;
        const channelId = pick(Object.values(CHANNELS));
        const invocation: Invocation = {
          command: shape.command,
          ...(shape.subcommand ? { subcommand: shape.subcommand } : {}),
          options,
          user,
          channelId,
        };
        const before = await snapshot();
        const replies = await run(invocation);
        cases += 1;
        expect(replies.length, `/${shape.command} ${shape.subcommand ?? ''} ${JSON.stringify(options).slice(0, 200)}`).toBeGreaterThan(0);
        for (const r of replies) {
          expect(r.content.length).toBeLessThanOrEqual(2000);
          expect(r.content).not.toMatch(/Something went wrong on our side/);
          // A refusal is in the bot's words: never a validator's stock English.
          expect(r.content).not.toMatch(/Too (big|small):|Invalid (input|option)|expected (array|string|number|int)/);
        }
        if (replies.every((r) => r.ephemeral)) {
          refusals += 1;
          expect(await snapshot(), `/${shape.command} ${shape.subcommand ?? ''} changed a game although refused`).toBe(before);
        }
        // Autocomplete with the same garbage never throws and stays within Discord's limits.
        const focused = pick(fuzzable);
        const choices = await dispatcher.autocomplete({
          invocation,
          focused: { name: focused.name, value: String(options[focused.name] ?? '') },
        });
        expect(choices.length).toBeLessThanOrEqual(25);
        for (const c of choices) expect(c.name.length).toBeLessThanOrEqual(100);
      }
    }
    expect(cases).toBeGreaterThan(200);
    expect(refusals).toBeGreaterThan(cases / 2);
  });

  it('refuses forged, foreign and stale button ids privately, changing nothing', async () => {
    const live = (await games.require(CHANNELS.typhoon)).doc;
    const vote = (await games.require(CHANNELS.vote)).doc;
    const forged = [
      '',
      'game',
      'game:',
      'game:AAAAAAAA:0:0',
      `game:${live.id}:${live.version + 5}:0`,
      `game:${live.id}:${live.version}:99`,
      `game:${live.id}:-1:0`,
      `game:${vote.id}:${vote.version}:0`,
      'game:aaaaaaaa:0:0',
      `vote:${vote.id}:${vote.version}:1`,
      `vote:${vote.id}:0:99`,
      'vote:../../x',
      `game:${live.id}:${live.version}:0`.padEnd(300, 'x'),
      'nosuchcommand:1:2:3',
      'hex:whatever',
      '__proto__:x',
    ];
    for (const customId of forged) {
      for (const user of [stranger, creator]) {
        for (const channelId of [CHANNELS.typhoon, CHANNELS.bfm, CHANNELS.empty]) {
          // A button from one channel's game pressed in another channel is refused too.
          if (
            customId.startsWith(`game:${live.id}:${live.version}:0`) &&
            customId.length < 40 &&
            channelId === CHANNELS.typhoon &&
            user === creator
          )
            continue;
          const before = await snapshot();
          const replies: Reply[] = [];
          await dispatcher.button({ press: { customId, user, channelId }, reply: async (r) => void replies.push(r) });
          expect(replies.length, customId).toBeGreaterThan(0);
          expect(
            replies.every((r) => r.ephemeral),
            `${customId} in ${channelId} by ${user.name}: ${replies[0]?.content}`,
          ).toBe(true);
          expect(await snapshot()).toBe(before);
        }
      }
    }
  });
});
