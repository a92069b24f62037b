import { describe, expect, it } from 'vitest';
import { typhoonEngine } from '../../src/games/operation-typhoon/index.js';
import type { TyphoonState } from '../../src/games/operation-typhoon/state.js';
import { ManualClock } from '../../src/votes/index.js';
import { expectRefused } from '../helpers/expect-refused.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import { buttonId } from '../helpers/fake-discord/buttons.js';
import type { FakeMessage, FakeUser } from '../helpers/fake-discord/fake-discord.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';

/**
 * Operation Typhoon at the table through the fake Discord: ending a turn and forfeiting
 * air support ask first (only the asker sees the question), team commanders end the turn
 * together and never each other's forces, ballots close when every vote is in.
 */
const clock = new ManualClock();
const h = useBotHarness({ voteClock: clock });
const { run, doc } = h;

/** A member clicks the button whose label matches; resolves with the first answer. */
const click = (user: FakeUser, message: FakeMessage, label: RegExp) => h.click(user, message, buttonId(message, label));
const state = async (ch: string) => (await doc(ch)).state as TyphoonState;
const index = typhoonEngine().index;

/** A stack of one formation only, with an empty German hex behind it. */
function stackOf(s: TyphoonState, formation: string): { hex: string; to: string } {
  const occupied = new Set(Object.values(s.units).map((u) => u.hex));
  for (const [id, u] of Object.entries(s.units)) {
    if (index.unit(id).formation !== formation) continue;
    if (Object.entries(s.units).some(([o, x]) => x.hex === u.hex && index.unit(o).formation !== formation)) continue;
    const to = index.map.neighbours(u.hex).find((n) => !index.initiallySoviet.has(n) && !occupied.has(n));
    if (to) return { hex: u.hex, to };
  }
  throw new Error(`no ${formation} stack with room behind`);
}

describe('Operation Typhoon at the table, in Discord', () => {
  const [anna, bruno, clara, dieter] = [member('Anna'), member('Bruno'), member('Clara'), member('Dieter')];

  it('asks before ending a turn with forces unmoved; the question is private and its button goes stale', async () => {
    const ch = channel();
    await run(anna, ch, 'game', 'new', { game: 'operation-typhoon', seed: 41 });
    const started = await run(anna, ch, 'setup', 'done');
    expect(started.buttons.map((b) => b.label)).toEqual(['Move…', 'Status', 'End turn 1 (71 stacks unmoved)']);
    const asked = await click(anna, started, /^End turn 1/);
    expect(asked.ephemeral).toBe(true);
    expect(asked.content).toMatch(/End turn 1 now\? 71 stacks can still move/);
    expect((await state(ch)).turn).toBe(1);
    // Someone else cannot answer the question.
    const other = await click(bruno, asked, /^Yes: End turn 1/);
    expect(other.content).toMatch(/was for the player who gave the order/);
    expect((await state(ch)).turn).toBe(1);

    // A move in between: the question's button no longer ends anything.
    const s = await state(ch);
    const { hex, to } = stackOf(s, 'PG2');
    const moveAsked = await run(anna, ch, 'move', undefined, { force: hex, path: to });
    expect(moveAsked.ephemeral).toBe(true);
    expect(moveAsked.content).toMatch(/this move would forfeit them for turn 1 \(9\.1\)/);
    await click(anna, moveAsked, /^Move, forfeit 2/);
    expect((await state(ch)).active?.hex).toBe(to);
    const stale = await click(anna, asked, /^Yes: End turn 1/);
    expect(stale.content).toMatch(/moved on since that question/);
    expect((await state(ch)).turn).toBe(1);

    // /phase end asks the same, and its button ends the turn.
    const typed = await run(anna, ch, 'phase', 'end');
    expect(typed.ephemeral).toBe(true);
    expect(typed.content).toMatch(/End turn 1 now\? 70 stacks can still move/);
    const ended = await click(anna, typed, /^End turn 1 anyway/);
    expect(ended.ephemeral).toBe(false);
    expect(ended.content).toMatch(/Turn 2 \(/);
    expect((await state(ch)).turn).toBe(2);
  });

  it('offers to assign the Luftwaffe before the first move', async () => {
    const ch = channel();
    await run(anna, ch, 'game', 'new', { game: 'operation-typhoon', seed: 42 });
    await run(anna, ch, 'setup', 'done');
    const { hex, to } = stackOf(await state(ch), 'PG4');
    const asked = await run(anna, ch, 'move', undefined, { force: hex, path: to });
    expect(asked.buttons.map((b) => b.label)).toEqual([`Luftwaffe to ${hex} first`, 'Move, forfeit 2 Luftwaffe units']);
    const assigned = await click(anna, asked, /^Luftwaffe to/);
    expect(assigned.content).toMatch(/A Luftwaffe unit flies with the force in/);
    expect((await state(ch)).airAvailable).toBe(1);
    expect((await state(ch)).active).toBeNull();
  });

  it('team play: one commander never ends another commander force; the turn ends when every commander is done', async () => {
    const ch = channel();
    await run(anna, ch, 'game', 'new', { game: 'operation-typhoon', mode: 'team', seed: 43 });
    await run(bruno, ch, 'game', 'join', { army: 'PG3' });
    await run(anna, ch, 'setup', 'done');
    expect((await run(anna, ch, 'air', 'split', { formations: 'PG3, PG4' })).content).toMatch(/go to PG3, PG4/);
    const s = await state(ch);
    const pg3 = stackOf(s, 'PG3');
    const pg4 = stackOf(s, 'PG4');
    await click(bruno, await run(bruno, ch, 'move', undefined, { force: pg3.hex, path: pg3.to }), /^Move, forfeit/);
    expect((await state(ch)).active?.hex).toBe(pg3.to);
    const refused = await run(anna, ch, 'move', undefined, { force: pg4.hex, path: pg4.to });
    expectRefused(refused, /Panzer Group 3 is commanded by Bruno/);
    expect((await state(ch)).active?.hex).toBe(pg3.to);

    const brunoAsked = await run(bruno, ch, 'phase', 'end');
    const brunoDone = await click(bruno, brunoAsked, /^Done \(PG3\)/);
    expect(brunoDone.content).toMatch(/PG3 is done for this turn\. Waiting for/);
    expect((await state(ch)).turn).toBe(1);
    const annaAsked = await run(anna, ch, 'phase', 'end');
    const annaDone = await click(anna, annaAsked, /^Done \(9A, 4A, PG4, 2A, PG2\)/);
    expect(annaDone.content).toMatch(/Turn 2 \(/);
    expect((await state(ch)).turn).toBe(2);
  });

  it('vote play: ending the turn needs a majority; a full ballot closes at once; /vote settings shows the settings', async () => {
    const ch = channel();
    await run(anna, ch, 'game', 'new', { game: 'operation-typhoon', mode: 'vote', seed: 44 });
    for (const p of [bruno, clara, dieter]) await run(p, ch, 'game', 'join');
    const shown = await run(bruno, ch, 'vote', 'settings');
    expect(shown.ephemeral).toBe(true);
    expect(shown.content).toMatch(/window 120 s · quick_window 30 s · quorum 1/);
    // Start: everyone votes for it, so the ballot closes at once (it would at a majority too).
    const start = await run(anna, ch, 'setup', 'done');
    for (const p of [bruno, clara]) await click(p, start, /^#1 /);
    expect((await state(ch)).phase).toBe('movement');

    // End turn proposed by one member: at the deadline (1 vote, quorum 1) the turn does not end.
    const proposal = await run(anna, ch, 'phase', 'end');
    expect(proposal.content).toMatch(/End turn 1 \(5\.2\): 71 stacks can still move/);
    clock.advance(121_000);
    await h.fake.waitFor(() => h.fake.messagesIn(ch).some((m) => /the turn does not end/.test(m.content)), 15_000, 'the ballot result');
    expect((await state(ch)).turn).toBe(1);
    // The end-turn proposal is carried to the next ballot; all four vote for it and the ballot closes at once.
    const carried = h.fake.messagesIn(ch).find((m) => /the turn does not end/.test(m.content))!;
    expect(carried.buttons.map((b) => b.label)[0]).toMatch(/^#1 End turn 1/);
    for (const p of [anna, bruno, clara]) await click(p, carried, /^#1 /);
    expect((await state(ch)).turn).toBe(2);
  });

  it('vote play: a ballot with every vote in closes at once, before any majority or deadline', async () => {
    const ch = channel();
    await run(anna, ch, 'game', 'new', { game: 'operation-typhoon', mode: 'vote', seed: 45 });
    await run(bruno, ch, 'game', 'join');
    const first = await run(anna, ch, 'setup', 'done');
    expect(first.content).toMatch(/1 of 2 voted/);
    // Bruno files another proposal (his vote goes to it): 2 of 2 voted, 1-1, so the ballot closes now.
    const second = await run(bruno, ch, 'setup', 'reset');
    expect(second.content).toMatch(/Ballot closed \(every member has voted\)/);
    expect(second.content).toMatch(/Carried out: #1/);
    expect((await state(ch)).phase).toBe('movement');
  });

  it("reads dice and MP plainly: this move's cost and what is left, every die once", async () => {
    const ch = channel();
    await run(anna, ch, 'game', 'new', { game: 'operation-typhoon', seed: 46 });
    await run(anna, ch, 'setup', 'done');
    const { hex, to } = stackOf(await state(ch), 'PG4');
    const moved = await click(anna, await run(anna, ch, 'move', undefined, { force: hex, path: to }), /^Move, forfeit/);
    expect(moved.content).toMatch(new RegExp(`move to ${to}: \\d+ MP, \\d+ MP left\\.`));
    let out = '';
    for (const [id, u] of Object.entries((await state(ch)).units)) {
      const s = await state(ch);
      if (index.unit(id).mobility !== 'mechanized' || s.done.includes(id) || s.battle) continue;
      const soviet = index.map.neighbours(u.hex).find((n) => index.initiallySoviet.has(n));
      if (!soviet) continue;
      out = (await run(anna, ch, 'move', undefined, { force: u.hex, path: soviet })).content;
      if (/fires/.test(out)) break;
    }
    expect(out).toMatch(/🎲 [^:\n]+\(CDR (\d)\): (\d( \d)*)( \([+−]\d each\))? → (miss|1 hit|\d hits)/);
    expect(out).not.toMatch(/fires 1 dice/);
  });
});

describe("the commander's own army, in Discord", () => {
  it('/force list defaults to the commander’s formations in team play; /game map center:PG3 and reach:XXYY, /hex now', async () => {
    const [anna, bruno] = [member('Anna2'), member('Bruno2')];
    const ch = channel();
    await run(anna, ch, 'game', 'new', { game: 'operation-typhoon', mode: 'team', seed: 47 });
    await run(bruno, ch, 'game', 'join', { army: 'PG3' });
    await run(anna, ch, 'setup', 'done');
    const mine = await run(bruno, ch, 'force', 'list');
    expect(mine.ephemeral).toBe(true);
    expect(mine.content).toMatch(/\*\*PG3\*\* Panzer Group 3: 12 units/);
    expect(mine.content).not.toMatch(/\*\*PG4\*\*/);
    const map = await run(bruno, ch, 'game', 'map', { center: 'PG3' });
    expect(map.content).toMatch(/Panzer Group 3: its units in \d+ hexes/);
    expect(map.files).toHaveLength(1);
    const s = await state(ch);
    const hex = Object.values(s.units)[0]!.hex;
    const hexReply = await run(bruno, ch, 'hex', undefined, { id: hex });
    expect(hexReply.content).toMatch(/Control now: German\nUnits now: .+\(strength \d/);
    // Where a force can go: every reachable hex with its MP cost, as a picture; nothing there, a refusal naming the rule.
    const reach = await run(bruno, ch, 'game', 'map', { reach: hex });
    expect(reach.content).toMatch(new RegExp(`in ${hex}, \\d+ MP: can reach \\d+ hexes`));
    expect(reach.files).toHaveLength(1);
    const none = await run(bruno, ch, 'game', 'map', { reach: '0101' });
    expectRefused(none, /9\.0: there is no German unit in 0101/);
    const centers = await h.fake.autocomplete(bruno, ch, 'game', 'map', { center: 'PG' }, 'center');
    expect(centers.map((c) => c.value)).toEqual(expect.arrayContaining(['PG3', 'PG4', 'PG2']));
  });
});

describe('autocomplete that helps, in Discord', () => {
  it('searches forces by formation and lists destinations towards the enemy first', async () => {
    const hoth = member('Hoth3');
    const ch = channel();
    await run(hoth, ch, 'game', 'new', { game: 'operation-typhoon', seed: 48 });
    await run(hoth, ch, 'setup', 'done');
    const pg2 = await h.fake.autocomplete(hoth, ch, 'move', undefined, { force: 'pg2' }, 'force');
    expect(pg2.length).toBeGreaterThan(0);
    for (const c of pg2) expect(c.name).toMatch(/ · PG2 /);
    const dest = await h.fake.autocomplete(hoth, ch, 'move', undefined, { force: pg2[0]!.value, to: '' }, 'to');
    expect(dest[0]!.name).toMatch(/Soviet: battle/);
  });
});

describe('battle pictures, in Discord', () => {
  it('the retreat reply carries the picture of the defenders who held', async () => {
    const kluge = member('Kluge4');
    const ch = channel();
    await run(kluge, ch, 'game', 'new', { game: 'operation-typhoon', seed: 2 });
    await run(kluge, ch, 'setup', 'done');
    // seed 2: 36 Mot in 1312 attacks 1412 and meets two rifle divisions (see typhoon-battle-pictures).
    let m = await run(kluge, ch, 'move', undefined, { force: '1312', path: '1412' });
    if (m.ephemeral && /forfeit/.test(m.content)) m = await click(kluge, m, /^Move, forfeit/);
    expect((await state(ch)).battle?.hex).toBe('1412');
    expect(m.buttons[0]!.label).toMatch(/^Another round|^Retreat/);
    const back = await click(kluge, m, /^Retreat/);
    expect(back.content).toMatch(/The Soviets hold 1412/);
    expect(back.files).toHaveLength(1);
    expect((await state(ch)).held?.hex).toBe('1412');
  });
});
