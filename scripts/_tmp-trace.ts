import { botStep } from '../src/games/drive-on-moscow/bot.js';
import { domEngine } from '../src/games/drive-on-moscow/engine.js';
import { Position } from '../src/games/drive-on-moscow/position.js';
import type { DomState } from '../src/games/drive-on-moscow/state.js';
const e = domEngine();
const b = e.board;
const seed = Number(process.argv[2] ?? 1);
let s = e.setup({ seed });
let lastSide = s.side; let lastTurn = s.turn;
const report = (s: DomState, label: string) => {
  const p = new Position(b, e.charts, s);
  const line: string[] = [`GT${s.turn} ${label}`];
  for (const [n, h] of [['Moscow', b.moscow[0]!], ...Object.entries(b.cities)] as [string, string][]) {
    if (n === 'Smolensk') continue;
    const g = Object.values(s.units).filter((u) => u.side === 'german');
    const d = Math.min(...g.map((u) => b.distance(u.hex, h)));
    const mech3 = g.filter((u) => u.mech && b.distance(u.hex, h) <= 4).length;
    const inf3 = g.filter((u) => !u.mech && b.distance(u.hex, h) <= 4).length;
    const sov = Object.values(s.units).filter((u) => u.side === 'soviet' && b.distance(u.hex, h) <= 2).length;
    const inCity = p.unitsAt(h, 'soviet').length;
    line.push(`${n}:${p.control(h)[0]} d${d} m${mech3} i${inf3} s${sov}/${inCity}`);
  }
  const gs = Object.values(s.units).filter((u) => u.side === 'german');
  const ss = Object.values(s.units).filter((u) => u.side === 'soviet');
  line.push(`G ${gs.length}u ${gs.reduce((a, u) => a + u.steps, 0)}st S ${ss.length}u`);
  console.log(line.join(' | '));
};
let n = 0;
while (!s.result && n < 20000) {
  const side = e.prompt(s).side ?? s.side;
  const st = botStep(e, s, side);
  if (!st) break;
  s = (st.applied ?? e.apply(s, st.action)).state;
  n++;
  if (s.side !== lastSide || s.turn !== lastTurn) { report(s, `after ${lastSide}`); lastSide = s.side; lastTurn = s.turn; }
  if (process.argv[3] === 'v' && (st.action.type === 'assault' || st.action.type === 'attack')) console.log(' ', JSON.stringify(st.action));
}
console.log(s.result);
