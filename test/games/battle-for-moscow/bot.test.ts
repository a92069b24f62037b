import { describe, expect, it } from 'vitest';
import {
  type BfmAction,
  type BfmState,
  bfmActionSchema,
  bfmEngine,
  botAction,
  sceneOf,
} from '../../../src/games/battle-for-moscow/index.js';
import type { GameEvent } from '../../../src/games/engine.js';
import { encodeImage } from '../../../src/render/encode-image.js';
import { renderMap } from '../../../src/render/render-map.js';

const e = bfmEngine();
const key = (a: BfmAction) => JSON.stringify(a.type === 'declare' ? { ...a, attackers: [...a.attackers].sort() } : a);

function botGame(seed: number): { log: BfmAction[]; events: GameEvent[]; final: BfmState } {
  let s = e.setup({ seed, bots: ['german', 'soviet'] });
  const log: BfmAction[] = [];
  const events: GameEvent[] = [];
  while (s.phase !== 'over') {
    const a = botAction(s);
    log.push(a);
    const r = e.apply(s, a);
    events.push(...r.events);
    s = r.state;
    if (log.length > 3000) throw new Error('the bot game does not end');
  }
  return { log, events, final: s };
}

describe('Battle for Moscow bot', () => {
  const game = botGame(20261);

  it('plays a whole game against itself to a result', () => {
    expect(game.final.phase).toBe('over');
    expect(game.final.turn).toBe(7);
    expect(e.result(game.final)?.reason).toMatch(/Moscow/);
    // It fights: battles are announced and resolved, and units are replaced.
    expect(game.events.filter((x) => x.kind === 'battle').length).toBeGreaterThan(10);
    expect(game.events.filter((x) => x.kind === 'replaced').length).toBeGreaterThan(10);
    expect(game.log.every((a) => bfmActionSchema.safeParse(a).success)).toBe(true);
  });

  it('replays byte for byte from the seed and the action log', () => {
    // The log as it would be stored: JSON.
    const stored = JSON.parse(JSON.stringify(game.log)) as BfmAction[];
    let s = e.setup({ seed: 20261, bots: ['german', 'soviet'] });
    const events: GameEvent[] = [];
    for (const a of stored) {
      const r = e.apply(s, a);
      events.push(...r.events);
      s = r.state;
    }
    expect(JSON.stringify(s)).toBe(JSON.stringify(game.final));
    expect(JSON.stringify(events)).toBe(JSON.stringify(game.events));
  });

  it('is deterministic and only ever chooses a listed legal action, for either side against random play', () => {
    for (const botSide of ['german', 'soviet'] as const) {
      let s = e.apply(e.setup({ seed: 7, bots: [botSide] }), { type: 'setup-done' }).state;
      let x = 12345;
      let steps = 0;
      while (s.phase !== 'over' && steps < 400) {
        const legal = e.legalActions(s);
        let a: BfmAction;
        if (e.prompt(s).side === botSide) {
          a = botAction(s);
          expect(botAction(s)).toEqual(a);
          expect(legal.map(key)).toContain(key(a));
        } else {
          x = (x * 1103515245 + 12345) >>> 0;
          const end = legal.find((y) => y.type === 'end-phase');
          a = end && x % 3 === 0 ? end : legal[(x >>> 8) % legal.length]!;
        }
        s = e.apply(s, a).state;
        steps++;
      }
      expect(steps).toBeGreaterThan(50);
    }
  });

  it('keeps Moscow garrisoned as the Soviets and attacks at good odds as the Germans', () => {
    const soviets = game.events.filter((x) => x.kind === 'replaced' && x.hexes?.[0] === '1103');
    expect(soviets.length).toBeGreaterThan(0);
    const declared = game.events.filter((x) => x.kind === 'declared' && / will attack .*Army/.test(x.text));
    expect(declared.length).toBeGreaterThan(5);
    // The German bot announces nothing below 2:1.
    for (const d of declared) expect(d.text).not.toMatch(/: 1:1\)|no effect/);
  });
});

describe('Battle for Moscow scene', () => {
  it('shows every unit on the map, city control markers and the panel', async () => {
    const s = e.setup({ seed: 1 });
    const scene = sceneOf(s);
    expect(scene.stacks).toHaveLength(35);
    expect(scene.control).toMatchObject({ style: 'marker' });
    expect(Object.keys(scene.control!.hexes)).toHaveLength(11);
    expect(scene.control!.hexes['0204']).toBe('german');
    expect(scene.control!.hexes['1103']).toBe('soviet');
    const xxiv = scene.stacks!.find((x) => x.hex === '0409')!.counters[0]!;
    expect(xxiv).toMatchObject({ label: 'XXIV', symbol: 'panzer', strength: '12-6', reduced: false });
    const soviet = scene.stacks!.find((x) => x.hex === '0803')!.counters[0]!;
    expect(soviet).toMatchObject({ strength: '4-4', reduced: true, symbol: 'infantry' });
    expect(soviet.colour).not.toBe(xxiv.colour);
    expect(scene.panel!.lines[0]).toBe('Turn 1 of 7 - Oct I');
    const png = await encodeImage(renderMap(e.bm.map, scene), 'png');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('highlights the battle being fought and the last move', () => {
    const mid = botGame(5);
    const moved = mid.events.find((x) => x.kind === 'moved')!;
    const scene = sceneOf(mid.final, [moved]);
    expect(scene.highlights?.path).toEqual(moved.hexes);
    expect(scene.panel!.lines.join(' ')).toMatch(/victory/);
  });
});
