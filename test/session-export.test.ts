import { afterEach, describe, expect, it } from 'vitest';
import { type GameSessions, hashSeed } from '../src/session/index.js';
import { alice, bob, openSessions, tempDataFile } from './helpers/test-game.js';

let s: GameSessions;
afterEach(async () => {
  await s.store.close();
});

async function playedAndEnded() {
  s = openSessions(tempDataFile());
  await s.newGame({ channelId: 'src', guildId: 'g' }, alice, { game: 'dice-race', options: { goal: 40 } });
  for (const type of ['roll', 'step', 'end-turn', 'roll', 'step']) await s.act('src', alice, { type });
  await s.end('src', alice);
  return s.exportGame({ channelId: 'src', guildId: 'g' });
}

describe('export and import', () => {
  it('round-trips an ended game into another channel, where it can go on', async () => {
    const { doc, file } = await playedAndEnded();
    const text = JSON.stringify(file);
    const imported = await s.importGame({ channelId: 'dst', guildId: 'g' }, bob, text);
    expect(imported.doc.id).not.toBe(doc.id);
    expect(imported.doc.channelId).toBe('dst');
    expect(imported.doc.createdBy).toBe(bob.id);
    expect(imported.doc.state).toEqual(doc.state);
    expect(imported.doc.version).toBe(doc.version);
    expect(imported.doc.actions).toEqual(doc.actions);
    expect(imported.doc.seedHash).toBe(hashSeed(file.game.seed!));
    expect(imported.doc.status).toBe('active');
    expect(imported.doc.events.at(-1)?.text).toMatch(new RegExp(`imported game ${doc.id}`));
    const next = await s.act('dst', bob, { type: 'end-turn' });
    expect(next.doc.version).toBe(doc.version + 1);
    // The source game is untouched.
    expect((await s.require('src')).doc).toEqual(doc);
  });

  it('refuses an export whose log was altered, and changes nothing', async () => {
    const { file } = await playedAndEnded();
    const edited = structuredClone(file);
    edited.game.actions[0]!.action = { type: 'step' };
    await expect(s.importGame({ channelId: 'dst' }, bob, JSON.stringify(edited))).rejects.toThrow(/does not replay to the position/);
    const swapped = structuredClone(file);
    swapped.game.seed = (file.game.seed! + 1) >>> 0;
    await expect(s.importGame({ channelId: 'dst' }, bob, JSON.stringify(swapped))).rejects.toThrow(/seed does not match/);
    const illegal = structuredClone(file);
    illegal.game.actions.push(
      ...Array.from({ length: 3 }, (_, i) => ({ version: 50 + i, userId: 'x', action: { type: 'step' }, at: file.exportedAt })),
    );
    delete illegal.game.state;
    await expect(s.importGame({ channelId: 'dst' }, bob, JSON.stringify(illegal))).rejects.toThrow(/does not replay: order #\d+ .* 2\.2/);
    await expect(s.current('dst')).resolves.toBeUndefined();
  });

  it('refuses the export of a running game (its seed is secret), non-JSON and foreign files', async () => {
    s = openSessions(tempDataFile());
    await s.newGame({ channelId: 'src' }, alice, { game: 'dice-race' });
    const { file } = await s.exportGame({ channelId: 'src' });
    expect(file.game.seed).toBeUndefined();
    expect(JSON.stringify(file)).not.toMatch(/"dice"/);
    await expect(s.importGame({ channelId: 'dst' }, bob, JSON.stringify(file))).rejects.toThrow(/in progress, so its seed is secret/);
    await expect(s.importGame({ channelId: 'dst' }, bob, 'not json')).rejects.toThrow(/not JSON/);
    await expect(s.importGame({ channelId: 'dst' }, bob, '{"hello": 1}')).rejects.toThrow(/not a game export/);
    await expect(s.current('dst')).resolves.toBeUndefined();
  });

  it('will not import over a game in progress', async () => {
    const { file } = await playedAndEnded();
    await s.newGame({ channelId: 'busy' }, bob, { game: 'dice-race' });
    await expect(s.importGame({ channelId: 'busy' }, bob, JSON.stringify(file))).rejects.toThrow(/already has a game in progress/);
  });
});
