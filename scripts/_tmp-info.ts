import { domEngine } from '../src/games/drive-on-moscow/engine.js';
const e = domEngine();
const b = e.board;
console.log('cities', b.cities, 'moscow', b.moscow, 'sources', b.sources, 'southFromRow', b.southFromRow);
const s = e.setup({ seed: 1 });
const cnt: Record<string, number> = {};
for (const u of Object.values(s.units)) { const k = `${u.side} ${u.type} ${u.mech?'mech':''}`; cnt[k]=(cnt[k]??0)+1; }
console.log(cnt);
console.log(Object.values(s.units).filter(u=>u.side==='german').map(u=>`${u.id}@${u.hex}`).join(' '));
console.log(s.phase, s.side, s.turn);
const c = Object.entries(b.cities);
for (const [n,h] of c) console.log(n, h, c.map(([m,k])=>`${m}:${b.distance(h,k)}`).join(' '), 'moscow', b.distance(h,b.moscow[0]!));
