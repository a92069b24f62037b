import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameSessions } from '../../src/session/game-sessions.js';
import { ManualClock } from '../../src/votes/index.js';
import { withoutMember } from '../../src/votes/voters.js';
import { consoleRunner } from '../helpers/console-runner.js';
import { alice, bob, carol, moderator, openSessions, tempDataFile } from '../helpers/test-game.js';

/** Seats, removals and leavers: who may hold a side, who may take a player out, and what a leaver keeps. */

const where = { channelId: 'seats', guildId: 'g' };
const open: GameSessions[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.store.close()));
});

async function teamRace(): Promise<GameSessions> {
  const s = openSessions(tempDataFile());
  open.push(s);
  await s.newGame(where, alice, { game: 'dice-race', mode: 'team' });
  return s;
}

describe('seats in team play', () => {
  it('gives each seat one holder, refuses a seat the game does not have, and says who may change that', async () => {
    const s = await teamRace();
    await s.join(where.channelId, bob, 'german');
    const before = await s.store.load((await s.require(where.channelId)).doc.id);
    await expect(s.join(where.channelId, carol, 'german')).rejects.toThrow(
      /^Bob holds the german seat\. Alice, who started the game, may remove them \(\/game remove\) or allow shared seats/,
    );
    await expect(s.join(where.channelId, carol, 'martian')).rejects.toThrow(
      /^There is no seat "martian": the seats are german and soviet\./,
    );
    expect(await s.store.load(before!.id)).toEqual(before);
    // The creator allows shared seats: now a second member may hold it.
    await s.configure(where.channelId, alice, { settings: { sharedSeats: true } });
    const doc = await s.join(where.channelId, carol, 'german');
    expect(doc.players.filter((p) => p.seat === 'german').map((p) => p.id)).toEqual([bob.id, carol.id]);
  });

  it('lets the creator or a channel manager remove a player, freeing the seat; nobody else, and never the creator', async () => {
    const s = await teamRace();
    await s.join(where.channelId, bob, 'german');
    await s.join(where.channelId, carol);
    await expect(s.remove(where.channelId, carol, bob.id)).rejects.toThrow(
      /^Only Alice, who started this game, or a member who can manage/,
    );
    await expect(s.remove(where.channelId, alice, alice.id)).rejects.toThrow(/^The creator cannot be removed/);
    await expect(s.remove(where.channelId, alice, 'u-nobody')).rejects.toThrow(/^That member is not playing in this game\./);
    const removed = await s.remove(where.channelId, moderator, bob.id);
    expect(removed.players.map((p) => p.id)).toEqual([alice.id, carol.id]);
    expect(removed.events.at(-1)!.text).toBe('Mod removed Bob (german) from the game.');
    // The seat is free: another member takes it, and the removed player gives no orders.
    expect((await s.join(where.channelId, carol, 'german')).players.find((p) => p.id === carol.id)!.seat).toBe('german');
    await expect(s.act(where.channelId, bob, { type: 'step' })).rejects.toThrow(/not playing in this game/);
  });

  it('takes the undo away from a player who left, though the order was theirs', async () => {
    const s = await teamRace();
    await s.join(where.channelId, bob, 'german');
    await s.act(where.channelId, bob, { type: 'step' });
    await s.leave(where.channelId, bob);
    const before = (await s.require(where.channelId)).doc;
    await expect(s.undo(where.channelId, bob)).rejects.toThrow(
      /^You are no longer playing in this game, so you cannot take its orders back\./,
    );
    expect((await s.require(where.channelId)).doc).toEqual(before);
    // The creator still may.
    expect((await s.undo(where.channelId, alice)).doc.version).toBe(before.version + 1);
  });
});

describe('leavers in vote play', () => {
  it('drops a leaver’s vote and proposal from the open ballot, so only members still playing decide', async () => {
    const clock = new ManualClock();
    const c = consoleRunner({ channelId: 'seats-vote', voteClock: clock });
    const { run, printed } = c;
    await run('/game new game:operation-typhoon mode:vote seed:21');
    for (const who of ['bob', 'carl', 'dora']) {
      await run(`/as ${who}`);
      await run('/game join');
    }
    // Bob proposes and votes for his own proposal; Carl votes for it too; the console proposes another.
    await run('/as bob');
    expect(await run('/setup done')).toMatch(/\*\*Proposal #1\*\* by bob: Start the game/);
    await run('/as carl');
    expect(await run('/press 1')).toMatch(/Your vote: #1\./);
    await run('/as console');
    expect(await run('/setup reset')).toMatch(/\*\*Proposal #2\*\* by console/);
    // Bob leaves: his proposal and the votes cast for it go; Carl may vote again.
    await run('/as bob');
    expect(await run('/game leave')).toMatch(
      /bob leaves game `[a-z0-9]{8}`\. Their 1 vote and 1 proposal on the open ballot no longer count\./,
    );
    expect(await run('/vote status')).not.toMatch(/#1 Start the game/);
    await run('/as carl');
    expect(await run('/vote status')).toMatch(/#2/);
    clock.advance(121_000);
    // At the deadline only members still playing count: Bob's proposal cannot win.
    await vi.waitFor(() => expect(printed.join('\n')).toMatch(/Ballot closed \(time is up\)/), { timeout: 15_000 });
    expect(printed.join('\n')).not.toMatch(/Carried out: #1/);
    await c.close();
  });
});

describe('withoutMember', () => {
  it('removes the member’s vote and proposals and frees the votes cast for those proposals', () => {
    const proposal = (n: number, by: string) => ({ n, by, byName: by, action: { type: 'x' }, text: `#${n}`, at: 0 });
    const ballot = {
      gameId: 'abcdefgh',
      channelId: 'c',
      version: 3,
      opensAt: 0,
      closesAt: 1,
      quick: false,
      proposals: [proposal(1, 'bob'), proposal(2, 'carl')],
      votes: { bob: 1, carl: 1, dora: 2 },
    };
    const { ballot: next, votes, proposals } = withoutMember(ballot, 'bob');
    expect({ votes, proposals }).toEqual({ votes: 1, proposals: 1 });
    expect(next.proposals.map((p) => p.n)).toEqual([2]);
    expect(next.votes).toEqual({ dora: 2 });
    expect(withoutMember(ballot, 'eve')).toEqual({ ballot, votes: 0, proposals: 0 });
  });
});
