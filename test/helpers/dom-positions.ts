/**
 * Built positions for Drive on Moscow's rule tests: a set-up game emptied and given only the
 * units a test names, each a full-strength German infantry division unless it says otherwise.
 */
import type { DomState, Unit } from '../../src/games/drive-on-moscow/state.js';

export function withOnly(s: DomState, units: Partial<Unit>[], fields: Partial<DomState>): DomState {
  s.units = {};
  for (const u of units)
    s.units[u.id!] = {
      side: 'german',
      type: 'infantry',
      mech: false,
      cavalry: false,
      armour: false,
      size: 'XX',
      steps: 2,
      maxSteps: 2,
      full: [4, 8],
      reduced: [2, 4],
      ...u,
    } as Unit;
  Object.assign(s, fields);
  // The phasing side's units start where they stand (movement and mobile assaults count from there).
  s.startHex = {};
  for (const u of Object.values(s.units)) if (u.side === s.side) s.startHex[u.id] = u.hex;
  return s;
}

export const pz = (id: string, hex: string, extra: Partial<Unit> = {}): Partial<Unit> => ({
  id,
  hex,
  type: 'panzer',
  mech: true,
  armour: true,
  full: [8, 5],
  reduced: [4, 3],
  ...extra,
});

/** A one-step Soviet rifle division showing `face`. */
export const rd = (id: string, hex: string, face: [number, number] = [2, 3]): Partial<Unit> => ({
  id,
  hex,
  side: 'soviet',
  type: 'RD',
  steps: 1,
  maxSteps: 1,
  full: face,
  reduced: undefined,
});
