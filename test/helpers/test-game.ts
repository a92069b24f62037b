import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { createDispatcher } from '../../commands/index.js';
import type { Dispatcher } from '../../src/dispatch/dispatch.js';
import { createServices, type Services } from '../../src/dispatch/services.js';
import { type GameEngine, RuleError, type SideId } from '../../src/games/engine.js';
import type { GameDef } from '../../src/games/game-def.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { GameRegistry } from '../../src/games/registry.js';
import { type DiceSeed, type DiceState, diceStateSchema, newDice, roll } from '../../src/kernel/dice.js';
import type { HexId } from '../../src/kernel/hex.js';
import { mapPath } from '../../src/maps/game-map.js';
import { GameSessions, type SessionOptions } from '../../src/session/game-sessions.js';
import { createGameStore } from '../../src/store/game-store.js';
import type { VoteClock } from '../../src/votes/clock.js';

/**
 * A tiny but real game for session tests, independent of the rules engines being written:
 * two runners race along a row of hexes. "roll" moves the runner by one die and passes
 * the turn; "step" moves one hex without dice, at most twice a turn (rule 2.2, so there is
 * a refusal to test); "end-turn" passes. First to `goal` wins.
 */
export interface RaceState {
  dice: DiceState;
  goal: number;
  at: Record<SideId, number>;
  turn: SideId;
  steps: number;
  winner?: SideId;
  /** Whether the last action may be taken back (no dice rolled). */
  undoable: boolean;
}

export const raceActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('roll') }),
  z.object({ type: z.literal('step') }),
  z.object({ type: z.literal('end-turn') }),
]);
export type RaceAction = z.infer<typeof raceActionSchema>;

const side = z.enum(['german', 'soviet']);
export const raceStateSchema = z.object({
  dice: diceStateSchema,
  goal: z.number().int(),
  at: z.object({ german: z.number().int().nonnegative(), soviet: z.number().int().nonnegative() }),
  turn: side,
  steps: z.number().int().min(0).max(2),
  winner: side.optional(),
  undoable: z.boolean(),
});

export const raceOptionsSchema = z.object({ goal: z.number().int().min(2).max(40).default(12) });

const other = (side: SideId): SideId => (side === 'german' ? 'soviet' : 'german');
const name = (side: SideId) => (side === 'german' ? 'German' : 'Soviet');

/** Runners go east along row 10 (German) and row 12 (Soviet) from column 05. */
export function hexOf(side: SideId, at: number): HexId {
  return `${String(5 + Math.min(at, 40)).padStart(2, '0')}${side === 'german' ? '10' : '12'}`;
}

export const raceEngine: GameEngine<RaceState, RaceAction, { goal?: number; seed: DiceSeed }> = {
  id: 'dice-race',
  setup: ({ goal, seed }) => ({
    dice: newDice(seed),
    goal: goal ?? 12,
    at: { german: 0, soviet: 0 },
    turn: 'german',
    steps: 0,
    undoable: false,
  }),
  prompt(s) {
    if (s.winner) return { text: `${name(s.winner)} won the race.`, choices: [] };
    const choices = [{ action: { type: 'roll' } as RaceAction, label: 'Roll' }];
    if (s.steps < 2) choices.push({ action: { type: 'step' }, label: 'Step one hex' });
    choices.push({ action: { type: 'end-turn' }, label: 'End turn' });
    return { side: s.turn, text: `${name(s.turn)} to move, at ${s.at[s.turn]} of ${s.goal}.`, choices };
  },
  apply(state, action) {
    if (state.winner) throw new RuleError('1.3', 'the race is over');
    const s = structuredClone(state);
    const side = s.turn;
    const events = [];
    if (action.type === 'roll') {
      const r = roll(s.dice);
      s.dice = r.dice;
      s.at[side] += r.value;
      events.push({
        kind: 'roll',
        text: `${name(side)} runs ${r.value} to ${s.at[side]}.`,
        dice: [{ purpose: `${name(side)} runs`, roll: r.value, result: `+${r.value}` }],
        hexes: [hexOf(side, s.at[side])],
      });
      s.turn = other(side);
      s.steps = 0;
    } else if (action.type === 'step') {
      if (s.steps >= 2) throw new RuleError('2.2', 'a runner steps at most twice a turn');
      s.at[side] += 1;
      s.steps += 1;
      events.push({ kind: 'step', text: `${name(side)} steps to ${s.at[side]}.`, hexes: [hexOf(side, s.at[side])] });
    } else {
      s.turn = other(side);
      s.steps = 0;
      events.push({ kind: 'end-turn', text: `${name(side)} ends the turn.` });
    }
    if (s.at[side] >= s.goal) {
      s.winner = side;
      events.push({ kind: 'won', text: `${name(side)} reaches the goal.` });
    }
    s.undoable = action.type === 'step';
    return { state: s, events };
  },
  result: (s) => (s.winner ? { winner: s.winner, reason: '1.2: first to the goal' } : undefined),
};

export const raceGame: GameDef<RaceState, RaceAction, { goal?: number; seed: DiceSeed }> = {
  id: 'dice-race',
  name: 'Dice Race',
  summary: 'A test race: roll, step or end the turn.',
  mapFile: mapPath('operation-typhoon'),
  charts: 'race-1',
  engine: raceEngine,
  actionSchema: raceActionSchema,
  stateSchema: raceStateSchema,
  newOptionsSchema: raceOptionsSchema,
  reseed: (s, seed) => ({ ...s, dice: newDice(seed) }),
  scene: (s) => ({
    stacks: (['german', 'soviet'] as const).map((side) => ({
      hex: hexOf(side, s.at[side]),
      counters: [
        {
          label: name(side),
          colour: side === 'german' ? '#5a6b7a' : '#b03a2e',
          text: '#ffffff',
          symbol: 'infantry',
          strength: String(s.at[side]),
        },
      ],
    })),
    panel: { title: 'Dice Race', lines: [`German ${s.at.german}, Soviet ${s.at.soviet} of ${s.goal}`] },
  }),
  status: (s) => `German at ${s.at.german}, Soviet at ${s.at.soviet}; goal ${s.goal}.`,
  undo: (s) => (s.undoable ? { allowed: true } : { allowed: false, reason: 'only a step without dice can be taken back' }),
  orders: [
    {
      command: 'phase',
      subcommand: 'end',
      description: 'Dice Race: pass the turn',
      usage: '/phase end',
      run: () => ({ act: { type: 'end-turn' } }),
    },
  ],
};

/** The installed games and the test race: what the session tests play. */
export function testGames(...more: GameDef[]): GameRegistry {
  return new GameRegistry([...INSTALLED_GAMES, raceGame, ...more]);
}

/** The services and dispatcher the front ends build, on a fresh SQLite file (or the given one). */
export function testServices(options: { dataFile?: string; clock?: VoteClock; games?: GameRegistry } = {}): {
  services: Services;
  dispatcher: Dispatcher;
} {
  const services = createServices({
    store: createGameStore({ dataFile: options.dataFile ?? tempDataFile() }),
    games: options.games ?? testGames(),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return { services, dispatcher: createDispatcher(services) };
}

/** A fresh SQLite file in a temporary folder, for a real Keyv store per test. */
export function tempDataFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'games-')), 'nested', 'games.sqlite');
}

/** A session service on a SQLite file (open the same file again to simulate a restart). */
export function openSessions(dataFile: string, options: SessionOptions = {}): GameSessions {
  return new GameSessions(createGameStore({ dataFile }), testGames(), options);
}

export const alice = { id: 'u-alice', name: 'Alice' };
export const bob = { id: 'u-bob', name: 'Bob' };
export const carol = { id: 'u-carol', name: 'Carol' };
export const moderator = { id: 'u-mod', name: 'Mod', canManage: true };
