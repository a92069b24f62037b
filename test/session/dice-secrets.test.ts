import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { diceId, diceStateSchema, forkDice, keyedIndex, newDice, roll, rollMany } from '../../src/kernel/dice.js';
import { parseExport } from '../../src/session/export-format.js';
import { currentSecret, type GameSessions, hashSeed, newCommittedSecret, newDiceSecret, newNonce } from '../../src/session/index.js';
import { verifyExport } from '../../src/session/verify-export.js';
import { type Ballot, decide, tieLabel } from '../../src/votes/ballot.js';
import { alice, openSessions, type RaceState, tempDataFile, testGames } from '../helpers/test-game.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const KEY = '0123456789abcdef'.repeat(4);
const OTHER_KEY = `${KEY.slice(0, 63)}e`;

/** Pearson's chi-square of observed counts against equal expected counts. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

describe('numeric seeds keep the old generator (mulberry32) exactly', () => {
  // Pinned from src/kernel/dice.ts before the keyed dice were added: old games, fixed-seed
  // tests, the balance report and the bot arena replay unchanged only if these hold.
  it('rolls the same dice as before for seeds 1, 1941, 42 and 2^32-1', () => {
    expect(rollMany(newDice(1), 20).values).toEqual([4, 1, 4, 6, 6, 2, 4, 5, 3, 6, 3, 3, 1, 3, 2, 1, 3, 1, 3, 5]);
    expect(rollMany(newDice(1), 20).dice).toEqual({ seed: 1, state: 2271577893, rolls: 20 });
    expect(rollMany(newDice(1), 5, 10).values).toEqual([7, 1, 6, 10, 10]);
    expect(rollMany(newDice(1941), 12).values).toEqual([5, 5, 5, 2, 6, 4, 4, 1, 2, 4, 5, 2]);
    expect(rollMany(newDice(0xffffffff), 12).values).toEqual([6, 2, 5, 6, 6, 4, 5, 3, 1, 6, 6, 2]);
    expect(roll(newDice(42), 20)).toEqual({ value: 13, dice: { seed: 42, state: 1831565855, rolls: 1 } });
  });

  it('forks a numeric seed with the search bot’s old formula, and names it by its seed', () => {
    for (const [seed, salt] of [
      [1, 8],
      [1941, 1 + 7919 + 104729],
      [0xffffffff, 3],
    ] as const) {
      expect(forkDice(newDice(seed), salt)).toEqual(newDice((seed ^ Math.imul(salt, 2654435761)) >>> 0));
    }
    expect(rollMany(forkDice(newDice(1), 8), 10).values).toEqual([2, 1, 6, 1, 2, 1, 5, 5, 4, 4]);
    expect(diceId(rollMany(newDice(77), 5).dice)).toBe('77');
  });

  it('advances its state by a constant: why a numeric seed is no secret', () => {
    const d = rollMany(newDice(5), 3).dice;
    expect((roll(d).dice.state - d.state) >>> 0).toBe(0x6d2b79f5);
  });
});

describe('keyed dice (HMAC-SHA256 of a 256-bit secret)', () => {
  it('are uniform enough: chi-square of 60,000 d6 within a loose bound, every face near 1/6', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    const { values } = rollMany(newDice(KEY), 60_000);
    for (const v of values) counts[v - 1]! += 1;
    // 5 degrees of freedom: 20.5 is the 0.1% tail; 30 leaves room and still catches a skewed die.
    expect(chiSquare(counts)).toBeLessThan(30);
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(600);
  });

  it('show no pattern from one die to the next (pairs of consecutive dice are uniform too)', () => {
    const { values } = rollMany(newDice(OTHER_KEY), 36_001);
    const pairs = new Array(36).fill(0);
    for (let i = 0; i < 36_000; i++) pairs[(values[i]! - 1) * 6 + (values[i + 1]! - 1)] += 1;
    // 35 degrees of freedom: 66.6 is the 0.1% tail.
    expect(chiSquare(pairs)).toBeLessThan(80);
  });

  it('roll other dice uniformly too (d10, d2) and stay within their faces', () => {
    const d10 = rollMany(newDice(KEY), 20_000, 10).values;
    expect(Math.min(...d10)).toBe(1);
    expect(Math.max(...d10)).toBe(10);
    const counts = new Array(10).fill(0);
    for (const v of d10) counts[v - 1] += 1;
    expect(chiSquare(counts)).toBeLessThan(40);
    expect(new Set(rollMany(newDice(KEY), 200, 2).values)).toEqual(new Set([1, 2]));
  });

  it('are deterministic for a key, and another key (one hex digit apart) gives another stream', () => {
    const a = rollMany(newDice(KEY), 60).values;
    expect(rollMany(newDice(KEY), 60).values).toEqual(a);
    const b = rollMany(newDice(OTHER_KEY), 60).values;
    expect(b).not.toEqual(a);
    // Not a shifted copy either: agreement near chance (1 in 6), far from all.
    const same = a.filter((v, i) => v === b[i]).length;
    expect(same).toBeLessThan(25);
  });

  it('keep only the key and a roll counter in the state, and die n is HMAC(key, "roll:n") read without bias', () => {
    const start = newDice(KEY);
    expect(start).toEqual({ key: KEY, rolls: 0 });
    const after = rollMany(start, 7);
    expect(after.dice).toEqual({ key: KEY, rolls: 7 });
    expect(diceStateSchema.safeParse(after.dice).success).toBe(true);
    // The audit: any die is recomputed from the key and its number alone.
    const digest = createHmac('sha256', Buffer.from(KEY, 'hex')).update('roll:3').digest();
    expect(after.values[3]).toBe(1 + (digest.readUInt32BE(0) % 6));
    // A stored state goes on exactly where it stopped.
    const stored = JSON.parse(JSON.stringify(after.dice));
    expect(rollMany(stored, 5).values).toEqual(rollMany(newDice(KEY), 12).values.slice(7));
  });

  it('cannot be foreseen from the counter: at one roll number, different keys give every face evenly', () => {
    // The only public part of the state is `rolls`; across keys the die it leads to is uniform.
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 3000; i++) {
      const key = createHash('sha256').update(`key ${i}`).digest('hex');
      counts[roll({ key, rolls: 41 }).value - 1]! += 1;
    }
    expect(chiSquare(counts)).toBeLessThan(30);
  });

  it('draws without modulo bias: a chunk at or above the largest multiple of n is skipped', () => {
    // n = 3 * 2^30: chunks from 3 * 2^30 up are rejected, so the first chunk below decides.
    const n = 3 * 2 ** 30;
    for (let i = 0; i < 40; i++) {
      const label = `roll:${i}`;
      const digest = createHmac('sha256', Buffer.from(KEY, 'hex')).update(label).digest();
      const chunks = Array.from({ length: 8 }, (_, j) => digest.readUInt32BE(j * 4));
      expect(keyedIndex(KEY, label, n)).toBe(chunks.find((c) => c < n)! % n);
    }
    expect(() => keyedIndex(KEY, 'x', 0)).toThrow(RangeError);
    expect(() => newDice('not hex')).toThrow(RangeError);
  });

  it('fork into other streams for the search bot, and are named without giving the key away', () => {
    const dice = rollMany(newDice(KEY), 9).dice;
    const f1 = forkDice(dice, 1);
    expect(f1).toEqual(forkDice(newDice(KEY), 1));
    expect(f1).toEqual({ key: createHmac('sha256', Buffer.from(KEY, 'hex')).update('fork:1').digest('hex'), rolls: 0 });
    expect(rollMany(f1, 30).values).not.toEqual(rollMany(forkDice(dice, 2), 30).values);
    expect(rollMany(f1, 30).values).not.toEqual(rollMany(newDice(KEY), 30).values);
    expect(diceId(dice)).toBe(diceId(newDice(KEY)));
    expect(diceId(dice)).not.toBe(diceId(newDice(OTHER_KEY)));
    expect(diceId(dice)).not.toContain(KEY.slice(0, 16));
  });
});

describe('commitments to a dice secret', () => {
  it('bind the secret and the nonce: sha256 of "moscow-dice-v2:<nonce>:<secret>"', () => {
    const secret = newDiceSecret();
    const nonce = newNonce();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const hash = hashSeed(secret, nonce);
    expect(hash).toBe(sha256(`moscow-dice-v2:${nonce}:${secret}`));
    expect(hashSeed(secret, newNonce())).not.toBe(hash);
    expect(hashSeed(newDiceSecret(), nonce)).not.toBe(hash);
    expect(hashSeed(secret)).not.toBe(hash);
    const committed = newCommittedSecret();
    expect(hashSeed(committed.seed, committed.seedNonce)).toBe(committed.seedHash);
  });

  it('of a numeric seed stay sha256 of its digits', () => {
    expect(hashSeed(5)).toBe(sha256('5'));
    expect(hashSeed(4294967295)).toBe(sha256('4294967295'));
  });
});

let s: GameSessions;

describe('a session game’s dice', () => {
  afterEach(async () => {
    await s.store.close();
  });

  it('come from a fresh 256-bit secret with a nonce; the published hash is no hash of a small number', async () => {
    s = openSessions(tempDataFile());
    const { doc } = await s.newGame({ channelId: 'c' }, alice, { game: 'dice-race' });
    expect(doc.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.seedNonce).toMatch(/^[0-9a-f]{32}$/);
    expect(doc.seedHash).toBe(hashSeed(doc.seed, doc.seedNonce));
    expect((doc.state as RaceState).dice).toEqual({ key: doc.seed, rolls: 0 });
    // The old scheme published sha256 of a 32-bit number: searchable. Not this one.
    for (let n = 0; n < 65_536; n++) expect(doc.seedHash === sha256(String(n))).toBe(false);
    expect(doc.settings.seedChosen).toBeUndefined();
  });

  it('with /game new seed: stay a public numeric seed, its commitment sha256 of the digits', async () => {
    s = openSessions(tempDataFile());
    const { doc } = await s.newGame({ channelId: 'c' }, alice, { game: 'dice-race', seed: 1941 });
    expect(doc.seed).toBe(1941);
    expect(doc.seedNonce).toBeUndefined();
    expect(doc.seedHash).toBe(sha256('1941'));
    expect(doc.settings.seedChosen).toBe(true);
    expect((doc.state as RaceState).dice).toEqual(newDice(1941));
  });

  async function playedAndEnded(seed?: number) {
    s = openSessions(tempDataFile());
    const where = { channelId: 'c' };
    await s.newGame(where, alice, { game: 'dice-race', options: { goal: 40 }, ...(seed === undefined ? {} : { seed }) });
    for (const type of ['roll', 'step', 'roll', 'roll', 'end-turn', 'roll']) await s.act('c', alice, { type });
    await s.end('c', alice);
    return (await s.exportGame(where)).file;
  }

  it('verify from the export: the secret and nonce against the commitment, every die, the position', async () => {
    const file = await playedAndEnded();
    expect(file.formatVersion).toBe(2);
    const verified = verifyExport(file, testGames());
    expect(verified).toEqual({ ok: true, actions: 6, diceChecked: 4, problems: [] });

    const die = structuredClone(file);
    const line = die.game.events.find((e) => e.dice?.length)!;
    (line.dice![0] as { roll: number }).roll = ((line.dice![0] as { roll: number }).roll % 6) + 1;
    expect(verifyExport(die, testGames()).problems.join(' ')).toMatch(/the log shows dice/);

    const secret = structuredClone(file);
    secret.game.seed = newDiceSecret();
    expect(verifyExport(secret, testGames()).problems[0]).toMatch(/does not match the published fingerprint/);

    const nonce = structuredClone(file);
    nonce.game.seedNonce = newNonce();
    expect(verifyExport(nonce, testGames()).problems[0]).toMatch(/with nonce [0-9a-f]{32} does not match the published fingerprint/);

    // Swapping the secret and the commitment together is caught by the dice.
    const both = structuredClone(file);
    const forged = newCommittedSecret();
    Object.assign(both.game, { seed: forged.seed, seedNonce: forged.seedNonce, seedHash: forged.seedHash });
    expect(verifyExport(both, testGames()).ok).toBe(false);
  });

  it('of a running game are left out of its export: no seed, nonce or state', async () => {
    s = openSessions(tempDataFile());
    await s.newGame({ channelId: 'c' }, alice, { game: 'dice-race' });
    await s.act('c', alice, { type: 'roll' });
    const { doc, file } = await s.exportGame({ channelId: 'c' });
    const text = JSON.stringify(file);
    expect(file.game.seed).toBeUndefined();
    expect(file.game.seedNonce).toBeUndefined();
    expect(file.game.state).toBeUndefined();
    expect(text).not.toContain(String(doc.seed));
    expect(text).not.toContain(doc.seedNonce!);
    expect(file.game.seedHash).toBe(doc.seedHash);
  });

  it('verify an export made the old way (format 1, a numeric seed, no nonce)', async () => {
    const file = await playedAndEnded(1941);
    const old = parseExport(JSON.stringify({ ...file, formatVersion: 1 }));
    expect(old.game.seed).toBe(1941);
    expect(old.game.seedNonce).toBeUndefined();
    expect(old.game.seedHash).toBe(sha256('1941'));
    expect(verifyExport(old, testGames())).toMatchObject({ ok: true, actions: 6, diceChecked: 4 });
    const swapped = structuredClone(old);
    swapped.game.seed = 1942;
    expect(verifyExport(swapped, testGames()).problems[0]).toBe(`the seed 1942 does not match the published fingerprint ${sha256('1941')}`);
  });
});

/**
 * An export made by the code before the dice secrets (commit dbf9dea, `/game new seed:1941`,
 * five orders, four dice, then `/game end`), byte for byte as it wrote it.
 */
const OLD_EXPORT =
  '{"format":"moscow-wargames/game-export","formatVersion":1,"exportedAt":"2025-01-02T03:04:05.000Z","game":{"schemaVersion":1,"id":"whew9479","channelId":"old","game":"dice-race","charts":"race-1","createdBy":"u-alice","mode":"solo","players":[{"id":"u-alice","name":"Alice"}],"settings":{"seedChosen":true},"seedHash":"5933b0b35d5d3e9d1f53fbce9403c5672883fff37f429dc1da26881f47415672","options":{"goal":40},"version":6,"actions":[{"version":1,"userId":"u-alice","action":{"type":"roll"},"at":"2025-01-02T03:04:05.000Z"},{"version":2,"userId":"u-alice","action":{"type":"step"},"at":"2025-01-02T03:04:05.000Z"},{"version":3,"userId":"u-alice","action":{"type":"roll"},"at":"2025-01-02T03:04:05.000Z"},{"version":4,"userId":"u-alice","action":{"type":"roll"},"at":"2025-01-02T03:04:05.000Z"},{"version":5,"userId":"u-alice","action":{"type":"end-turn"},"at":"2025-01-02T03:04:05.000Z"},{"version":6,"userId":"u-alice","action":{"type":"roll"},"at":"2025-01-02T03:04:05.000Z"}],"events":[{"version":0,"kind":"created","text":"Alice started Dice Race (solo)."},{"version":1,"kind":"roll","text":"German runs 5 to 5.","dice":[{"purpose":"German runs","roll":5,"result":"+5"}]},{"version":2,"kind":"step","text":"Soviet steps to 1."},{"version":3,"kind":"roll","text":"Soviet runs 5 to 6.","dice":[{"purpose":"Soviet runs","roll":5,"result":"+5"}]},{"version":4,"kind":"roll","text":"German runs 5 to 10.","dice":[{"purpose":"German runs","roll":5,"result":"+5"}]},{"version":5,"kind":"end-turn","text":"Soviet ends the turn."},{"version":6,"kind":"roll","text":"German runs 2 to 12.","dice":[{"purpose":"German runs","roll":2,"result":"+2"}]},{"version":6,"kind":"ended","text":"Alice ended the game."}],"status":"ended","outcome":"Ended by Alice at version 6.","createdAt":"2025-01-02T03:04:05.000Z","updatedAt":"2025-01-02T03:04:05.000Z","seed":1941,"state":{"dice":{"seed":1941,"state":3031297897,"rolls":4},"goal":40,"at":{"german":12,"soviet":6},"turn":"soviet","steps":0,"undoable":false}}}';

describe('an export made before the dice secrets', () => {
  it('still verifies, and a forged die or seed in it is still caught', () => {
    const file = parseExport(OLD_EXPORT);
    expect(file.formatVersion).toBe(1);
    expect(verifyExport(file, testGames())).toEqual({ ok: true, actions: 6, diceChecked: 4, problems: [] });
    const forged = structuredClone(file);
    const line = forged.game.events.find((e) => e.dice?.length)!;
    (line.dice![0] as { roll: number }).roll = 6;
    expect(verifyExport(forged, testGames()).problems[0]).toMatch(/the log shows dice \[\{"purpose":"German runs","roll":6/);
  });

  it('imports, and goes on with dice from a fresh secret', async () => {
    s = openSessions(tempDataFile());
    const { doc } = await s.importGame({ channelId: 'c' }, alice, OLD_EXPORT);
    expect(doc.seed).toBe(1941);
    expect(doc.reseeds).toHaveLength(1);
    expect((doc.state as RaceState).dice).toEqual({ key: doc.reseeds![0]!.seed, rolls: 0 });
    await s.store.close();
  });
});

describe('the random tie-break of a vote', () => {
  const ballot = (version: number): Ballot => ({
    gameId: 'abcd2345',
    channelId: 'c',
    version,
    opensAt: 0,
    closesAt: 1,
    quick: false,
    proposals: [1, 2, 3].map((n) => ({ n, by: `u${n}`, byName: `U${n}`, action: {}, text: `p${n}`, at: n })),
    votes: { a: 1, b: 2, c: 3 },
  });
  /** What the tie-break was: sha256 of public data, so anyone could foresee it. */
  const publicPick = (b: Ballot) => [1, 2, 3][createHash('sha256').update(`${b.gameId}:${b.version}:1,2,3`).digest().readUInt32BE(0) % 3];

  it('comes from the secret: another secret picks otherwise, and the public-data hash does not foretell it', () => {
    const secret = newDiceSecret();
    const picks = (key: string | number) => Array.from({ length: 60 }, (_, v) => decide(ballot(v), 1, 'random', 'a', key).winner);
    const mine = picks(secret);
    expect(new Set(mine)).toEqual(new Set([1, 2, 3]));
    expect(picks(secret)).toEqual(mine);
    expect(picks(newDiceSecret())).not.toEqual(mine);
    const foretold = Array.from({ length: 60 }, (_, v) => publicPick(ballot(v)));
    expect(mine).not.toEqual(foretold);
    // A legacy game's numeric seed keys it too.
    expect(picks(1941)).toEqual(picks(1941));
    expect(picks(1941)).not.toEqual(picks(1942));
  });

  it('is recomputed from the revealed secret: HMAC-SHA256(secret, "tie:<version>:<tied>") read without bias', () => {
    const secret = newDiceSecret();
    const decision = decide(ballot(7), 1, 'random', 'a', secret);
    expect(tieLabel(7, [1, 2, 3])).toBe('tie:7:1,2,3');
    const digest = createHmac('sha256', Buffer.from(secret, 'hex')).update('tie:7:1,2,3').digest();
    const chunk = Array.from({ length: 8 }, (_, j) => digest.readUInt32BE(j * 4)).find((c) => c < 2 ** 32 - (2 ** 32 % 3))!;
    expect(decision).toMatchObject({ winner: [1, 2, 3][chunk % 3], tiedWith: [1, 2, 3] });
    expect(decision.winner !== undefined && decision.how).toMatch(/HMAC-SHA256 of "tie:7:1,2,3" keyed by the game's secret seed/);
  });

  it('is keyed by the secret the dice come from now: an imported game’s new one, not its public seed', () => {
    const fresh = newCommittedSecret();
    expect(currentSecret({ seed: 5 })).toBe(5);
    const imported = { seed: KEY, reseeds: [{ atVersion: 3, ...fresh }] };
    expect(currentSecret(imported)).toBe(fresh.seed);
  });
});
