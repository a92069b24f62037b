import { describe, expect, it } from 'vitest';
import {
  type BfmAction,
  type BfmState,
  bfmEngine,
  type Position,
  positionOf,
  previewBattle,
} from '../../../src/games/battle-for-moscow/index.js';
import { RuleError } from '../../../src/games/engine.js';
import { newDice, roll } from '../../../src/kernel/dice.js';

const e = bfmEngine();

function refusal(state: BfmState, action: BfmAction): RuleError {
  const before = JSON.stringify(state);
  try {
    e.apply(state, action);
  } catch (err) {
    expect(JSON.stringify(state)).toBe(before);
    expect(err).toBeInstanceOf(RuleError);
    return err as RuleError;
  }
  throw new Error(`expected ${JSON.stringify(action)} to be refused`);
}

/** The state with dice whose next roll is `value`. */
function nextDie(s: BfmState, value: number): BfmState {
  for (let seed = 0; ; seed++) if (roll(newDice(seed)).value === value) return { ...s, dice: newDice(seed) };
}

const position = (units: Position['units'], phase: Position['phase'] = 'german-combat', turn = 5) => positionOf({ turn, phase, units });

function play(s: BfmState, ...actions: BfmAction[]): BfmState {
  for (const a of actions) s = e.apply(s, a).state;
  return s;
}

/**
 * The rulebook's combat example: a strength-4 Soviet army in the fortification 0504, attacked
 * by a strength-9 panzer corps and a strength-6 infantry corps across the river hexsides
 * 0404/0504 and 0403/0504; the second attack adds a strength-2 corps in 0603 (no river).
 * The third German unit also closes every retreat: 0503, 0604 and 0505 are all in German zones.
 */
const example = (extra: boolean, turn = 5) =>
  position(
    {
      '24A': { hex: '0504' },
      XLVII: { hex: '0404', full: true },
      V: { hex: '0403', full: true },
      ...(extra ? { VI: { hex: '0603' } } : {}),
      '13A': { hex: '1410' },
    },
    'german-combat',
    turn,
  );

describe('Combat examples', () => {
  it('first attack: 15 to 4 is 3:1, less one for the river and one for the fortification: 1:1', () => {
    const p = previewBattle(example(false), '24A', ['XLVII', 'V']);
    expect(p.odds).toMatchObject({ attack: 15, defence: 4, ratio: 3, column: 1 });
    expect(p.odds.shifts.map((x) => x.reason).sort()).toEqual(['fortification', 'river']);
    // 1:1 column: DR on 1, EX on 2-3, NE on 4-5, AL on 6.
    expect(p.sixths).toEqual({ DR: 1, EX: 2, NE: 2, AL: 1, DRL: 0, DE: 0 });
    expect(p.probabilities.EX).toBeCloseTo(1 / 3, 12);
  });

  it('second attack: 17 to 4 is 4:1, only the fortification counts: 3:1, and a retreat means elimination', () => {
    const s = example(true);
    const p = previewBattle(s, '24A', ['XLVII', 'V', 'VI']);
    expect(p.odds).toMatchObject({ attack: 17, ratio: 4, column: 3 });
    expect(p.odds.shifts.map((x) => x.reason)).toEqual(['fortification']);
    expect(p.sixths).toEqual({ DR: 3, EX: 2, DRL: 1, NE: 0, AL: 0, DE: 0 });
    // Die 1 at 3:1 is DR: surrounded by zones of control, the army is eliminated.
    const r = e.apply(play(nextDie(s, 1), { type: 'declare', defender: '24A', attackers: ['XLVII', 'V', 'VI'] }), {
      type: 'resolve',
      defender: '24A',
    });
    expect(r.events.find((x) => x.kind === 'battle')!.text).toMatch(/3:1, die 1: DR/);
    expect(r.state.units['24A']).toEqual({ hex: null, full: false });
    expect(r.state.combat!.current).toMatchObject({ step: 'advance', hex: '0504' });
  });

  it('mud: the same three units attack with 8 1/2, which is 2:1 before terrain', () => {
    const p = previewBattle(example(true, 3), '24A', ['XLVII', 'V', 'VI']);
    expect(p.odds).toMatchObject({ attack: 17, effectiveAttack: 8.5, ratio: 2, column: 1 });
  });

  it('drops fractions: 16 to 4 is 4:1, 15 to 4 only 3:1', () => {
    const s = position({
      '13A': { hex: '1208' },
      XXIV: { hex: '1207', full: true },
      XLVI: { hex: '1108' },
      XL: { hex: '1109', full: true },
    });
    // 12 + 5 = 17 to 4 -> 4:1; 12 + 4 (XL half) = 16 -> 4:1; 5 + 8 = 13 -> 3:1.
    expect(previewBattle(s, '13A', ['XXIV', 'XL']).odds).toMatchObject({ attack: 20, column: 5 });
    expect(previewBattle(s, '13A', ['XXIV', 'XLVI']).odds).toMatchObject({ attack: 17, column: 4 });
    expect(previewBattle(s, '13A', ['XLVI', 'XL']).odds).toMatchObject({ attack: 13, column: 3 });
  });

  it('caps the odds at 6:1 before terrain shifts, and has no effect below 1:1', () => {
    // 0405 is forest: 36 to 4 is 9:1, capped to 6:1, then forest: 5:1.
    const s = position({
      '20A': { hex: '0405' },
      XXIV: { hex: '0305', full: true },
      XLI: { hex: '0406', full: true },
      LVII: { hex: '0306', full: true },
    });
    expect(previewBattle(s, '20A', ['XXIV', 'XLI', 'LVII']).odds).toMatchObject({ ratio: 9, capped: 6, column: 5 });
    // Mud halves 12 to 6: 6 to 4 is 1:1, less the forest: below 1:1, no effect and no die.
    const mud = position({ '20A': { hex: '0405' }, XXIV: { hex: '0305', full: true } }, 'german-combat', 4);
    expect(previewBattle(mud, '20A', ['XXIV'])).toMatchObject({ odds: { column: null }, sixths: { NE: 6 } });
    const r = e.apply(play(mud, { type: 'declare', defender: '20A', attackers: ['XXIV'] }), { type: 'resolve', defender: '20A' });
    expect(r.state.dice.rolls).toBe(mud.dice.rolls);
    expect(r.state.units['20A']!.hex).toBe('0405');
    expect(r.events.some((x) => x.rule === 'Combat: Maximum and Minimum Odds')).toBe(true);
  });

  it('shifts for Moscow for either side, but for fortifications only for Soviet defenders', () => {
    const s = position(
      { XL: { hex: '1103', full: true }, '3A': { hex: '1203', full: true }, '5A': { hex: '1104', full: true }, XII: { hex: '1105' } },
      'soviet-combat',
    );
    expect(previewBattle(s, 'XL', ['3A']).odds.shifts.map((x) => x.reason)).toContain('Moscow');
    // XII (German) in the fortification 1105: no shift.
    expect(previewBattle(s, 'XII', ['5A']).odds.shifts).toEqual([]);
  });
});

describe('Announcing battles', () => {
  const s = position({
    '24A': { hex: '0504' },
    '43A': { hex: '0505' },
    XLVII: { hex: '0404', full: true },
    V: { hex: '0403', full: true },
    VI: { hex: '0302' },
  });

  it('needs attackers adjacent to the defender', () => {
    const err = refusal(s, { type: 'declare', defender: '24A', attackers: ['VI'] });
    expect(err.rule).toBe('Combat: announcing battles');
    expect(err.message).toMatch(/not adjacent/);
  });

  it('lets each unit attack once and each enemy be attacked once per phase', () => {
    const t = play(s, { type: 'declare', defender: '24A', attackers: ['V'] });
    expect(refusal(t, { type: 'declare', defender: '43A', attackers: ['V', 'XLVII'] }).message).toMatch(/only once/);
    expect(refusal(t, { type: 'declare', defender: '24A', attackers: ['XLVII'] }).message).toMatch(/attacked only once/);
    expect(e.apply(t, { type: 'declare', defender: '43A', attackers: ['XLVII'] }).state.combat!.battles).toHaveLength(2);
  });

  it('closes announcements when the first battle is resolved, and requires every battle to be fought', () => {
    const t = play(
      nextDie(s, 4),
      { type: 'declare', defender: '24A', attackers: ['V'] },
      { type: 'declare', defender: '43A', attackers: ['XLVII'] },
    );
    expect(refusal(t, { type: 'end-phase' }).rule).toBe('Combat');
    const u = play(t, { type: 'resolve', defender: '24A' });
    expect(u.combat!.declaring).toBe(false);
    expect(refusal(u, { type: 'declare', defender: '43A', attackers: ['VI'] }).rule).toBe('Combat: announcing battles');
  });

  it('refuses attacks by the wrong side or outside the combat phase', () => {
    expect(refusal(s, { type: 'declare', defender: 'V', attackers: ['24A'] }).rule).toBe('Combat: announcing battles');
    const move = position({ '24A': { hex: '0504' }, V: { hex: '0403', full: true } }, 'german-movement');
    expect(refusal(move, { type: 'declare', defender: '24A', attackers: ['V'] }).rule).toBe('How to Play');
    expect(refusal(move, { type: 'resolve', defender: '24A' }).rule).toBe('How to Play');
  });

  it('lists every set of free adjacent attackers for each defender', () => {
    const declares = e.legalActions(s).filter((a) => a.type === 'declare');
    // 24A has V and XLVII adjacent (3 sets); 43A has XLVII (1 set).
    expect(declares).toHaveLength(4);
  });
});

describe('Combat results', () => {
  // A 4-strength army in open ground 1207 against 8 + 4: 3:1 (no terrain).
  const open = () =>
    position({
      '13A': { hex: '1207' },
      XL: { hex: '1206', full: true },
      XLVIII: { hex: '1307' },
      '5A': { hex: '1410' },
    });
  const fight = (s: BfmState, die: number) =>
    play(nextDie(s, die), { type: 'declare', defender: '13A', attackers: ['XL', 'XLVIII'] }, { type: 'resolve', defender: '13A' });

  it('DR: the attacker retreats the defender two hexes, outside enemy zones, to an empty hex', () => {
    const s = fight(open(), 1);
    const current = s.combat!.current!;
    expect(current).toMatchObject({ result: 'DR', step: 'retreat' });
    const zones = new Set([...e.bm.map.neighbours('1206'), ...e.bm.map.neighbours('1307')]);
    expect(current.retreatOptions.length).toBeGreaterThan(1);
    for (const h of current.retreatOptions) {
      expect(e.bm.map.grid.distance('1207', h)).toBe(2);
      expect(zones.has(h)).toBe(false);
    }
    // First hexes 1208 and 1108 (1308 and 1107 are in zones); then every hex two away.
    expect(current.retreatOptions).toEqual(['1007', '1008', '1109', '1209', '1309']);
    expect(refusal(s, { type: 'retreat', to: '1208' }).rule).toBe('Combat Results: DR');
    const t = play(s, { type: 'retreat', to: '1109' });
    expect(t.units['13A']!.hex).toBe('1109');
    expect(t.combat!.current).toMatchObject({ step: 'advance' });
    expect(refusal(t, { type: 'advance', unit: '5A' }).rule).toBe('Combat: step 6');
    const u = play(t, { type: 'advance', unit: 'XLVIII' });
    expect(u.units.XLVIII!.hex).toBe('1207');
    // The only battle is over, so the combat phase ends.
    expect(u.phase).toBe('german-movement');
  });

  it('DR: retreats further than two hexes only when every two-hex retreat ends on a friendly unit', () => {
    const s = open();
    for (const [u, h] of [
      ['3A', '1007'],
      ['10A', '1008'],
      ['16A', '1109'],
      ['19A', '1209'],
      ['20A', '1309'],
    ] as const)
      s.units[u] = { hex: h, full: false };
    const t = fight(s, 1);
    const options = t.combat!.current!.retreatOptions;
    expect(options.length).toBeGreaterThan(0);
    // Three-hex retreats through one of the occupied hexes, never back next to 1207.
    expect(options).toEqual(['0907', '0908', '0909', '1006', '1009', '1110', '1210', '1310', '1408', '1409']);
    const occupied = ['1007', '1008', '1109', '1209', '1309'];
    for (const h of options) expect(e.bm.map.neighbours(h).some((n) => occupied.includes(n))).toBe(true);
    for (const h of options) {
      expect(e.bm.map.grid.distance('1207', h)).toBeGreaterThanOrEqual(2);
      expect(t.units['13A']!.hex).toBe('1207');
      expect(Object.values(t.units).some((x) => x.hex === h)).toBe(false);
    }
  });

  it('DRL: a full unit flips to half and retreats; a half unit is eliminated', () => {
    // 3:1 die 6 is DRL.
    const s = fight(open(), 6);
    expect(s.units['13A']).toEqual({ hex: null, full: false });
    expect(s.combat!.current).toMatchObject({ step: 'advance' });
    const full = open();
    full.units['13A']!.full = true;
    // 12 + 8 + 8 = 28 to 8 is 3:1; die 6 is DRL.
    full.units.XLVIII!.full = true;
    full.units.XXIV = { hex: '1107', full: true };
    const t = play(
      nextDie(full, 6),
      { type: 'declare', defender: '13A', attackers: ['XXIV', 'XL', 'XLVIII'] },
      { type: 'resolve', defender: '13A' },
    );
    expect(t.combat!.current).toMatchObject({ result: 'DRL', step: 'retreat' });
    expect(t.units['13A']).toEqual({ hex: '1207', full: false });
  });

  it('AL: the attacker chooses which attacking unit takes the loss', () => {
    // 8 + 4 against 8 (full 13A) is 1:1; die 6 is AL.
    const s = open();
    s.units['13A']!.full = true;
    const t = fight(s, 6);
    expect(t.combat!.current).toMatchObject({ result: 'AL', step: 'attacker-loss' });
    expect(refusal(t, { type: 'take-loss', unit: '5A' }).rule).toBe('Combat Results: AL');
    const u = play(t, { type: 'take-loss', unit: 'XL' });
    expect(u.units.XL).toEqual({ hex: '1206', full: false });
    expect(u.units['13A']!.hex).toBe('1207');
  });

  it('EX: the defender takes a loss, then the attacker loses at least as much printed strength, then the defender retreats', () => {
    // 1:1, die 2: EX. The full 13A (8) flips to 4: a loss of 4.
    const s = open();
    s.units['13A']!.full = true;
    const t = fight(s, 2);
    expect(t.units['13A']).toEqual({ hex: '1207', full: false });
    expect(t.combat!.current).toMatchObject({ result: 'EX', step: 'attacker-loss', owed: 4 });
    // XL full 8 -> 4 loses 4: enough.
    const u = play(t, { type: 'take-loss', unit: 'XL' });
    expect(u.units.XL!.full).toBe(false);
    expect(u.combat!.current).toMatchObject({ step: 'retreat' });
    // Choosing the half-strength XLVIII (4, eliminated) also pays the 4.
    const v = play(t, { type: 'take-loss', unit: 'XLVIII' });
    expect(v.units.XLVIII!.hex).toBeNull();
    expect(v.combat!.current).toMatchObject({ step: 'retreat' });
  });

  it('EX in mud: the attacker pays in printed strength, not halved strength', () => {
    // Mud: (12 + 4) / 2 = 8 against 4 is 2:1; die 3 at 2:1 is EX; 13A at half is eliminated (loss 4).
    const s = position(
      { '13A': { hex: '1207' }, XXIV: { hex: '1206', full: true }, XLVIII: { hex: '1307' }, '5A': { hex: '1410' } },
      'german-combat',
      3,
    );
    const t = play(
      nextDie(s, 3),
      { type: 'declare', defender: '13A', attackers: ['XXIV', 'XLVIII'] },
      { type: 'resolve', defender: '13A' },
    );
    expect(t.combat!.current).toMatchObject({ result: 'EX', owed: 4 });
    // XXIV's step (12 -> 6) pays 6 >= 4; a halved reading would have owed only 2.
    const u = play(t, { type: 'take-loss', unit: 'XXIV' });
    expect(u.combat!.current).toMatchObject({ step: 'advance' });
    expect(u.units.XXIV).toEqual({ hex: '1206', full: false });
  });

  it('EX: a small attacker may need several steps to match the loss', () => {
    // XLVIII at half (4) and XII at half (2) against the full 13A: 6 to 8 is below 1:1; use a full XL (8) + XII (2) = 10 vs 8 -> 1:1.
    const s = position({
      '13A': { hex: '1207', full: true },
      XII: { hex: '1206', full: true },
      XXXIV: { hex: '1307' },
      '5A': { hex: '1410' },
    });
    // XII full 5 + XXXIV half 2 = 7 < 8: below 1:1. Make XXXIV full: 5 + 4 = 9 vs 8 -> 1:1.
    s.units.XXXIV!.full = true;
    const t = play(nextDie(s, 2), { type: 'declare', defender: '13A', attackers: ['XII', 'XXXIV'] }, { type: 'resolve', defender: '13A' });
    expect(t.combat!.current).toMatchObject({ result: 'EX', owed: 4 });
    // XII 5 -> 2 loses 3: one more step is owed.
    const u = play(t, { type: 'take-loss', unit: 'XII' });
    expect(u.combat!.current).toMatchObject({ step: 'attacker-loss', owed: 1 });
    const v = play(u, { type: 'take-loss', unit: 'XXXIV' });
    expect(v.units.XXXIV!.full).toBe(false);
    expect(v.combat!.current).toMatchObject({ step: 'retreat' });
  });

  it('DE: the defender is eliminated and one attacker may advance (or none)', () => {
    // 20 to 4 = 5:1, die 5: DE.
    const s = open();
    s.units.XLVIII!.full = true;
    s.units.XXIV = { hex: '1108', full: true };
    const t = play(nextDie(s, 5), { type: 'declare', defender: '13A', attackers: ['XL', 'XXIV'] }, { type: 'resolve', defender: '13A' });
    expect(t.units['13A']!.hex).toBeNull();
    expect(e.legalActions(t)).toEqual([{ type: 'advance', unit: 'XXIV' }, { type: 'advance', unit: 'XL' }, { type: 'hold' }]);
    const u = play(t, { type: 'hold' });
    expect(u.units.XL!.hex).toBe('1206');
    expect(u.phase).toBe('german-movement');
  });
});
