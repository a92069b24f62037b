import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOM_GAME } from '../../../src/games/drive-on-moscow/definition.js';
import { domEngine } from '../../../src/games/drive-on-moscow/engine.js';
import type { DomState } from '../../../src/games/drive-on-moscow/state.js';
import { consoleRunner } from '../../helpers/console-runner.js';
import { rd, withOnly } from '../../helpers/dom-positions.js';
import { type BotHarness, channel, member, startBotHarness } from '../../helpers/fake-discord/bot-harness.js';
import type { FakeDiscord } from '../../helpers/fake-discord/fake-discord.js';

/** A local console on its own channel: each line's printed answer, and the stored state. */
const domConsole = (channelId: string) => consoleRunner<DomState>({ channelId });

/** Drive on Moscow from the local console and through the fake Discord. */
describe('Drive on Moscow in the console', () => {
  it('declares the order, previews exact odds, wins a mobile assault, refuses a bad order without change', async () => {
    const { run, state, endAndVerify } = domConsole('dom-console');
    expect(await run('/game new game:drive-on-moscow seed:5')).toMatch(/Drive on Moscow.*has started/);
    expect(await run('/phase order order:move-fight')).toMatch(/German Movement Phase/);
    const odds = await run('/odds defender:2052 attackers:"17 Pz, 18 Pz, 10 Mot" mode:mobile');
    expect(odds).toMatch(/1 untried unit: every hidden face weighed/);
    const pct = [...odds.matchAll(/(AS|AL1|DR|DE) (\d+\.\d)%/g)].reduce((n, m) => n + Number(m[2]), 0);
    expect(pct).toBeCloseTo(100, 0);
    const before = JSON.stringify(await state());
    expect(await run('/move units:"5 Inf" to:2052')).toMatch(/10\.3|10\.2/);
    expect(JSON.stringify(await state())).toBe(before);
    const assault = await run('/attack defender:2052 attackers:"17 Pz, 18 Pz, 10 Mot" mode:mobile');
    expect(assault).toMatch(/RD 057 revealed/);
    expect(assault).toMatch(/clear 2052/);
    expect((await state()).units['17 Pz']!.hex).toBe('2052');
    // Undo: a plain move goes back; the assault revealed a unit with a die, so it stands.
    const moved = await run('/move units:"3 Pz" to:1851');
    expect(moved).toMatch(/3 Pz 1952 → 1851/);
    expect(await run('/game undo')).toMatch(/[Tt]ook back|undone|Undid/);
    expect((await state()).units['3 Pz']!.hex).toBe('1952');
    expect(await run('/game undo')).toMatch(/Dice were rolled/);
    expect(await run('/rules chart:turns')).toMatch(/GT1 Oct I: MF 10\/6, Air 2\/0, reinforcements 7 RD, 2 RB, 2 CD, 1 TB/);
    // Export and verify: the orders replay through the same engine to the same position.
    const check = await endAndVerify(DOM_GAME);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.diceChecked).toBeGreaterThan(0);
  });
});

describe('Drive on Moscow against the search bot in the console', () => {
  it('the search bot plays a whole German player turn, every order legal and replayable, then waits for the Soviet player', async () => {
    const { run, state, endAndVerify } = domConsole('dom-search');
    const start = domEngine().setup({ seed: 7 });
    const started = await run('/game new game:drive-on-moscow vs:bot side:soviet level:search seed:7 rules:"fog:off"');
    expect(started).toMatch(/Drive on Moscow.*has started/);
    const played = Number(started.match(/The bot played\*\* \((\d+) actions\)/)?.[1]);
    expect(played).toBeGreaterThan(20);
    // An assault with its odds and die: prepared first when the search declares fight/move (5.2), mobile otherwise (10.x).
    expect(started).toMatch(/[MP]A on \d{4}: .* → \d:\d/);
    expect(started).toMatch(/\[image\] \S+-map\.png/);
    // The German player turn is over: turn 1, the Soviet player declares the order (5.2).
    const after = await state();
    expect([after.turn, after.side, after.phase]).toEqual([1, 'soviet', 'order']);
    const moved = Object.values(after.units).filter((u) => u.side === 'german' && start.units[u.id] && start.units[u.id]!.hex !== u.hex);
    expect(moved.length).toBeGreaterThan(20);
    // Every order the bot gave replays through the engine to the same position.
    const check = await endAndVerify(DOM_GAME);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    // A whole searched player turn: about 90 orders, each phase played out once per style.
  }, 120_000);
});

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.stop();
});
const ask = (...args: Parameters<FakeDiscord['ask']>) => h.fake.ask(...args);
const state = async (ch: string) => (await h.bot.sessions.require(ch)).doc.state as DomState;

describe('Drive on Moscow in Discord', () => {
  it('two seated players: order buttons, a mobile assault with the map, a refusal for the other side, the Soviet turn', async () => {
    const german = member('Bock');
    const soviet = member('Konev');
    const ch = channel();
    const started = await ask(german, ch, 'game', 'new', { game: 'drive-on-moscow', mode: 'team', seed: 5 });
    expect(started.content).toMatch(/Drive on Moscow.*has started/);
    expect(started.files).toHaveLength(1);
    await ask(soviet, ch, 'game', 'join', { seat: 'soviet' });
    const before = JSON.stringify(await state(ch));
    const refused = await ask(soviet, ch, 'phase', 'order', { order: 'move-fight' });
    expect(refused.ephemeral).toBe(true);
    expect(JSON.stringify(await state(ch))).toBe(before);
    const ordered = await ask(german, ch, 'phase', 'order', { order: 'move-fight' });
    expect(ordered.content).toMatch(/German Movement Phase/);
    const targets = await h.fake.autocomplete(german, ch, 'attack', undefined, { defender: '205' }, 'defender');
    expect(targets.map((t) => String(t.value))).toContain('2052');
    const assault = await ask(german, ch, 'attack', undefined, { defender: '2052', attackers: '17 Pz, 18 Pz, 10 Mot', mode: 'mobile' });
    expect(assault.ephemeral).toBe(false);
    expect(assault.content).toMatch(/clear 2052/);
    expect(assault.files).toHaveLength(1);
    mkdirSync('test-output/discord-dom', { recursive: true });
    writeFileSync(`test-output/discord-dom/${assault.files[0]!.name}`, assault.files[0]!.data);
    const odds = await ask(german, ch, 'odds', undefined, { defender: '2053' });
    expect(odds.ephemeral).toBe(true);
    await ask(german, ch, 'phase', 'end');
    await ask(german, ch, 'phase', 'end');
    expect((await state(ch)).side).toBe('soviet');
    const sovietOrder = await ask(soviet, ch, 'phase', 'order', { order: 'move-fight' });
    expect(sovietOrder.content).toMatch(/Soviet Reinforcement Phase: 7 RD, 2 RB, 2 CD, 1 TB/);
    const hexes = await h.fake.autocomplete(soviet, ch, 'replace', undefined, { unit: 'RD', hex: '' }, 'hex');
    expect(hexes.length).toBeGreaterThan(0);
    const entered = await ask(soviet, ch, 'replace', undefined, { unit: 'RD', hex: String(hexes[0]!.value) });
    expect(entered.content).toMatch(/enters at/);
  });

  it('starts a game against the search level of the bot, and refuses level: without vs:bot', async () => {
    const player = member('Kluge');
    const ch = channel();
    const refused = await ask(player, ch, 'game', 'new', { game: 'drive-on-moscow', level: 'search', seed: 5 });
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toMatch(/level: is how the bot plays \(add vs:bot\)/);
    await expect(h.bot.sessions.require(ch)).rejects.toThrow();
    const started = await ask(player, ch, 'game', 'new', { game: 'drive-on-moscow', vs: 'bot', side: 'german', level: 'search', seed: 5 });
    expect(started.content).toMatch(/Drive on Moscow.*has started/);
    const s = await state(ch);
    expect([s.bot, s.botLevel]).toEqual(['soviet', 'search']);
  });

  it('puts the German orders to a vote: the order of phases and a mobile assault proposed, drawn, voted and carried out', async () => {
    const [a, b, c] = [member('Guderian'), member('Hoth'), member('Hoepner')];
    const ch = channel();
    const started = await ask(a, ch, 'game', 'new', { game: 'drive-on-moscow', mode: 'vote', seed: 5 });
    expect(started.content).toMatch(/Drive on Moscow.*has started/);
    await ask(b, ch, 'game', 'join', { seat: 'german' });
    await ask(c, ch, 'game', 'join', { seat: 'german' });
    const before = JSON.stringify(await state(ch));
    const proposal = await ask(b, ch, 'phase', 'order', { order: 'move-fight' });
    expect(proposal.content).toMatch(/\*\*Proposal #1\*\* by Hoth/);
    expect(JSON.stringify(await state(ch))).toBe(before); // proposed, not carried out
    const [carried] = await h.fake.answers(h.fake.click(c, proposal, proposal.buttons[0]!.customId));
    expect(carried!.content).toMatch(/Carried out: #1/);
    expect((await state(ch)).phase).toBe('movement');
    const assault = await ask(c, ch, 'attack', undefined, { defender: '2052', attackers: '17 Pz, 18 Pz, 10 Mot', mode: 'mobile' });
    expect(assault.content).toMatch(/\*\*Proposal #1\*\* by Hoepner/);
    expect(assault.files).toHaveLength(1);
    expect((await state(ch)).units['17 Pz']!.hex).not.toBe('2052');
    const [won] = await h.fake.answers(h.fake.click(a, assault, assault.buttons[0]!.customId));
    expect(won!.content).toMatch(/Carried out: #1/);
    expect(won!.content).toMatch(/clear 2052/);
  });

  it('losses:player: an AL1 waits for the attacker to name the unit, with a button per unit of the force (11.24)', async () => {
    const bock = member('Bock');
    const ch = channel();
    await ask(bock, ch, 'game', 'new', { game: 'drive-on-moscow', seed: 6, losses: 'player' });
    // Two weak German divisions next to a strong Soviet stack: below 1:3, an automatic AL1 (11.9), no die.
    const store = h.bot.sessions.store;
    const stored = (await store.load((await h.bot.sessions.require(ch)).doc.id))!;
    const board = domEngine().board;
    const smolensk = board.cities.Smolensk!;
    const target = board.neighbours(smolensk).find((n) => board.natural(n) === 'clear')!;
    const crafted = withOnly(
      structuredClone(stored.state as DomState),
      [
        { id: 'I0', hex: smolensk, full: [1, 8], reduced: [1, 4] },
        { id: 'I1', hex: smolensk, full: [1, 8], reduced: [1, 4] },
        rd('RD 1', target, [8, 8]),
        rd('RD 2', target, [8, 8]),
      ],
      { phase: 'combat', order: 'move-fight', step: 1, turn: 2, air: { german: 0, soviet: 0, battles: 0 } },
    );
    await store.save({ ...stored, state: JSON.parse(JSON.stringify(crafted)) });
    const attack = await ask(bock, ch, 'attack', undefined, { defender: target, attackers: 'I0, I1' });
    expect(attack.content).toMatch(/AL1/);
    expect(attack.content).toMatch(/loses a step; which unit\? \(11\.24\)/);
    expect(attack.buttons.map((b) => b.label)).toEqual(
      expect.arrayContaining(['Let the bot choose', 'I0 loses a step', 'I1 loses a step']),
    );
    const [named] = await h.fake.answers(h.fake.click(bock, attack, attack.buttons.find((b) => b.label === 'I1 loses a step')!.customId));
    expect(named!.content).toMatch(/I1/);
    const after = await state(ch);
    expect(after.battle).toBeUndefined();
    expect(after.units.I1!.steps).toBe(1);
    expect(after.units.I0!.steps).toBe(2);
  });
  it('setup:free: the Soviet player places a unit with autocomplete, the German is refused privately, both end, play starts', async () => {
    const german = member('Bock');
    const soviet = member('Zhukov');
    const ch = channel();
    const started = await ask(german, ch, 'game', 'new', { game: 'drive-on-moscow', mode: 'team', seed: 5, setup: 'free' });
    expect(started.content).toMatch(/Soviet set-up/);
    await ask(soviet, ch, 'game', 'join', { seat: 'soviet' });
    const units = await h.fake.autocomplete(soviet, ch, 'setup', 'place', { unit: 'GRD' }, 'unit');
    expect(units.length).toBeGreaterThan(0);
    const grd = String(units[0]!.value);
    const hexes = await h.fake.autocomplete(soviet, ch, 'setup', 'place', { unit: grd, hex: '' }, 'hex');
    const board = domEngine().board;
    expect(hexes.length).toBeGreaterThan(0);
    expect(hexes.every((c) => board.reserve.has(String(c.value)))).toBe(true); // 3.2
    const to = String(hexes[0]!.value);
    const placed = await ask(soviet, ch, 'setup', 'place', { unit: grd, hex: to });
    expect(placed.ephemeral).toBe(false);
    expect(placed.content).toMatch(new RegExp(`${grd} set up in ${to}`));
    expect(placed.files).toHaveLength(1);
    expect((await state(ch)).units[grd]!.hex).toBe(to);
    // The German sets up after the Soviet (3.6): refused, only to him, nothing changed.
    const before = JSON.stringify(await state(ch));
    const refused = await ask(german, ch, 'setup', 'place', { unit: '7 Pz', hex: (await state(ch)).units['6 Pz']!.hex });
    expect(refused.ephemeral).toBe(true);
    expect(JSON.stringify(await state(ch))).toBe(before);
    expect((await ask(soviet, ch, 'phase', 'end')).content).toMatch(/German set-up/);
    expect((await ask(german, ch, 'phase', 'end')).content).toMatch(/German player turn 1/);
    expect((await state(ch)).phase).toBe('order');
  });
});
