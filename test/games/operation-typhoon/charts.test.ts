import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  breakoutUnits,
  CHARTS,
  ChartsError,
  chartsNote,
  crtResult,
  EARLIER_EDITIONS,
  type FormationId,
  forceLineFor,
  loadCharts,
  type SovietForce,
  turnSpec,
} from '../../../src/games/operation-typhoon/charts/index.js';
import { chartsFromEnvironment, readChartsOverride } from '../../../src/games/operation-typhoon/charts/override-file.js';
import { typhoonChartsId, typhoonGame } from '../../../src/games/operation-typhoon/definition.js';
import type { TyphoonEngine } from '../../../src/games/operation-typhoon/engine.js';

/** The message loadCharts throws for `override`. */
function rejection(override: unknown): string {
  try {
    loadCharts(override);
  } catch (e) {
    expect(e).toBeInstanceOf(ChartsError);
    return (e as Error).message;
  }
  throw new Error('the override was accepted');
}

describe('rule examples and rule-fixed values hold exactly', () => {
  it('8.1 example: turn 1, clear hex, die 5, no modifiers gives 2 RD + 1 B', () => {
    const line = CHARTS.forceGeneration.lines[forceLineFor(undefined)];
    expect(line.label).toBe('Clear, Forest, or Marsh hex');
    const roll = 5 + turnSpec(CHARTS, 1).forceModifier;
    expect(line.rows.find((r) => r.roll === roll)?.force).toEqual({ RD: 2, B: 1 });
  });

  it('8.1, 13.5: +1 on turns 3-4, +2 on turns 5-8, +3 in Moscow, +1 Clenched Fist', () => {
    expect(CHARTS.turns.map((t) => t.forceModifier)).toEqual([0, 0, 1, 1, 2, 2, 2, 2]);
    expect(CHARTS.forceGeneration.moscowModifier).toBe(3);
    expect(CHARTS.forceGeneration.clenchedFistModifier).toBe(1);
  });

  it('9.4 example: a river into marsh costs mechanized 3+2 = 5 MP, non-mechanized 2+1 = 3 MP', () => {
    const { terrain, river } = CHARTS.terrain;
    expect(terrain.marsh.mp).toEqual({ mechanized: 3, nonMechanized: 2 });
    expect(river.mp).toEqual({ mechanized: 2, nonMechanized: 1 });
    expect(terrain.marsh.mp!.mechanized + river.mp.mechanized).toBe(5);
    expect(terrain.marsh.mp!.nonMechanized + river.mp.nonMechanized).toBe(3);
  });

  it('9.4, 10.3: places pay their natural terrain; a river gives defenders +1 in round one', () => {
    for (const place of ['town', 'city', 'capital'] as const) expect(CHARTS.terrain.terrain[place].mp).toBeUndefined();
    for (const natural of ['clear', 'forest', 'marsh'] as const) expect(CHARTS.terrain.terrain[natural].mp).toBeDefined();
    expect(CHARTS.terrain.river.defenderFirstRound).toBe(1);
  });

  it('2.4: every panzer division is 7 full, 3 reduced', () => {
    const panzers = CHARTS.german.filter((u) => u.type === 'panzer');
    expect(panzers.length).toBe(14);
    for (const u of panzers) expect(u.cdr).toEqual({ full: 7, reduced: 3 });
  });

  it('12.1, 9.1, 5.2, 7.3, 12.2, 12.3: the turn record track', () => {
    expect(CHARTS.turns.map((t) => t.turn)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(CHARTS.turns.map((t) => t.weeks)).toEqual([1, 1, 1, 1, 2, 1, 1, 1]);
    expect(CHARTS.turns.map((t) => t.regroup)).toEqual([true, true, true, true, true, false, false, false]);
    expect(CHARTS.turns.map((t) => t.interArmyStacking)).toEqual([true, true, true, true, false, false, false, false]);
    expect(CHARTS.turns.map((t) => t.firstRoundGermanBonus)).toEqual([0, 0, 0, 0, 0, 1, 0, 0]);
    expect(CHARTS.turns.map((t) => t.victoryCheck)).toEqual([
      undefined,
      'pocket',
      'front-integrity',
      'vp',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    for (const t of CHARTS.turns) expect([0, 1, 2]).toContain(t.luftwaffeCas);
    expect(turnSpec(CHARTS, 2).label).toBe('Oct II'); // 13.2 names turn 2 "Oct II"
  });

  it('9.3: both mobility classes start fast and lose MP; turn 5 is the slowest', () => {
    const mech = CHARTS.turns.map((t) => t.mp.mechanized);
    const foot = CHARTS.turns.map((t) => t.mp.nonMechanized);
    expect(mech[0]).toBeGreaterThan(foot[0]!);
    expect(mech[0]).toBe(Math.max(...mech));
    expect(foot[0]).toBe(Math.max(...foot));
    expect(mech[4]).toBe(Math.min(...mech));
    expect(foot[4]).toBe(Math.min(...foot));
  });

  it('9.3 as #19 reads it: never a rise from one turn to the next but after the stand-down, turn 4 clearly below turn 1', () => {
    for (const kind of ['mechanized', 'nonMechanized'] as const) {
      const mp = CHARTS.turns.map((t) => t.mp[kind]);
      for (let t = 1; t < mp.length; t++) if (t !== 5) expect(mp[t]).toBeLessThanOrEqual(mp[t - 1]!); // turn 6 follows the stand-down (12.1)
      // Turn 4 is clearly slower than turn 1: at most 85% of it for the panzers, and less for the infantry.
      expect(mp[3]).toBeLessThan(mp[0]!);
    }
    const panzers = CHARTS.turns.map((t) => t.mp.mechanized);
    expect(panzers[3]! / panzers[0]!).toBeLessThanOrEqual(0.85);
    // The panzers lose MP on every one of turns 2-4 ("start out relatively fast, but then lose MP").
    expect(panzers.slice(0, 4).every((mp, i) => i === 0 || mp < panzers[i - 1]!)).toBe(true);
  });

  it('keeps the first edition word for word, with its 18/9 on turns 1-4, so games stored on it go on', () => {
    const [first] = EARLIER_EDITIONS;
    expect(first!.turns.slice(0, 4).map((t) => t.mp)).toEqual(Array(4).fill({ mechanized: 18, nonMechanized: 9 }));
    // Only the movement table of turns 2-4 and its notes changed between the editions.
    expect({ ...first, turns: [] }).toEqual({ ...CHARTS, turns: [] });
    for (const t of [1, 5, 6, 7, 8]) expect(turnSpec(first!, t)).toEqual(turnSpec(CHARTS, t));
    // The id games were stored with: a hash of the whole charts, source notes and all.
    expect(typhoonChartsId(first!)).toBe('shipped-4fd427c6f7191a39');
    expect(typhoonChartsId(CHARTS)).not.toBe(typhoonChartsId(first!));
    // A game on it says so in its status; today's say nothing, an owner's file says it is one.
    expect(chartsNote(first!)).toMatch(/^the first edition of the shipped charts \(18\/9 MP on turns 1-4\)/);
    expect(chartsNote(CHARTS)).toBeUndefined();
    expect(chartsNote(loadCharts({ crt: { source: 'printed (test)' } }))).toMatch(/owner's chart file/);
    const stored = typhoonGame.withCharts?.(typhoonChartsId(first!))?.engine as TyphoonEngine;
    expect(turnSpec(stored.index.charts, 3).mp).toEqual({ mechanized: 18, nonMechanized: 9 });
  });

  it('turnSpec refuses a turn that is not on the track', () => {
    expect(() => turnSpec(CHARTS, 9)).toThrow(/no turn 9/);
    expect(() => turnSpec(CHARTS, 0)).toThrow(RangeError);
  });
});

describe('counter mix', () => {
  const soviet = (kind: string) => CHARTS.soviet.filter((c) => c.kind === kind);

  it('guards divisions 1st-8th and airborne corps 4th and 5th (8.3)', () => {
    expect(soviet('guards').map((c) => c.label)).toEqual(['1 Gd', '2 Gd', '3 Gd', '4 Gd', '5 Gd', '6 Gd', '7 Gd', '8 Gd']);
    expect(soviet('airborne').map((c) => c.label)).toEqual(['4 AC', '5 AC']);
  });

  it('ten reserve rifle divisions (3.1, 8.3)', () => {
    const reserve = CHARTS.soviet.filter((c) => c.reserve);
    expect(reserve).toHaveLength(10);
    for (const c of reserve) expect(c.kind).toBe('rifle');
  });

  it('two steps exactly for rifle, guards and airborne units (10.6)', () => {
    for (const c of CHARTS.soviet) {
      const twoStep = c.kind === 'rifle' || c.kind === 'guards' || c.kind === 'airborne';
      expect(c.steps, c.id).toBe(twoStep ? 2 : 1);
      expect(c.cdr.reduced !== undefined, c.id).toBe(twoStep);
    }
    for (const kind of ['brigade', 'heavy-howitzer', 'heavy-mortar', 'cas']) expect(soviet(kind).length).toBeGreaterThan(0);
  });

  it('Lehr and Gross Deutschland count half a division; everything else one (7.1, 7.2)', () => {
    const half = CHARTS.german
      .filter((u) => u.stacking === 0.5)
      .map((u) => u.id)
      .sort();
    expect(half).toEqual(['gd', 'lehr']);
    expect(CHARTS.german.find((u) => u.id === 'lehr')?.size).toBe('brigade');
    expect(CHARTS.german.find((u) => u.id === 'gd')?.size).toBe('regiment');
  });

  it('panzer and motorized are mechanized, infantry and cavalry not (2.7)', () => {
    for (const u of CHARTS.german)
      expect(u.mobility, u.id).toBe(u.type === 'panzer' || u.type === 'motorized' ? 'mechanized' : 'non-mechanized');
    expect(CHARTS.german.filter((u) => u.type === 'cavalry').map((u) => u.id)).toEqual(['1cav']);
    expect(CHARTS.german.find((u) => u.id === 'das-reich')?.label).toBe('SS-R'); // 2.10
  });

  it('every formation has units, and the panzer groups hold the panzer divisions', () => {
    const ids: FormationId[] = ['9A', 'PG3', '4A', 'PG4', '2A', 'PG2'];
    expect(CHARTS.formations.map((f) => f.id)).toEqual(ids);
    for (const f of ids) expect(CHARTS.german.filter((u) => u.formation === f).length, f).toBeGreaterThanOrEqual(5);
    for (const u of CHARTS.german.filter((x) => x.type === 'panzer')) expect(u.formation.startsWith('PG'), u.id).toBe(true);
  });

  it('ids are unique', () => {
    expect(new Set(CHARTS.german.map((u) => u.id)).size).toBe(CHARTS.german.length);
    expect(new Set(CHARTS.soviet.map((u) => u.id)).size).toBe(CHARTS.soviet.length);
  });

  it('units and markers make about 280 counters (2.1), and the marker mix adds up', () => {
    const total = CHARTS.german.length + CHARTS.soviet.length + CHARTS.markers;
    expect(Math.abs(total - 280)).toBeLessThanOrEqual(10);
    expect(CHARTS.markerMix?.reduce((n, m) => n + m.count, 0)).toBe(CHARTS.markers);
  });

  it('the pool can field the largest force any table asks for', () => {
    const pool = (kinds: string[]) => CHARTS.soviet.filter((c) => kinds.includes(c.kind) && !c.reserve).length;
    for (const line of Object.values(CHARTS.forceGeneration.lines)) {
      for (const { force } of line.rows) {
        if (!force) continue;
        expect(force.RD ?? 0).toBeLessThanOrEqual(pool(['rifle']));
        expect(force.GD ?? 0).toBeLessThanOrEqual(pool(['guards']));
        expect(force.A ?? 0).toBeLessThanOrEqual(pool(['heavy-howitzer', 'heavy-mortar']));
        expect(force.CAS ?? 0).toBeLessThanOrEqual(pool(['cas']));
      }
    }
    const largestBreakout = Math.max(...CHARTS.breakout.bands.flatMap((b) => b.units));
    expect(largestBreakout).toBeLessThanOrEqual(pool(['rifle', 'brigade', 'heavy-howitzer', 'heavy-mortar']));
  });
});

describe('every value is sourced', () => {
  it('every unit, turn, terrain, table and marker carries a non-empty source note', () => {
    const sourced = [
      ...CHARTS.german,
      ...CHARTS.soviet,
      ...CHARTS.turns,
      ...Object.values(CHARTS.terrain.terrain),
      CHARTS.terrain.river,
      CHARTS.crt,
      CHARTS.forceGeneration,
      CHARTS.breakout,
      ...(CHARTS.markerMix ?? []),
    ];
    expect(sourced.length).toBeGreaterThan(180);
    for (const s of sourced) expect(s.source.trim().length, JSON.stringify(s).slice(0, 60)).toBeGreaterThan(10);
  });

  it('rule-fixed values cite their rules', () => {
    expect(CHARTS.terrain.terrain.marsh.source).toMatch(/9\.4 example/);
    expect(CHARTS.terrain.river.source).toMatch(/9\.4 example/);
    expect(CHARTS.forceGeneration.source).toMatch(/8\.1/);
    for (const u of CHARTS.german.filter((x) => x.type === 'panzer')) expect(u.source).toMatch(/2\.4/);
    for (const u of CHARTS.german) expect(u.source).toMatch(/historical OOB, Army Group Centre 2 Oct 1941/);
  });
});

describe('tables are well formed', () => {
  it('each force line has the rolls 1..12', () => {
    for (const line of Object.values(CHARTS.forceGeneration.lines))
      expect(line.rows.map((r) => r.roll)).toEqual([...Array(12).keys()].map((i) => i + 1));
  });

  it('towns and cities field stronger forces (in steps) than open ground; the open line starts with "--"', () => {
    const twoStep = new Set(['RD', 'GD', 'AC']);
    const steps = (f: SovietForce | null) => Object.entries(f ?? {}).reduce((n, [k, v]) => n + (v ?? 0) * (twoStep.has(k) ? 2 : 1), 0);
    const { open, town, city } = CHARTS.forceGeneration.lines;
    expect(open.rows[0]?.force).toBeNull();
    for (let i = 0; i < 12; i++) {
      expect(steps(town.rows[i]!.force)).toBeGreaterThanOrEqual(steps(open.rows[i]!.force));
      expect(steps(city.rows[i]!.force)).toBeGreaterThanOrEqual(steps(town.rows[i]!.force));
    }
  });

  it('City roll 12 is reached only with the Clenched Fist +1 (13.5), and it is the strongest Moscow garrison', () => {
    const fg = CHARTS.forceGeneration;
    const top = 6 + Math.max(...CHARTS.turns.map((t) => t.forceModifier)) + fg.moscowModifier; // 8.1: die 6, turns 5-8, Moscow
    expect(top).toBe(11);
    expect(top + fg.clenchedFistModifier).toBe(12);
    // Every kind of unit at least as many as on any lower City roll, and more steps than roll 11.
    const rows = fg.lines.city.rows;
    const twelve = rows.find((r) => r.roll === 12)!.force!;
    for (const r of rows.slice(0, 11))
      for (const k of ['RD', 'GD', 'AC', 'A', 'CAS'] as const) expect(twelve[k] ?? 0).toBeGreaterThanOrEqual(r.force?.[k] ?? 0);
    const steps = (f: SovietForce) => 2 * ((f.RD ?? 0) + (f.GD ?? 0) + (f.AC ?? 0)) + (f.B ?? 0) + (f.A ?? 0);
    expect(steps(twelve)).toBeGreaterThan(steps(rows.find((r) => r.roll === 11)!.force!));
  });

  it('forceLineFor picks the line most favourable to the Soviets (8.1)', () => {
    expect(forceLineFor()).toBe('open');
    expect(forceLineFor('town')).toBe('town');
    expect(forceLineFor('city')).toBe('city');
    expect(forceLineFor('capital')).toBe('city');
  });

  it('CRT rows run over contiguous rolls; German fire out-hits Soviet fire; a high roll gives 2 hits', () => {
    const rows = CHARTS.crt.rows;
    for (const [i, r] of rows.entries()) if (i > 0) expect(r.roll).toBe(rows[i - 1]!.roll + 1);
    for (const r of rows) expect(r.german).toBeGreaterThanOrEqual(r.soviet);
    expect(crtResult(CHARTS, 'german', 6)).toBe(2);
    expect(crtResult(CHARTS, 'german', 1)).toBe(0);
    expect(crtResult(CHARTS, 'soviet', 4)).toBe(0);
  });

  it('crtResult clamps rolls off either end to the first or last row', () => {
    const first = CHARTS.crt.rows[0]!;
    const last = CHARTS.crt.rows[CHARTS.crt.rows.length - 1]!;
    expect(crtResult(CHARTS, 'german', first.roll - 5)).toBe(first.german);
    expect(crtResult(CHARTS, 'soviet', last.roll + 5)).toBe(last.soviet);
  });

  it('terrain hurts German fire and never hurts Soviet ground fire; tanks suffer more in forest, no less in towns', () => {
    const t = CHARTS.terrain.terrain;
    for (const k of ['forest', 'marsh', 'town', 'city', 'capital'] as const) {
      expect(t[k].fire.germanMechanized, k).toBeLessThan(0);
      expect(t[k].fire.germanNonMechanized, k).toBeLessThan(0);
      expect(t[k].fire.sovietGround, k).toBeGreaterThan(0);
    }
    expect(t.forest.fire.germanMechanized).toBeLessThan(t.forest.fire.germanNonMechanized);
    for (const k of ['town', 'city', 'capital'] as const)
      expect(t[k].fire.germanMechanized, k).toBeLessThanOrEqual(t[k].fire.germanNonMechanized);
    expect(Object.values(t.clear.fire)).toEqual([0, 0, 0, 0]);
  });

  it('breakout bands cover 1..infinity without gaps or overlaps, and grow with the pocket', () => {
    const bands = CHARTS.breakout.bands;
    expect(bands[0]!.minHexes).toBe(1);
    bands.forEach((b, i) => {
      if (i > 0) expect(b.minHexes).toBe(bands[i - 1]!.maxHexes! + 1);
      expect(b.maxHexes === undefined).toBe(i === bands.length - 1);
    });
    for (let hexes = 1; hexes <= 500; hexes++) {
      const covering = bands.filter((b) => hexes >= b.minHexes && (b.maxHexes === undefined || hexes <= b.maxHexes));
      expect(covering).toHaveLength(1);
    }
    expect(breakoutUnits(CHARTS, 14, 6)).toBeLessThan(breakoutUnits(CHARTS, 150, 6));
  });

  it('breakoutUnits reads the band and die, clamping the die to 1..6', () => {
    const band = CHARTS.breakout.bands.find((b) => b.minHexes <= 14 && (b.maxHexes ?? Infinity) >= 14)!;
    expect(breakoutUnits(CHARTS, 14, 3)).toBe(band.units[2]);
    expect(breakoutUnits(CHARTS, 14, 7)).toBe(band.units[5]); // 13.5 Clenched Fist +1 on a 6
    expect(breakoutUnits(CHARTS, 0, 6)).toBe(0);
  });
});

describe('owner overrides', () => {
  it('no override gives the shipped charts', () => {
    expect(loadCharts()).toBe(CHARTS);
    expect(loadCharts({})).toEqual(CHARTS);
  });

  it('a partial override replaces only what it names', () => {
    const charts = loadCharts({
      german: [{ id: '10pz', cdr: { full: 8 } }],
      turns: [{ turn: 1, mp: { mechanized: 14 } }],
      crt: {
        source: 'printed CRT',
        rows: [
          { roll: 1, german: 0, soviet: 0 },
          { roll: 2, german: 1, soviet: 0 },
          { roll: 3, german: 1, soviet: 0 },
          { roll: 4, german: 1, soviet: 1 },
          { roll: 5, german: 2, soviet: 1 },
          { roll: 6, german: 2, soviet: 2 },
        ],
      },
      forceGeneration: { lines: { open: { rows: [{ roll: 6, force: { RD: 1 } }] } } },
    });
    const tenth = charts.german.find((u) => u.id === '10pz')!;
    expect(tenth.cdr).toEqual({ full: 8, reduced: 3 });
    expect(tenth.label).toBe('10 Pz');
    expect(tenth.source).toMatch(/^override file \(id, cdr\)/); // no longer claims rule 2.4
    expect(turnSpec(charts, 1).source).toMatch(/^override file \(turn, mp\)/);
    expect(charts.german).toHaveLength(CHARTS.german.length);
    expect(charts.german.find((u) => u.id === '11pz')).toEqual(CHARTS.german.find((u) => u.id === '11pz'));
    expect(turnSpec(charts, 1).mp).toEqual({ mechanized: 14, nonMechanized: CHARTS.turns[0]!.mp.nonMechanized });
    expect(turnSpec(charts, 2)).toEqual(turnSpec(CHARTS, 2));
    expect(charts.crt.rows.map((r) => r.roll)).toEqual([1, 2, 3, 4, 5, 6]); // a CRT replaces whole
    expect(crtResult(charts, 'german', 0)).toBe(0);
    expect(charts.forceGeneration.lines.open.rows[5]?.force).toEqual({ RD: 1 }); // the entry replaces whole
    expect(charts.forceGeneration.lines.open.rows[4]?.force).toEqual({ RD: 2, B: 1 });
    expect(charts.terrain).toEqual(CHARTS.terrain);
    expect(CHARTS.german.find((u) => u.id === '10pz')?.cdr.full).toBe(7); // the shipped charts are untouched
  });

  it('a unit with a new id is added; "$replace" swaps a whole list', () => {
    const added = loadCharts({
      german: [
        {
          id: '8pz',
          label: '8 Pz',
          formation: 'PG4',
          type: 'panzer',
          mobility: 'mechanized',
          size: 'division',
          stacking: 1,
          cdr: { full: 7, reduced: 3 },
          source: 'owner',
        },
      ],
    });
    expect(added.german).toHaveLength(CHARTS.german.length + 1);
    const replaced = loadCharts({
      $replace: ['soviet'],
      soviet: [{ id: 'rd-1', label: 'RD', kind: 'rifle', steps: 2, cdr: { full: 2, reduced: 1 }, source: 'printed counter' }],
    });
    expect(replaced.soviet.map((c) => c.id)).toEqual(['rd-1']);
  });

  it('rejects bad overrides with messages that name the path', () => {
    expect(rejection({ german: [{ id: '10pz', cdr: { full: 'seven' } }] })).toMatch(/german\.\d+\.cdr\.full/);
    expect(rejection({ german: [{ id: '10pz', cdr: { full: 2, reduced: 3 } }] })).toMatch(/reduced CDR exceeds full CDR/);
    expect(rejection({ german: [{ id: '10pz', mobility: 'non-mechanized' }] })).toMatch(/mechanized.*2\.7/);
    expect(rejection({ soviet: [{ id: 'b-01', steps: 2 }] })).toMatch(/soviet\.\d+\.cdr/);
    expect(rejection({ forceGeneration: { lines: { open: { rows: [{ roll: 13, force: null }] } } } })).toMatch(/rolls 1\.\.12/);
    expect(rejection({ forceGeneration: { lines: { town: { rows: [{ roll: 4, force: {} }] } } } })).toMatch(/write null for "--"/);
    expect(
      rejection({
        crt: {
          rows: [
            { roll: 1, german: 0, soviet: 0 },
            { roll: 3, german: 1, soviet: 0 },
          ],
        },
      }),
    ).toMatch(/contiguous/);
    expect(rejection({ crt: { rows: [{ roll: 1, german: 3, soviet: 0 }] } })).toMatch(/crt\.rows\.0\.german/);
    expect(
      rejection({
        breakout: {
          bands: [
            { minHexes: 1, maxHexes: 5, units: [1, 1, 1, 1, 1, 1] },
            { minHexes: 7, units: [1, 1, 1, 1, 1, 1] },
          ],
        },
      }),
    ).toMatch(/start at 6/);
    expect(rejection({ turns: [{ turn: 3, source: '' }] })).toMatch(/turns\.2\.source: every value needs a source note/);
    expect(rejection({ terrain: { terrain: { swamp: {} } } })).toMatch(/swamp/);
    expect(rejection({ $replace: 'soviet' })).toMatch(/\$replace/);
    expect(rejection([1, 2])).toMatch(/top level/);
  });
});

describe('override file (TYPHOON_CHARTS_OVERRIDE)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'typhoon-charts-'));

  it('reads a partial JSON override named by the environment', () => {
    const path = join(dir, 'printed.json');
    writeFileSync(path, JSON.stringify({ turns: [{ turn: 5, luftwaffeCas: 1 }] }));
    expect(turnSpec(chartsFromEnvironment({ TYPHOON_CHARTS_OVERRIDE: path }), 5).luftwaffeCas).toBe(1);
    expect(chartsFromEnvironment({})).toBe(CHARTS);
  });

  it('reports a missing file, broken JSON and bad values with the file path', () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "turns": [');
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ markers: -1 }));
    expect(() => readChartsOverride(join(dir, 'missing.json'))).toThrow(/cannot read.*missing\.json/);
    expect(() => readChartsOverride(broken)).toThrow(/broken\.json is not valid JSON/);
    expect(() => readChartsOverride(bad)).toThrow(/bad\.json[\s\S]*markers: Too small/);
  });
});
