import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../../src/games/engine.js';
import { botAction } from '../../../src/games/fight-typhoon-blitz/bot.js';
import { FTB_GAME } from '../../../src/games/fight-typhoon-blitz/definition.js';
import { ftbEngine } from '../../../src/games/fight-typhoon-blitz/engine.js';
import type { FtbAction, FtbState } from '../../../src/games/fight-typhoon-blitz/state.js';

/**
 * Fight! Typhoon Blitz fuzzed: bot orders, the prompt's buttons, and random or malformed
 * orders, with invariants after every one: a refusal is a RuleError and changes nothing;
 * every state passes the stored-state schema; stacking never exceeds 2 at rest (3.1); a sealed
 * choice never appears in an event (6.1(3)); the seed and the accepted orders replay to the
 * same state.
 */
const engine = ftbEngine();
const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function garbage(random: () => number, s: FtbState): unknown {
  const ids = Object.keys(s.units);
  const id = () => ids[Math.floor(random() * ids.length)]!;
  const hex = () => String(Math.floor(random() * 4000)).padStart(4, '0');
  const pool: unknown[] = [
    { type: 'move', unit: id(), to: hex() },
    { type: 'move', unit: id(), to: hex(), strategic: true },
    { type: 'attack', target: hex(), units: [id(), id()] },
    { type: 'resolve', target: hex() },
    { type: 'loss', unit: id() },
    { type: 'retreat', unit: id(), path: [hex(), hex()] },
    { type: 'advance', unit: id(), path: [hex(), hex()] },
    { type: 'place', unit: id(), hex: hex() },
    { type: 'chits', chits: ['9A', '9A', 'SUPPLY'] },
    { type: 'chits', chits: ['31A', '49A', '32A', '33A'] },
    { type: 'interrupt', play: true },
    { type: 'reserve', units: [id()] },
    { type: 'withdraw', unit: id() },
    { type: 'convert', unit: id() },
    { type: 'end' },
    { type: 'nonsense' },
  ];
  return pool[Math.floor(random() * pool.length)];
}

function play(seed: number, cap: number, rules?: string): { actions: number; refused: number; violations: string[] } {
  let r = seed;
  const random = () => {
    r = (r * 48271) % 2147483647;
    return r / 2147483647;
  };
  const options = FTB_GAME.setupOptions!(rules ? { rules } : {}, seed);
  let s = json(engine.setup(options));
  const accepted: FtbAction[] = [];
  const violations: string[] = [];
  let refused = 0;
  for (let i = 0; i < cap && !s.result; i++) {
    const roll = random();
    const choices = engine.prompt(s).choices;
    const action = (
      roll < 0.12
        ? garbage(random, s)
        : roll < 0.2 && choices.length
          ? choices[Math.floor(random() * choices.length)]!.action
          : botAction(engine.board, engine.charts, s)
    ) as FtbAction;
    const before = json(s);
    try {
      const out = engine.apply(s, action);
      const next = json(out.state);
      if (!FTB_GAME.stateSchema!.safeParse(next).success) violations.push(`state after ${JSON.stringify(action)} fails the schema`);
      if (action.type === 'chits')
        for (const e of out.events)
          for (const ch of action.chits) if (e.kind === 'chits' && e.text.includes(ch)) violations.push(`sealed chit ${ch} shown`);
      if (next.phase === 'select' || next.phase === 'interrupt') {
        const count = new Map<string, number>();
        for (const u of Object.values(next.units)) if (u.where === 'map') count.set(u.hex!, (count.get(u.hex!) ?? 0) + 1);
        for (const [h, n] of count) if (n > 2) violations.push(`${n} units in ${h} at rest`);
      }
      accepted.push(action);
      s = next;
    } catch (e) {
      if (!(e instanceof RuleError)) violations.push(`${JSON.stringify(action)} threw ${String(e)}`);
      refused++;
      if (!isDeepStrictEqual(s, before)) violations.push(`refused ${JSON.stringify(action)} changed the state`);
    }
  }
  let replayed = json(engine.setup(options));
  for (const a of accepted) replayed = json(engine.apply(replayed, a).state);
  if (!isDeepStrictEqual(replayed, s)) violations.push('replay from the seed and the orders does not rebuild the state');
  return { actions: accepted.length, refused, violations };
}

describe('Fight! Typhoon Blitz fuzzed', () => {
  it('keeps every invariant through two games of bot, button and malformed orders (one with the owners’ choices)', () => {
    // The second with the owners' own step losses and retreats (losses:owner).
    for (const [seed, rules] of [
      [11, undefined],
      [12, 'losses:owner'],
    ] as const) {
      const r = play(seed, 220, rules);
      expect(r.violations).toEqual([]);
      expect(r.actions).toBeGreaterThan(150);
      expect(r.refused).toBeGreaterThan(5);
    }
  });
});
