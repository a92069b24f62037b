import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleSession } from '../src/console/console-session.js';
import { DOM_GAME } from '../src/games/drive-on-moscow/definition.js';
import type { DomState } from '../src/games/drive-on-moscow/state.js';
import { gameExportSchema } from '../src/session/export-format.js';
import { verifyGame } from '../src/session/verify-export.js';
import { type BotHarness, channel, member, startBotHarness } from './helpers/fake-discord/bot-harness.js';
import type { FakeDiscord } from './helpers/fake-discord/fake-discord.js';

/** Drive on Moscow from the local console and through the fake Discord. */
describe('Drive on Moscow in the console', () => {
  it('declares the order, previews exact odds, wins a mobile assault, refuses a bad order without change', async () => {
    const printed: string[] = [];
    const s = new ConsoleSession({
      outDir: mkdtempSync(join(tmpdir(), 'dom-console-')),
      print: (t) => printed.push(t),
      channelId: 'dom-console',
    });
    const run = async (line: string) => {
      printed.length = 0;
      await s.run(line);
      return printed.join('\n');
    };
    const state = async () => (await s.services.sessions.require('dom-console')).doc.state as DomState;
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
    await run('/game end');
    const exported = await run('/game export');
    const file = exported.match(/\[file\] (\S+\.json)/)![1]!;
    const check = verifyGame(gameExportSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).game, DOM_GAME);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.diceChecked).toBeGreaterThan(0);
  });
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
});
