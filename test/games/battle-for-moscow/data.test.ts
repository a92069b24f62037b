import { describe, expect, it } from 'vitest';
import { bfmEngine, CRT, crtResult, LAST_TURN, TERRAIN, TURNS, UNITS } from '../../../src/games/battle-for-moscow/index.js';

const bm = bfmEngine().bm;
const map = bm.map;

describe('Battle for Moscow data', () => {
  it('has the 22 German corps and 17 Soviet armies of the counter manifest (reference 1.8)', () => {
    const german = UNITS.filter((u) => u.side === 'german');
    const soviet = UNITS.filter((u) => u.side === 'soviet');
    expect(german).toHaveLength(22);
    expect(soviet).toHaveLength(17);
    expect(german.filter((u) => u.type === 'panzer').map((u) => `${u.id} ${u.full}-${u.half}`)).toEqual([
      'XXIV 12-6',
      'XLI 12-6',
      'LVII 12-6',
      'XLVI 10-5',
      'XLVII 9-4',
      'LVI 9-4',
      'XL 8-4',
      'XLVIII 8-4',
    ]);
    expect(german.every((u) => u.movement === (u.type === 'panzer' ? 6 : 4))).toBe(true);
    // Every Soviet army is 8-4 / 4-4, but the 1st Shock Army (10-4 / 5-4, Game Components: "combat strength of 10").
    expect(soviet.filter((u) => u.full !== 8 || u.half !== 4).map((u) => u.id)).toEqual(['1ShA']);
    expect(UNITS.find((u) => u.id === '1ShA')).toMatchObject({ full: 10, half: 5, availableFromTurn: 4, start: 'pool' });
    expect(new Set(UNITS.map((u) => u.id)).size).toBe(UNITS.length);
    for (const u of UNITS) expect(u.source.length).toBeGreaterThan(5);
  });

  it('sets up one unit on every printed cross and star, with four Soviet armies left over (Starting the Game)', () => {
    const printed = (side: 'german' | 'soviet') => map.ids.filter((id) => map.hex(id)!.setup === side).sort();
    const placed = (side: 'german' | 'soviet') =>
      UNITS.filter((u) => u.side === side && u.start !== 'pool')
        .map((u) => u.start)
        .sort();
    expect(placed('german')).toEqual(printed('german'));
    expect(placed('soviet')).toEqual(printed('soviet'));
    expect(printed('soviet')).toHaveLength(13);
    expect(UNITS.filter((u) => u.start === 'pool').map((u) => u.id)).toEqual(['10A', '32A', '40A', '1ShA']);
  });

  it('starts all Germans at full and all Soviets at half strength, cities Soviet but Smolensk and Roslavl', () => {
    const s = bfmEngine().setup({ seed: 3 });
    for (const u of UNITS) {
      const st = s.units[u.id]!;
      if (u.start === 'pool') expect(st.hex).toBeNull();
      else expect(st).toEqual({ hex: u.start, full: u.side === 'german' });
    }
    expect(Object.keys(s.cities)).toHaveLength(11);
    expect(
      Object.entries(s.cities)
        .filter(([, side]) => side === 'german')
        .map(([h]) => h)
        .sort(),
    ).toEqual(['0204', '0307']);
    expect(s.cities[bm.moscow]).toBe('soviet');
  });

  it('holds the CRT of reference 1.9 row by row', () => {
    expect(CRT.map((row) => row.join(' '))).toEqual([
      'DR DR DR DR DR DRL',
      'EX DR DR DR DRL DRL',
      'EX EX DR DR DRL DE',
      'NE EX EX DRL DRL DE',
      'NE NE EX DRL DE DE',
      'AL NE DRL DE DE DE',
    ]);
    expect(crtResult(1, 1)).toBe('DR');
    expect(crtResult(6, 6)).toBe('DE');
    expect(() => crtResult(3, 7)).toThrow(RangeError);
  });

  it('has seven turns with mud on turns 3 and 4 and no German replacement on turn 1 (reference 1.10)', () => {
    expect(TURNS).toHaveLength(LAST_TURN);
    expect(TURNS.filter((t) => t.mud).map((t) => t.turn)).toEqual([3, 4]);
    expect(TURNS.map((t) => t.germanReplacements)).toEqual([0, 1, 1, 1, 1, 1, 1]);
    expect(TURNS.every((t) => t.sovietReplacements === 5)).toBe(true);
    expect(TURNS[3]!.newlyAvailable).toEqual(['1ShA']);
  });

  it('reads terrain effects as the chart gives them (reference 1.2)', () => {
    expect(TERRAIN.forest).toMatchObject({ moveCost: 2, railCost: 1, defenceShift: 1, shiftFor: 'both' });
    expect(TERRAIN.fortification).toMatchObject({ moveCost: 1, defenceShift: 1, shiftFor: 'soviet' });
    expect(TERRAIN.moscow).toMatchObject({ defenceShift: 1, shiftFor: 'both' });
    expect(TERRAIN.clear).toMatchObject({ moveCost: 1, defenceShift: 0 });
    expect(bm.moscow).toBe('1103');
    expect(bm.terrain('1103')).toBe('moscow');
    expect(bm.terrain('0803')).toBe('fortification');
    expect(bm.edge.german.every((h) => h.startsWith('01'))).toBe(true);
    expect(bm.edge.soviet.every((h) => h.startsWith('14'))).toBe(true);
  });
});
