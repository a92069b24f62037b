import { botStep } from '../src/games/drive-on-moscow/bot.js';
import { domEngine } from '../src/games/drive-on-moscow/engine.js';
import { Position } from '../src/games/drive-on-moscow/position.js';
import { oddsPreview } from '../src/games/drive-on-moscow/preview.js';
const e = domEngine(); const b = e.board;
let s = e.setup({ seed: Number(process.argv[2] ?? 3) });
const city = b.cities[process.argv[4] ?? 'Tula']!;
const T = Number(process.argv[3] ?? 6);
while (!s.result && !(s.turn === T && s.side === 'german' && s.phase === 'combat')) {
  const st = botStep(e, s, e.prompt(s).side ?? s.side)!; s = (st.applied ?? e.apply(s, st.action)).state;
}
const p = new Position(b, e.charts, s);
const adj = Object.values(s.units).filter(u => u.side === 'german' && b.distance(u.hex, city) <= 2);
for (const u of adj) console.log(u.id, u.type, u.hex, 'd', b.distance(u.hex, city), 'steps', u.steps, u.full, u.reduced, 'supplied', p.supplied(u));
console.log('in city', p.unitsAt(city).map(u => `${u.id} ${u.untried?'untried':''} ${u.full}`));
const ids = adj.filter(u => b.distance(u.hex, city) === 1).map(u => u.id);
try { const o = oddsPreview(b, s, city, ids, 'PA', 0, e.charts); console.log(o.chances, (o as any).odds ?? (o as any).column); } catch (x) { console.log('err', (x as Error).message); }
