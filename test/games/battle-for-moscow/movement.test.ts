import { describe, expect, it } from 'vitest';
import { type BfmAction, type BfmState, bfmEngine, type Position, positionOf } from '../../../src/games/battle-for-moscow/index.js';
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

const dest = (s: BfmState, unit: string) => new Map(e.destinations(s, unit).map((d) => [d.hex, d]));
const at = (units: Position['units'], phase: Position['phase'] = 'soviet-movement', turn = 5) => positionOf({ turn, phase, units });

describe('Movement example (the 5th Army, movement allowance 4)', () => {
  // Open ground east of Moscow: 1407 with clear hexes around and the forest 1404 three hexes north.
  const open = at({ '5A': { hex: '1407' } });
  // The same army with German units in 1306 and 1209: their zones of control cover
  // 1305 1405 1406 1307 1206 1205 and 1208 1309 1310 1210 1110 1109.
  const zoc = at({ '5A': { hex: '1407' }, XL: { hex: '1306' }, XII: { hex: '1209' } });

  it('path A: four clear hexes use the whole allowance', () => {
    expect(dest(open, '5A').get('1304')).toMatchObject({ cost: 4 });
    expect(dest(zoc, '5A').get('1006')).toMatchObject({ cost: 4, path: ['1407', '1308', '1207', '1107', '1006'] });
    const moved = e.apply(open, { type: 'move', unit: '5A', to: '1304' });
    expect(moved.state.units['5A']!.hex).toBe('1304');
    expect(moved.events.find((x) => x.kind === 'moved')!.hexes).toHaveLength(5);
  });

  it('path B: a forest third hex counts two and ends the move', () => {
    expect(dest(open, '5A').get('1404')).toMatchObject({ cost: 4, path: ['1407', '1406', '1405', '1404'] });
  });

  it('path F: four hexes through the forest would be five, and is refused', () => {
    expect(dest(open, '5A').has('1403')).toBe(false);
    const err = refusal(open, { type: 'move', unit: '5A', to: '1403' });
    expect(err.rule).toBe('Movement');
    expect(err.message).toMatch(/allowance of 4/);
  });

  it('path C: entering an enemy zone of control in the first hex ends the move there', () => {
    expect(dest(zoc, '5A').get('1406')).toMatchObject({ cost: 1, path: ['1407', '1406'] });
    // 1405 lies on beyond 1406 and every other way in is through a zone too.
    expect(dest(zoc, '5A').has('1405')).toBe(false);
    expect(refusal(zoc, { type: 'move', unit: '5A', to: '1405' }).rule).toBe('Zone of Control');
  });

  it('path D: entering a zone in the second hex stops there', () => {
    expect(dest(zoc, '5A').get('1208')).toMatchObject({ cost: 2, path: ['1407', '1308', '1208'] });
  });

  it('path E: a zone entered with the fourth hex ends the move as the allowance runs out', () => {
    expect(dest(zoc, '5A').get('1109')).toMatchObject({ cost: 4, path: ['1407', '1308', '1207', '1108', '1109'] });
    // 1210 is four hexes away ignoring zones, but only through 1310 or 1110, both in a zone.
    expect(refusal(zoc, { type: 'move', unit: '5A', to: '1210' }).rule).toBe('Zone of Control');
  });

  it('never routes through a zone of control: only the last hex of any path may lie in one', () => {
    const zones = new Set(['1305', '1405', '1406', '1307', '1206', '1205', '1208', '1309', '1310', '1210', '1110', '1109']);
    const all = e.destinations(zoc, '5A');
    expect(all.length).toBeGreaterThan(10);
    for (const d of all) expect(d.path.slice(1, -1).filter((h) => zones.has(h))).toEqual([]);
  });

  it('lets a unit leave an enemy zone of control it starts in, and step from one zone hex into another', () => {
    const s = at({ '5A': { hex: '1307' }, XL: { hex: '1306' } });
    const d = dest(s, '5A');
    expect(d.get('1308')).toMatchObject({ cost: 1 });
    expect(d.get('1206')).toMatchObject({ cost: 1 });
    expect(e.destinations(s, '5A').some((x) => x.cost === 4)).toBe(true);
  });
});

describe('Movement restrictions and stacking', () => {
  it('never enters a hex with an enemy unit', () => {
    const s = at({ '5A': { hex: '1407' }, XL: { hex: '1406' } });
    expect(refusal(s, { type: 'move', unit: '5A', to: '1406' }).rule).toBe('Movement: Restrictions');
  });

  it('passes through friendly units but may not end on one that has moved', () => {
    let s = at({ '5A': { hex: '1407' }, '3A': { hex: '1406' }, '13A': { hex: '1404' } });
    expect(dest(s, '5A').get('1405')).toMatchObject({ cost: 2, path: ['1407', '1406', '1405'] });
    s = e.apply(s, { type: 'move', unit: '3A', to: '1305' }).state;
    s = e.apply(s, { type: 'move', unit: '5A', to: '1405' }).state;
    const err = refusal(s, { type: 'move', unit: '13A', to: '1405' });
    expect(err.rule).toBe('Movement: Restrictions');
    expect(err.message).toMatch(/one unit/);
  });

  it('lets a unit stop on a friendly unit that has not moved, which must then move on before anything else', () => {
    let s = at({ '5A': { hex: '1407' }, '3A': { hex: '1406' }, '13A': { hex: '1210' } });
    s = e.apply(s, { type: 'move', unit: '5A', to: '1406' }).state;
    expect(s.displaced).toBe('3A');
    expect(e.legalActions(s).every((a) => a.type === 'move' && a.unit === '3A')).toBe(true);
    expect(refusal(s, { type: 'end-phase' }).rule).toBe('Movement: Restrictions');
    expect(refusal(s, { type: 'move', unit: '13A', to: '1209' }).rule).toBe('Movement: Restrictions');
    s = e.apply(s, { type: 'move', unit: '3A', to: '1305' }).state;
    expect(s.displaced).toBeNull();
    expect(s.units['5A']!.hex).toBe('1406');
  });

  it('moves each unit once per phase', () => {
    let s = at({ '5A': { hex: '1407' }, '3A': { hex: '1210' } });
    s = e.apply(s, { type: 'move', unit: '5A', to: '1408' }).state;
    expect(refusal(s, { type: 'move', unit: '5A', to: '1409' }).message).toMatch(/already moved/);
  });

  it("moves only the phasing player's units, only panzers in the panzer movement phase", () => {
    const s = at({ XL: { hex: '0305' }, V: { hex: '0306' }, '5A': { hex: '1407' } }, 'german-panzer-movement');
    expect(dest(s, 'XL').size).toBeGreaterThan(0);
    expect(refusal(s, { type: 'move', unit: 'V', to: '0406' }).rule).toBe('How to Play');
    expect(refusal(s, { type: 'move', unit: '5A', to: '1408' }).rule).toBe('How to Play');
    const g = at({ XL: { hex: '0305' }, V: { hex: '0306' }, '5A': { hex: '1407' } }, 'german-movement');
    expect(e.apply(g, { type: 'move', unit: 'V', to: '0406' }).state.units.V!.hex).toBe('0406');
  });

  it('refuses movement outside movement phases', () => {
    const s = at({ XL: { hex: '0305' }, '5A': { hex: '1407' } }, 'german-combat');
    expect(refusal(s, { type: 'move', unit: 'XL', to: '0404' }).rule).toBe('How to Play');
  });
});

describe('Mud', () => {
  it('limits every unit to one hex a phase, forest included (turns 3 and 4)', () => {
    const s = at({ XL: { hex: '0305' }, '5A': { hex: '1407' } }, 'german-panzer-movement', 3);
    const d = dest(s, 'XL');
    expect([...d.values()].every((x) => x.path.length === 2)).toBe(true);
    expect(d.size).toBe(6);
    // 0405 is forest: reading of Mud, one hex whatever the hex.
    expect(d.get('0405')).toBeDefined();
    expect(refusal(s, { type: 'move', unit: 'XL', to: '0505' }).rule).toBe('Mud');
  });
});

describe('Soviet rail movement', () => {
  it('moves only units that start on a rail line, only along rail links, forest counting one hex', () => {
    const s = at({ '5A': { hex: '0803' }, '3A': { hex: '1407' }, XL: { hex: '0305' } }, 'soviet-rail-movement');
    const d = dest(s, '5A');
    // R3 0803-0704(forest)-0603: two hexes by rail; by road 0704 alone costs two.
    expect(d.get('0603')).toMatchObject({ cost: 2, path: ['0803', '0704', '0603'] });
    for (const x of d.values()) for (let i = 1; i < x.path.length; i++) expect(e.bm.map.isRailLink(x.path[i - 1]!, x.path[i]!)).toBe(true);
    // 0804 is next door but off the rail line.
    expect(refusal(s, { type: 'move', unit: '5A', to: '0804' }).rule).toBe('Movement: Rail Movement');
    expect(refusal(s, { type: 'move', unit: '3A', to: '1406' }).rule).toBe('Movement: Rail Movement');
  });

  it('is not slowed by mud', () => {
    const s = at({ '5A': { hex: '0803' }, XL: { hex: '0305' } }, 'soviet-rail-movement', 4);
    expect(dest(s, '5A').get('1103')).toMatchObject({ cost: 3 });
  });

  it('stops on entering an enemy zone of control', () => {
    const s = at({ '5A': { hex: '0803' }, XL: { hex: '0604' } }, 'soviet-rail-movement');
    // 0704 is next to XL: the train stops there.
    expect(dest(s, '5A').get('0704')).toMatchObject({ cost: 1 });
    expect(dest(s, '5A').has('0603')).toBe(false);
  });
});

describe('City control', () => {
  it('takes a city by stopping in it, not by passing through (reading of Replacements: "last units in the city")', () => {
    // 0704 to 0903 in two hexes only through Mozhaisk (0803).
    let s = at({ XL: { hex: '0704' }, '5A': { hex: '1407' } }, 'german-movement');
    expect(dest(s, 'XL').get('0903')).toMatchObject({ cost: 2, path: ['0704', '0803', '0903'] });
    s = e.apply(s, { type: 'move', unit: 'XL', to: '0903' }).state;
    expect(s.cities['0803']).toBe('soviet');
    let t = at({ XL: { hex: '0704' }, '5A': { hex: '1407' } }, 'german-movement');
    const r = e.apply(t, { type: 'move', unit: 'XL', to: '0803' });
    t = r.state;
    expect(t.cities['0803']).toBe('german');
    expect(r.events.some((x) => x.kind === 'city')).toBe(true);
  });
});
