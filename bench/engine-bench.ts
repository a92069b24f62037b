import { performance } from 'node:perf_hooks';
import { botAction } from '../src/games/drive-on-moscow/bot.js';
import { domEngine } from '../src/games/drive-on-moscow/engine.js';
import { RuleError } from '../src/games/engine.js';
import { type TyphoonAction, type TyphoonState, typhoonEngine } from '../src/games/operation-typhoon/index.js';
import { median } from './timing.js';

export interface EngineFigures {
  actions: number;
  applyMedianMs: number;
  applyP99Ms: number;
  promptMedianMs: number;
  stateBytes: number;
}

/**
 * Operation Typhoon's engine on a plain game: every stack steps one hex east each turn,
 * battles are fought to a second round then left, for four turns. Times each apply and prompt.
 */
export function benchTyphoonEngine(seed = 5): EngineFigures {
  const engine = typhoonEngine();
  const map = engine.index.map;
  const applyMs: number[] = [];
  const promptMs: number[] = [];
  let s: TyphoonState = engine.setup({ seed });
  const apply = (a: TyphoonAction) => {
    const t0 = performance.now();
    try {
      s = engine.apply(s, a).state;
    } catch (err) {
      if (!(err instanceof RuleError)) throw err;
    }
    applyMs.push(performance.now() - t0);
    const t1 = performance.now();
    engine.prompt(s);
    promptMs.push(performance.now() - t1);
  };
  const over = () => s.phase === 'over';
  apply({ type: 'setup-done' });
  for (let turn = 0; turn < 4 && !over(); turn++) {
    for (const hex of [...new Set(Object.values(s.units).map((u) => u.hex))]) {
      if (over()) break;
      const east = map.grid.neighbours(hex).find((n) => (n.dir === 'SE' || n.dir === 'NE') && map.has(n.id))?.id;
      if (east) apply({ type: 'move', from: hex, path: [east] });
      while (s.battle) apply(s.battle.round < 2 && (s.active?.mp ?? 0) >= 1 ? { type: 'another-round' } : { type: 'retreat' });
    }
    if (!over()) apply({ type: 'end-phase' });
  }
  const sorted = [...applyMs].sort((a, b) => a - b);
  return {
    actions: applyMs.length,
    applyMedianMs: median(applyMs),
    applyP99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    promptMedianMs: median(promptMs),
    stateBytes: Buffer.byteLength(JSON.stringify(s)),
  };
}

export interface DomEngineFigures {
  actions: number;
  applyMedianMs: number;
  applyP99Ms: number;
  /** The heuristic bot's time to choose an order (median). */
  botMedianMs: number;
}

/**
 * Drive on Moscow's engine on the heuristic bot's own game (both sides), its first `limit`
 * orders: the time of each apply, and of each of the bot's decisions.
 */
export function benchDomEngine(seed = 1, limit = 600): DomEngineFigures {
  const engine = domEngine();
  const applyMs: number[] = [];
  const botMs: number[] = [];
  let s = engine.setup({ seed });
  while (!s.result && applyMs.length < limit) {
    const t0 = performance.now();
    const action = botAction(engine, s, engine.prompt(s).side ?? s.side)!;
    botMs.push(performance.now() - t0);
    const t1 = performance.now();
    s = engine.apply(s, action).state;
    applyMs.push(performance.now() - t1);
  }
  const sorted = [...applyMs].sort((a, b) => a - b);
  return {
    actions: applyMs.length,
    applyMedianMs: median(applyMs),
    applyP99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    botMedianMs: median(botMs),
  };
}
