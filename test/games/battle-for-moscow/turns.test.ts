import { describe, expect, it } from 'vitest';
import {
  type BfmAction,
  type BfmState,
  bfmEngine,
  bfmOptionsSchema,
  type Position,
  positionOf,
} from '../../../src/games/battle-for-moscow/index.js';
import { RuleError } from '../../../src/games/engine.js';

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

const play = (s: BfmState, ...actions: BfmAction[]) => actions.reduce((x, a) => e.apply(x, a).state, s);
const at = (units: Position['units'], phase: Position['phase'], turn: number, replacements = 5, extra: Partial<Position> = {}) =>
  positionOf({ turn, phase, units, replacements, ...extra });

describe('Sequence of play', () => {
  it('starts with set-up, skips the German replacement phase of turn 1 and begins with panzer movement', () => {
    const s = e.setup({ seed: 1 });
    expect(s.phase).toBe('setup');
    expect(e.prompt(s).side).toBe('german');
    const r = e.apply(s, { type: 'setup-done' });
    expect(r.state.phase).toBe('german-panzer-movement');
    expect(r.events.map((x) => x.kind)).toContain('phase-skipped');
  });

  it('lets the German player arrange his units on the crosses before play, and only then', () => {
    const s = play(e.setup({ seed: 1 }), { type: 'setup-swap', a: 'XXIV', b: 'XXII' });
    expect(s.units.XXIV!.hex).toBe('0103');
    expect(s.units.XXII!.hex).toBe('0409');
    expect(refusal(s, { type: 'setup-swap', a: 'XXIV', b: '5A' }).rule).toBe('Starting the Game');
    const t = play(s, { type: 'setup-done' });
    expect(refusal(t, { type: 'setup-swap', a: 'XXIV', b: 'XXII' }).rule).toBe('Starting the Game');
  });

  it('runs the eight phases in order, German then Soviet, and then the next turn', () => {
    let s = play(e.setup({ seed: 1 }), { type: 'setup-done' });
    const entered: string[] = [];
    while (s.turn === 1) {
      const legal = e.legalActions(s);
      const r = e.apply(s, legal.find((x) => x.type === 'end-phase') ?? legal.find((x) => x.type === 'resolve') ?? legal[0]!);
      entered.push(...r.events.filter((x) => x.kind === 'phase').map((x) => x.text.replace(/^Turn \d+: (.*) phase.*$/, '$1')));
      s = r.state;
    }
    expect(entered).toEqual([
      'German combat',
      'German movement',
      'Soviet replacement',
      'Soviet rail movement',
      'Soviet combat',
      'Soviet movement',
      'German replacement',
      'German panzer movement',
    ]);
  });

  it('ends after the Soviet movement phase of turn 7: whoever holds Moscow wins', () => {
    const s = at({ XL: { hex: '1103' }, '5A': { hex: '1410' } }, 'soviet-movement', 7, 0, { cities: { '1103': 'german' } });
    const r = e.apply(s, { type: 'end-phase' });
    expect(r.state.phase).toBe('over');
    expect(e.result(r.state)).toMatchObject({ winner: 'german' });
    expect(e.result(r.state)!.reason).toMatch(/^Winning the Game/);
    expect(e.legalActions(r.state)).toEqual([]);
    expect(refusal(r.state, { type: 'end-phase' }).rule).toBe('Winning the Game');
    // The Soviets win when their unit was the last in Moscow, even if Germans stand next to it.
    const t = at({ XL: { hex: '1003' }, '5A': { hex: '1410' } }, 'soviet-movement', 7, 0);
    expect(e.result(e.apply(t, { type: 'end-phase' }).state)).toMatchObject({ winner: 'soviet' });
  });

  it('turns 3 and 4 are mud, announced with the phase', () => {
    const s = at({ XL: { hex: '0305' }, '5A': { hex: '1410' } }, 'soviet-movement', 2, 0);
    const r = e.apply(s, { type: 'end-phase' });
    expect(r.state.turn).toBe(3);
    expect(r.events.some((x) => /Turn 3 \(mud\)/.test(x.text))).toBe(true);
  });

  it('refuses malformed actions with a clear answer', () => {
    const s = e.setup({ seed: 1 });
    expect(() => e.apply(s, { type: 'fly' } as unknown as BfmAction)).toThrow(RuleError);
    expect(() => e.apply(s, { type: 'move', unit: 'XL', to: 'Moscow' } as BfmAction)).toThrow(/not a Battle for Moscow action/);
  });

  it('validates options and bot sides', () => {
    expect(bfmOptionsSchema.safeParse({ seed: -1 }).success).toBe(false);
    expect(bfmOptionsSchema.safeParse({ seed: 1, sovietReplacements: 2 }).success).toBe(false);
    expect(e.setup({ seed: 1, bots: ['soviet', 'german'] }).bots).toEqual(['german', 'soviet']);
    expect(e.setup({ seed: 1, bots: ['soviet', 'soviet'] }).bots).toEqual(['soviet']);
    expect(bfmOptionsSchema.safeParse({ seed: 1, bots: ['soviet', 'german', 'soviet'] }).success).toBe(false);
  });
});

describe('Replacements', () => {
  it('gives the Soviets five a turn, and unused ones are lost', () => {
    let s = play(e.setup({ seed: 1 }), { type: 'setup-done' });
    while (s.phase !== 'soviet-replacement')
      s = e.apply(s, e.legalActions(s).find((x) => x.type === 'end-phase') ?? e.legalActions(s).find((x) => x.type === 'resolve')!).state;
    expect(s.replacements).toBe(5);
    s = play(s, { type: 'replace', unit: '29A' });
    expect(s.units['29A']!.full).toBe(true);
    expect(s.replacements).toBe(4);
    const r = e.apply(s, { type: 'end-phase' });
    expect(r.events.some((x) => x.kind === 'replacements-lost' && /4 unused/.test(x.text))).toBe(true);
    expect(r.state.replacements).toBe(0);
  });

  it('brings an eliminated unit back at half strength on the east edge or in a friendly city in communication', () => {
    const s = at({ '5A': { hex: '0803' }, XL: { hex: '0304' } }, 'soviet-replacement', 2, 5, { cities: { '0805': 'german' } });
    const edge = play(s, { type: 'replace', unit: '3A', hex: '1406' });
    expect(edge.units['3A']).toEqual({ hex: '1406', full: false });
    expect(play(s, { type: 'replace', unit: '3A', hex: '0601' }).units['3A']!.hex).toBe('0601');
    expect(refusal(s, { type: 'replace', unit: '3A', hex: '0805' }).message).toMatch(/not friendly-owned/);
    expect(refusal(s, { type: 'replace', unit: '3A', hex: '0906' }).message).toMatch(/neither/);
    expect(refusal(s, { type: 'replace', unit: '3A', hex: '0803' }).message).toMatch(/not empty/);
    expect(refusal(s, { type: 'replace', unit: '3A' }).message).toMatch(/name the hex/);
  });

  it('cannot build a full-strength unit with two replacements at once', () => {
    const s = at({ XL: { hex: '0304' } }, 'soviet-replacement', 2);
    const t = play(s, { type: 'replace', unit: '3A', hex: '1406' });
    expect(refusal(t, { type: 'replace', unit: '3A' }).message).toMatch(/two replacements/);
    expect(e.legalActions(t).some((a) => a.type === 'replace' && a.unit === '3A')).toBe(false);
  });

  it('restores only units in communication with the east edge, except in Moscow', () => {
    // 13A in 0909 is ringed by German zones; 5A in Moscow is cut off too.
    const units: Position['units'] = {
      '13A': { hex: '0909' },
      '5A': { hex: '1103' },
      XL: { hex: '0908' },
      XLI: { hex: '1008' },
      XLVI: { hex: '0910' },
      LVI: { hex: '1203' },
      LVII: { hex: '1002' },
      XXIV: { hex: '1104' },
    };
    const s = at(units, 'soviet-replacement', 2);
    const b = e.board(s);
    expect(b.inCommunication('soviet', '0909')).toBe(false);
    expect(b.inCommunication('soviet', '1103')).toBe(false);
    expect(refusal(s, { type: 'replace', unit: '13A' }).message).toMatch(/not in communication/);
    expect(play(s, { type: 'replace', unit: '5A' }).units['5A']!.full).toBe(true);
    expect(b.inCommunication('soviet', '1405')).toBe(true);
  });

  it('lets the Soviets bring a unit into Moscow even when it is cut off', () => {
    const units: Position['units'] = {
      LVI: { hex: '1203' },
      LVII: { hex: '1002' },
      XXIV: { hex: '1104' },
      XL: { hex: '1102' },
      XLI: { hex: '1003' },
      XLVI: { hex: '1202' },
    };
    const s = at(units, 'soviet-replacement', 2);
    expect(e.board(s).inCommunication('soviet', '1103')).toBe(false);
    expect(play(s, { type: 'replace', unit: '3A', hex: '1103' }).units['3A']!.hex).toBe('1103');
    // For the Germans Moscow has no special properties: a German-owned Moscow ringed by Soviet zones takes no unit.
    const g = at({ '3A': { hex: '1102' }, '5A': { hex: '1104' }, XL: { hex: '0304' } }, 'german-replacement', 2, 1, {
      cities: { '1103': 'german' },
    });
    expect(refusal(g, { type: 'replace', unit: 'XII', hex: '1103' }).message).toMatch(/not in communication with the west edge/);
    const open = at({ '3A': { hex: '1102' }, XL: { hex: '0304' } }, 'german-replacement', 2, 1, { cities: { '1103': 'german' } });
    expect(play(open, { type: 'replace', unit: 'XII', hex: '1103' }).units.XII!.hex).toBe('1103');
    // Nor can the Soviets use a Moscow they do not own.
    const lost = at({ XL: { hex: '0304' } }, 'soviet-replacement', 2, 5, { cities: { '1103': 'german' } });
    expect(refusal(lost, { type: 'replace', unit: '3A', hex: '1103' }).message).toMatch(/not friendly-owned/);
  });

  it('holds the 1st Shock Army back until turn 4', () => {
    const s = at({ XL: { hex: '0304' } }, 'soviet-replacement', 3);
    const err = refusal(s, { type: 'replace', unit: '1ShA', hex: '1406' });
    expect(err.rule).toBe('1st Shock Army');
    expect(e.legalActions(s).some((a) => a.type === 'replace' && a.unit === '1ShA')).toBe(false);
    const t = at({ XL: { hex: '0304' } }, 'soviet-replacement', 4);
    expect(play(t, { type: 'replace', unit: '1ShA', hex: '1406' }).units['1ShA']).toEqual({ hex: '1406', full: false });
  });

  it('gives the Germans one a turn on the west edge, replaced only in the replacement phase', () => {
    const s = at({ XL: { hex: '0304' }, '5A': { hex: '1410' } }, 'german-replacement', 2, 1);
    const t = play(s, { type: 'replace', unit: 'XII', hex: '0105' });
    expect(t.units.XII).toEqual({ hex: '0105', full: false });
    // The only replacement is used: the phase ends by itself.
    expect(t.phase).toBe('german-panzer-movement');
    expect(refusal(t, { type: 'replace', unit: 'XL' }).rule).toBe('Replacements');
    expect(refusal(s, { type: 'replace', unit: 'XII', hex: '1410' }).message).toMatch(/not empty/);
    expect(refusal(s, { type: 'replace', unit: 'XII', hex: '1409' }).message).toMatch(/west edge or in a friendly city/);
  });

  it('applies the game-balance options', () => {
    let s = e.setup({ seed: 2, sovietReplacements: 3, germanReplacementTurns: 'even' });
    s = play(s, { type: 'setup-done' });
    while (s.phase !== 'soviet-replacement')
      s = e.apply(s, e.legalActions(s).find((x) => x.type === 'end-phase') ?? e.legalActions(s).find((x) => x.type === 'resolve')!).state;
    expect(s.replacements).toBe(3);
    const odd = at({ XL: { hex: '0304' }, '5A': { hex: '1410' } }, 'soviet-movement', 2, 0, {
      options: { germanReplacementTurns: 'even' },
    });
    // Turn 3 is odd: the German replacement phase passes with nothing.
    const r = e.apply(odd, { type: 'end-phase' });
    expect(r.state.turn).toBe(3);
    expect(r.state.phase).toBe('german-panzer-movement');
  });
});
