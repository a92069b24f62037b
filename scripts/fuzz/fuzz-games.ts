import { isDeepStrictEqual } from 'node:util';
import { type BfmState, botAction, legalActions } from '../../src/games/battle-for-moscow/index.js';
import { RuleError } from '../../src/games/engine.js';
import type { GameDef } from '../../src/games/game-def.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { POLICIES } from '../../src/games/operation-typhoon/autoplay/index.js';
import { type TyphoonState, typhoonEngine } from '../../src/games/operation-typhoon/index.js';

/**
 * Games played to the end (or a cap) by a mix of sensible, random and illegal orders, with
 * invariants checked after every action:
 * - an illegal order is refused with a rule and leaves the state exactly as it was;
 * - every state passes the game's stored-state schema and survives a JSON round trip;
 * - replaying the seed and the accepted orders rebuilds the final state byte for byte;
 * - Operation Typhoon: a hex taken by the Germans is never Soviet again (3.5).
 */
export interface FuzzStats {
  games: number;
  actions: number;
  refused: number;
  violations: string[];
  ms: number;
}

const ACTION_CAP = 3000;

export function fuzzGames(count: number, seed = 1): FuzzStats {
  const started = Date.now();
  const stats: Omit<FuzzStats, 'ms'> = { games: 0, actions: 0, refused: 0, violations: [] };
  let r = seed;
  const random = () => (r = (r * 48271) % 2147483647) / 2147483647;
  for (let g = 0; g < count; g++) {
    const game = g % 2 === 0 ? 'operation-typhoon' : 'battle-for-moscow';
    playOne(INSTALLED_GAMES.find((g) => g.id === game)!, 1 + Math.floor(random() * 1e9), random, stats);
    stats.games += 1;
  }
  return { ...stats, ms: Date.now() - started };
}

function playOne(def: GameDef, seed: number, random: () => number, stats: Omit<FuzzStats, 'ms'>): void {
  const options = def.setupOptions ? def.setupOptions({}, seed) : { seed };
  let state: unknown = json(def.engine.setup(options));
  const accepted: unknown[] = [];
  const fail = (what: string) => stats.violations.push(`${def.id} seed ${seed} after ${accepted.length} orders: ${what}`);
  for (let i = 0; i < ACTION_CAP && !def.engine.result(state); i++) {
    const action = nextAction(def, state, random);
    const before = json(state);
    let next: unknown;
    try {
      next = json(def.engine.apply(state, action).state);
    } catch (err) {
      if (!(err instanceof RuleError)) {
        fail(`${JSON.stringify(action)} threw ${String(err)}`);
        return;
      }
      stats.refused += 1;
      if (!isDeepStrictEqual(state, before)) fail(`refused ${JSON.stringify(action)} changed the state`);
      continue;
    }
    stats.actions += 1;
    if (def.stateSchema && !def.stateSchema.safeParse(next).success)
      fail(`state after ${JSON.stringify(action)} fails the stored-state schema`);
    if (def.id === 'operation-typhoon') {
      const lostTaken = (before as TyphoonState).taken.filter((h) => !(next as TyphoonState).taken.includes(h));
      if (lostTaken.length) fail(`taken hexes ${lostTaken.join(', ')} became Soviet again (3.5)`);
    }
    accepted.push(action);
    state = next;
  }
  let replayed: unknown = json(def.engine.setup(options));
  for (const a of accepted) replayed = json(def.engine.apply(replayed, a).state);
  if (!isDeepStrictEqual(replayed, state)) fail('replay from the seed and the orders does not rebuild the final state');
}

/** Mostly sensible orders, some random legal ones, and about one in ten illegal or malformed. */
function nextAction(def: GameDef, state: unknown, random: () => number): unknown {
  const roll = random();
  if (roll < 0.1) return garbage(random);
  if (def.id === 'battle-for-moscow') {
    const s = state as BfmState;
    if (roll < 0.6) return botAction(s);
    const legal = legalActions(s);
    return legal[Math.floor(random() * legal.length)] ?? botAction(s);
  }
  const s = state as TyphoonState;
  const choices = def.engine.prompt(s).choices;
  if (roll < 0.2 && choices.length) return choices[Math.floor(random() * choices.length)]!.action;
  const policy = roll < 0.6 ? POLICIES['seek-pockets']! : POLICIES['rush-moscow']!;
  return policy.decide(typhoonEngine(), s);
}

function garbage(random: () => number): unknown {
  const hex = () => String(Math.floor(random() * 5000)).padStart(4, '0');
  const options: unknown[] = [
    { type: 'move', from: hex(), path: [hex(), hex()] },
    { type: 'assign-air', hex: hex() },
    { type: 'drop', units: ['nope'] },
    { type: 'retreat' },
    { type: 'another-round' },
    { type: 'setup-place', unit: '10pz', hex: hex() },
    { type: 'declare', defender: 'x', attackers: ['y'] },
    { type: 'resolve', defender: 'nobody' },
    { type: 'take-loss', unit: 'ghost' },
    { type: 'replace', unit: 'ghost', hex: hex() },
    { type: 'move', unit: 'XXIV', to: hex() },
  ];
  return options[Math.floor(random() * options.length)];
}

function json<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
