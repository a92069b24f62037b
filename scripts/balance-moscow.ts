/**
 * How the German attacks on Moscow go (4.5): one policy plays seeds 1..N and each attack on a
 * Moscow hex is counted by turn, by the modified force roll (8.1, 13.5) and by whether a
 * Luftwaffe unit flew with the attacking force (9.1), with the games' wins by turn. The
 * figures behind docs/typhoon-charts.md's "Clenched Fist" round.
 *
 *   npx tsx scripts/balance-moscow.ts [--games 100] [--policy clenched-fist] [--scenario clenched-fist] [--charts FILE]
 */
import { playGame, SCENARIO_POLICIES } from '../src/games/operation-typhoon/autoplay/index.js';
import { readChartsOverride } from '../src/games/operation-typhoon/charts/override-file.js';
import { typhoonEngine } from '../src/games/operation-typhoon/index.js';
import type { Scenario, TyphoonState } from '../src/games/operation-typhoon/state.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const games = Number(arg('games') ?? 100);
const scenario = (arg('scenario') ?? 'clenched-fist') as Scenario;
const name = arg('policy') ?? (scenario === 'clenched-fist' ? 'clenched-fist' : 'seek-pockets');
const charts = arg('charts');
const policy = SCENARIO_POLICIES[scenario][name];
if (!policy) throw new Error(`no policy "${name}" in ${scenario}`);
const engine = typhoonEngine(charts ? readChartsOverride(charts) : undefined);
const moscow = new Set(engine.index.moscow);

/** Attacks made and won, keyed by a label. */
type Tally = Map<string, [number, number]>;
const byTurn: Tally = new Map();
const byRoll: Tally = new Map();
const byAir: Tally = new Map();
const count = (t: Tally, key: string, won: boolean) => {
  const c = t.get(key) ?? [0, 0];
  c[0] += 1;
  if (won) c[1] += 1;
  t.set(key, c);
};
const wins = new Map<number, number>();
/** Hexes from the nearest mechanized unit to Moscow when turn 6 begins (the first turn after the mud, 12.1), per game. */
const awayAt6: number[] = [];
const armourAway = (s: TyphoonState) => {
  let away = Infinity;
  for (const [id, u] of Object.entries(s.units))
    if (engine.index.unit(id).mobility === 'mechanized')
      for (const m of engine.index.moscow) away = Math.min(away, engine.index.map.grid.distance(u.hex, m));
  return away;
};

for (let seed = 1; seed <= games; seed++) {
  const g = playGame(engine, policy, seed, scenario);
  // Replay the game to read each action's events (the record keeps the actions only).
  let s: TyphoonState = engine.setup({ seed, scenario });
  let attack: { turn: number; roll: number; air: boolean } | undefined;
  const close = (won: boolean) => {
    if (!attack) return;
    count(byTurn, `turn ${attack.turn}`, won);
    count(byRoll, `turn ${attack.turn}, roll ${attack.roll}`, won);
    count(byAir, `turn ${attack.turn}, ${attack.air ? 'with' : 'without'} the Luftwaffe`, won);
    attack = undefined;
  };
  let seen6 = false;
  for (const a of g.actions) {
    const turn = s.turn;
    if (turn === 6 && !seen6) {
      seen6 = true;
      awayAt6.push(armourAway(s));
    }
    const r = engine.apply(s, a);
    for (const e of r.events) {
      const atMoscow = (e.hexes ?? []).some((h) => moscow.has(h));
      if (!atMoscow) continue;
      if (e.kind === 'force-generated') {
        attack = { turn, roll: e.dice?.[0]?.modified ?? 0, air: false };
        if (/defend with --/.test(e.text)) close(true);
      } else if (e.kind === 'fire' && attack && e.text.startsWith('Luftwaffe')) attack.air = true;
      else if (e.kind === 'battle-won') close(true);
      else if (e.kind === 'battle-lost') close(false);
    }
    s = r.state;
  }
  if (g.outcome === 'win') wins.set(g.turnReached, (wins.get(g.turnReached) ?? 0) + 1);
}

const show = (t: Tally) =>
  [...t]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([k, [n, w]]) => `  ${k}: ${w} of ${n} won (${((100 * w) / n).toFixed(0)}%)`)
    .join('\n');
const total = [...wins.values()].reduce((a, b) => a + b, 0);
console.log(`${name}, ${scenario}${charts ? `, charts ${charts}` : ''}, seeds 1-${games}: ${total} wins`);
console.log(
  `wins by turn: ${[...wins]
    .sort(([a], [b]) => a - b)
    .map(([t, n]) => `${t}: ${n}`)
    .join(', ')}`,
);
const away = [...awayAt6].sort((a, b) => a - b);
const q = (p: number) => away[Math.min(away.length - 1, Math.floor(p * (away.length - 1) + 0.5))] ?? 'n/a';
console.log(
  `games reaching turn 6: ${away.length}; hexes from the nearest armour to Moscow as it begins: median ${q(0.5)} (${q(0.25)}-${q(0.75)})`,
);
console.log(`attacks on a Moscow hex, by turn:\n${show(byTurn)}`);
console.log(`by Luftwaffe:\n${show(byAir)}`);
console.log(`by modified force roll:\n${show(byRoll)}`);
