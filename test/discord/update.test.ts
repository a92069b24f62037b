import { describe, expect, it, vi } from 'vitest';
import { typhoonGame } from '../../src/games/operation-typhoon/definition.js';
import type { TyphoonState } from '../../src/games/operation-typhoon/index.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import { buttonId } from '../helpers/fake-discord/buttons.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';

/**
 * Messages that update, through the fake Discord: the status card (embed, side colour, map as
 * its picture) and its Refresh edit one message; another round of one battle edits the
 * report it was pressed under; a new prompt takes the buttons off the previous one, and an
 * edit that fails holds up nothing; a ballot message shows the tally.
 */
const h = useBotHarness();
const { run } = h;

describe('messages that update', () => {
  it('edits the status card and the battle report in place, and takes superseded buttons away', async () => {
    const player = member('Hoth');
    const ch = channel();
    const start = await run(player, ch, 'game', 'new', { game: 'operation-typhoon', seed: 17 });
    expect(start.buttons.length).toBeGreaterThan(0);

    // The status card: the headline as text, the rest in an embed in the German colour with the map as its picture.
    const status = await run(player, ch, 'game', 'status');
    expect(status.content).toMatch(/Operation Typhoon.*version 0/);
    const card = status.embeds[0]!;
    expect(card.title).toMatch(/^Operation Typhoon · Turn 1\/8/);
    expect(card.color).toBe(0x5a5f66);
    expect(card.fields.find((f) => f.name === 'Next')?.value).toMatch(/Set-up/);
    expect(card.imageUrl).toBe(`attachment://${status.files[0]!.name}`);
    expect(card.imageFile?.data.length).toBeGreaterThan(1000);
    // A new prompt: the game's first message loses its buttons.
    await h.fake.waitFor(() => start.buttons.length === 0, 10_000, 'the buttons off the first message');

    // Refresh after an order given elsewhere: the same message shows the new version, no new message.
    const session = h.bot.sessions;
    await session.act(ch, { id: player.id, name: player.name }, { type: 'setup-done' });
    const s = (await session.require(ch)).doc.state as TyphoonState;
    const move = typhoonGame.orders.find((o) => o.command === 'move')!.run!(s, { force: '1112', to: '1413' });
    if (!('act' in move)) throw new Error('the move was not an order');
    await session.act(ch, { id: player.id, name: player.name }, move.act);
    const before = h.fake.messagesIn(ch).length;
    const refresh = h.fake.click(player, status, buttonId(status, /^Refresh$/));
    await h.fake.updated(refresh);
    expect(refresh.messages).toEqual([]);
    expect(h.fake.messagesIn(ch)).toHaveLength(before);
    expect(status.content).toMatch(/version 2/);
    expect(status.edits).toBeGreaterThanOrEqual(1);
    expect(status.embeds[0]!.fields.find((f) => f.name === 'Next')?.value).toMatch(/battle|round|retreat/i);
    expect(status.embeds[0]!.imageFile).toBeDefined();

    // The first "Another round" is a new order on that view: a new report.
    const [report] = await h.fake.answers(h.fake.click(player, status, buttonId(status, /^Another round/)));
    expect(report!.ephemeral).toBe(false);
    expect(report!.files).toHaveLength(1);
    await h.fake.waitFor(() => status.buttons.length === 0, 10_000, 'the buttons off the status card');
    // Another round under that report: the same report shows the new round.
    const count = h.fake.messagesIn(ch).length;
    const version = (await session.require(ch)).doc.version;
    const again = h.fake.click(player, report!, buttonId(report!, /^Another round/));
    await h.fake.updated(again);
    expect(h.fake.messagesIn(ch)).toHaveLength(count);
    expect((await session.require(ch)).doc.version).toBe(version + 1);
    expect(report!.content).toMatch(/Another round .*this message shows the latest/);
    expect(report!.files).toHaveLength(1);
    expect(report!.files[0]!.name).toContain(`-v${version + 1}`);
    expect(report!.buttons.map((b) => b.customId).every((id) => !id.includes(`:${version}:`))).toBe(true);

    // The next prompt takes the report's buttons (a restart keeps this: test/discord/update-board.test.ts).
    const later = await run(player, ch, 'game', 'status');
    expect(later.buttons.length).toBeGreaterThan(0);
    await h.fake.waitFor(() => report!.buttons.length === 0, 10_000, 'the buttons off the report after a restart');

    // The live prompt deleted meanwhile: the edit fails, is logged, and the next answer still comes.
    later.deleted = true;
    const logged = h.logs.length;
    const next = await run(player, ch, 'game', 'status');
    expect(next.ephemeral).toBe(false);
    await vi.waitFor(() => expect(h.logs.slice(logged).join('\n')).toMatch(/could not take the buttons off an earlier prompt/), {
      timeout: 10_000,
    });
  });

  it('shows the tally on the ballot message as votes arrive; the voter hears privately', async () => {
    const [a, b, c, d] = [member('Anna'), member('Bruno'), member('Carla'), member('Dieter')];
    const ch = channel();
    await run(a, ch, 'game', 'new', { game: 'operation-typhoon', mode: 'vote', seed: 21 });
    for (const who of [b, c, d]) await run(who, ch, 'game', 'join', { seat: 'german' });
    const ballot = await run(a, ch, 'setup', 'done');
    expect(ballot.content).toMatch(/Proposal #1.*\n.*1 of 4 voted/);
    const vote = h.fake.click(b, ballot, ballot.buttons[0]!.customId);
    const [mine] = await h.fake.answers(vote);
    expect(mine!.ephemeral).toBe(true);
    expect(mine!.content).toMatch(/^Your vote: #1/);
    expect(vote.updatedSource).toBe(true);
    expect(ballot.content).toMatch(/^\*\*Ballot\*\* on version 0: 2 of 4 voted/);
    expect(ballot.buttons.map((x) => x.label)).toEqual(['#1 Start the game']);
    // The picture of the proposal stays: an edit without files keeps the message's.
    expect(ballot.files).toHaveLength(1);
  });
});
