import { botAction } from './src/games/drive-on-moscow/bot.js';
import { domEngine } from './src/games/drive-on-moscow/engine.js';
import { domActionSchema } from './src/games/drive-on-moscow/state.js';
const engine = domEngine();
for (const seed of [1, 2, 105]) {
  let s = engine.setup({ seed }); let n = 0; let bad = 0; let maxU = 0;
  while (!s.result && n < 5000) { const a = botAction(engine, s, engine.prompt(s).side ?? s.side)!; if ('units' in a) maxU = Math.max(maxU, (a as any).units.length); if (!domActionSchema.safeParse(a).success) { bad++; if (bad < 3) console.log('bad', JSON.stringify(a)); } s = engine.apply(s, a).state; n++; }
  console.log(seed, n, 'orders', bad, 'refused by schema; max units', maxU, s.result);
}
