import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';

/**
 * Seeded dice kept in the game state, so a game replays exactly from its seed and action
 * list. Two generators, chosen by the seed's type:
 *
 * - a **secret** (64 hex digits, 256 bits; string seed): die number n is drawn from
 *   HMAC-SHA256(secret, "roll:n"). Without the secret no die can be foreseen from the dice
 *   already shown, and with it (revealed at the end) anyone can recompute every one. The
 *   state is `{ key, rolls }`: the key and how many dice were rolled.
 * - a **number** (32 bits; games stored before secrets, and fixed seeds for tests and
 *   replays): mulberry32, exactly as before, so old games and fixed-seed tests replay
 *   unchanged. Its state is `{ seed, state, rolls }`. It is not secret: 32 bits are searched
 *   in seconds, and the dice it has shown give it away.
 *
 * HMAC is deterministic and does no I/O, so the engines stay pure.
 */

/** A fixed seed: 32 bits, mulberry32. */
export const legacySeedSchema = z.number().int().min(0).max(0xffffffff);
/** A secret seed: 256 bits as 64 lowercase hex digits, HMAC-SHA256. */
export const diceSecretSchema = z.string().regex(/^[0-9a-f]{64}$/, 'a dice secret is 64 hex digits');
/** What a game's dice are started from: a 32-bit number (mulberry32) or a 256-bit secret (HMAC-SHA256). */
export const diceSeedSchema = z.union([legacySeedSchema, diceSecretSchema]);
export type DiceSeed = z.infer<typeof diceSeedSchema>;

const count = z.number().int().nonnegative();
/** The dice as stored in a game state: one of the two generators. */
export const diceStateSchema = z.union([
  z.strictObject({ seed: z.number().int(), state: z.number().int(), rolls: count }),
  z.strictObject({ key: diceSecretSchema, rolls: count }),
]);

export interface LegacyDiceState {
  readonly seed: number;
  /** Current generator state; advances with every roll. */
  readonly state: number;
  /** Dice rolled so far, for the audit trail. */
  readonly rolls: number;
}

export interface KeyedDiceState {
  /** The secret the dice are drawn from (HMAC-SHA256 key, 64 hex digits). */
  readonly key: string;
  /** Dice rolled so far: the next die is drawn from "roll:<rolls>". */
  readonly rolls: number;
}

export type DiceState = LegacyDiceState | KeyedDiceState;

const SECRET = /^[0-9a-f]{64}$/;

export function isKeyed(dice: DiceState): dice is KeyedDiceState {
  return 'key' in dice;
}

export function newDice(seed: number): LegacyDiceState;
export function newDice(seed: string): KeyedDiceState;
export function newDice(seed: DiceSeed): DiceState;
export function newDice(seed: DiceSeed): DiceState {
  if (typeof seed === 'number') {
    const s = seed >>> 0;
    return { seed: s, state: s, rolls: 0 };
  }
  if (!SECRET.test(seed)) throw new RangeError('a dice secret is 64 lowercase hex digits');
  return { key: seed, rolls: 0 };
}

function next(state: number): { value: number; state: number } {
  const t0 = (state + 0x6d2b79f5) >>> 0;
  let t = t0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4294967296, state: t0 };
}

/** The HMAC key of a seed: a secret's 32 bytes, or a number's decimal digits. */
function keyBytes(seed: DiceSeed): Buffer {
  return typeof seed === 'number' ? Buffer.from(String(seed), 'utf8') : Buffer.from(seed, 'hex');
}

const TWO_32 = 0x1_0000_0000;

/**
 * A number in 0..n-1 drawn from HMAC-SHA256(key, label), without modulo bias: the digest's
 * 4-byte chunks (big-endian) are taken in turn and the first below the largest multiple of
 * n under 2^32 decides (`chunk % n`). Should all eight be too large (for a die, a chance of
 * about 1 in 10^69), the digests of "label:1", "label:2" ... follow. Deterministic.
 */
export function keyedIndex(key: DiceSeed, label: string, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`cannot draw among ${n}`);
  const limit = TWO_32 - (TWO_32 % n);
  const k = keyBytes(key);
  for (let block = 0; ; block++) {
    const digest = createHmac('sha256', k)
      .update(block === 0 ? label : `${label}:${block}`)
      .digest();
    for (let i = 0; i < digest.length; i += 4) {
      const chunk = digest.readUInt32BE(i);
      if (chunk < limit) return chunk % n;
    }
  }
}

/** Roll one die with `sides` faces; returns the value and the advanced dice. */
export function roll<D extends DiceState>(dice: D, sides = 6): { value: number; dice: D } {
  if (isKeyed(dice)) {
    const value = 1 + keyedIndex(dice.key, `roll:${dice.rolls}`, sides);
    return { value, dice: { key: dice.key, rolls: dice.rolls + 1 } as KeyedDiceState as D };
  }
  const n = next(dice.state);
  return {
    value: 1 + Math.floor(n.value * sides),
    dice: { seed: dice.seed, state: n.state, rolls: dice.rolls + 1 } as LegacyDiceState as D,
  };
}

export function rollMany<D extends DiceState>(dice: D, count: number, sides = 6): { values: number[]; dice: D } {
  const values: number[] = [];
  let d = dice;
  for (let i = 0; i < count; i++) {
    const r = roll(d, sides);
    values.push(r.value);
    d = r.dice;
  }
  return { values, dice: d };
}

/**
 * Fresh dice derived from these (a bot's look-ahead plays out on them), different for each
 * `salt` and never the game's own stream. Keyed: the key HMAC-SHA256(key, "fork:<salt>").
 * Numeric: `seed ^ (salt * 2654435761)`, the formula the search bot always used, so its play
 * on numeric seeds is unchanged.
 */
export function forkDice(dice: DiceState, salt: number): DiceState {
  if (isKeyed(dice)) return { key: createHmac('sha256', keyBytes(dice.key)).update(`fork:${salt}`).digest('hex'), rolls: 0 };
  return newDice((dice.seed ^ Math.imul(salt, 2654435761)) >>> 0);
}

/**
 * A name for the dice a game started with, the same after every roll (for caches keyed by
 * game). Numeric: the seed. Keyed: a fingerprint of the key, which does not give the key away.
 */
export function diceId(dice: DiceState): string {
  if (isKeyed(dice)) return `k${createHash('sha256').update(`dice-id:${dice.key}`).digest('hex').slice(0, 24)}`;
  return String(dice.seed);
}
