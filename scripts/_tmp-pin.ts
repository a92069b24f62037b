import { createHash } from 'node:crypto';
import { botAction } from '../src/games/drive-on-moscow/bot.js';
import { domEngine } from '../src/games/drive-on-moscow/engine.js';
const engine = domEngine();
let s = engine.setup({ seed: 105 });
const orders = [];
while (orders.length < 250 && !s.result) { const a = botAction(engine, s, engine.prompt(s).side ?? s.side)!; s = engine.apply(s, a).state; orders.push(a); }
console.log(`GT${s.turn} ${s.side} ${s.phase}`, createHash('sha256').update(JSON.stringify(orders)).digest('hex').slice(0, 16));
