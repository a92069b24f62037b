import { describe, expect, it } from 'vitest';
import { type Ballot, decide, majority } from '../../src/votes/ballot.js';
import { ManualClock } from '../../src/votes/clock.js';
import { voteSettings } from '../../src/votes/vote-settings.js';

const SECRET = 'ab'.repeat(32);

function ballot(votes: Record<string, number>, proposals = 3): Ballot {
  return {
    gameId: 'abcd2345',
    channelId: 'c',
    version: 4,
    opensAt: 0,
    closesAt: 120_000,
    quick: false,
    proposals: Array.from({ length: proposals }, (_, i) => ({
      n: i + 1,
      by: `u${i}`,
      byName: `U${i}`,
      action: { type: 'x', i },
      text: `p${i + 1}`,
      at: i,
    })),
    votes,
  };
}

describe('ballot counting', () => {
  it('needs an absolute majority of eligible voters to close early', () => {
    expect(majority(ballot({ a: 1, b: 1 }), 4)).toBeUndefined();
    expect(majority(ballot({ a: 1, b: 1, c: 1 }), 4)).toBe(1);
    expect(majority(ballot({ a: 2 }), 1)).toBe(2);
  });

  it('takes the most votes, and refuses a result below the quorum', () => {
    expect(decide(ballot({ a: 2, b: 2, c: 1 }), 1, 'earliest', 'a', SECRET)).toMatchObject({ winner: 2, tiedWith: [] });
    expect(decide(ballot({ a: 2 }), 2, 'earliest', 'a', SECRET)).toEqual({
      winner: undefined,
      why: 'only 1 of the 2 votes needed (quorum) were cast',
    });
    expect(decide(ballot({}, 0), 1, 'earliest', 'a', SECRET)).toEqual({ winner: undefined, why: 'nobody proposed an order' });
  });

  it('breaks a tie by each policy', () => {
    const tied = ballot({ a: 3, b: 2, c: 3, d: 2 });
    expect(decide(tied, 1, 'earliest', 'a', SECRET)).toMatchObject({ winner: 2, tiedWith: [2, 3] });
    // The creator's casting vote: a voted #3.
    expect(decide(tied, 1, 'creator', 'a', SECRET)).toMatchObject({ winner: 3, how: "tie broken by the creator's casting vote" });
    // The creator voted for none of the tied: the earliest.
    expect(decide(ballot({ a: 1, b: 2, c: 3 }), 1, 'creator', 'z', SECRET)).toMatchObject({ winner: 1 });
    // Seeded random: the same ballot always gives the same pick, and it is one of the tied.
    const r1 = decide(tied, 1, 'random', 'a', SECRET);
    const r2 = decide(tied, 1, 'random', 'a', SECRET);
    expect(r1).toEqual(r2);
    expect([2, 3]).toContain(r1.winner);
    // Across versions the pick varies (it is not always the earliest).
    const picks = new Set(Array.from({ length: 20 }, (_, v) => decide({ ...tied, version: v }, 1, 'random', 'a', SECRET).winner));
    expect(picks).toEqual(new Set([2, 3]));
  });
});

describe('vote settings and clock', () => {
  it('reads settings with defaults and ignores a damaged value', () => {
    const doc = { settings: { 'vote.window': 300, 'vote.tiebreak': 'random' } } as never;
    expect(voteSettings(doc)).toMatchObject({ window: 300, tiebreak: 'random', quorum: 1, quickDefault: 'retreat', paused: false });
    expect(voteSettings({ settings: { 'vote.window': 5 } } as never).window).toBe(120);
  });

  it('runs due tasks in order when advanced, and not cancelled ones', () => {
    const clock = new ManualClock(0);
    const ran: string[] = [];
    clock.schedule(200, () => ran.push('b'));
    clock.schedule(100, () => ran.push('a'));
    const cancel = clock.schedule(150, () => ran.push('x'));
    cancel();
    clock.advance(120);
    expect(ran).toEqual(['a']);
    clock.advance(100);
    expect(ran).toEqual(['a', 'b']);
    expect(clock.now()).toBe(220);
  });
});
