import type { TyphoonEngine, TyphoonState } from '../../src/games/operation-typhoon/index.js';

/**
 * Moscow's last turns in miniature: three reduced panzer divisions next to Moscow (10.10: no
 * regroup after turn 5) and three whole ones far off, where the fourth stood in `start`; one
 * Luftwaffe unit to assign (9.1). A copy: `start` is left as it was.
 */
export function armourBeforeMoscow(engine: TyphoonEngine, start: TyphoonState): { s: TyphoonState; before: string; far: string } {
  const { index } = engine;
  const s = structuredClone(start);
  const moscow = index.moscow[0]!;
  const before = index.map.neighbours(moscow).find((h) => !index.moscow.includes(h))!;
  const [a, b, c, d, e, f] = index.charts.german.filter((u) => u.type === 'panzer').map((u) => u.id);
  const far = s.units[d!]!.hex;
  s.units = {
    [a!]: { hex: before, steps: 1 },
    [b!]: { hex: before, steps: 1 },
    [c!]: { hex: before, steps: 1 },
    [d!]: { hex: far, steps: 2 },
    [e!]: { hex: far, steps: 2 },
    [f!]: { hex: far, steps: 2 },
  };
  s.taken = [...s.taken, before].sort();
  s.airAvailable = 1;
  return { s, before, far };
}

/** Two German units that can each step back into an empty German hex: two different orders (a ballot's two proposals). */
export function twoStepsBack(engine: TyphoonEngine, s: TyphoonState): { from: string; path: string }[] {
  const { index } = engine;
  const occupied = new Set(Object.values(s.units).map((u) => u.hex));
  const moves: { from: string; path: string }[] = [];
  for (const u of Object.values(s.units)) {
    const back = index.map
      .neighbours(u.hex)
      .find((n) => !index.initiallySoviet.has(n) && !occupied.has(n) && !moves.some((m) => m.path === n));
    if (back && !moves.some((m) => m.from === u.hex)) moves.push({ from: u.hex, path: back });
    if (moves.length === 2) return moves;
  }
  throw new Error('no two German units with an empty German hex behind them');
}
