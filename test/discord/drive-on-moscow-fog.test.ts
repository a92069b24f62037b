import { describe, expect, it } from 'vitest';
import { DOM_GAME } from '../../src/games/drive-on-moscow/definition.js';
import type { DomState } from '../../src/games/drive-on-moscow/state.js';
import { loadMap } from '../../src/maps/game-map.js';
import { mapImage } from '../../src/session/map-image.js';
import { expectRefused } from '../helpers/expect-refused.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import type { FakeMessage } from '../helpers/fake-discord/fake-discord.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';

/** 11.6 Fog of war through the fake Discord: the channel's picture and each player's own. */

const h = useBotHarness();

type Seen = ('german' | 'soviet')[] | undefined;

/** The picture of `ch`'s game around `center` drawn here from the game's scene for `seen`, to compare with what the bot sent. */
async function drawn(ch: string, center: string, seen: Seen): Promise<Buffer> {
  const s = (await h.bot.sessions.require(ch)).doc.state as DomState;
  return (await mapImage(loadMap(DOM_GAME.mapFile), DOM_GAME.scene(s, [], seen), { kind: 'zoom', center, radius: 2 }, 'x')).data;
}

/** Which of the scenes (the channel's fog, one side's, none) the bot's picture was drawn from. */
async function drawnFrom(message: FakeMessage, ch: string, center: string, candidates: Record<string, Seen>): Promise<string[]> {
  expect(message.files).toHaveLength(1);
  const out: string[] = [];
  for (const [name, seen] of Object.entries(candidates)) if ((await drawn(ch, center, seen)).equals(message.files[0]!.data)) out.push(name);
  return out;
}

describe('Drive on Moscow fog of war in Discord', () => {
  it('two seated players: the channel sees the top units only, each player their own stacks in private', async () => {
    const german = member('Bock');
    const soviet = member('Konev');
    const outsider = member('Reporter');
    const ch = channel();
    await h.fake.ask(german, ch, 'game', 'new', { game: 'drive-on-moscow', mode: 'team', seed: 5 });
    await h.fake.ask(soviet, ch, 'game', 'join', { seat: 'soviet' });
    // 1112 holds three panzer divisions; nothing else near it is stacked.
    const close = { center: '1112', radius: 2 };
    const scenes: Record<string, Seen> = { fogged: [], german: ['german'], open: undefined };
    // The open map and the German side's differ here (the panzer stack); the fogged one is the channel's.
    expect((await drawn(ch, '1112', [])).equals(await drawn(ch, '1112', ['german']))).toBe(false);
    const public_ = await h.fake.ask(german, ch, 'game', 'map', close);
    expect(public_.ephemeral).toBe(false);
    expect(await drawnFrom(public_, ch, '1112', scenes)).toEqual(['fogged']);
    const own = await h.fake.ask(german, ch, 'game', 'map', { ...close, private: true });
    expect(own.ephemeral).toBe(true);
    expect(await drawnFrom(own, ch, '1112', scenes)).toEqual(['german', 'open']);
    // The Soviet player's own view keeps the German stack under the fog.
    const theirs = await h.fake.ask(soviet, ch, 'game', 'map', { ...close, private: true });
    expect(await drawnFrom(theirs, ch, '1112', { ...scenes, soviet: ['soviet'] })).toEqual(['fogged', 'soviet']);
    const refused = await h.fake.ask(outsider, ch, 'game', 'map', { private: true });
    expectRefused(refused, /You play no side/);
    // Text says no more than the picture.
    const hex = await h.fake.ask(soviet, ch, 'hex', undefined, { id: '1112' });
    expect(hex.content).toMatch(/Units now: 1 Pz \(strength 8-5\), 2 more beneath, unseen/);
    expect(hex.content).not.toMatch(/6 Pz/);
    // An export would show every unit: refused while the fog hides some, and nothing changes.
    const version = (await h.bot.sessions.require(ch)).doc.version;
    const exported = await h.fake.ask(soviet, ch, 'game', 'export');
    expect(exported.content).toMatch(/11\.6/);
    expect(exported.files).toHaveLength(0);
    expect((await h.bot.sessions.require(ch)).doc.version).toBe(version);
    // After an order the reply offers "My stacks": the presser's own side, only to them.
    const ordered = await h.fake.ask(german, ch, 'phase', 'order', { order: 'move-fight' });
    const mine = ordered.buttons.find((b) => b.label === 'My stacks');
    expect(mine).toBeDefined();
    const [pressed] = await h.fake.answers(h.fake.click(german, ordered, mine!.customId));
    expect(pressed!.ephemeral).toBe(true);
    expect(pressed!.files).toHaveLength(1);
    const [stranger] = await h.fake.answers(h.fake.click(outsider, ordered, mine!.customId));
    expectRefused(stranger, /You play no side/);
    // The German movers, named in full in the move menus and suggestions, are the German's only.
    const move = ordered.buttons.find((b) => b.label.startsWith('Move'));
    expect(move).toBeDefined();
    const [peek] = await h.fake.answers(h.fake.click(soviet, ordered, move!.customId));
    expectRefused(peek, /only its players may open its menus \(11\.6/);
    expect(await h.fake.autocomplete(soviet, ch, 'move', undefined, { force: '11' }, 'force')).toEqual([]);
    const movers = await h.fake.autocomplete(german, ch, 'move', undefined, { force: '11' }, 'force');
    expect(movers.find((c) => c.value === '1112')?.name).toMatch(/1 Pz, 6 Pz, 7 Pz/);
    const reach = await h.fake.ask(german, ch, 'game', 'map', { reach: '1112' });
    expect(reach.ephemeral).toBe(true);
    expect(reach.content).toMatch(/1 Pz, 6 Pz, 7 Pz in 1112/);
    const reachRefused = await h.fake.ask(soviet, ch, 'game', 'map', { reach: '1112' });
    expectRefused(reachRefused, /11\.6 Fog of war: only the German side/);
  });

  it('against the bot: its stacks under the fog in the channel, the player’s side in full, no private view needed', async () => {
    const player = member('Zhukov');
    const ch = channel();
    const started = await h.fake.ask(player, ch, 'game', 'new', { game: 'drive-on-moscow', vs: 'bot', side: 'soviet', seed: 5 });
    expect(started.buttons.some((b) => b.label === 'My stacks')).toBe(false);
    const { doc } = await h.bot.sessions.require(ch);
    const s = doc.state as DomState;
    // No level: given, so the bot plays the search level, recorded with the game.
    expect(doc.options.level).toBe('search');
    expect(s.botLevel).toBe('search');
    const count = (side: string) => {
      const by = new Map<string, number>();
      for (const u of Object.values(s.units)) if (u.side === side) by.set(u.hex, (by.get(u.hex) ?? 0) + 1);
      return [...by].filter(([, n]) => n >= 2);
    };
    const [germanHex, n] = count('german')[0]!;
    const hex = await h.fake.ask(player, ch, 'hex', undefined, { id: germanHex });
    expect(hex.content).toContain(`${n - 1} more beneath, unseen`);
    const picture = await h.fake.ask(player, ch, 'game', 'map', { center: germanHex, radius: 2 });
    expect(await drawnFrom(picture, ch, germanHex, { soviet: ['soviet'], open: undefined })).toEqual(['soviet']);
    // The player's own stacks are named in full in the channel.
    const sovietStack = count('soviet')[0];
    if (sovietStack) expect((await h.fake.ask(player, ch, 'hex', undefined, { id: sovietStack[0] })).content).not.toMatch(/unseen/);
  });
});
