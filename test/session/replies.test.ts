import { afterEach, describe, expect, it } from 'vitest';
import { fitText, LIMITS, splitText } from '../../src/contracts/limits.js';
import type { Reply } from '../../src/contracts/reply.js';
import { actAndReply } from '../../src/dispatch/act-and-reply.js';
import type { Dispatcher } from '../../src/dispatch/dispatch.js';
import { closeServices, type Services } from '../../src/dispatch/services.js';
import type { GameSessions } from '../../src/session/index.js';
import { actingReply, choiceButtons, gameImage, parseChoiceButton } from '../../src/session/replies.js';
import { alice, bob, testServices } from '../helpers/test-game.js';

let services: Services | undefined;
let dispatcher: Dispatcher;
let s: GameSessions;
/** Fresh services (the installed games and the test race) on a new data file. */
function fresh(): GameSessions {
  ({ services, dispatcher } = testServices());
  s = services.sessions;
  return s;
}
afterEach(async () => {
  if (services) await closeServices(services);
  services = undefined;
});

async function press(customId: string, user = alice): Promise<Reply[]> {
  const replies: Reply[] = [];
  await dispatcher.button({ press: { customId, user, channelId: 'c' }, reply: async (r) => void replies.push(r) });
  return replies;
}

describe('choice buttons', () => {
  it('carry game id, version and choice in at most 100 characters, and at most 25 of them', async () => {
    const { doc, prompt } = await fresh().newGame({ channelId: 'c' }, alice, { game: 'dice-race' });
    const buttons = choiceButtons(doc, prompt);
    expect(buttons.map((b) => b.customId)).toEqual([0, 1, 2].map((i) => `game:${doc.id}:0:${i}`));
    const many = {
      ...prompt,
      choices: Array.from({ length: 40 }, (_, i) => ({ action: { type: 'step' }, label: `Choice ${i} ${'x'.repeat(100)}` })),
    };
    const capped = choiceButtons(doc, many);
    expect(capped).toHaveLength(LIMITS.choices);
    for (const b of capped) {
      expect(b.customId.length).toBeLessThanOrEqual(LIMITS.customIdChars);
      expect(b.label.length).toBeLessThanOrEqual(LIMITS.buttonLabelChars);
    }
    expect(parseChoiceButton(buttons[2]!.customId)).toEqual({ gameId: doc.id, version: 0, index: 2 });
  });

  it.each(['game:short:1:1', 'game:abcdefgh:-1:0', 'game:abcdefgh:1:x', 'hex:abcdefgh:1:1', `game:abcdefgh:1:1${'0'.repeat(120)}`])(
    'rejects the damaged id %s',
    (id) => {
      expect(parseChoiceButton(id)).toBeUndefined();
    },
  );

  it('acts through the dispatcher’s button route, then refuses the same button as gone, with fresh buttons', async () => {
    const { doc } = await fresh().newGame({ channelId: 'c' }, alice, { game: 'dice-race', seed: 12 });
    const [acted] = await press(`game:${doc.id}:0:1`);
    expect(acted?.ephemeral).toBeFalsy();
    expect(acted?.content).toMatch(/German steps to 1\./);
    expect(acted?.files?.[0]?.name).toMatch(/\.png$/);
    expect(acted?.buttons?.[0]?.customId).toBe(`game:${doc.id}:1:0`);
    const [stale] = await press(`game:${doc.id}:0:1`);
    expect(stale?.ephemeral).toBe(true);
    expect(stale?.content).toMatch(/^This choice is gone.*\n.*version 1/s);
    expect(stale?.buttons?.[0]?.customId).toBe(`game:${doc.id}:1:0`);
    const [refused] = await press(`game:${doc.id}:1:0`, bob);
    expect(refused).toMatchObject({ ephemeral: true, content: expect.stringMatching(/only they give orders/) });
    const [junk] = await press('game:nonsense');
    expect(junk).toMatchObject({ ephemeral: true, content: expect.stringMatching(/not one this bot made/) });
    const [nobody] = await press('nosuch:1');
    expect(nobody).toMatchObject({ ephemeral: true });
    expect((await s.require('c')).doc.version).toBe(1);
  });
});

describe('acting replies', () => {
  it('show every die as a number, the next step, and a zoomed map', async () => {
    fresh();
    await s.newGame({ channelId: 'c' }, alice, { game: 'dice-race', seed: 99 });
    const outcome = await s.act('c', alice, { type: 'roll' });
    const reply = await actingReply(outcome);
    const die = outcome.events[0]!.dice![0]!.roll;
    expect(reply.content).toContain(`🎲 German runs: ${die} → +${die}`);
    expect(reply.content).toMatch(/\*\*Next:\*\* Soviet to move/);
    expect(reply.buttons).toHaveLength(3);
    expect(reply.files).toHaveLength(1);
  });

  it('falls back to a smaller view when a picture is over the size limit', async () => {
    fresh();
    await s.newGame({ channelId: 'c' }, alice, { game: 'dice-race', seed: 99 });
    const outcome = await s.act('c', alice, { type: 'step' });
    const big = await gameImage(outcome, outcome.events, 'zoom');
    expect(big).toBeDefined();
    const smaller = await gameImage(outcome, outcome.events, 'zoom', big!.data.length - 1);
    expect(smaller).toBeDefined();
    expect(smaller!.data.length).toBeLessThan(big!.data.length);
    expect(await gameImage(outcome, outcome.events, 'zoom', 100)).toBeUndefined();
  });
});

describe('actAndReply (for game commands)', () => {
  it('acts as the invoking user, replies with the outcome after saving, and refuses clearly', async () => {
    fresh();
    await s.newGame({ channelId: 'c' }, alice, { game: 'dice-race', seed: 5 });
    const replies: Reply[] = [];
    const ctx = (user: typeof alice) => ({
      invocation: { command: 'race', options: {}, user, channelId: 'c' },
      services: services!,
      reply: async (r: Reply) => void replies.push(r),
    });
    await actAndReply(ctx(alice), { type: 'step' }, 'Alice steps.');
    expect(replies[0]?.content).toMatch(/^Alice steps\.\n• German steps to 1\./);
    expect((await s.require('c')).doc.version).toBe(1);
    await expect(actAndReply(ctx(bob), { type: 'step' })).rejects.toThrow(/only they give orders/);
    expect(replies).toHaveLength(1);
  });
});

describe('text limits', () => {
  it('trims long text with a pointer and splits at line breaks', () => {
    const long = Array.from({ length: 300 }, (_, i) => `line ${i} of the log`).join('\n');
    const fitted = fitText(long);
    expect(fitted.length).toBeLessThanOrEqual(LIMITS.messageChars);
    expect(fitted).toMatch(/… \(more in \/game log\)$/);
    const parts = splitText(long);
    expect(parts.every((p) => p.length <= LIMITS.messageChars)).toBe(true);
    expect(parts.join('\n')).toBe(long);
  });
});

describe('autocomplete', () => {
  it('offers registered games and this server’s game ids', async () => {
    fresh();
    const { doc } = await s.newGame({ channelId: 'c' }, alice, { game: 'dice-race' });
    const invocation = { command: 'game', subcommand: 'new', options: {}, user: alice, channelId: 'c' };
    expect(await dispatcher.autocomplete({ invocation, focused: { name: 'game', value: 'dice' } })).toEqual([
      { name: 'Dice Race', value: 'dice-race' },
    ]);
    expect(await dispatcher.autocomplete({ invocation, focused: { name: 'game', value: 'zzz' } })).toEqual([]);
    const ids = await dispatcher.autocomplete({ invocation: { ...invocation, subcommand: 'export' }, focused: { name: 'id', value: '' } });
    expect(ids.map((c) => c.value)).toEqual([doc.id]);
  });
});
