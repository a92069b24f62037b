/**
 * Seeded dice whose whole state is one 32-bit number stored in the game state, so a game
 * replays exactly from its seed and action list (mulberry32).
 */
export interface DiceState {
  readonly seed: number;
  /** Current generator state; advances with every roll. */
  readonly state: number;
  /** Dice rolled so far, for the audit trail. */
  readonly rolls: number;
}

export function newDice(seed: number): DiceState {
  const s = seed >>> 0;
  return { seed: s, state: s, rolls: 0 };
}

function next(state: number): { value: number; state: number } {
  const t0 = (state + 0x6d2b79f5) >>> 0;
  let t = t0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4294967296, state: t0 };
}

/** Roll one die with `sides` faces; returns the value and the advanced dice. */
export function roll(dice: DiceState, sides = 6): { value: number; dice: DiceState } {
  const n = next(dice.state);
  return {
    value: 1 + Math.floor(n.value * sides),
    dice: { seed: dice.seed, state: n.state, rolls: dice.rolls + 1 },
  };
}

export function rollMany(dice: DiceState, count: number, sides = 6): { values: number[]; dice: DiceState } {
  const values: number[] = [];
  let d = dice;
  for (let i = 0; i < count; i++) {
    const r = roll(d, sides);
    values.push(r.value);
    d = r.dice;
  }
  return { values, dice: d };
}
