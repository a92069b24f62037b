import { botStep } from '../src/games/drive-on-moscow/bot.js';
import { domEngine } from '../src/games/drive-on-moscow/engine.js';
import { germanPlan } from '../src/games/drive-on-moscow/plan.js';
import { Position } from '../src/games/drive-on-moscow/position.js';
const e = domEngine(); const b = e.board;
let s = e.apply(e.setup({ seed: 1 }), { type: 'order', order: 'move-fight' }).state;
const plan = germanPlan(b, new Position(b, e.charts, s), s);
const start = structuredClone(s.units);
for (const u of Object.values(s.units)) if (u.side==='german' && u.mech) console.log(u.id, u.hex, b.placeName(plan.goal.get(u.id)!), plan.goal.get(u.id));
while (s.phase === 'movement') { const st = botStep(e, s, 'german')!; s = (st.applied ?? e.apply(s, st.action)).state; }
for (const u of Object.values(s.units)) if (u.side==='german' && u.mech) { const g = plan.goal.get(u.id)!; console.log(u.id, start[u.id]!.hex, '->', u.hex, b.placeName(g), b.distance(start[u.id]!.hex, g) - b.distance(u.hex, g)); }
