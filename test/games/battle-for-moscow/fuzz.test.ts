import { describe, expect, it } from 'vitest';
import { type BfmAction, type BfmState, bfmEngine, turnSpec, UNITS } from '../../../src/games/battle-for-moscow/index.js';
import { RuleError } from '../../../src/games/engine.js';
import { sized } from '../../helpers/test-size.js';

const e = bfmEngine();
const map = e.bm.map;
// CI plays 100 games (TEST_SCALE=2 for the 200 it once played); TEST_SCALE sizes the run.
const GAMES = sized(100);

/** A small seeded generator for the fuzzer's own choices (the game's dice stay in the state). */
function chooser(seed: number) {
  let x = (seed * 2654435761) >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

/** Plain checks: the fuzzer runs them hundreds of thousands of times. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`invariant broken: ${what}`);
}

const key = (a: BfmAction) => JSON.stringify(a.type === 'declare' ? { ...a, attackers: [...a.attackers].sort() } : a);

function zocOf(s: BfmState, side: 'german' | 'soviet'): Set<string> {
  const z = new Set<string>();
  for (const u of UNITS) if (u.side === side && s.units[u.id]!.hex) for (const n of map.neighbours(s.units[u.id]!.hex!)) z.add(n);
  return z;
}

function checkInvariants(before: BfmState, action: BfmAction, after: BfmState, path: string[] | undefined): void {
  // One unit per hex, except a unit that must move on during movement; every unit in at most one hex.
  const count = new Map<string, number>();
  for (const u of UNITS) {
    const st = after.units[u.id]!;
    if (st.hex === null) {
      check(st.full === false, `${u.id} off the map at full strength`);
      continue;
    }
    check(map.has(st.hex), `${u.id} off the grid in ${st.hex}`);
    count.set(st.hex, (count.get(st.hex) ?? 0) + 1);
  }
  const shared = [...count].filter(([, n]) => n > 1).map(([h]) => h);
  if (after.displaced)
    check(shared.length === 1 && shared[0] === after.units[after.displaced]!.hex, `only the displaced unit's hex is shared: ${shared}`);
  else check(shared.length === 0, `one unit per hex: ${shared} shared`);
  check(after.turn >= before.turn && after.turn <= 7, `turn ${after.turn}`);

  if (action.type === 'move') {
    const side = UNITS.find((u) => u.id === action.unit)!.side;
    const enemyZoc = zocOf(before, side === 'german' ? 'soviet' : 'german');
    check(path !== undefined, 'a move reports its path');
    const p = path!;
    check(p[0] === before.units[action.unit]!.hex && p[p.length - 1] === action.to, `path ends ${p}`);
    // Zone of Control: only the last hex of the route may be in an enemy zone.
    for (const h of p.slice(1, -1)) check(!enemyZoc.has(h), `${action.unit} moved on through the enemy zone in ${h}`);
    const rail = before.phase === 'soviet-rail-movement';
    const mud = turnSpec(before.turn).mud && !rail;
    let cost = 0;
    for (let i = 1; i < p.length; i++) {
      check(map.grid.distance(p[i - 1]!, p[i]!) === 1, `path steps are adjacent: ${p}`);
      if (rail) check(map.isRailLink(p[i - 1]!, p[i]!), `rail move off the line: ${p}`);
      cost += mud || rail ? 1 : map.hex(p[i]!)!.terrain === 'forest' ? 2 : 1;
    }
    const spec = UNITS.find((u) => u.id === action.unit)!;
    check(cost <= (mud ? 1 : spec.movement), `${action.unit} spent ${cost} on ${p}`);
    if (before.phase === 'german-panzer-movement') check(spec.type === 'panzer', 'only panzers move in the panzer phase');
  }
  if (action.type === 'retreat') {
    const battle = before.combat!.battles[before.combat!.current!.index]!;
    const side = UNITS.find((u) => u.id === battle.defender)!.side;
    check(!zocOf(before, side === 'german' ? 'soviet' : 'german').has(action.to), 'retreat into an enemy zone');
    check(map.grid.distance(before.combat!.current!.hex, action.to) >= 2, 'retreat of fewer than two hexes');
  }
}

/** Actions a confused player might send: random units to random hexes, random battles. */
function strayActions(s: BfmState, pick: (n: number) => number): BfmAction[] {
  const unit = () => UNITS[pick(UNITS.length)]!.id;
  const hex = () => map.ids[pick(map.ids.length)]!;
  const near = (u: string) => {
    const h = s.units[u]!.hex;
    if (!h) return hex();
    const ring = map.grid.spiral(h, 3).filter((x) => map.has(x));
    return ring[pick(ring.length)]!;
  };
  const u = unit();
  return [
    { type: 'move', unit: u, to: near(u) },
    { type: 'declare', defender: unit(), attackers: [unit(), unit()].filter((x, i, all) => all.indexOf(x) === i) },
    { type: 'replace', unit: unit(), hex: hex() },
    { type: 'replace', unit: unit() },
    { type: 'retreat', to: hex() },
    { type: 'take-loss', unit: unit() },
    { type: 'advance', unit: unit() },
    { type: 'resolve', defender: unit() },
    { type: 'end-phase' },
  ];
}

describe('Battle for Moscow random play', () => {
  it(`plays ${GAMES} games of random legal actions to the end with every invariant holding`, () => {
    let actions = 0;
    let probes = 0;
    const winners = { german: 0, soviet: 0 };
    const t0 = performance.now();
    for (let seed = 1; seed <= GAMES; seed++) {
      const pick = chooser(seed);
      let s = e.setup({ seed });
      let steps = 0;
      while (s.phase !== 'over') {
        const legal = e.legalActions(s);
        check(legal.length > 0, `no legal action in ${s.phase}`);
        const ends = legal.filter((a) => a.type === 'end-phase' || a.type === 'setup-done');
        const action = ends.length > 0 && pick(2) === 0 ? ends[0]! : legal[pick(legal.length)]!;
        // apply accepts exactly the listed actions: probe a few stray ones now and then.
        if (steps % 50 === 0) {
          const listed = new Set(legal.map(key));
          for (const stray of strayActions(s, pick)) {
            probes++;
            let accepted = true;
            try {
              e.apply(s, stray);
            } catch (err) {
              check(err instanceof RuleError, `${key(stray)} threw ${String(err)}`);
              accepted = false;
            }
            check(accepted === listed.has(key(stray)), `${key(stray)} accepted=${accepted} but listed=${listed.has(key(stray))}`);
          }
        }
        const frozen = JSON.stringify(s);
        const r = e.apply(s, action);
        check(JSON.stringify(s) === frozen, 'apply changed its input state');
        const path = r.events.find((x) => x.kind === 'moved')?.hexes;
        checkInvariants(s, action, r.state, path);
        // The state survives a JSON round trip unchanged, and play continues from the copy.
        const json = JSON.stringify(r.state);
        s = JSON.parse(json) as BfmState;
        check(JSON.stringify(s) === json, 'JSON round trip');
        steps++;
        actions++;
        check(steps < 5000, 'game never ends');
      }
      expect(e.result(s)).toBeDefined();
      winners[e.result(s)!.winner]++;
    }
    const ms = performance.now() - t0;
    console.log(
      `fuzz: ${GAMES} games, ${actions} actions, ${probes} stray probes, ${(GAMES / (ms / 1000)).toFixed(0)} games/s; winners ${JSON.stringify(winners)}`,
    );
    expect(winners.german + winners.soviet).toBe(GAMES);
    // Whole games by the hundred: on a busy 2-core machine they take longer than the default limit.
  }, 180_000);
});
