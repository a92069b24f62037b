import { describe, expect, it } from 'vitest';
import { expectRefused } from '../helpers/expect-refused.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';

/** Help where the player is, through the fake Discord: the guided first turn, pointers in /game help and in refusals. */
const h = useBotHarness();

describe('help where the player is', () => {
  it('walks through a first turn, points to it from /game help, and refusals name the next command', async () => {
    const player = member('Kluge');
    const ch = channel();
    // Without a game in the channel: the only game with that topic answers.
    const guide = await h.fake.ask(player, ch, 'game', 'help', { topic: 'first-turn' });
    expect(guide.ephemeral).toBe(true);
    expect(guide.content).toMatch(/^\*\*Your first turn of Operation Typhoon\*\*/);
    for (const step of ['/game new game:operation-typhoon', '/air assign hex:', 'Move…', '/move force:', '/battle round', '/phase end'])
      expect(guide.content).toContain(step);
    expect(guide.content).not.toMatch(/…\s*\(more/);
    const topics = await h.fake.autocomplete(player, ch, 'game', 'help', { topic: '' }, 'topic');
    expect(topics).toContainEqual({ name: 'first-turn · Your first turn of Operation Typhoon', value: 'first-turn' });
    const unknown = await h.fake.ask(player, ch, 'game', 'help', { topic: 'tactics' });
    expect(unknown.content).toMatch(/no help topic "tactics".*Topics: first-turn \(game:operation-typhoon\)/);

    await h.fake.ask(player, ch, 'game', 'new', { game: 'operation-typhoon', seed: 3 });
    const help = await h.fake.ask(player, ch, 'game', 'help');
    expect(help.content).toMatch(/New here\? `\/game help topic:first-turn`/);
    expect(help.content).toMatch(/Move…/);
    // A refusal says what to do next.
    const other = member('Bystander');
    const refused = await h.fake.ask(other, ch, 'game', 'leave');
    expectRefused(refused, /You are not playing in this game\. \/game join takes a seat\./);
  });
});
