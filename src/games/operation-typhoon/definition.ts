/**
 * Operation Typhoon as the rest of the bot sees it: engine, input schemas, orders, the
 * picture and the phone-sized status, on the charts it plays with. Installed in
 * src/games/installed.ts.
 */
import { z } from 'zod';
import { diceStateSchema } from '../../kernel/dice.js';
import { hexIdSchema } from '../../kernel/hex.js';
import { mapPath } from '../../maps/game-map.js';
import type { GameDef } from '../game-def.js';
import { chartEdition, chartsHashId } from '../kit/chart-editions.js';
import { once, reseedDice } from '../kit/definition-parts.js';
import { asNewOptionsSchema } from '../kit/new-game-options.js';
import type { OrderOption } from '../orders.js';
import { CHARTS, EARLIER_EDITIONS, type TyphoonCharts } from './charts/index.js';
import { chartsFromEnvironment } from './charts/override-file.js';
import { TYPHOON_GUIDES } from './first-turn.js';
import { typhoonEngine } from './index.js';
import { TYPHOON_COMMANDS, typhoonOrders } from './order-commands.js';
import { reachOf } from './orders.js';
import { describeProposal, formationsOf } from './proposals.js';
import { focusHexes, typhoonScene } from './scene.js';
import { type TyphoonAction, type TyphoonOptions, type TyphoonState, typhoonActionSchema, typhoonOptionsSchema } from './state.js';
import { typhoonStatus } from './status.js';

const hex = hexIdSchema;
/** Structural check of a stored state, so a damaged document is set aside instead of played. */
export const typhoonStateSchema = z
  .object({
    game: z.literal('operation-typhoon'),
    schema: z.literal(1),
    scenario: z.enum(['historical', 'clenched-fist']),
    turn: z.number().int().min(1).max(8),
    phase: z.enum(['setup', 'movement', 'over']),
    dice: diceStateSchema,
    taken: z.array(hex),
    units: z.record(z.string(), z.object({ hex, steps: z.union([z.literal(1), z.literal(2)]) })),
    done: z.array(z.string()),
    airAvailable: z.number().int().min(0).max(2),
    airWith: z.array(z.array(z.string())),
    active: z.unknown(),
    battle: z.unknown(),
    pool: z.array(z.string()),
    destroyed: z.array(z.string()),
    pocketTally: z.number().int().nonnegative(),
    undoable: z.boolean(),
    battleWin: z.literal('all-eliminated').optional(),
    allocation: z.literal('manual').optional(),
  })
  .passthrough();

/** What /game new takes for Operation Typhoon (the session adds the seed). */
const typhoonNewOptionsSchema = z.strictObject({
  scenario: typhoonOptionsSchema.shape.scenario,
  'battle-win': typhoonOptionsSchema.shape.battleWin,
  allocation: typhoonOptionsSchema.shape.allocation,
});

const TYPHOON_NEW_GAME_OPTIONS: OrderOption[] = [
  {
    name: 'battle-win',
    type: 'string',
    description: 'Operation Typhoon 10.7: set-aside brigades and artillery leave the battle (default) or must die',
    choices: [
      { name: 'set-aside units leave the battle (default)', value: 'set-aside-out' },
      { name: 'every defending unit eliminated (10.7 as written)', value: 'all-eliminated' },
    ],
  },
  {
    name: 'allocation',
    type: 'string',
    description: 'Operation Typhoon 10.6: who places hits, the bot (default) or you (/battle allocation changes it)',
    choices: [
      { name: 'the bot places hits (default)', value: 'auto' },
      { name: 'I place every hit that has a choice', value: 'manual' },
    ],
  },
];

/** The id a game stores for its charts: which kind, and a hash of their content (so any change shows). */
export function typhoonChartsId(charts: TyphoonCharts): string {
  return chartsHashId(charts, charts === CHARTS || EARLIER_EDITIONS.includes(charts) ? 'shipped' : 'override', 16);
}

/** Operation Typhoon on these charts; `others` are further definitions a stored game may have been played with. */
export function createTyphoonGame(
  charts: TyphoonCharts = CHARTS,
  others: GameDef<TyphoonState, TyphoonAction, TyphoonOptions>[] = [],
): GameDef<TyphoonState, TyphoonAction, TyphoonOptions> {
  const engine = once(() => typhoonEngine(charts));
  const def: GameDef<TyphoonState, TyphoonAction, TyphoonOptions> = {
    id: 'operation-typhoon',
    name: 'Operation Typhoon',
    summary:
      'Solitaire: you command Army Group Centre; the rules raise the Soviet defence (World at War #65; map and charts reconstructed).',
    mapFile: mapPath('operation-typhoon'),
    ...chartEdition({
      id: typhoonChartsId(charts),
      self: () => def,
      others: () => others,
      // An owner of the printed game may play with its charts (TYPHOON_CHARTS_OVERRIDE, docs/typhoon-charts.md);
      // games stored with the shipped ones still replay on those.
      fromEnvironment: (env) => {
        const chosen = chartsFromEnvironment(env);
        return chosen === charts ? undefined : createTyphoonGame(chosen, [def, ...others]);
      },
    }),
    get engine() {
      return engine();
    },
    actionSchema: typhoonActionSchema as z.ZodType<TyphoonAction>,
    stateSchema: typhoonStateSchema,
    newOptionsSchema: asNewOptionsSchema(typhoonNewOptionsSchema),
    newGameOptions: TYPHOON_NEW_GAME_OPTIONS,
    setupOptions: (o, seed) => {
      const { scenario, 'battle-win': battleWin, allocation } = typhoonNewOptionsSchema.parse(o);
      return { scenario, battleWin, allocation, seed };
    },
    reseed: reseedDice,
    scenarios: [
      { id: 'historical', name: 'Historical (1 Oct 1941)' },
      { id: 'clenched-fist', name: 'Clenched Fist (13.0)' },
    ],
    orders: typhoonOrders(engine),
    commands: TYPHOON_COMMANDS,
    guides: TYPHOON_GUIDES,
    scene: (s, events) => typhoonScene(engine().index, s, events),
    status: (s) => typhoonStatus(s, engine()),
    zoomHexes: (events, s) => focusHexes(s, events),
    reach: (s, hex) => reachOf(engine().index, s, hex),
    undo: (s) => (s.undoable ? { allowed: true } : { allowed: false, reason: 'the last order rolled dice, took a hex or ended the phase' }),
    get formations() {
      return engine().index.charts.formations.map((f) => ({ id: f.id, name: f.name }));
    },
    formationsOf: (s, action) => formationsOf(engine().index, s, action),
    hexesOf: (s, formation) => [
      ...new Set(
        Object.entries(s.units)
          .filter(([id]) => engine().index.unit(id).formation === formation)
          .map(([, u]) => u.hex),
      ),
    ],
    describeProposal: (s, action) => describeProposal(engine().index, s, action),
    // 10.5: fight on or fall back; 10.6: where hits land.
    quickDecision: (s) => s.battle !== undefined && s.battle !== null,
  };
  return def;
}

/** Operation Typhoon on the shipped charts; games stored on an earlier edition go on with it. */
export const typhoonGame = createTyphoonGame(
  CHARTS,
  EARLIER_EDITIONS.map((c) => createTyphoonGame(c)),
);
