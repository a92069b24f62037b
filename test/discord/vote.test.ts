import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { typhoonEngine } from '../../src/games/operation-typhoon/index.js';
import type { TyphoonState } from '../../src/games/operation-typhoon/state.js';
import { ManualClock } from '../../src/votes/index.js';
import { expectRefused } from '../helpers/expect-refused.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import type { FakeMessage, FakeUser } from '../helpers/fake-discord/fake-discord.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';
import { twoStepsBack } from '../helpers/typhoon-positions.js';

/**
 * Vote and team play through the fake Discord with several members. Ballot deadlines run
 * on a hand-driven clock, so a two-minute window takes no time.
 */
const clock = new ManualClock();
const h = useBotHarness({ voteClock: clock });
const { run, click, doc } = h;

const state = async (ch: string) => (await doc(ch)).state as TyphoonState;
const voteButton = (m: FakeMessage, n: number) => m.buttons.find((b) => b.label.startsWith(`#${n} `))!.customId;

async function voteGame(players: FakeUser[]): Promise<{ ch: string; start: FakeMessage }> {
  const ch = channel();
  const start = await run(players[0]!, ch, 'game', 'new', { game: 'operation-typhoon', mode: 'vote', seed: 77 });
  for (const p of players.slice(1)) expect((await run(p, ch, 'game', 'join')).ephemeral).toBe(false);
  return { ch, start };
}

describe('vote play in Discord', () => {
  const [a, b, c, d] = [member('Anna'), member('Bruno'), member('Clara'), member('Dieter')];
  const outsider = member('Outsider');

  it('turns a button into a proposal, counts votes, ignores double clicks and closes at a majority', async () => {
    const { ch, start } = await voteGame([a, b, c, d]);
    const proposal = await click(a, start, start.buttons[0]!.customId);
    expect(proposal.ephemeral).toBe(false);
    expect(proposal.content).toMatch(/\*\*Proposal #1\*\* by Anna: Start the game/);
    expect(proposal.content).toMatch(/1 of 4 voted/);
    expect((await doc(ch)).version).toBe(0);

    const refused = await click(outsider, proposal, voteButton(proposal, 1));
    expectRefused(refused, /Only members who joined/);

    const first = await click(b, proposal, voteButton(proposal, 1));
    expect(first.ephemeral).toBe(true);
    expect(first.content).toMatch(/2 of 4 voted/);
    const again = await click(b, proposal, voteButton(proposal, 1));
    expect(again.content).toMatch(/2 of 4 voted/); // a double click is still one vote
    expect((await doc(ch)).version).toBe(0);

    const closing = await click(c, proposal, voteButton(proposal, 1));
    expect(closing.ephemeral).toBe(false);
    expect(closing.content).toMatch(/Ballot closed \(a majority is reached\)/);
    expect(closing.content).toMatch(/Carried out: #1/);
    expect((await doc(ch)).version).toBe(1);
    expect((await state(ch)).phase).toBe('movement');
    // The ballot is gone: its button now says so.
    const late = await click(d, proposal, voteButton(proposal, 1));
    expectRefused(late, /ballot is closed/);
  });

  it('draws each proposal, lets a member change their vote, and carries out the winner when time is up', async () => {
    const { ch, start } = await voteGame([a, b, c, d]);
    await click(a, start, start.buttons[0]!.customId);
    const ballotMsg = [...h.fake.messagesIn(ch)].reverse().find((m) => /Proposal #1/.test(m.content))!;
    await click(b, ballotMsg, voteButton(ballotMsg, 1));
    await click(c, ballotMsg, voteButton(ballotMsg, 1));
    expect((await state(ch)).phase).toBe('movement');

    const [m1, m2] = twoStepsBack(typhoonEngine(), (await doc(ch)).state as TyphoonState);
    const p1 = await run(b, ch, 'move', undefined, { force: m1!.from, path: m1!.path });
    expect(p1.content).toMatch(/\*\*Proposal #1\*\* by Bruno: .*→ .*\d MP/);
    expect(p1.files).toHaveLength(1);
    const p2 = await run(c, ch, 'move', undefined, { force: m2!.from, path: m2!.path });
    expect(p2.content).toMatch(/\*\*Proposal #2\*\* by Clara/);
    expect(p2.files).toHaveLength(1);
    mkdirSync('test-output/discord-vote', { recursive: true });
    writeFileSync(`test-output/discord-vote/proposal-${p2.files[0]!.name}`, p2.files[0]!.data);
    const versionBefore = (await doc(ch)).version;

    await click(d, p2, voteButton(p2, 2));
    const changed = await click(d, p2, voteButton(p2, 1));
    expect(changed.content).toMatch(/Your vote: #1/);
    expect(changed.content).toMatch(/#1 .*\*\*2\*\*/);
    expect(changed.content).toMatch(/#2 .*\*\*1\*\*/);

    const posted = h.fake.messagesIn(ch).length;
    clock.advance(120_000);
    await h.fake.waitFor(() => h.fake.messagesIn(ch).length > posted);
    const result = h.fake.messagesIn(ch).at(-1)!;
    expect(result.content).toMatch(/Ballot closed \(time is up\)/);
    expect(result.content).toMatch(/Carried out: #1/);
    expect(result.files).toHaveLength(1);
    expect((await doc(ch)).version).toBe(versionBefore + 1);
    expect((await state(ch)).active?.hex).toBe(m1!.path);
  });

  it('carries out nothing when the quorum is not met, and breaks ties by the configured rule', async () => {
    const { ch, start } = await voteGame([a, b, c]);
    await click(a, start, start.buttons[0]!.customId);
    const ballot = [...h.fake.messagesIn(ch)].reverse().find((m) => /Proposal #1/.test(m.content))!;
    await click(b, ballot, voteButton(ballot, 1)); // 2 of 3: majority
    expect((await state(ch)).phase).toBe('movement');

    expect((await run(b, ch, 'vote', 'settings', { quorum: 3 })).content).toMatch(/Only Anna/);
    await run(a, ch, 'vote', 'settings', { quorum: 3, tiebreak: 'creator' });
    const [m1, m2] = twoStepsBack(typhoonEngine(), (await doc(ch)).state as TyphoonState);
    await run(b, ch, 'move', undefined, { force: m1!.from, path: m1!.path });
    const posted = h.fake.messagesIn(ch).length;
    clock.advance(120_000);
    await h.fake.waitFor(() => h.fake.messagesIn(ch).length > posted);
    expect(h.fake.messagesIn(ch).at(-1)!.content).toMatch(/no order is carried out\*\*: only 1 of the 3 votes needed/);
    const version = (await doc(ch)).version;

    // A tie (b for #1, c for #2; the creator did not vote) goes to the earliest proposal.
    await run(a, ch, 'vote', 'settings', { quorum: 2 });
    const p1 = await run(b, ch, 'move', undefined, { force: m1!.from, path: m1!.path });
    const p2 = await run(c, ch, 'move', undefined, { force: m2!.from, path: m2!.path });
    expect(p2.content).toMatch(/1 .*\*\*1\*\*/);
    void p1;
    const before = h.fake.messagesIn(ch).length;
    clock.advance(120_000);
    await h.fake.waitFor(() => h.fake.messagesIn(ch).length > before);
    const tie = h.fake.messagesIn(ch).at(-1)!.content;
    expect(tie).toMatch(/tie broken in favour of the earliest proposal \(the creator voted for none of them\)/);
    expect((await doc(ch)).version).toBe(version + 1);
  });

  it('resumes an open ballot after a restart: the deadline still comes and old buttons still vote', async () => {
    const { ch, start } = await voteGame([a, b, c, d]);
    const proposal = await click(a, start, start.buttons[0]!.customId);
    await h.restart();
    await h.fake.waitForShards(1);
    expect(h.logs.some((l) => /Resumed \d+ open ballot/.test(l))).toBe(true);
    const vote = await click(b, proposal, voteButton(proposal, 1));
    expect(vote.content).toMatch(/2 of 4 voted/);
    const posted = h.fake.messagesIn(ch).length;
    clock.advance(121_000);
    await h.fake.waitFor(() => h.fake.messagesIn(ch).length > posted);
    expect(h.fake.messagesIn(ch).at(-1)!.content).toMatch(/time is up[\s\S]*Carried out: #1/);
    expect((await doc(ch)).version).toBe(1);
  });

  it('lets the creator pause voting and override a ballot, and logs the override', async () => {
    const { ch, start } = await voteGame([a, b, c]);
    const proposal = await click(b, start, start.buttons[0]!.customId);
    expect((await run(a, ch, 'vote', 'pause')).content).toMatch(/paused/);
    const blocked = await click(c, proposal, voteButton(proposal, 1));
    expect(blocked.content).toMatch(/paused/);
    clock.advance(10 * 60_000);
    expect((await doc(ch)).version).toBe(0);
    expect((await run(b, ch, 'vote', 'override', { proposal: 1 })).content).toMatch(/Only the creator/);
    const done = await run(a, ch, 'vote', 'override', { proposal: 1 });
    expect(done.content).toMatch(/overridden by Anna/);
    expect((await doc(ch)).version).toBe(1);
    expect((await doc(ch)).events.some((l) => l.kind === 'vote-override')).toBe(true);
  });
});

describe('tie-breaks through Discord', () => {
  it('gives a 2-2 tie to the creator’s casting vote, or to a seeded random pick', async () => {
    const [a, b, c, d] = [member('Ada'), member('Ben'), member('Cy'), member('Di')];
    for (const policy of ['creator', 'random'] as const) {
      const { ch, start } = await voteGame([a, b, c, d]);
      await click(a, start, start.buttons[0]!.customId);
      const first = [...h.fake.messagesIn(ch)].reverse().find((m) => /Proposal #1/.test(m.content))!;
      await click(b, first, voteButton(first, 1));
      await click(c, first, voteButton(first, 1)); // 3 of 4: carried out
      await run(a, ch, 'vote', 'settings', { tiebreak: policy });
      const [m1, m2] = twoStepsBack(typhoonEngine(), (await doc(ch)).state as TyphoonState);
      const p1 = await run(b, ch, 'move', undefined, { force: m1!.from, path: m1!.path });
      const p2 = await run(c, ch, 'move', undefined, { force: m2!.from, path: m2!.path });
      // p2's ballot message took the buttons off p1's (one live ballot message): every proposal is voted on there.
      await h.fake.waitFor(() => p1.buttons.length === 0, 10_000, 'the buttons off the earlier ballot message');
      await click(d, p2, voteButton(p2, 1));
      // #1: Ben, Di; #2: Cy, Ada. Every member has voted, so the ballot closes at once, without waiting for its deadline.
      const result = (await click(a, p2, voteButton(p2, 2))).content;
      expect(result).toMatch(/Ballot closed \(every member has voted\)/);
      if (policy === 'creator') {
        expect(result).toMatch(/Carried out: #2\*\* \(tie broken by the creator's casting vote\)/);
        expect((await state(ch)).active?.hex).toBe(m2!.path);
      } else {
        expect(result).toMatch(/Carried out: #\d\*\* \(tie of #1, #2 broken at random/);
      }
    }
  });
});

describe('fight-on-or-retreat ballots', () => {
  it('open by themselves after a battle starts, and take the default when nobody votes', async () => {
    const solo = member('Einzel');
    const { ch, start } = await voteGame([solo]);
    await click(solo, start, start.buttons[0]!.customId); // one voter: a proposal is a majority
    const index = typhoonEngine().index;
    const mech = Object.keys((await state(ch)).units).filter((id) => index.unit(id).mobility === 'mechanized');
    let last: FakeMessage | undefined;
    // Drive panzer divisions east, one after another, until a battle waits for a decision.
    for (let step = 0; step < 30 && !(await state(ch)).battle; step++) {
      const s = await state(ch);
      const unitId = s.active ? s.active.units.find((u) => mech.includes(u)) : mech.find((u) => s.units[u] && !s.done.includes(u));
      if (!unitId) break;
      if (s.active && !s.active.units.includes(unitId)) {
        await run(solo, ch, 'force', 'end');
        continue;
      }
      const force = s.active?.units.includes(unitId) ? s.active.hex : s.units[unitId]!.hex;
      const next = index.map.grid.neighbours(force).find((n) => (n.dir === 'SE' || n.dir === 'NE') && index.map.has(n.id));
      if (!next) {
        await run(solo, ch, 'force', 'end');
        continue;
      }
      last = await run(solo, ch, 'move', undefined, { force, path: next.id });
      if (last.ephemeral && s.active) await run(solo, ch, 'force', 'end');
    }
    if (!(await state(ch)).battle) return expect.unreachable(`no battle within 8 steps east: ${last?.content}`);
    expect(last!.content).toMatch(/Ballot\*\* on version \d+ \(a battle decision; nobody voting means Retreat to \d{4}\)/);
    expect(last!.buttons.some((b) => /Retreat/.test(b.label))).toBe(true);
    const posted = h.fake.messagesIn(ch).length;
    clock.advance(30_000);
    await h.fake.waitFor(() => h.fake.messagesIn(ch).length > posted);
    expect(h.fake.messagesIn(ch).at(-1)!.content).toMatch(/nobody voted: the default \(Retreat to \d{4}\) applies/);
    expect((await state(ch)).battle).toBeFalsy();
  });
});

describe('team play in Discord', () => {
  it('gives formations to players; ordering another player’s army is refused', async () => {
    const [boss, hoth, guderian] = [member('Bock'), member('Hoth'), member('Guderian')];
    const ch = channel();
    await run(boss, ch, 'game', 'new', { game: 'operation-typhoon', mode: 'team', seed: 88 });
    expect((await run(hoth, ch, 'game', 'join', { army: 'PG3' })).content).toMatch(/Hoth joined, commanding Panzer Group 3/);
    expect((await run(guderian, ch, 'game', 'join', { army: 'pg3' })).content).toMatch(/already commanded by Hoth/);
    await run(guderian, ch, 'game', 'join', { army: 'Panzer Group 2' });
    const armies = await h.fake.autocomplete(guderian, ch, 'game', 'join', { army: '' }, 'army');
    expect(armies.find((x) => x.value === 'PG3')!.name).toMatch(/commanded by Hoth/);

    expect((await run(hoth, ch, 'setup', 'done')).content).toMatch(/whole side .* are Bock's/);
    await run(boss, ch, 'setup', 'done');
    const s = await state(ch);
    const index = typhoonEngine().index;
    const pg2 = Object.entries(s.units).find(([id]) => index.unit(id).formation === 'PG2')![1].hex;
    const before = JSON.stringify(await state(ch));
    const refused = await run(hoth, ch, 'air', 'assign', { hex: pg2 });
    expectRefused(refused, /Panzer Group 2 is commanded by Guderian; you command Panzer Group 3/);
    expect(JSON.stringify(await state(ch))).toBe(before);
    const ok = await run(guderian, ch, 'air', 'assign', { hex: pg2 });
    expect(ok.ephemeral).toBe(false);
  });
});
