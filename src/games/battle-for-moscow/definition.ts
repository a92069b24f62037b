/**
 * Battle for Moscow as the rest of the bot sees it: engine, input schemas, orders, the
 * picture, the phone-sized status and the bot side. Installed in src/games/installed.ts.
 */
import { z } from 'zod';
import { type DiceSeed, diceStateSchema, newDice } from '../../kernel/dice.js';
import { type HexId, hexIdSchema } from '../../kernel/hex.js';
import { mapPath } from '../../maps/game-map.js';
import type { ActionChoice, GameEvent, Prompt, SideId } from '../engine.js';
import type { GameDef } from '../game-def.js';
import type { OrderOption } from '../orders.js';
import { LAST_TURN, turnSpec } from './data/turns.js';
import { UNITS } from './data/units.js';
import { label } from './engine.js';
import { bfmEngine, botAction, sceneOf, searchBotAction } from './index.js';
import { bfmOrders } from './orders.js';
import { bfmReach } from './reach.js';
import {
  type BfmAction,
  type BfmOptions,
  type BfmState,
  bfmActionSchema,
  bfmOptionsSchema,
  botLevels,
  otherSide,
  PHASE_NAMES,
  PHASES,
  phaseSide,
} from './state.js';

const hex = hexIdSchema;
const side = z.enum(['german', 'soviet']);
const unitIds = new Set(UNITS.map((u) => u.id));

/** Structural check of a stored state, so a damaged document is set aside instead of played. */
export const bfmStateSchema = z
  .object({
    game: z.literal('battle-for-moscow'),
    schema: z.literal(1),
    turn: z.number().int().min(1).max(LAST_TURN),
    phase: z.enum(['setup', ...PHASES, 'over']),
    dice: diceStateSchema,
    units: z.record(z.string(), z.object({ hex: hex.nullable(), full: z.boolean() })),
    cities: z.record(hex, side),
    moved: z.array(z.string()),
    displaced: z.string().nullable(),
    replacements: z.number().int().nonnegative(),
    created: z.array(z.string()),
    combat: z
      .object({
        battles: z.array(z.object({ defender: z.string(), attackers: z.array(z.string()), resolved: z.boolean() })),
        declaring: z.boolean(),
        current: z
          .object({ index: z.number().int().nonnegative(), hex, step: z.enum(['attacker-loss', 'retreat', 'advance']) })
          .passthrough()
          .nullable(),
      })
      .nullable(),
    options: z.object({
      sovietReplacements: z.number().int(),
      germanReplacementTurns: z.enum(['every', 'even']),
      botLevel: z.enum(botLevels).optional(),
    }),
    bots: z.array(side),
    result: z.object({ winner: side, reason: z.string() }).optional(),
  })
  .passthrough()
  .refine(
    (s) => Object.keys(s.units).length === unitIds.size && Object.keys(s.units).every((id) => unitIds.has(id)),
    'the units are not the game’s counter mix',
  );

/**
 * /game new options: two players (`vs: human`, hot-seat in solo mode or seats in team mode),
 * or one against the bot (`vs: bot`, the human plays `side`, German by default).
 */
export const bfmNewOptionsSchema = z
  .strictObject({
    vs: z.enum(['human', 'bot']).default('human'),
    side: side.optional(),
    sovietReplacements: bfmOptionsSchema.shape.sovietReplacements,
    germanReplacementTurns: bfmOptionsSchema.shape.germanReplacementTurns,
    level: z.enum(botLevels).optional(),
  })
  .refine((o) => o.level === undefined || o.vs === 'bot', { path: ['level'], message: 'level: is how the bot plays (add vs:bot)' })
  .refine((o) => o.side === undefined || o.vs === 'bot', {
    path: ['side'],
    message: 'side: is the side you play against the bot (add vs:bot); in a two-player game each player takes a side with /game join seat:',
  })
  .transform((o) => (o.vs === 'bot' ? { ...o, side: o.side ?? ('german' as SideId) } : o));

/** The /game new options Battle for Moscow adds, checked by bfmNewOptionsSchema. */
const BFM_NEW_GAME_OPTIONS: OrderOption[] = [
  {
    name: 'vs',
    type: 'string',
    description: 'Battle for Moscow: against another player (default) or the bot',
    choices: [
      { name: 'another player', value: 'human' },
      { name: 'the bot', value: 'bot' },
    ],
  },
  {
    name: 'side',
    type: 'string',
    description: 'Battle for Moscow against the bot: the side you play (default german)',
    choices: [
      { name: 'German', value: 'german' },
      { name: 'Soviet', value: 'soviet' },
    ],
  },
  {
    name: 'level',
    type: 'string',
    description: 'Against the bot: search (default, stronger) or heuristic (quick, readable)',
    choices: [
      { name: 'search', value: 'search' },
      { name: 'heuristic', value: 'heuristic' },
    ],
  },
];

export function bfmSetupOptions(options: Record<string, unknown>, seed: DiceSeed): BfmOptions {
  const o = bfmNewOptionsSchema.parse(options);
  return {
    seed,
    bots: o.vs === 'bot' ? [otherSide(o.side ?? 'german')] : [],
    sovietReplacements: o.sovietReplacements,
    germanReplacementTurns: o.germanReplacementTurns,
    botLevel: o.level ?? 'search',
  };
}

/** Turn, phase, who acts, and Moscow: three short lines for a phone. */
export function bfmStatus(s: BfmState): string {
  const spec = turnSpec(s.turn);
  const lines = [`Turn ${s.turn}/${LAST_TURN} · ${spec.dates}${spec.mud ? ' (mud)' : ''} · ${PHASE_NAMES[s.phase]}`];
  const acting = phaseSide(s.phase);
  if (s.result) lines.push(`Result: ${s.result.winner === 'german' ? 'German' : 'Soviet'} victory (${s.result.reason})`);
  else if (acting) lines.push(`${acting === 'german' ? 'German' : 'Soviet'} to act${s.bots.includes(acting) ? ' (bot)' : ''}`);
  const held = (x: SideId) => Object.values(s.cities).filter((c) => c === x).length;
  const moscow = s.cities[bfmEngine().bm.moscow] === 'german' ? 'German' : 'Soviet';
  lines.push(`Moscow: ${moscow} · cities German ${held('german')}, Soviet ${held('soviet')}`);
  return lines.join('\n');
}

/**
 * Buttons for the prompt: every decision the engine lists, except that an unit coming back
 * as a replacement is offered in one hex (the one nearest Moscow); /replace names any other.
 */
export function bfmPrompt(s: BfmState): Prompt<BfmAction> {
  const p = bfmEngine().prompt(s);
  return { ...p, choices: usefulChoices(p.choices) };
}

const MAX_BUTTONS = 25;

function usefulChoices(choices: ActionChoice<BfmAction>[]): ActionChoice<BfmAction>[] {
  const { bm } = bfmEngine();
  const distance = (h: HexId) => bm.map.grid.distance(h, bm.moscow);
  const nearest = new Map<string, ActionChoice<BfmAction>>();
  for (const c of choices) {
    const a = c.action;
    if (a.type !== 'replace' || a.hex === undefined) continue;
    const best = nearest.get(a.unit)?.action;
    if (!best || (best.type === 'replace' && best.hex !== undefined && distance(a.hex) < distance(best.hex))) nearest.set(a.unit, c);
  }
  const kept = choices.filter((c) => c.action.type !== 'replace' || c.action.hex === undefined || nearest.get(c.action.unit) === c);
  if (kept.length <= MAX_BUTTONS) return kept;
  // Never crowd out ending the phase.
  const end = kept.filter((c) => c.action.type === 'end-phase');
  return [...kept.filter((c) => c.action.type !== 'end-phase').slice(0, MAX_BUTTONS - end.length), ...end];
}

/** The hexes of the action (moves, battles, losses), not of phase changes or the end of the game. */
const MAP_EVENTS = new Set(['moved', 'stacked', 'declared', 'battle', 'loss', 'eliminated', 'retreat', 'advance', 'replaced', 'setup']);

export function bfmZoomHexes(events: GameEvent[], s: BfmState): HexId[] {
  const hexes = events.filter((e) => MAP_EVENTS.has(e.kind)).flatMap((e) => e.hexes ?? []);
  if (hexes.length) return hexes;
  return s.combat?.current ? [s.combat.current.hex] : [];
}

/** The bot's action while the decision is a bot side's; undefined when a player must act. */
export function bfmAutoPlay(s: BfmState): BfmAction | undefined {
  if (!bfmBotActs(s)) return undefined;
  return s.options.botLevel === 'search' ? searchBotAction(s) : botAction(s);
}

/** Whether the phase belongs to a side the bot plays (cheap: no search). */
export function bfmBotActs(s: BfmState): boolean {
  const acting = phaseSide(s.phase);
  return !!acting && s.bots.includes(acting) && !s.result;
}

let engine: GameDef<BfmState, BfmAction, BfmOptions>['engine'] | undefined;

export const bfmGame: GameDef<BfmState, BfmAction, BfmOptions> = {
  id: 'battle-for-moscow',
  name: 'Battle for Moscow',
  summary: 'Two players, or one against the bot (vs:bot side:german|soviet): the German drive on Moscow, Oct-Dec 1941 (GDW 1986).',
  mapFile: mapPath('battle-for-moscow'),
  // The printed game's charts (GDW 1986), transcribed in data/; nothing here is reconstructed or overridable.
  charts: 'gdw-1986',
  get engine() {
    engine ??= { ...bfmEngine(), prompt: bfmPrompt };
    return engine;
  },
  actionSchema: bfmActionSchema as z.ZodType<BfmAction>,
  stateSchema: bfmStateSchema,
  newOptionsSchema: bfmNewOptionsSchema as unknown as z.ZodType<Record<string, unknown>>,
  newGameOptions: BFM_NEW_GAME_OPTIONS,
  setupOptions: bfmSetupOptions,
  // An imported game's seed is public: the session gives it dice from a fresh secret.
  reseed: (s, seed) => ({ ...s, dice: newDice(seed) }),
  orders: bfmOrders,
  scene: (s, events) => sceneOf(s, events),
  status: bfmStatus,
  zoomHexes: bfmZoomHexes,
  reach: (s, hex) => bfmReach(bfmEngine().board(s), hex),
  // Every Battle for Moscow die is reported in its battle's log line, and the session never
  // undoes an order whose lines show a die; nothing else is hidden, so any other order may go.
  undo: (s) => (s.phase === 'over' ? { allowed: false, reason: 'the game is over' } : { allowed: true }),
  autoPlay: bfmAutoPlay,
  botActs: bfmBotActs,
  // Vote play: a proposal in words, and a move drawn as an arrow.
  describeProposal: (s, a) => {
    const b = bfmEngine().board(s);
    const text = label(b, a);
    const from = a.type === 'move' ? b.hexOf(a.unit) : null;
    return { text, events: a.type === 'move' && from ? [{ kind: 'moved', text, hexes: [from, a.to] }] : [] };
  },
};
