import { afterEach, describe, expect, it } from 'vitest';
import { type GameSessions, hashSeed } from '../../src/session/index.js';
import { alice, bob, openSessions, tempDataFile } from '../helpers/test-game.js';

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
    // The same position, on new dice: the file revealed the seed, so a fresh secret takes over.
    const { dice, ...position } = imported.doc.state as Record<string, unknown>;
    const { dice: oldDice, ...oldPosition } = doc.state as Record<string, unknown>;
    expect(position).toEqual(oldPosition);
    expect(dice).not.toEqual(oldDice);
    expect(dice).toEqual({ key: imported.doc.reseeds![0]!.seed, rolls: 0 });
    expect(imported.doc.version).toBe(doc.version);
    expect(imported.doc.actions).toEqual(doc.actions);
    expect(imported.doc.seedHash).toBe(hashSeed(file.game.seed!, file.game.seedNonce));
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
    await expect(s.importGame({ channelId: 'dst' }, bob, JSON.stringify(edited))).rejects.toThrow(
      /does not pass the check of npm run verify: .*(the log shows dice|the replayed position differs)/,
    );
    const swapped = structuredClone(file);
    swapped.game.seed = 'f'.repeat(64);
    await expect(s.importGame({ channelId: 'dst' }, bob, JSON.stringify(swapped))).rejects.toThrow(
      /seed f{64} with nonce [0-9a-f]{32} does not match the published fingerprint/,
    );
    const illegal = structuredClone(file);
    const last = file.game.version;
    illegal.game.actions.push(
      ...Array.from({ length: 3 }, (_, i) => ({ version: last + 1 + i, userId: 'x', action: { type: 'step' }, at: file.exportedAt })),
    );
    illegal.game.version = last + 3;
    await expect(s.importGame({ channelId: 'dst' }, bob, JSON.stringify(illegal))).rejects.toThrow(
      /the replay stops: order #\d+ \(version \d+\) is refused: .*2\.2/,
    );
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
