/**
 * How long a whole Operation Typhoon game takes in vote play, before and after plans,
 * measured with a scripted German (seek pockets by default). Prints a Markdown table.
 *
 *   npx tsx scripts/vote-length.ts [--games 20] [--policy seek-pockets] [--window 120] [--quick 30]
 *
 * Before plans every German decision is a ballot: a move, an air assignment, the end of the
 * turn (each a ballot of `window` seconds) and each fight-on-or-retreat decision (a quick
 * ballot of `quick` seconds). With plans, a ballot carries a plan: the rest of the turn's
 * orders as the members would write them, drafted by the same script on a copy of the game
 * with other dice (nobody can know the dice). The plan runs line by line; a line refused when
 * reached stops it, and a new plan ballot opens on the position reached. Battle decisions go
 * to quick ballots (`battles: ask`) or follow the plan's standing instruction (no ballot; the
 * script's own choice stands in for the instruction). Length = ballots × their window, the
 * most each ballot can take (with three members a ballot closes as soon as two agree).
 */
import { POLICIES } from '../src/games/operation-typhoon/autoplay/index.js';
import { typhoonEngine } from '../src/games/operation-typhoon/index.js';
import type { TyphoonAction, TyphoonState } from '../src/games/operation-typhoon/state.js';
import { newDice } from '../src/kernel/dice.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

const games = Number(arg('games', '20'));
const policy = POLICIES[arg('policy', 'seek-pockets')]!;
const window = Number(arg('window', '120'));
const quickWindow = Number(arg('quick', '30'));
const engine = typhoonEngine();
/** More than any turn needs; a guard against a script that dithers. */
const CAP = 1500;

interface Count {
  turns: number;
  /** Before: one ballot per German decision other than a battle's. */
  orders: number;
  /** Fight-on-or-retreat decisions: quick ballots in both models (or the standing instruction after). */
  decisions: number;
  /** After: plan ballots. */
  plans: number;
  /** After: lines carried out from plans, and plans stopped by a line refused when reached. */
  lines: number;
  stopped: number;
}

const over = (s: TyphoonState) => s.phase === 'over';

/** Before: the script's game, every decision a ballot. */
function before(seed: number): Pick<Count, 'orders' | 'decisions' | 'turns'> {
  let s = engine.setup({ seed, scenario: 'historical', battleWin: 'set-aside-out' });
  let orders = 0;
  let decisions = 0;
  for (let n = 0; !over(s) && n < CAP * 10; n++) {
    const a = policy.decide(engine, s);
    if (s.battle) decisions += 1;
    else orders += 1;
    s = engine.apply(s, a).state;
  }
  return { orders, decisions, turns: s.turn };
}

/** The rest of the turn's orders as the members would plan them: the script on a copy with other dice. */
function plan(s: TyphoonState, salt: number): TyphoonAction[] {
  let copy: TyphoonState = { ...structuredClone(s), dice: newDice((salt * 2654435761) >>> 0) };
  const lines: TyphoonAction[] = [];
  const turn = copy.turn;
  for (let n = 0; !over(copy) && n < CAP; n++) {
    const a = policy.decide(engine, copy);
    if (!copy.battle) lines.push(a);
    copy = engine.apply(copy, a).state;
    if (a.type === 'end-phase' || copy.turn !== turn) break;
  }
  return lines;
}

/** After: plan ballots, each plan carried out until it ends or a line is refused when reached. */
function after(seed: number): Count {
  let s = engine.setup({ seed, scenario: 'historical', battleWin: 'set-aside-out' });
  const c: Count = { turns: 0, orders: 0, decisions: 0, plans: 0, lines: 0, stopped: 0 };
  const decide = () => {
    while (s.battle && !over(s)) {
      c.decisions += 1;
      s = engine.apply(s, policy.decide(engine, s)).state;
    }
  };
  for (let round = 0; !over(s) && round < 400; round++) {
    c.plans += 1;
    for (const line of plan(s, seed * 1000 + round)) {
      decide();
      if (over(s)) break;
      try {
        s = engine.apply(s, line).state;
        c.lines += 1;
      } catch {
        c.stopped += 1;
        break;
      }
    }
    decide();
  }
  c.turns = s.turn;
  return c;
}

const rows: { b: ReturnType<typeof before>; a: Count }[] = [];
const started = Date.now();
for (let seed = 1; seed <= games; seed++) rows.push({ b: before(seed), a: after(seed) });
const mean = (f: (r: (typeof rows)[number]) => number) => rows.reduce((t, r) => t + f(r), 0) / rows.length;
const hours = (seconds: number) => `${(seconds / 3600).toFixed(1)} h`;

const bTurns = mean((r) => r.b.turns);
const bOrders = mean((r) => r.b.orders);
const bDecisions = mean((r) => r.b.decisions);
const aTurns = mean((r) => r.a.turns);
const aPlans = mean((r) => r.a.plans);
const aDecisions = mean((r) => r.a.decisions);
const aStopped = mean((r) => r.a.stopped);
// Plans change the game (a plan runs as voted, not as the script would replay it), so the
// per-turn rates of the plan model are applied to the turns the script's own game lasts.
const turns = bTurns;
const plansPerTurn = aPlans / aTurns;
const decisionsPerTurn = aDecisions / aTurns;
const beforeS = bOrders * window + bDecisions * quickWindow;
const askS = turns * (plansPerTurn * window + decisionsPerTurn * quickWindow);
const standingS = turns * plansPerTurn * window;

console.log(
  `${games} games, ${policy.name}, window ${window} s, quick window ${quickWindow} s (${((Date.now() - started) / 1000).toFixed(0)} s to measure)\n`,
);
console.log(`| over ${turns.toFixed(1)} turns (the scripted game's length) | ballots per game | of which quick | longest length |`);
console.log('|---|---:|---:|---:|');
console.log(`| before: every decision a ballot | ${(bOrders + bDecisions).toFixed(0)} | ${bDecisions.toFixed(0)} | ${hours(beforeS)} |`);
console.log(
  `| plans, battles: ask (quick ballots) | ${(turns * (plansPerTurn + decisionsPerTurn)).toFixed(0)} | ${(turns * decisionsPerTurn).toFixed(0)} | ${hours(askS)} |`,
);
console.log(`| plans with a standing instruction | ${(turns * plansPerTurn).toFixed(0)} | 0 | ${hours(standingS)} |`);
console.log(
  `\nPer turn: ${(bOrders / bTurns).toFixed(0)} orders and ${(bDecisions / bTurns).toFixed(1)} battle decisions before; ${plansPerTurn.toFixed(1)} plans (${(aStopped / aTurns).toFixed(1)} of them stopped by a line refused when reached) and ${decisionsPerTurn.toFixed(1)} battle decisions after (plan games lasted ${aTurns.toFixed(1)} turns).`,
);
console.log(
  `Solo commands per turn: before ${((bOrders + bDecisions) / bTurns).toFixed(0)} (an order or a button each); with /orders ${(2 * plansPerTurn + decisionsPerTurn).toFixed(1)} (/orders and Carry out per batch, a button per battle decision), ${(2 * plansPerTurn).toFixed(1)} with a standing instruction.`,
);
