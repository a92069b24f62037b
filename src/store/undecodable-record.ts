import type Keyv from 'keyv';

/**
 * A stored value Keyv itself could not decode (a torn write, a damaged file): without this,
 * Keyv's JSON.parse would throw on every read, the store would look down for good and the
 * channel would be held by a game nobody can load. Instead the read gives this marker, a game
 * record is quarantined, and a channel pointer or game list reads as absent.
 */
export class UndecodableRecord {
  constructor(
    readonly text: string,
    readonly problem: string,
  ) {}
}

/** Make Keyv's reads give an UndecodableRecord where its decoding fails (once per Keyv). */
export function tolerateUndecodable(keyv: Keyv): void {
  const decode = keyv.deserialize;
  if (!decode || (decode as { tolerant?: boolean }).tolerant) return;
  const tolerant = async (data: string) => {
    try {
      return await decode(data);
    } catch (err) {
      return { value: new UndecodableRecord(String(data), err instanceof Error ? err.message : String(err)) };
    }
  };
  keyv.deserialize = Object.assign(tolerant, { tolerant: true }) as typeof decode;
}
