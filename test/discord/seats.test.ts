import { describe, expect, it } from 'vitest';
import { expectRefused } from '../helpers/expect-refused.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import type { FakeMessage } from '../helpers/fake-discord/fake-discord.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';

/** Seats and removals through the real discord.js client against the fake Discord. */
const h = useBotHarness();

async function run(
  user: ReturnType<typeof member>,
  channelId: string,
  sub: string,
  options: Record<string, string | number | boolean> = {},
): Promise<FakeMessage> {
  return h.fake.ask(user, channelId, 'game', sub, options);
}

describe('seats in a Discord team game', () => {
  it('holds one member per seat, lets the creator remove a player by autocomplete, and frees the seat', async () => {
    const [creator, bob, carol, bystander] = [member('Creator'), member('Bob'), member('Carol'), member('Bystander')];
    const ch = channel();
    await run(creator, ch, 'new', { game: 'battle-for-moscow', mode: 'team', seed: 4 });
    expect((await run(bob, ch, 'join', { seat: 'german' })).content).toMatch(/Bob joined as german/);
    const before = JSON.stringify((await h.bot.sessions.require(ch)).doc);
    const held = await run(carol, ch, 'join', { seat: 'german' });
    expectRefused(held, /^Bob holds the german seat\. Creator, who started the game, may remove them/);
    expect(JSON.stringify((await h.bot.sessions.require(ch)).doc)).toBe(before);

    const offered = await h.fake.autocomplete(creator, ch, 'game', 'remove', { player: '' }, 'player');
    expect(offered).toEqual([{ name: 'Bob (german)', value: bob.id }]);
    const refused = await run(bystander, ch, 'remove', { player: bob.id });
    expectRefused(refused, /^Only Creator, who started this game, or a member who can manage the channel may remove a player\./);
    const removed = await run(creator, ch, 'remove', { player: bob.id });
    expect(removed.content).toMatch(/^Creator removed Bob \(german\) from the game\./);
    expect((await run(carol, ch, 'join', { seat: 'german' })).content).toMatch(/Carol joined as german/);
    const players = (await h.bot.sessions.require(ch)).doc.players.map((p) => [p.name, p.seat ?? null]);
    expect(players).toEqual([
      ['Creator', null],
      ['Carol', 'german'],
    ]);
  });
});
