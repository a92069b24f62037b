import { describe, expect, it } from 'vitest';
import { domActionSchema } from '../../../src/games/drive-on-moscow/state.js';

const units = (n: number) => Array.from({ length: n }, (_, i) => `U${i + 1}`);

/** The action schema limits an order only where a rule does: what the bots may play, a player and a file may too. */
describe('Drive on Moscow action schema', () => {
  it('takes a prepared assault from all six surrounding hexes of five units each (11.2, 6.0), not more', () => {
    // The search bot's prepared assaults of 11 and 19 units in a whole game were refused by an older cap of 10.
    for (const n of [11, 19, 30]) expect(domActionSchema.safeParse({ type: 'attack', target: '1010', units: units(n) }).success).toBe(true);
    expect(domActionSchema.safeParse({ type: 'attack', target: '1010', units: units(31) }).success).toBe(false);
  });

  it('moves and mobile-assaults at most a stack of five (6.0, 10.4, 10.15)', () => {
    expect(domActionSchema.safeParse({ type: 'move', units: units(5), to: '1010' }).success).toBe(true);
    expect(domActionSchema.safeParse({ type: 'move', units: units(6), to: '1010' }).success).toBe(false);
    expect(domActionSchema.safeParse({ type: 'assault', units: units(5), target: '1010' }).success).toBe(true);
    expect(domActionSchema.safeParse({ type: 'assault', units: units(6), target: '1010' }).success).toBe(false);
  });
});
