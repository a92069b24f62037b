/**
 * Issue 19, items 2, 4, 5 and 6: rules the engine had only partly, each test built from the
 * words of the rule it checks (Operation Typhoon, World at War #65).
 */
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/contracts/errors.js';
import { type DieReport, RuleError } from '../../../src/games/engine.js';
import { chartText } from '../../../src/games/operation-typhoon/chart-text.js';
import { breakoutUnits, CHARTS } from '../../../src/games/operation-typhoon/charts/index.js';
import { type TyphoonAction, type TyphoonState, typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import { typhoonOrders } from '../../../src/games/operation-typhoon/order-commands.js';
import type { OrderOptions } from '../../../src/games/orders.js';
import { newDice, roll } from '../../../src/kernel/dice.js';
import type { HexId } from '../../../src/kernel/hex.js';
import { dieText } from '../../../src/session/present.js';

const engine = typhoonEngine();
const { index } = engine;
const map = index.map;
const orders = typhoonOrders(() => engine);

const soviet0 = (h: HexId) => index.initiallySoviet.has(h);
const open = (h: HexId) => soviet0(h) && !map.hex(h)!.place && !map.hex(h)!.water;

function started(seed = 1, scenario: 'historical' | 'clenched-fist' = 'historical'): TyphoonState {
  return engine.apply(engine.setup({ seed, scenario }), { type: 'setup-done' }).state;
}

/** The first seed whose dice begin with `values`. */
function seedStarting(values: number[], from = 1): number {
  for (let seed = from; ; seed++) {
    let dice = newDice(seed);
    let ok = true;
    for (const v of values) {
      const r = roll(dice);
      if (r.value !== v) {
        ok = false;
        break;
      }
      dice = r.dice;
    }
    if (ok) return seed;
  }
}

/** Only the hexes in `keep` are still Soviet: every other hex of the Soviet side is taken. */
function onlySoviet(s: TyphoonState, keep: Set<HexId>): TyphoonState {
  const out = structuredClone(s);
  out.taken = [...index.initiallySoviet].filter((h) => !keep.has(h)).sort();
  return out;
}

/** The shortest line of Soviet hexes from `start` to the east map edge (11.0), avoiding `avoid`. */
function pathToEdge(start: HexId, avoid: Set<HexId>): HexId[] | undefined {
  const edge = new Set(index.supplyEdge);
  const back = new Map<HexId, HexId | null>([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const h = queue.shift()!;
    if (edge.has(h)) {
      const path: HexId[] = [];
      for (let x: HexId | null = h; x; x = back.get(x)!) path.unshift(x);
      return path;
    }
    for (const n of map.neighbours(h)) {
      if (back.has(n) || avoid.has(n) || !soviet0(n)) continue;
      back.set(n, h);
      queue.push(n);
    }
  }
  return undefined;
}

const around = (hexes: Iterable<HexId>) => new Set([...hexes].flatMap((h) => [h, ...map.neighbours(h)]));

function refusal(s: TyphoonState, a: TyphoonAction): RuleError {
  const before = JSON.stringify(s);
  try {
    engine.apply(s, a);
  } catch (err) {
    expect(JSON.stringify(s)).toBe(before);
    if (err instanceof RuleError) return err;
    throw err;
  }
  throw new Error(`expected ${JSON.stringify(a)} to be refused`);
}

function orderRefusal(command: string, subcommand: string | undefined, state: TyphoonState, options: OrderOptions): UserError {
  const order = orders.find((o) => o.command === command && o.subcommand === subcommand)!;
  try {
    const out = order.run!(state, options);
    if ('act' in out) engine.apply(state, out.act as TyphoonAction);
  } catch (err) {
    if (err instanceof UserError) return err;
    throw err;
  }
  throw new Error(`expected /${command} ${subcommand ?? ''} ${JSON.stringify(options)} to be refused`);
}

/**
 * A ring two hexes around an open Soviet hex, all German but `gap`; a panzer division next to
 * the gap. Taking the gap cuts off the seven hexes inside (11.1).
 */
function almostPocket(scenario: 'historical' | 'clenched-fist') {
  const centre = map.ids.find((h) => Number(h.slice(0, 2)) === 25 && map.grid.spiral(h, 2).every((x) => map.has(x) && open(x)))!;
  const ring = map.grid.ring(centre, 2);
  const gap = ring[0]!;
  const stand = ring[1]!;
  const st = structuredClone(started(1, scenario));
  st.taken = [...new Set([...st.taken, ...ring.filter((h) => h !== gap)])].sort();
  const pz = CHARTS.german.find((u) => u.type === 'panzer')!;
  st.units = { [pz.id]: { hex: stand, steps: 2 } };
  return { st, gap, stand, inner: map.grid.spiral(centre, 1) };
}

describe('13.5: the Clenched Fist +1 on the breakout die', () => {
  // 13.5: "whenever you roll to determine a Soviet force, whether for regular or pocket breakout
  // combat, always add one to that result before consulting the appropriate table." In a
  // breakout the Soviet force is determined by 11.2 step 3: "Roll one die and consult the Soviet
  // Breakout Force Generation Table."
  for (const scenario of ['clenched-fist', 'historical'] as const) {
    it(`${scenario}: the breakout table die is reported as roll, modifier and result, and read ${scenario === 'clenched-fist' ? 'one higher' : 'as rolled'}`, () => {
      const plus = scenario === 'clenched-fist' ? 1 : 0;
      for (let die = 1; die <= 6; die++) {
        const { st, gap, stand, inner } = almostPocket(scenario);
        // The first die takes the gap without a fight (8.2 "--": 1, or 1 + 1, on the open line).
        st.dice = newDice(seedStarting([1, die]));
        const r = engine.apply(st, { type: 'move', from: stand, path: [gap] });
        expect(r.events.find((e) => e.kind === 'force-generated')!.text).toMatch(/defend with --/);
        expect(r.events.find((e) => e.kind === 'pocket')!.text).toMatch(/pocket of 7 Soviet hexes/);
        const breakout = r.events.find((e) => e.kind === 'breakout')!;
        const count = breakoutUnits(CHARTS, inner.length, die + plus);
        const report: DieReport = {
          purpose: 'breakout force, pocket of 7',
          roll: die,
          modifier: plus,
          modified: die + plus,
          result: `${count} units${plus ? ' (+1 Clenched Fist)' : ''}`,
        };
        expect(breakout.dice).toEqual([report]);
        expect(breakout.text).toMatch(new RegExp(`^Breakout force: ${count} unit`));
        if (plus)
          expect(dieText(report)).toBe(`  🎲 breakout force, pocket of 7: ${die} +1 = ${die + 1} → ${count} units (+1 Clenched Fist)`);
        else expect(dieText(report)).toBe(`  🎲 breakout force, pocket of 7: ${die} → ${count} units`);
      }
    });
  }

  it('reads a Clenched Fist 7 on the 6 column, and the chart says so', () => {
    expect(breakoutUnits(CHARTS, 7, 7)).toBe(breakoutUnits(CHARTS, 7, 6));
    expect(chartText(CHARTS, 'breakout')).toMatch(/\+1 Clenched Fist \(13\.5\); a roll above 6 reads the 6 column/);
  });
});

describe('11.2 designer’s note, 4.5: a pocket holding Moscow never breaks out, and play stops', () => {
  /** Moscow and the hexes around it Soviet, joined to the east edge through `gap` only. */
  function moscowRing(pocketCore: HexId[]) {
    const core = new Set(pocketCore);
    for (const gap of [...around(core)].filter((h) => !core.has(h) && open(h)).sort()) {
      const avoid = new Set([...around(core)].filter((h) => h !== gap));
      const line = pathToEdge(gap, avoid);
      if (!line) continue;
      const stand = map.neighbours(gap).find((n) => !core.has(n) && !line.includes(n) && !index.moscow.includes(n));
      if (!stand) continue;
      const keep = new Set([...core, ...line]);
      const st = onlySoviet(started(), keep);
      const pz = CHARTS.german.find((u) => u.type === 'panzer')!;
      st.units = { [pz.id]: { hex: stand, steps: 2 } };
      st.dice = newDice(seedStarting([1])); // 8.2 "--": the gap falls without a fight
      return { st, gap, stand, core };
    }
    throw new Error('no gap found');
  }

  function checkStopped(s: TyphoonState) {
    expect(s.phase).toBe('over');
    expect(engine.result(s)?.winner).toBe('german');
    expect(engine.prompt(s).choices).toEqual([]);
    const actions: TyphoonAction[] = [
      { type: 'end-phase' },
      { type: 'end-force' },
      { type: 'another-round' },
      { type: 'retreat' },
      { type: 'concede' },
      { type: 'setup-done' },
      { type: 'assign-air', hex: '1112' },
      { type: 'drop', units: ['x'] },
      { type: 'move', from: '1112', path: ['1012'] },
    ];
    for (const a of actions) {
      const err = refusal(s, a);
      expect(err.rule, a.type).toBe('4.5');
      expect(err.message).toMatch(/^4\.5: the game is over \(German victory: /);
    }
    // The orders say the same before they look at hexes or units.
    expect(orderRefusal('move', undefined, s, { force: '1112', to: '1012' }).message).toMatch(/^4\.5: the game is over/);
  }

  it('closing a pocket with both Moscow hexes wins at once, with no breakout roll (4.5, 11.2)', () => {
    const { st, gap, stand, core } = moscowRing([...around(index.moscow)]);
    const r = engine.apply(st, { type: 'move', from: stand, path: [gap] });
    const kinds = r.events.map((e) => e.kind);
    expect(kinds).toContain('pocket');
    expect(kinds).not.toContain('breakout');
    expect(r.events.find((e) => e.kind === 'pocket')!.rule).toBe('11.2');
    expect(r.events.find((e) => e.kind === 'victory')!.rule).toBe('4.5');
    expect(r.state.dice.rolls - st.dice.rolls).toBe(1); // the force generation die only
    expect(r.state.result).toEqual({ winner: 'german', reason: '4.5: German forces have formed a pocket that contains both Moscow hexes' });
    for (const h of core) expect(r.state.taken).toContain(h);
    expect(r.state.active).toBeNull();
    checkStopped(r.state);
  });

  it('a pocket holding one Moscow hex, the other German already, never breaks out either', () => {
    const [held, cut] = index.moscow as [HexId, HexId];
    const { st, gap, stand } = moscowRing([cut]);
    expect(st.taken).toContain(held);
    const r = engine.apply(st, { type: 'move', from: stand, path: [gap] });
    expect(r.events.map((e) => e.kind)).not.toContain('breakout');
    expect(r.state.result).toEqual({ winner: 'german', reason: '4.5: German forces control a Moscow hex and have cut off the other' });
    checkStopped(r.state);
  });

  it('a stored game with a result whose phase was left open is over too', () => {
    const s = structuredClone(started());
    s.result = { winner: 'german', reason: '4.5: German forces have formed a pocket that contains both Moscow hexes' };
    expect(refusal(s, { type: 'end-phase' }).rule).toBe('4.5');
    expect(engine.prompt(s).choices).toEqual([]);
  });
});

describe('11.2-11.4: one capture cuts off two pockets and the first breakout pushes the force out', () => {
  /**
   * A hex H with three Soviet arms around it, none touching another: a pocket of 8 hexes, one
   * of 7, and a line to the east edge. Taking H cuts off both pockets (11.1).
   */
  function twoPockets() {
    const dirs = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
    const step = (h: HexId | undefined, d: (typeof dirs)[number]) => (h ? map.grid.step(h, d) : undefined);
    for (const h of map.ids.filter(open).sort()) {
      for (let k = 0; k < 6; k++) {
        const d = (i: number) => dirs[(k + i) % 6]!;
        const c1 = step(step(h, d(0)), d(0));
        const c2 = step(step(h, d(2)), d(2));
        const extra = step(step(c1, d(0)), d(0));
        if (!c1 || !c2 || !extra) continue;
        const p1 = [...map.grid.spiral(c1, 1), extra];
        const p2 = map.grid.spiral(c2, 1);
        if (![...p1, ...p2].every((x) => map.has(x) && open(x))) continue;
        if (p1.some((a) => p2.some((b) => map.grid.distance(a, b) < 2))) continue;
        const out = step(h, d(4));
        const from = step(h, d(5));
        if (!out || !from || !map.has(from) || p1.includes(from) || p2.includes(from)) continue;
        const avoid = new Set([...around([...p1, ...p2]), h]);
        if (avoid.has(out)) continue;
        const line = pathToEdge(out, avoid);
        if (!line || line.includes(from)) continue;
        // Where the force starts, two hexes back: German, and not the cut hex's neighbour.
        const start = map.neighbours(from).find((x) => !avoid.has(x) && !line.includes(x) && !map.neighbours(h).includes(x));
        if (!start) continue;
        return { h, p1: p1.sort(), p2: p2.sort(), line, from, start };
      }
    }
    throw new Error('no place for two pockets');
  }

  const geo = twoPockets();
  /** The weakest German unit: a reduced cavalry division, so breakouts often succeed. */
  const weak = [...CHARTS.german].filter((u) => u.mobility === 'non-mechanized').sort((a, b) => a.cdr.reduced - b.cdr.reduced)[0]!;

  function play(seed: number, startAt: HexId) {
    const keep = new Set([geo.h, ...geo.p1, ...geo.p2, ...geo.line]);
    const st = onlySoviet(started(), keep);
    st.units = { [weak.id]: { hex: startAt, steps: 1 } };
    st.pocketTally = 150;
    st.dice = newDice(seed);
    const path = startAt === geo.from ? [geo.h] : [geo.from, geo.h];
    return { st, r: engine.apply(st, { type: 'move', from: startAt, path }) };
  }

  for (const startAt of ['start', 'from'] as const) {
    it(`fights the later breakout where the force now is, and counts each pocket once (force ${startAt === 'start' ? 'two hexes back' : 'next to the cut'})`, () => {
      const seen = { fail: 0, success: 0 };
      for (let seed = 1; seed <= 400 && (seen.fail < 2 || seen.success < 2); seed++) {
        const { st, r } = play(seed, geo[startAt]);
        const pockets = r.events.filter((e) => e.kind === 'pocket');
        if (pockets.length !== 2) continue; // H held: no pocket this time
        const outcomes = r.events.filter((e) => e.kind === 'breakout-succeeded' || e.kind === 'breakout-failed');
        expect(outcomes).toHaveLength(2); // one breakout for each pocket (11.1, 11.2)
        if (outcomes[0]!.kind !== 'breakout-succeeded') continue;
        // 11.3: the first breakout put the force "in the hex from which they entered the current hex".
        expect(pockets[0]!.text).toMatch(/^A pocket of 8 Soviet hexes/);
        expect(pockets[1]!.text).toMatch(
          new RegExp(`^A pocket of 7 Soviet hexes .*now stands in ${geo.from}, where the breakout is fought \\(11\\.2\\)`),
        );
        // 11.2: "conducted within the hex in which the German force that cut off the pocket is
        // located": every shot of the second breakout is fired in that hex.
        const second = r.events.indexOf(r.events.filter((e) => e.kind === 'breakout')[1]!);
        for (const e of r.events.slice(second).filter((x) => x.kind === 'fire')) expect(e.hexes).toEqual([geo.from]);
        const afterFirst = Math.max(0, st.pocketTally - 5 * 8); // 11.3 on turn 1
        if (outcomes[1]!.kind === 'breakout-failed') {
          seen.fail++;
          // 11.4: the German units stay in the breakout hex; the tally gains the pocket's hexes.
          expect(r.state.units[weak.id]!.hex).toBe(geo.from);
          expect(r.state.pocketTally).toBe(afterFirst + 7);
        } else {
          seen.success++;
          // 11.3 again: back to the hex the force entered the breakout hex from; a force that
          // began its move there entered it from nowhere and stays.
          expect(r.state.units[weak.id]!.hex).toBe(startAt === 'start' ? geo.start : geo.from);
          expect(r.state.pocketTally).toBe(Math.max(0, afterFirst - 5 * 7));
        }
        // 11.3, 11.4: both pockets and the cut hex are German; the force is done for the turn.
        for (const x of [geo.h, ...geo.p1, ...geo.p2]) expect(r.state.taken).toContain(x);
        expect(r.state.active).toBeNull();
        expect(r.state.done).toContain(weak.id);
        expect(r.state.units[weak.id]!.steps).toBe(1);
      }
      expect(Math.min(seen.fail, seen.success), JSON.stringify(seen)).toBeGreaterThan(0);
    });
  }

  it('never charges the tally for a breakout that met no German unit: every breakout has defenders', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const { r } = play(seed, geo.start);
      const breakouts = r.events.filter((e) => e.kind === 'breakout');
      for (const b of breakouts) {
        const hex = b.hexes![0]!;
        // Whoever won, the breakout hex held the force: its units were there or fell back from it.
        expect([geo.h, geo.from]).toContain(hex);
      }
      const succeeded = r.events.filter((e) => e.kind === 'breakout-succeeded');
      for (const e of succeeded) expect(e.text).toMatch(/the German units in \d{4} (fall back to \d{4}|stay there) with one step/);
    }
  });
});

describe('Refusals say the true reason', () => {
  const s = started();

  it('a hex that is not on the map (2.2): /move force: and to:, path:, /air assign, /setup place', () => {
    const nowhere = /^2\.2: there is no hex 9999 on the map/;
    expect(orderRefusal('move', undefined, s, { force: '9999', to: '1012' }).message).toMatch(nowhere);
    expect(orderRefusal('move', undefined, s, { force: '1112', to: '9999' }).message).toMatch(nowhere);
    expect(orderRefusal('move', undefined, s, { force: '1112', path: '9999' }).message).toMatch(nowhere);
    expect(refusal(s, { type: 'move', from: '9999', path: ['1012'] }).message).toMatch(nowhere);
    expect(orderRefusal('air', 'assign', s, { hex: '9999' }).message).toMatch(nowhere);
    const setup = engine.setup({ seed: 1 });
    const unit = Object.keys(setup.units)[0]!;
    expect(orderRefusal('setup', 'place', setup, { unit, hex: '9999' }).message).toMatch(nowhere);
  });

  it('a stack or unit that already moved says it moved (9.11); a unit of the moving force says so (9.5)', () => {
    const moved = engine.apply(s, { type: 'move', from: '1112', path: ['1012'] }).state;
    const done = engine.apply(moved, { type: 'end-force' }).state;
    const all = /^9\.11: every unit in 1012 has already moved this phase/;
    expect(orderRefusal('move', undefined, done, { force: '1012', to: '1112' }).message).toMatch(all);
    expect(orderRefusal('move', undefined, done, { force: '1012', path: '1112' }).message).toMatch(all);
    expect(refusal(done, { type: 'move', from: '1012', path: ['1112'] }).message).toMatch(all);
    const named = /^9\.11: 110 Inf already moved this phase/;
    expect(orderRefusal('move', undefined, done, { force: '1012', to: '1112', units: '110 Inf' }).message).toMatch(named);
    expect(refusal(done, { type: 'move', from: '1012', units: ['110inf'], path: ['1112'] }).message).toMatch(named);
    // The stack's old hex is empty now, and the refusal says just that.
    expect(orderRefusal('move', undefined, done, { force: '1112', to: '1012' }).message).toMatch(/^9\.0: there is no German unit in 1112/);
    // Naming the moving force's units goes on with it; naming it in a new force is refused as moving.
    expect(orders.find((o) => o.command === 'move')!.run!(moved, { force: '1012', to: '1112', units: '110 Inf' })).toEqual({
      act: { type: 'move', from: '1012', units: ['110inf'], path: ['1112'] },
    });
  });

  it('to: during a battle says a battle is waiting and what to do (10.5)', () => {
    // A panzer division attacks a Soviet city until a round ends with both sides standing.
    const city = map.ids.find((h) => soviet0(h) && map.hex(h)!.place?.kind === 'city')!;
    const front = map.neighbours(city).find((n) => !map.isRiver(n, city))!;
    const pz = CHARTS.german.find((u) => u.type === 'panzer')!;
    for (let seed = 1; seed < 200; seed++) {
      const st = structuredClone(started(seed));
      st.units = { [pz.id]: { hex: front, steps: 2 }, '110inf': { hex: '1112', steps: 2 } };
      st.taken = [...new Set([...st.taken, front])].sort();
      const r = engine.apply(st, { type: 'move', from: front, path: [city] });
      if (!r.state.battle) continue;
      const waiting = new RegExp(
        `^10\\.5: a battle in ${city} is waiting: fight another round \\(/battle round, 1 MP\\) or retreat to ${front} \\(/battle retreat\\) first`,
      );
      expect(orderRefusal('move', undefined, r.state, { force: '1112', to: '1012' }).message).toMatch(waiting);
      expect(orderRefusal('move', undefined, r.state, { force: city, to: front }).message).toMatch(waiting);
      expect(orderRefusal('move', undefined, r.state, { force: '1112', to: '9999' }).message).toMatch(waiting);
      expect(orderRefusal('move', undefined, r.state, { force: '1112', path: '1012' }).message).toMatch(waiting);
      expect(orderRefusal('force', 'drop', r.state, { units: 'nobody' }).message).toMatch(waiting);
      expect(refusal(r.state, { type: 'end-force' }).message).toMatch(waiting);
      return;
    }
    throw new Error('no seed gave a battle');
  });

  it('set-up orders after set-up, or for a unit that does not exist, say so (3.2)', () => {
    expect(orderRefusal('setup', 'place', s, { unit: '110 Inf', hex: '1112' }).message).toBe('3.2: units are placed only during set-up');
    expect(orderRefusal('setup', 'place', engine.setup({ seed: 1 }), { unit: 'nobody', hex: '1112' }).message).toMatch(
      /^3\.2: there is no German unit "nobody"/,
    );
    expect(orderRefusal('move', undefined, engine.setup({ seed: 1 }), { force: '1112', to: '1012' }).message).toMatch(
      /^9\.0: German units move in Phase I: finish set-up first with \/setup done/,
    );
  });
});
