import { createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * Seeds and game ids come from the operating system's generator, here and never in the
 * engines, which stay pure and replay exactly from the seed they are given.
 */
export function newSeed(): number {
  return randomBytes(4).readUInt32BE(0);
}

/** Published at /game new so players can later check the revealed seed was not swapped. */
export function hashSeed(seed: number): string {
  return createHash('sha256').update(String(seed)).digest('hex');
}

const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** 8 characters from an alphabet without look-alikes (l/1, o/0): easy to read aloud. */
export function newGameId(): string {
  let id = '';
  for (let i = 0; i < 8; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}
