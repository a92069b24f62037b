import { describe, expect, it } from 'vitest';
import type { TyphoonState } from '../../src/games/operation-typhoon/index.js';
import { expectRefused } from '../helpers/expect-refused.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import { buttonId } from '../helpers/fake-discord/buttons.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';

/**
 * Pick, don't type, through the fake Discord: "Move…" opens a private menu of the stacks
 * (paged past 25), a stack shows its reachable hexes with their MP and battles and a close-up,
 * a hex gives the order; a bad or stale pick is refused privately and changes nothing.
 */
const h = useBotHarness();

describe('the move menus', () => {
  it('moves a stack picked from menus, pages past 25, and refuses bad and stale picks privately', async () => {
    const player = member('Hoepner');
    const ch = channel();
    const start = await h.fake.ask(player, ch, 'game', 'new', { game: 'operation-typhoon', seed: 17 });
    const [turn] = await h.fake.answers(h.fake.click(player, start, buttonId(start, /^Start turn 1/)));
    const doc = async () => (await h.bot.sessions.require(ch)).doc;

    // Move… opens a private menu: 24 stacks and "more".
    const [menu] = await h.fake.answers(h.fake.click(player, turn!, buttonId(turn!, /^Move…$/)));
    expect(menu!.ephemeral).toBe(true);
    const stacks = menu!.menus[0]!;
    expect(stacks.options).toHaveLength(25);
    expect(stacks.options[0]).toMatchObject({ label: '1112 · PG3 110 Inf', value: '1112', description: 'foot 9 MP' });
    expect(stacks.options[24]!.label).toMatch(/^More… \(page 2 of \d\)$/);

    // The next page edits the same private message.
    const paging = h.fake.pick(player, menu!, stacks.customId, [stacks.options[24]!.value]);
    await h.fake.updated(paging);
    expect(paging.messages).toEqual([]);
    expect(menu!.menus[0]!.options[0]!.value).not.toBe('1112');
    expect(menu!.content).toMatch(/page 2 of/);

    // A value the menu never offered: refused privately, nothing changes.
    const version = (await doc()).version;
    const [bad] = await h.fake.answers(h.fake.pick(player, menu!, menu!.menus[0]!.customId, ['9999']));
    expectRefused(bad, /9999 cannot move now; nothing was changed/);
    expect((await doc()).version).toBe(version);

    // A stack (from any page): where it can go, with MP and battles, and its reach on the map.
    const toStack = h.fake.pick(player, menu!, menu!.menus[0]!.customId, ['1112']);
    await h.fake.updated(toStack);
    const where = menu!.menus[0]!;
    expect(menu!.content).toMatch(/^\*\*Move 1112\*\*: pick where/);
    expect(where.options.find((o) => o.value === '1413')).toMatchObject({ label: '1413 · 3 MP', description: 'Soviet: battle' });
    expect(where.options.at(-1)).toMatchObject({ value: 'back' });
    expect(menu!.files).toHaveLength(1);
    // The reach view: where the stack can go, shaded with each hex's MP cost.
    expect(menu!.files[0]!.name).toMatch(/-reach-1112\.png$/);

    // The hex: the order goes as typed. The first move asks about the Luftwaffe first (9.1).
    const order = h.fake.pick(player, menu!, where.customId, ['1413']);
    await h.fake.updated(order);
    const [question] = await h.fake.answers(order);
    expect(menu!.content).toMatch(/^Ordered: \/move force:1112 to:1413/);
    expect(menu!.menus).toEqual([]);
    expect(question!.ephemeral).toBe(true);
    const [report] = await h.fake.answers(h.fake.click(player, question!, buttonId(question!, /^(?!Luftwaffe)/)));
    expect(report!.ephemeral).toBe(false);
    expect(report!.files).toHaveLength(1);
    const moved = (await doc()).state as TyphoonState;
    expect(moved.battle?.hex ?? moved.active?.hex).toBe('1413');

    // The old menu now belongs to an earlier version: refused, nothing changes.
    const after = (await doc()).version;
    const [stale] = await h.fake.answers(h.fake.pick(player, menu!, where.customId, ['1412']));
    expectRefused(stale, /the game has moved on .*nothing was changed/);
    expect((await doc()).version).toBe(after);
  });
});
