/**
 * Battle for Moscow as the rest of the bot sees it: engine, input schemas, orders, the
 * picture, the phone-sized status and the bot side. Installed in src/games/installed.ts.
 */
import { z } from 'zod';
import { type DiceSeed, diceStateSchema } from '../../kernel/dice.js';
import { hexIdSchema } from '../../kernel/hex.js';
import { mapPath } from '../../maps/game-map.js';
import type { SideId } from '../engine.js';
import type { GameDef } from '../game-def.js';
import { botSide } from '../kit/bot-side.js';
import { GAME_OVER, reseedDice, zoomOnEvents } from '../kit/definition-parts.js';
import { asNewOptionsSchema, levelOption, onlyAgainstTheBot, sideOption, sideSchema, vsOption, vsSchema } from '../kit/new-game-options.js';
import type { OrderOption } from '../orders.js';
import { LAST_TURN } from './data/turns.js';
import { UNITS } from './data/units.js';
import { label } from './engine.js';
import { bfmEngine, botAction, sceneOf, searchBotAction } from './index.js';
import { bfmOrders } from './orders.js';
import { bfmPrompt } from './prompt-buttons.js';
import { bfmReach } from './reach.js';
import {
  type BfmAction,
  type BfmOptions,
  type BfmState,
  bfmActionSchema,
  bfmOptionsSchema,
  botLevels,
  otherSide,
  PHASES,
  phaseSide,
} from './state.js';
import { bfmStatus } from './status.js';

const hex = hexIdSchema;
const side = sideSchema;
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
export const bfmNewOptionsSchema = onlyAgainstTheBot(
  z.strictObject({
    vs: vsSchema,
    side: side.optional(),
    sovietReplacements: bfmOptionsSchema.shape.sovietReplacements,
    germanReplacementTurns: bfmOptionsSchema.shape.germanReplacementTurns,
    level: z.enum(botLevels).optional(),
  }),
  ['level', 'side'],
  {
    side: 'side: is the side you play against the bot (add vs:bot); in a two-player game each player takes a side with /game join seat:',
  },
).transform((o) => (o.vs === 'bot' ? { ...o, side: o.side ?? ('german' as SideId) } : o));

/** The /game new options Battle for Moscow adds, checked by bfmNewOptionsSchema. */
const BFM_NEW_GAME_OPTIONS: OrderOption[] = [vsOption('Battle for Moscow'), sideOption('Battle for Moscow'), levelOption()];

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

/** The hexes of the action (moves, battles, losses), not of phase changes or the end of the game. */
const MAP_EVENTS = new Set(['moved', 'stacked', 'declared', 'battle', 'loss', 'eliminated', 'retreat', 'advance', 'replaced', 'setup']);

export const bfmZoomHexes = zoomOnEvents(MAP_EVENTS, (s: BfmState) => (s.combat?.current ? [s.combat.current.hex] : []));

/** Whether the phase belongs to a side the bot plays (cheap: no search). */
export function bfmBotActs(s: BfmState): boolean {
  const acting = phaseSide(s.phase);
  return !!acting && s.bots.includes(acting) && !s.result;
}

/** The bot's action while the decision is a bot side's; undefined when a player must act. */
const bfmBot = botSide({
  acts: bfmBotActs,
  searches: (s: BfmState) => s.options.botLevel === 'search',
  search: searchBotAction,
  heuristic: botAction,
});
export const bfmAutoPlay = bfmBot.autoPlay;

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
  newOptionsSchema: asNewOptionsSchema(bfmNewOptionsSchema),
  newGameOptions: BFM_NEW_GAME_OPTIONS,
  setupOptions: bfmSetupOptions,
  reseed: reseedDice,
  orders: bfmOrders,
  scene: (s, events) => sceneOf(s, events),
  status: bfmStatus,
  zoomHexes: bfmZoomHexes,
  reach: (s, hex) => bfmReach(bfmEngine().board(s), hex),
  // Every Battle for Moscow die is reported in its battle's log line, and the session never
  // undoes an order whose lines show a die; nothing else is hidden, so any other order may go.
  undo: (s) => (s.phase === 'over' ? GAME_OVER : { allowed: true }),
  ...bfmBot,
  // Vote play: a proposal in words, and a move drawn as an arrow.
  describeProposal: (s, a) => {
    const b = bfmEngine().board(s);
    const text = label(b, a);
    const from = a.type === 'move' ? b.hexOf(a.unit) : null;
    return { text, events: a.type === 'move' && from ? [{ kind: 'moved', text, hexes: [from, a.to] }] : [] };
  },
};
