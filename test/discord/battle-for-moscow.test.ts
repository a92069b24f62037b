import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type BfmAction, type BfmState, bfmEngine, legalActions } from '../../src/games/battle-for-moscow/index.js';
import { expectRefused } from '../helpers/expect-refused.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import type { FakeMessage } from '../helpers/fake-discord/fake-discord.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';

/** Battle for Moscow through the fake Discord: two players seated, and one against the bot. */
const h = useBotHarness();
const { run } = h;

const state = async (ch: string) => (await h.bot.sessions.require(ch)).doc.state as BfmState;

describe('Battle for Moscow in Discord', () => {
  it('seats two players; each orders only on their side, the other is refused privately', async () => {
    const german = member('Bock');
    const soviet = member('Zhukov');
    const ch = channel();
    const started = await run(german, ch, 'game', 'new', { game: 'battle-for-moscow', mode: 'team', seed: 17 });
    expect(started.content).toMatch(/Battle for Moscow.*has started/);
    expect(started.files).toHaveLength(1);
    const joined = await run(soviet, ch, 'game', 'join', { seat: 'soviet' });
    expect(joined.ephemeral).toBe(false);

    const before = JSON.stringify(await state(ch));
    const refused = await run(soviet, ch, 'setup', 'done');
    expectRefused(refused, /german side's decision, and you play soviet/i);
    expect(JSON.stringify(await state(ch))).toBe(before);

    const done = await run(german, ch, 'setup', 'done');
    expect(done.content).toMatch(/German panzer movement phase/);
    const s = await state(ch);
    const move = legalActions(s).find(
      (a): a is Extract<BfmAction, { type: 'move' }> => a.type === 'move' && bfmEngine().board(s).unitsAt(a.to).length === 0,
    )!;
    // Autocomplete through Discord lists the legal destinations of the named unit.
    const destinations = await h.fake.autocomplete(german, ch, 'move', undefined, { unit: move.unit, to: '' }, 'to');
    expect(destinations.map((d) => String(d.value))).toContain(move.to);
    const moved = await run(german, ch, 'move', undefined, { unit: move.unit, to: move.to });
    expect(moved.ephemeral).toBe(false);
    expect(moved.files).toHaveLength(1);
    expect((await state(ch)).units[move.unit]!.hex).toBe(move.to);
    const odds = await run(soviet, ch, 'odds', undefined, { defender: '29' });
    expect(odds.ephemeral).toBe(true);
  });

  it('plays against the bot: the bot answers a whole phase and the reply shows its moves on the map', async () => {
    const player = member('Guderian');
    const ch = channel();
    await run(player, ch, 'game', 'new', { game: 'battle-for-moscow', vs: 'bot', side: 'german', seed: 23 });
    await run(player, ch, 'setup', 'done');
    let last: FakeMessage | undefined;
    for (let i = 0; i < 6 && (await state(ch)).turn === 1; i++) last = await run(player, ch, 'phase', 'end');
    const doc = (await h.bot.sessions.require(ch)).doc;
    expect(doc.actions.some((a) => a.userId === 'bot')).toBe(true);
    expect(last!.content).toMatch(/bot/i);
    expect(last!.files).toHaveLength(1);
    mkdirSync('test-output/discord-bfm', { recursive: true });
    writeFileSync(`test-output/discord-bfm/${last!.files[0]!.name}`, last!.files[0]!.data);
  });

  it('puts the German orders to a vote in a vote game, the move drawn on the ballot', async () => {
    const [a, b, c] = [member('Hoepner'), member('Reinhardt'), member('Strauss')];
    const ch = channel();
    await run(a, ch, 'game', 'new', { game: 'battle-for-moscow', mode: 'vote', seed: 31 });
    await run(b, ch, 'game', 'join', { seat: 'german' });
    await run(c, ch, 'game', 'join', { seat: 'german' });
    const proposal = await run(a, ch, 'setup', 'done');
    expect(proposal.content).toMatch(/\*\*Proposal #1\*\* by Hoepner: Finish set-up/);
    const [carried] = await h.fake.answers(h.fake.click(b, proposal, proposal.buttons[0]!.customId));
    expect(carried!.content).toMatch(/Carried out: #1/);
    expect((await state(ch)).phase).not.toBe('setup');
    const s = await state(ch);
    const move = legalActions(s).find(
      (x): x is Extract<BfmAction, { type: 'move' }> => x.type === 'move' && bfmEngine().board(s).unitsAt(x.to).length === 0,
    )!;
    const moved = await run(c, ch, 'move', undefined, { unit: move.unit, to: move.to });
    expect(moved.content).toMatch(new RegExp(`Proposal #1\\*\\* by Strauss: .* → ${move.to}`));
    expect(moved.files).toHaveLength(1);
    expect((await state(ch)).units[move.unit]!.hex).not.toBe(move.to);
    await h.fake.answers(h.fake.click(a, moved, moved.buttons[0]!.customId));
    expect((await state(ch)).units[move.unit]!.hex).toBe(move.to);
  });
});
