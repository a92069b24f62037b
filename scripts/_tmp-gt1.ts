import { botStep } from '../src/games/drive-on-moscow/bot.js';
import { domEngine } from '../src/games/drive-on-moscow/engine.js';
const e = domEngine();
const seed = Number(process.argv[2] ?? 1);
const stopTurn = Number(process.argv[3] ?? 1);
let s = e.setup({ seed });
let n = 0;
while (!s.result && n < 20000 && s.turn <= stopTurn) {
  const side = e.prompt(s).side ?? s.side;
  const st = botStep(e, s, side);
  if (!st) break;
  const before = s;
  s = (st.applied ?? e.apply(s, st.action)).state;
  n++;
  if (side === 'german' && before.side==='german') {
    const a = st.action as any;
    let extra = '';
    if (a.units) extra = a.units.map((id: string) => `${id}@${before.units[id]?.hex}`).join(',');
    const ev = (st.applied as any)?.events?.map((x: any) => x.text ?? x.message ?? '').join(' / ') ?? '';
    console.log(`GT${before.turn} ${before.phase} ${JSON.stringify(a)} ${extra} :: ${ev.slice(0, 200)}`);
  }
}
