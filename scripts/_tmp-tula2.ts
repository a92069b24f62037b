import { botStep } from '../src/games/drive-on-moscow/bot.js';
import { domEngine } from '../src/games/drive-on-moscow/engine.js';
import { germanPlan } from '../src/games/drive-on-moscow/plan.js';
import { Position } from '../src/games/drive-on-moscow/position.js';
const e = domEngine(); const b = e.board;
let s = e.setup({ seed: Number(process.argv[2] ?? 1) });
const city = b.cities[process.argv[3] ?? 'Tula']!;
let last = '';
while (!s.result) {
  if (s.side === 'german' && s.phase === 'movement' && `${s.turn}` !== last) {
    last = `${s.turn}`;
    const plan = germanPlan(b, new Position(b, e.charts, s), s);
    const us = Object.values(s.units).filter(u => u.side==='german' && u.mech && plan.goal.get(u.id) === city);
    console.log(`GT${s.turn}`, us.map(u => `${u.id}@${u.hex}(d${b.distance(u.hex, city)})`).join(' '));
  }
  const st = botStep(e, s, e.prompt(s).side ?? s.side)!; s = (st.applied ?? e.apply(s, st.action)).state;
}
