import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameSessions } from '../../src/session/index.js';
import { alice, bob, carol, moderator, openSessions, tempDataFile } from '../helpers/test-game.js';

let s: GameSessions;
beforeEach(() => {
  s = openSessions(tempDataFile());
});
afterEach(async () => {
  await s.store.close();
});

const step = { type: 'step' };

describe('solo game: the creator commands', () => {
  beforeEach(async () => {
    await s.newGame({ channelId: 'c' }, alice, { game: 'dice-race', mode: 'solo', seed: 4 });
  });

  it.each([
    ['creator', alice, true],
    ['another member', bob, false],
    ['a channel manager', moderator, false],
  ])('%s giving an order: allowed=%s', async (_who, user, allowed) => {
    const attempt = s.act('c', user, step);
    if (allowed) await expect(attempt).resolves.toMatchObject({ doc: { version: 1 } });
    else {
      await expect(attempt).rejects.toThrow(/Alice's solo game: only they give orders/);
      expect((await s.require('c')).doc.version).toBe(0);
    }
  });

  it('takes no other players', async () => {
    await expect(s.join('c', bob)).rejects.toThrow(/solo game; it takes no other players/);
  });

  it('lets everyone view', async () => {
    const view = await s.require('c');
    expect(view.prompt.text).toMatch(/German to move/);
  });

  it('refuses undo to anyone but the creator', async () => {
    await s.act('c', alice, step);
    await expect(s.undo('c', bob)).rejects.toThrow(/Only the player who gave the last order, or Alice/);
    await expect(s.undo('c', moderator)).rejects.toThrow(/Only the player who gave the last order/);
    await expect(s.undo('c', alice)).resolves.toMatchObject({ doc: { version: 2 } });
  });

  it.each([
    ['another member', bob, false],
    ['a channel manager', moderator, true],
    ['the creator', alice, true],
  ])('%s ending the game: allowed=%s', async (_who, user, allowed) => {
    const attempt = s.end('c', user);
    if (allowed) await expect(attempt).resolves.toMatchObject({ status: 'ended' });
    else {
      await expect(attempt).rejects.toThrow(/Only Alice, who started this game, or a member who can manage the channel/);
      expect((await s.require('c')).doc.status).toBe('active');
    }
  });
});

describe('team game: seated players command their side', () => {
  beforeEach(async () => {
    await s.newGame({ channelId: 't' }, alice, { game: 'dice-race', mode: 'team', seed: 8 });
  });

  it('lets players join and act; spectators and wrong seats are refused', async () => {
    await expect(s.act('t', bob, step)).rejects.toThrow(/not playing in this game/);
    await s.join('t', bob, 'soviet');
    await expect(s.join('t', bob)).rejects.toThrow(/already playing/);
    // German to move: Bob sits Soviet.
    await expect(s.act('t', bob, step)).rejects.toThrow(/german side's decision, and you play soviet/);
    await s.act('t', alice, { type: 'end-turn' });
    await expect(s.act('t', bob, step)).resolves.toMatchObject({ doc: { version: 2 } });
    await expect(s.act('t', carol, step)).rejects.toThrow(/not playing/);
  });

  it('lets the player who gave an order take it back, not a bystander', async () => {
    await s.join('t', bob);
    await s.act('t', bob, step);
    await s.join('t', carol);
    await expect(s.undo('t', carol)).rejects.toThrow(/Only the player who gave the last order/);
    await expect(s.undo('t', bob)).resolves.toMatchObject({ undone: { userId: bob.id } });
  });

  it('lets players leave, but not the creator', async () => {
    await s.join('t', bob);
    await expect(s.leave('t', alice)).rejects.toThrow(/cannot leave/);
    const after = await s.leave('t', bob);
    expect(after.players.map((p) => p.id)).toEqual([alice.id]);
    await expect(s.leave('t', bob)).rejects.toThrow(/not playing/);
  });
});
