import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { DiceSeed } from '../kernel/dice.js';

/**
 * Dice secrets, their nonces and game ids come from the operating system's generator, here
 * and never in the engines, which stay pure and replay exactly from the seed they are given.
 */

/** A game's dice secret: 256 bits as 64 hex digits (the kernel's keyed dice). */
export function newDiceSecret(): string {
  return randomBytes(32).toString('hex');
}

/** The nonce that goes into a secret's commitment: 128 bits as 32 hex digits. */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

/** The domain tag of a commitment to a dice secret. */
export const COMMITMENT_TAG = 'moscow-dice-v2';

/**
 * The commitment published when a seed is drawn, so players can later check the revealed
 * seed was not swapped: sha256 of `moscow-dice-v2:<nonce>:<seed>` for a seed drawn with a
 * nonce (every game since the dice secrets), sha256 of the seed's decimal digits for one
 * without (a fixed `/game new seed:`, and games stored before).
 */
export function hashSeed(seed: DiceSeed, nonce?: string): string {
  const text = nonce === undefined ? String(seed) : `${COMMITMENT_TAG}:${nonce}:${seed}`;
  return createHash('sha256').update(text).digest('hex');
}

/** A fresh secret, its nonce and its commitment. */
export function newCommittedSecret(): { seed: string; seedNonce: string; seedHash: string } {
  const seed = newDiceSecret();
  const seedNonce = newNonce();
  return { seed, seedNonce, seedHash: hashSeed(seed, seedNonce) };
}

/**
 * The secret the game's dice come from now: the last reseed's (an imported game's new dice),
 * else the game's own seed. Keys what must stay unforeseeable until the reveal, such as a
 * vote's random tie-break.
 */
export function currentSecret(doc: { seed: DiceSeed; reseeds?: readonly { seed?: DiceSeed }[] | undefined }): DiceSeed {
  return doc.reseeds?.at(-1)?.seed ?? doc.seed;
}

const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** 8 characters from an alphabet without look-alikes (l/1, o/0): easy to read aloud. */
export function newGameId(): string {
  let id = '';
  for (let i = 0; i < 8; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}
