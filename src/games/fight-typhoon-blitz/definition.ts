/**
 * Fight! Typhoon Blitz as the rest of the bot sees it: engine, input schemas, orders, the
 * picture, the phone-sized status and the bot side. Installed in src/games/installed.ts.
 */
import { z } from 'zod';
import type { DiceSeed } from '../../kernel/dice.js';
import type { GameDef } from '../game-def.js';
import { botPrompted, botSide } from '../kit/bot-side.js';
import { chartEdition } from '../kit/chart-editions.js';
import { GAME_OVER, once, reseedDice, zoomOnEvents } from '../kit/definition-parts.js';
import {
  asNewOptionsSchema,
  botLevelSchema,
  levelOption,
  onlyAgainstTheBot,
  RULES_OPTION,
  sideOption,
  sideSchema,
  vsOption,
  vsSchema,
} from '../kit/new-game-options.js';
import type { OrderOption } from '../orders.js';
import { actionText } from './action-text.js';
import { MAP_FILE } from './board.js';
import { botAction } from './bot.js';
import { chartsFromEnvironment, chartsId, type FtbCharts, SHIPPED_CHARTS, SHIPPED_CHARTS_ID } from './charts.js';
import { ftbEngine } from './engine.js';
import { FTB_COMMANDS, ftbOrders } from './orders.js';
import { parseRules } from './rules-option.js';
import { ftbScene, ftbStatus } from './scene.js';
import { chitChoice } from './sealed.js';
import { searchAction } from './search-bot.js';
import { type FtbAction, type FtbOptions, type FtbState, ftbActionSchema, ftbStateSchema } from './state.js';
import { SUPPLY } from './turns.js';

/** /game new options: two players, or one against the bot; the optional Guards rule; other readings. */
export const ftbNewOptionsSchema = onlyAgainstTheBot(
  z.strictObject({
    vs: vsSchema,
    side: sideSchema.optional(),
    level: botLevelSchema.optional(),
    guards: z.boolean().optional(),
    rules: z.string().max(300).optional(),
  }),
  ['level', 'side'],
);

const NEW_GAME_OPTIONS: OrderOption[] = [
  vsOption(),
  sideOption(),
  levelOption(),
  { name: 'guards', type: 'boolean', description: 'Fight! Typhoon Blitz: the optional Guards conversion of turn 8 (15.2)' },
  RULES_OPTION,
];

const MAP_EVENTS = new Set(['moved', 'attack', 'battle', 'loss', 'retreat', 'advance', 'placed', 'activate', 'guards', 'taken']);

function define(charts: FtbCharts, id: string): GameDef<FtbState, FtbAction, FtbOptions> {
  const eng = once(() => ftbEngine(charts));
  const self: GameDef<FtbState, FtbAction, FtbOptions> = {
    id: 'fight-typhoon-blitz',
    name: 'Fight! Typhoon Blitz',
    summary: 'Two players, or one against the bot: chit-pull command, Oct 1941 - Jan 1942, on a rebuilt 16 km map (Game Journal).',
    mapFile: MAP_FILE,
    ...chartEdition({
      id,
      self: () => self,
      others: () => [FTB_GAME],
      fromEnvironment: (env) => {
        const c = chartsFromEnvironment(env);
        return c && define(c, chartsId(c, 'override'));
      },
    }),
    get engine() {
      return eng();
    },
    actionSchema: ftbActionSchema,
    stateSchema: ftbStateSchema,
    newOptionsSchema: asNewOptionsSchema(ftbNewOptionsSchema),
    newGameOptions: NEW_GAME_OPTIONS,
    setupOptions: (options: Record<string, unknown>, seed: DiceSeed): FtbOptions => {
      const o = ftbNewOptionsSchema.parse(options);
      const rules = { ...parseRules(o.rules), ...(o.guards !== undefined ? { guards: o.guards } : {}) };
      return { seed, vs: o.vs, ...(o.side ? { side: o.side } : {}), ...(o.level ? { level: o.level } : {}), rules };
    },
    reseed: reseedDice,
    scene: (s, events) => ftbScene(eng().board, charts, s, events),
    status: (s) => ftbStatus(eng().board, charts, s),
    zoomHexes: zoomOnEvents(MAP_EVENTS, (s: FtbState) => {
      const hq = s.chit?.hq ? s.units[s.chit.hq]?.hex : undefined;
      return hq ? [hq] : [];
    }),
    // The session never undoes past a die (a chit draw is a die); a sealed choice stands too,
    // so the other side never sees a choice taken back and made again.
    undo: (s) =>
      s.result
        ? GAME_OVER
        : s.phase === 'select' && (s.chosen.soviet !== undefined || s.chosen.german !== undefined)
          ? { allowed: false, reason: 'a sealed chit choice stands (6.1)' }
          : { allowed: true },
    // 6.1(3): an export carries every order, the sealed chit choices too: none while a chosen
    // chit is still unrevealed (in the cup or the Guderian chit in hand, or before the draws).
    exportRefusal: (s) =>
      s.chosen.german !== undefined || s.chosen.soviet !== undefined || s.hand || s.cup.some((chit) => chit !== SUPPLY)
        ? 'this turn’s chit choices are sealed until drawn (6.1), and an export would show them'
        : undefined,
    ...botSide({
      acts: botPrompted((s: FtbState) => eng().prompt(s)),
      searches: (s) => s.botLevel === 'search',
      search: (s) => searchAction(eng().board, charts, s),
      heuristic: (s) => botAction(eng().board, charts, s),
    }),
    // 6.1: the chits are picked from a private menu (each member's, in vote play).
    sealedChoice: (s) => chitChoice(eng().board, charts, s),
    orders: ftbOrders(() => charts),
    commands: FTB_COMMANDS,
    describeProposal: (_s, a) => ({ text: actionText(a), events: [] }),
  };
  return self;
}

export const FTB_GAME: GameDef<FtbState, FtbAction, FtbOptions> = define(SHIPPED_CHARTS, SHIPPED_CHARTS_ID);
